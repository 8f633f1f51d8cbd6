/**
 * Optional members of builder input (README, Spec decisions, Builders): `undefined`, `null`
 * and `''` all mean absent, for every optional member of every builder whatever its type,
 * and a refusal of a bad optional value never says "is required".
 */
import { describe, expect, it } from 'vitest';
import {
  addOrderDiscount,
  addShippingCosts,
  buildOrder,
  buildPayment,
  buildReturnRequest,
  formatOrderDateTime,
  formatReturnDateTime,
  markExport,
  splitAddressLines,
} from '../../src/builders/index';
import { FMS_PROFILE, JANE, PROFILE, cartInput } from './_inputs';

type Path = readonly (string | number)[];
const OMIT = Symbol('omit');

/** A copy of `value` with the member at `path` set to `member`, or deleted for OMIT. */
function put<T>(value: T, path: Path, member: unknown): T {
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  if (rest.length === 0 && member === OMIT) delete copy[head];
  else copy[head] = rest.length === 0 ? member : put(copy[head], rest, member);
  return copy;
}

/** What a call gives: its result, or the class and message of its error. */
function outcome(run: () => unknown): unknown {
  try {
    return { result: run() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

const sameRate = [
  { sku: 'MUG-RED', quantity: 2, unitPrice: '10.00', taxFactor: '1.19', taxLevel: 'HIGH' },
  { sku: 'TEA-GREEN', quantity: 1, unitPrice: '4.20', taxFactor: '1.19', taxLevel: 'HIGH' },
];
const card = { holder: 'Jane Doe', bin: '411111', last4digits: '1111', dateCardExpiry: '2028-12-31', dateAuthExpiry: '2026-03-08' };
const fullProfile = { ...FMS_PROFILE, shippingCostSku: 'ACME_SHIP' };
const orderInput = cartInput('1.1', {
  profile: fullProfile,
  requestReference: 'REQ-1',
  pricing: 'netpricing',
  shipServiceOption: 'SIGNATURE',
  shipCourier: 'DHL',
  incoTerms1: 'DAP',
  incoTerms2: 'Berlin',
  poNumber: 'PO-1',
  wantedDeliveryDate: '2026-03-01T10:00:00Z',
  offsetMinutes: 60,
  billTo: {
    ...JANE,
    phone: { type: 'office', value: '+49 30 1234567' },
    company: { name: 'ACME GmbH', customerNumber: 'C-1', taxNumber: 'DE123456789', phone: '+49 30 7654321' },
    state: 'BE',
  },
  shipTo: { ...JANE, firstName: 'John' },
  lines: [
    { sku: 'MUG-RED', quantity: 2, uom: 'EA', unitPrice: '10.00', taxFactor: '1.19', taxLevel: 'HIGH', pricing: 'netpricing', clientItemRef: 'L1', localizedDescription: 'Tasse', dynamicFields: [{ name: 'GIFT', value: 'yes' }] },
  ],
  payment: { method: 'Visa', captured: true, entityID: 'E-1', transactionID: 'T-1', acquireID: 'A-1', card },
  notes: [{ noteType: 'GIFT', value: 'Please wrap' }],
  dynamicFields: [{ name: 'CHANNEL', value: 'WEB' }],
  fiscalCode: 'RSSMRA85T10A562S',
  paymentReview: true,
});
const order = buildOrder(cartInput('1.1', { lines: sameRate }));
const fmsOrder = buildOrder(cartInput('1.1', { profile: FMS_PROFILE, lines: sameRate }));
const swiss = buildOrder(cartInput('1.1', { shipTo: { ...JANE, country: 'CH' } }));
const returnInput = {
  order,
  orderDate: '2026-03-01T10:00:00 +01.00',
  profile: PROFILE,
  externalMessageReference: 'RMA-1',
  requestReference: 'REQ-1',
  returnReason: 'damaged',
  clientReturnURL: 'https://shop.example/returns',
  language: 'de',
  userReference: 'Jane Doe',
  items: [{ itemId: '1', quantity: 1 }],
  dynamicFields: [{ name: 'CHANNEL', value: 'WEB' }],
  offsetMinutes: 120,
};

/** A builder call on an argument list, its optional members, and for each a bad value and the field refused. */
interface Entry {
  readonly builder: string;
  readonly args: readonly unknown[];
  readonly run: (args: readonly any[]) => unknown;
  /** [path into args, bad value, field the refusal names, whether the member is text]. */
  readonly members: readonly [Path, unknown, string, boolean][];
}

const text = (path: Path, field: string): [Path, unknown, string, boolean] => [path, 42, field, true];
/** addShippingCosts and addOrderDiscount: the same optional tax members, named after their input. */
function operatorItem(builder: string, name: string, payload: unknown, amount: object, profile: object, run: Entry['run']): Entry {
  const input = { ...amount, taxFactor: '1.19', taxLevel: 'HIGH', pricing: 'netpricing', localizedDescription: 'Extra' };
  return {
    builder,
    args: [payload, input, { version: '1.1', profile }],
    run,
    members: [
      [[1, 'taxFactor'], 'x', `${name}.taxFactor`, false],
      text([1, 'taxLevel'], `${name}.taxLevel`),
      [[1, 'pricing'], 'gross', `${name}.pricing`, false],
      text([1, 'localizedDescription'], `${name}.localizedDescription`),
    ],
  };
}

const ENTRIES: Entry[] = [
  {
    builder: 'buildOrder',
    args: [orderInput],
    run: ([input]) => buildOrder(input),
    members: [
      text([0, 'requestReference'], 'requestReference'),
      [[0, 'pricing'], 'gross', 'pricing', false],
      text([0, 'shipServiceOption'], 'shipServiceOption'),
      text([0, 'shipCourier'], 'shipCourier'),
      text([0, 'incoTerms1'], 'incoTerms1'),
      text([0, 'incoTerms2'], 'incoTerms2'),
      text([0, 'poNumber'], 'poNumber'),
      [[0, 'wantedDeliveryDate'], {}, 'wantedDeliveryDate', false],
      [[0, 'offsetMinutes'], '60', 'offsetMinutes', false],
      [[0, 'shipTo'], 42, 'shipTo', false],
      [[0, 'payment'], 42, 'payment', false],
      [[0, 'notes'], 42, 'notes', false],
      [[0, 'dynamicFields'], 42, 'dynamicFields', false],
      text([0, 'fiscalCode'], 'fiscalCode'),
      [[0, 'paymentReview'], 'yes', 'paymentReview', false],
      [[0, 'billTo', 'company'], 42, 'billTo.company', false],
      text([0, 'billTo', 'company', 'customerNumber'], 'billTo.company.customerNumber'),
      text([0, 'billTo', 'company', 'taxNumber'], 'billTo.company.taxNumber'),
      [[0, 'billTo', 'company', 'phone'], 42, 'billTo.company.phone', false],
      [[0, 'billTo', 'phone'], 42, 'billTo.phone', false],
      [[0, 'billTo', 'phone', 'type'], 'mobile', 'billTo.phone.type', false],
      text([0, 'billTo', 'email'], 'billTo.email'),
      text([0, 'billTo', 'locale'], 'billTo.locale'),
      text([0, 'billTo', 'state'], 'billTo.state'),
      text([0, 'lines', 0, 'uom'], 'lines[0].uom'),
      text([0, 'lines', 0, 'taxLevel'], 'lines[0].taxLevel'),
      [[0, 'lines', 0, 'pricing'], 'gross', 'lines[0].pricing', false],
      text([0, 'lines', 0, 'clientItemRef'], 'lines[0].clientItemRef'),
      text([0, 'lines', 0, 'localizedDescription'], 'lines[0].localizedDescription'),
      [[0, 'lines', 0, 'dynamicFields'], 42, 'lines[0].dynamicFields', false],
      text([0, 'lines', 0, 'dynamicFields', 0, 'value'], 'lines[0].dynamicFields[0].value'),
      text([0, 'notes', 0, 'noteType'], 'notes[0].noteType'),
      text([0, 'notes', 0, 'value'], 'notes[0].value'),
      text([0, 'dynamicFields', 0, 'value'], 'dynamicFields[0].value'),
      text([0, 'profile', 'clientCode'], 'profile.clientCode'),
      text([0, 'profile', 'shippingCostSku'], 'profile.shippingCostSku'),
      text([0, 'profile', 'orderDiscountSku'], 'profile.orderDiscountSku'),
      text([0, 'profile', 'weeeSku'], 'profile.weeeSku'),
      [[0, 'profile', 'returnReasons'], 42, 'profile.returnReasons', false],
      [[0, 'profile', 'fms'], 'yes', 'profile.fms', false],
      [[0, 'profile', 'processesCardData'], 'yes', 'profile.processesCardData', false],
      [[0, 'payment', 'captured'], 'yes', 'payment.captured', false],
      text([0, 'payment', 'entityID'], 'payment.entityID'),
      text([0, 'payment', 'transactionID'], 'payment.transactionID'),
      text([0, 'payment', 'acquireID'], 'payment.acquireID'),
    ],
  },
  {
    builder: 'buildPayment',
    args: [orderInput.payment, { version: '1.1', profile: FMS_PROFILE, currency: 'EUR', amount: '1.00' }],
    run: ([payment, context]) => buildPayment(payment, context),
    // The card is required here (a card method, card data processed), and read nowhere else.
    members: [
      [[0, 'captured'], 'yes', 'payment.captured', false],
      text([0, 'entityID'], 'payment.entityID'),
      text([0, 'transactionID'], 'payment.transactionID'),
      text([0, 'acquireID'], 'payment.acquireID'),
    ],
  },
  {
    builder: 'buildReturnRequest',
    args: [returnInput],
    run: ([input]) => buildReturnRequest(input),
    members: [
      text([0, 'requestReference'], 'requestReference'),
      text([0, 'language'], 'language'),
      text([0, 'userReference'], 'userReference'),
      [[0, 'items'], 42, 'items', false],
      [[0, 'items', 0, 'quantity'], 'x', 'items[0].quantity', false],
      [[0, 'dynamicFields'], 42, 'dynamicFields', false],
      text([0, 'dynamicFields', 0, 'value'], 'dynamicFields[0].value'),
      [[0, 'offsetMinutes'], '60', 'offsetMinutes', false],
    ],
  },
  operatorItem('addShippingCosts', 'shipping', order, { cost: '4.95' }, PROFILE, ([payload, shipping, context]) => addShippingCosts(payload, shipping, context)),
  operatorItem('addOrderDiscount', 'discount', fmsOrder, { discount: '5.00' }, FMS_PROFILE, ([payload, discount, context]) => addOrderDiscount(payload, discount, context)),
  {
    builder: 'markExport',
    args: [swiss, { zeroGross: true }, { version: '1.1', profile: PROFILE }],
    run: ([payload, options, context]) => markExport(payload, options, context),
    members: [
      [[1], 42, 'options', false],
      [[1, 'zeroGross'], 'yes', 'options.zeroGross', false],
      [[2], 42, 'context', false],
    ],
  },
  {
    builder: 'formatOrderDateTime',
    args: ['2026-03-01T10:00:00Z', '1.1', { offsetMinutes: 60 }],
    run: ([date, version, options]) => formatOrderDateTime(date, version, options),
    members: [
      [[2], 42, 'options', false],
      [[2, 'offsetMinutes'], '60', 'options.offsetMinutes', false],
    ],
  },
  {
    builder: 'formatReturnDateTime',
    args: ['2026-03-01T10:00:00 +01.00', { offsetMinutes: 60 }],
    run: ([date, options]) => formatReturnDateTime(date, options),
    members: [
      [[1], 42, 'options', false],
      [[1, 'offsetMinutes'], '60', 'options.offsetMinutes', false],
    ],
  },
  {
    builder: 'splitAddressLines',
    args: ['Hauptstrasse 1', 20],
    run: ([address, max]) => splitAddressLines(address, max),
    members: [[[1], 0, 'max', false]],
  },
];

const MEMBERS = ENTRIES.flatMap(({ builder, args, run, members }) =>
  members.map(([path, bad, field, isText]) => ({ builder, member: path.join('.'), args, run, path, bad, field, isText })),
);

describe("optional members of builder input: undefined, null and '' are absent (table)", () => {
  it.each(ENTRIES)('$builder builds with every optional member given', ({ args, run }) => {
    expect(outcome(() => run([...args]))).toHaveProperty('result');
  });

  it.each(MEMBERS)("$builder $member: null and '' give what leaving it out gives", ({ args, run, path }) => {
    const omitted = outcome(() => run(put(args, path, OMIT)));
    expect(omitted).toHaveProperty('result');
    expect(outcome(() => run(put(args, path, undefined)))).toEqual(omitted);
    expect(outcome(() => run(put(args, path, null)))).toEqual(omitted);
    expect(outcome(() => run(put(args, path, '')))).toEqual(omitted);
  });

  it.each(MEMBERS)('$builder $member: a bad value is refused naming the member, never as "required"', ({ args, run, path, bad, field }) => {
    let error: unknown;
    try {
      run(put(args, path, bad));
    } catch (caught) {
      error = caught;
    }
    expect(error).toSatisfy((e: unknown) => e instanceof TypeError || e instanceof RangeError);
    expect((error as Error).message.startsWith(`${field} `)).toBe(true);
    expect((error as Error).message).not.toContain('required');
  });

  it.each(MEMBERS.filter((m) => m.isText))('$builder $member: whitespace-only text is refused', ({ args, run, path, field }) => {
    expect(() => run(put(args, path, ' \u00a0'))).toThrow(new RangeError(`${field} must not be empty or blank.`));
  });
});
