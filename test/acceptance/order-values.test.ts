/**
 * Acceptance: order values (spec "Limits", enumerations per version, date formats,
 * codes, numerals; DESIGN "Lengths, dates, codes").
 */
import { describe, expect, it } from 'vitest';
import { lintOrder, type OrderVersion } from '../../src/index';
import { BASIC, CR, VERSIONS, edit, edits, expectExactly, fullOrder, orderProblems, p, type Json } from './_fixtures';

/** [pointer, limit] for every order limit of the spec (Limits table and resource tables). */
const ORDER_LIMITS: [string, number][] = [
  [`${CR}/requestHeader/externalMessageReference`, 50],
  [`${CR}/requestHeader/requestReference`, 50],
  [`${CR}/requestHeader/client`, 40],
  [`${CR}/order/dynamicField/0/name`, 60],
  [`${CR}/order/dynamicField/0/value`, 2000],
  [`${CR}/item/0/dynamicField/0/name`, 60],
  [`${CR}/item/0/dynamicField/0/value`, 2000],
  [`${CR}/order/note/0/noteType`, 20],
  [`${CR}/order/note/0/value`, 4000],
  [`${CR}/partner/0/companyData/name`, 70],
  [`${CR}/partner/0/companyData/taxNumber`, 30],
  [`${CR}/partner/0/personData/firstName`, 20],
  [`${CR}/partner/0/personData/lastName`, 20],
  [`${CR}/partner/1/personData/firstName`, 20],
  [`${CR}/partner/0/addressData/address/0/value`, 40],
  [`${CR}/partner/0/addressData/address/1/value`, 40],
  [`${CR}/partner/1/addressData/postalCode`, 10],
  [`${CR}/partner/1/addressData/city`, 40],
  [`${CR}/payment/entityID`, 50],
  [`${CR}/payment/transactionID`, 50],
  [`${CR}/payment/acquireID`, 40],
  [`${CR}/payment/cardData/holder`, 70],
  [`${CR}/item/0/sku`, 18],
  [`${CR}/item/0/taxLevel`, 30],
  [`${CR}/item/0/localizedDescription`, 40],
];

describe.each(VERSIONS)('order v%s: max-length', (version) => {
  it.each(ORDER_LIMITS)('%s: the limit (%i) passes, one more code point is max-length', (pointer, limit) => {
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'A'.repeat(limit)), version), []);
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'A'.repeat(limit + 1)), version), [p('max-length', pointer)]);
  });
  it('customerNumber (v1.1 on) max 30', () => {
    if (version === '1') return;
    const pointer = `${CR}/partner/0/companyData/customerNumber`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, '9'.repeat(30)), version), []);
    expectExactly(orderProblems(edit(fullOrder(version), pointer, '9'.repeat(31)), version), [p('max-length', pointer)]);
  });
  it('taxFactor max 30 (numeric text)', () => {
    const pointer = `${CR}/item/0/taxFactor`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, '1'.repeat(30)), version), []);
    expectExactly(orderProblems(edit(fullOrder(version), pointer, '1'.repeat(31)), version), [p('max-length', pointer)]);
  });
  it('e-mail value max 200', () => {
    const pointer = `${CR}/partner/0/personData/email/0/value`;
    const at200 = 'a'.repeat(188) + '@example.com';
    expect(at200).toHaveLength(200);
    expectExactly(orderProblems(edit(fullOrder(version), pointer, at200), version), []);
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'a' + at200), version), [p('max-length', pointer)]);
  });
  it('state max 3 (outside US/MX/CA/AU only the length is checked)', () => {
    const pointer = `${CR}/partner/1/addressData/state`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'BYE'), version), []);
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'BAYE'), version), [p('max-length', pointer)]);
  });
  it('countryISO2 max 2 (a 3-letter code is also not alpha-2)', () => {
    const pointer = `${CR}/partner/1/addressData/countryISO2`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'DEU'), version), [p('max-length', pointer), p('country-code', pointer)]);
  });
  it('currencyISO3 max 3 (a 4-letter code is also not ISO 4217)', () => {
    const pointer = `${CR}/order/amount/0/currencyISO3`;
    const problems = orderProblems(edit(fullOrder(version), pointer, 'EURO'), version);
    expect(problems).toContainEqual(p('max-length', pointer));
    expect(problems).toContainEqual(p('currency-code', pointer));
  });
  it('locale max 6 (a 7-character locale is also not ll-CC)', () => {
    const pointer = `${CR}/partner/0/personData/locale`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'en-US-x'), version), [p('max-length', pointer), p('locale-format', pointer)]);
  });
  it('paymentMethod max 30 (a longer value is also outside the enumeration)', () => {
    const pointer = `${CR}/payment/paymentMethod`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'V'.repeat(31)), version), [p('max-length', pointer), p('enum', pointer)]);
  });
  it('cardData.bin max 6 and last4digits max 4', () => {
    const bin = `${CR}/payment/cardData/bin`;
    const last4 = `${CR}/payment/cardData/last4digits`;
    expectExactly(orderProblems(edit(fullOrder(version), bin, '4111111'), version), [p('max-length', bin)]);
    expectExactly(orderProblems(edit(fullOrder(version), last4, '11111'), version), [p('max-length', last4)]);
  });
  it('lengths count Unicode code points: 20 emoji are a valid firstName, 21 are not', () => {
    const pointer = `${CR}/partner/0/personData/firstName`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, '😀'.repeat(20)), version), []);
    expectExactly(orderProblems(edit(fullOrder(version), pointer, '😀'.repeat(21)), version), [p('max-length', pointer)]);
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'é'.repeat(20)), version), []);
  });
});

const V1_AMOUNT_TYPES = ['totalNet', 'totalTax', 'totalGross', 'authorized', 'netprice', 'grossprice', 'discount'];
const V11_AMOUNT_TYPES = ['totalNet', 'totalTax', 'totalGross', 'authorized', 'netprice', 'grossprice', 'freightCosts'];
const AMOUNT_TYPES: Record<OrderVersion, string[]> = { '1': V1_AMOUNT_TYPES, '1.1': V11_AMOUNT_TYPES, '1.2': V11_AMOUNT_TYPES };

const METHODS_COMMON = [
  'AfterPay', 'AliPay', 'Amazon', 'Amex', 'Bancontact', 'CarteBleue', 'CashOnDelivery', 'Cheque', 'Consolidated',
  'CreditCardPrePaid', 'Dankort', 'Debit', 'Diners', 'DirectDebit', 'Discover', 'FreeOfCharge', 'GiroPay', 'iDEAL',
  'JCB', 'KlarnaInvoice', 'KlarnaSplitIt', 'MasterCard', 'MasterDebit', 'PayPal', 'POS', 'Przelewy24',
  'SepaDirectDebit', 'SofortUeberweisung', 'Splitit', 'Terms_0', 'Terms_15', 'Terms_30', 'Terms_45', 'Terms_60',
  'Terms_61', 'Terms_70', 'Terms_90', 'Visa', 'VisaDebit', 'VisaElectron', 'WireTransfer',
];
const MAESTRO: Record<OrderVersion, string> = { '1': 'Meastro', '1.1': 'Maestro', '1.2': 'Maestro' };
const LEVELS: Record<OrderVersion, string[]> = {
  '1': ['STD', 'EXP', 'ECO', 'PUD'],
  '1.1': ['STD', 'EXP', 'ECO', 'PUD'],
  '1.2': ['STD', 'EXP', 'ECO', 'PUD', 'EXI'],
};

describe.each(VERSIONS)('order v%s: enum', (version) => {
  const addAmount = (holder: string, amountType: string, value = '1.00') =>
    edit(fullOrder(version), `${CR}/${holder}/amount/-`, { currencyISO3: 'EUR', amountType, value });

  it.each(AMOUNT_TYPES[version])('amountType %s is allowed on order, payment and item amounts', (type) => {
    for (const holder of ['order', 'payment', 'item/0']) expectExactly(orderProblems(addAmount(holder, type), version), []);
  });
  it('the other version\'s amount type is an enum error (discount from v1.1 on, freightCosts in v1)', () => {
    const other = version === '1' ? 'freightCosts' : 'discount';
    expectExactly(orderProblems(addAmount('order', other), version), [p('enum', `${CR}/order/amount/3/amountType`)]);
    expectExactly(orderProblems(addAmount('item/0', other), version), [p('enum', `${CR}/item/0/amount/2/amountType`)]);
  });
  it('amountType is case-sensitive (returns spell totalnet; orders do not)', () => {
    expectExactly(orderProblems(addAmount('order', 'totalnet'), version), [p('enum', `${CR}/order/amount/3/amountType`)]);
    expectExactly(orderProblems(addAmount('item/0', 'NetPrice'), version), [p('enum', `${CR}/item/0/amount/2/amountType`)]);
  });
  it('payment amountType capture / created are ambiguous-value warnings, not enum errors', () => {
    for (const type of ['capture', 'created']) {
      const problems = lintOrder(addAmount('payment', type), { version });
      expect(problems.map(({ rule, path, severity }) => ({ rule, path, severity }))).toEqual([
        { rule: 'ambiguous-value', path: `${CR}/payment/amount/1/amountType`, severity: 'warn' },
      ]);
    }
  });
  it.each([...METHODS_COMMON, MAESTRO[version]])('paymentMethod %s is allowed', (method) => {
    expectExactly(orderProblems(edit(fullOrder(version), `${CR}/payment/paymentMethod`, method), version, BASIC), []);
  });
  it('Maestro is spelt Meastro in v1 only; the other spelling is an enum error', () => {
    const other = version === '1' ? 'Maestro' : 'Meastro';
    const pointer = `${CR}/payment/paymentMethod`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, other), version), [p('enum', pointer)]);
  });
  it('paymentMethod is case-sensitive', () => {
    const pointer = `${CR}/payment/paymentMethod`;
    for (const bad of ['visa', 'PAYPAL', 'Ideal', 'Klarna', 'CreditCard']) {
      expectExactly(orderProblems(edit(fullOrder(version), pointer, bad), version), [p('enum', pointer)]);
    }
  });
  it.each(LEVELS[version])('shipServiceLevel %s is allowed', (level) => {
    expectExactly(orderProblems(edit(fullOrder(version), `${CR}/order/shipServiceLevel`, level), version), []);
  });
  it('EXI is a ship method from v1.2 on only', () => {
    const pointer = `${CR}/order/shipServiceLevel`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'EXI'), version), version === '1.2' ? [] : [p('enum', pointer)]);
  });
  it('shipServiceLevel PUO is an ambiguous-value warning', () => {
    const pointer = `${CR}/order/shipServiceLevel`;
    const problems = lintOrder(edit(fullOrder(version), pointer, 'PUO'), { version });
    expect(problems.map(({ rule, path, severity }) => ({ rule, path, severity }))).toEqual([{ rule: 'ambiguous-value', path: pointer, severity: 'warn' }]);
  });
  it('other shipServiceLevel values are enum errors', () => {
    const pointer = `${CR}/order/shipServiceLevel`;
    for (const bad of ['std', 'EXPRESS', 'DHL']) expectExactly(orderProblems(edit(fullOrder(version), pointer, bad), version), [p('enum', pointer)]);
    // Round 2: a blank required member is also blank-value.
    expectExactly(orderProblems(edit(fullOrder(version), pointer, ''), version), [p('enum', pointer), p('blank-value', pointer)]);
  });
  it('partnerType outside BillTo/ShipTo is an enum error (and that role is then missing)', () => {
    const pointer = `${CR}/partner/1/partnerType`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'shipto'), version), [p('enum', pointer), p('partner-roles', `${CR}/partner`)]);
  });
  it('order phoneType is office or home; mobile (returns only) is an enum error', () => {
    const pointer = `${CR}/partner/0/personData/phone/0/phoneType`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'office'), version), []);
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'mobile'), version), [p('enum', pointer)]);
    const company = `${CR}/partner/0/companyData/phone/0/phoneType`;
    expectExactly(orderProblems(edit(fullOrder(version), company, 'fax'), version), [p('enum', company)]);
  });
  it('emailType must be email', () => {
    const pointer = `${CR}/partner/0/personData/email/0/emailType`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'work'), version), [p('enum', pointer)]);
  });
  it('payment.status is authorized, captured or paid', () => {
    const pointer = `${CR}/payment/status`;
    for (const s of ['authorized', 'captured', 'paid']) expectExactly(orderProblems(edit(fullOrder(version), pointer, s), version), []);
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'pending'), version), [p('enum', pointer)]);
  });
});

describe('order: key-charset (v1.2 key reference fields)', () => {
  const keys = [
    `${CR}/requestHeader/externalMessageReference`,
    `${CR}/requestHeader/requestReference`,
    `${CR}/order/poNumber`,
    `${CR}/item/0/clientItemRef`,
    `${CR}/item/0/sku`,
  ];
  it.each(keys)('%s: letters, digits, ".", "_" and "-" pass in v1.2', (pointer) => {
    expectExactly(orderProblems(edit(fullOrder('1.2'), pointer, 'Az09._-'), '1.2'), []);
  });
  it.each(keys)('%s: a space, "/", "#" or a non-ASCII letter is key-charset in v1.2', (pointer) => {
    for (const bad of ['A 1', 'A/1', 'A#1', 'Ä1', 'A+1']) {
      expectExactly(orderProblems(edit(fullOrder('1.2'), pointer, bad), '1.2'), [p('key-charset', pointer)]);
    }
  });
  it.each(keys)('%s: any characters pass before v1.2', (pointer) => {
    for (const version of ['1', '1.1'] as const) {
      if (version === '1' && pointer.endsWith('poNumber')) continue;
      expectExactly(orderProblems(edit(fullOrder(version), pointer, 'A 1/#'), version), []);
    }
  });
  it('other references (client, shipCourier, taxNumber, dynamicField value) are not key fields', () => {
    const payload = edits(fullOrder('1.2'), [
      [`${CR}/order/shipCourier`, 'DHL Express'],
      [`${CR}/partner/0/companyData/taxNumber`, 'GB 123 456'],
      [`${CR}/order/dynamicField/0/value`, 'a b/c'],
    ]);
    expectExactly(orderProblems(payload, '1.2'), []);
  });
});

describe.each(VERSIONS)('order v%s: date-format', (version) => {
  const utc = version === '1.2';
  const dates = [`${CR}/order/dateTimeWantedDeliveryDate`];
  const good = utc ? ['2026-03-01T10:15:00Z', '2028-02-29T23:59:59Z', '2026-12-31T00:00:00Z'] : ['2026-03-01T11:15:00 +01.00', '2026-03-01T11:15:00 -05.30', '2028-02-29T00:00:00 +00.00'];
  const bad = [
    '2026-03-01',
    '2026-03-01T10:15:00',
    utc ? '2026-03-01T11:15:00 +01.00' : '2026-03-01T10:15:00Z',
    utc ? '2026-03-01T10:15:00+00:00' : '2026-03-01T11:15:00 +01:00',
    utc ? '2026-03-01T10:15:00.000Z' : '2026-03-01T11:15:00+01.00',
    utc ? '2026-02-30T10:15:00Z' : '2026-02-30T10:15:00 +01.00',
    utc ? '2026-02-29T10:15:00Z' : '2026-02-29T10:15:00 +01.00',
    utc ? '2026-13-01T10:15:00Z' : '2026-13-01T10:15:00 +01.00',
    utc ? '2026-03-01T24:00:00Z' : '2026-03-01T24:00:00 +01.00',
    utc ? '2026-3-1T10:15:00Z' : '2026-3-1T10:15:00 +01.00',
    '01.03.2026 10:15',
    '',
  ];
  it.each(good)('%s is a valid order date-time', (value) => {
    for (const pointer of dates) expectExactly(orderProblems(edit(fullOrder(version), pointer, value), version), []);
  });
  it.each(bad)('%j is a date-format error', (value) => {
    for (const pointer of dates) expectExactly(orderProblems(edit(fullOrder(version), pointer, value), version), [p('date-format', pointer)]);
  });
  it('card dates are yyyy-mm-dd', () => {
    for (const m of ['dateCardExpiry', 'dateAuthExpiry']) {
      const pointer = `${CR}/payment/cardData/${m}`;
      expectExactly(orderProblems(edit(fullOrder(version), pointer, '2028-02-29'), version), []);
      for (const wrong of ['12/28', '2028-12', '2028-12-31T00:00:00Z', '2027-02-29', '2028-12-32', '28-12-31']) {
        expectExactly(orderProblems(edit(fullOrder(version), pointer, wrong), version), [p('date-format', pointer)]);
      }
    }
  });
});

describe.each(VERSIONS)('order v%s: numeric-text', (version) => {
  const amount = `${CR}/item/0/amount/1/value`;
  it('a negative amount value is numeric text (payment amount)', () => {
    expectExactly(orderProblems(edit(fullOrder(version), `${CR}/payment/amount/0/value`, '-3.00'), version), []);
  });
  it.each(['0', '10', '10.5', '10.50', '0.00'])('amount value %s is numeric text', (value) => {
    expectExactly(orderProblems(edit(fullOrder(version), amount, value), version), []);
  });
  it.each(['12,50', '1e3', '+5', '.5', '5.', ' 5', '5 ', '', 'EUR 5', '1.000,00', 'NaN'])('amount value %j is a numeric-text error', (value) => {
    // Round 2: a blank required member is also blank-value.
    const blank = value.trim() === '' ? [p('blank-value', amount)] : [];
    expectExactly(orderProblems(edit(fullOrder(version), amount, value), version), [p('numeric-text', amount), ...blank]);
  });
  it('order and payment amount values are numeric text too', () => {
    const pay = `${CR}/payment/amount/0/value`;
    expectExactly(orderProblems(edit(fullOrder(version), pay, '124,95'), version), [p('numeric-text', pay)]);
  });
  it('quantity value is unsigned numeric text', () => {
    const pointer = `${CR}/item/0/quantity/value`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, '2.5'), version), []);
    for (const bad of ['-1', 'two', '2 ', '1,5']) expectExactly(orderProblems(edit(fullOrder(version), pointer, bad), version), [p('numeric-text', pointer)]);
    expectExactly(orderProblems(edit(fullOrder(version), pointer, ''), version), [p('numeric-text', pointer), p('blank-value', pointer)]);
  });
  it('taxFactor is numeric text (20 percent is 1.20)', () => {
    const pointer = `${CR}/item/0/taxFactor`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, '1.20'), version), []);
    for (const bad of ['20%', '1,20', 'HIGH']) expectExactly(orderProblems(edit(fullOrder(version), pointer, bad), version), [p('numeric-text', pointer)]);
  });
});

describe.each(VERSIONS)('order v%s: codes and formats', (version) => {
  it('currency-code: uppercase ISO 4217 only', () => {
    const pointer = `${CR}/payment/amount/0/currencyISO3`;
    for (const bad of ['eur', 'XYZ', 'EU', '€']) {
      const problems = orderProblems(edit(fullOrder(version), pointer, bad), version);
      expect(problems).toContainEqual(p('currency-code', pointer));
      expect(problems.filter((x) => x.rule !== 'currency-mixed')).toEqual([p('currency-code', pointer)]);
    }
  });
  it('country-code: uppercase ISO 3166-1 alpha-2 only', () => {
    const pointer = `${CR}/partner/1/addressData/countryISO2`;
    for (const good of ['FR', 'NL', 'JP']) expectExactly(orderProblems(edit(fullOrder(version), pointer, good), version), []);
    for (const bad of ['de', 'De', 'XX', 'UK', 'EU']) expectExactly(orderProblems(edit(fullOrder(version), pointer, bad), version), [p('country-code', pointer)]);
  });
  it('locale-format: LanguageCode-CountryCode', () => {
    const pointer = `${CR}/partner/0/personData/locale`;
    for (const good of ['de-DE', 'fr-BE', 'en-GB']) expectExactly(orderProblems(edit(fullOrder(version), pointer, good), version), []);
    for (const bad of ['de_DE', 'de', 'DE-de', 'de-de', 'deDE', 'de-DEU']) {
      const problems = orderProblems(edit(fullOrder(version), pointer, bad), version);
      expect(problems.filter((x) => x.rule !== 'max-length')).toEqual([p('locale-format', pointer)]);
    }
  });
  it('email-format: a warning when the value is not local@domain', () => {
    const pointer = `${CR}/partner/0/personData/email/0/value`;
    for (const bad of ['ada.example.com', 'ada@', '@example.com', 'ada @example.com', 'ada@example']) {
      const problems = lintOrder(edit(fullOrder(version), pointer, bad), { version });
      expect(problems.map(({ rule, path, severity }) => ({ rule, path, severity }))).toEqual([{ rule: 'email-format', path: pointer, severity: 'warn' }]);
    }
  });
});

describe.each(VERSIONS)('order v%s: states (US, MX, CA, AU)', (version) => {
  const state = `${CR}/partner/1/addressData/state`;
  const country = `${CR}/partner/1/addressData/countryISO2`;
  const at = (c: string, s: Json | undefined) => edits(fullOrder(version), [[country, c], [state, s]]);
  it.each([['US', 'TX'], ['US', 'DC'], ['US', 'PR'], ['CA', 'QC'], ['CA', 'YT'], ['MX', 'CMX'], ['MX', 'NLE'], ['AU', 'NSW'], ['AU', 'WA']])('%s %s is valid', (c, s) => {
    expectExactly(orderProblems(at(c, s), version), []);
  });
  it.each(['US', 'MX', 'CA', 'AU'])('a %s address without state is state-required', (c) => {
    expectExactly(orderProblems(at(c, undefined), version), [p('state-required', state)]);
    // Round 2: a blank state is present: not state-required, but no state code either.
    expectExactly(orderProblems(at(c, ''), version), [p('blank-value', state), p('state-code', state)]);
    expectExactly(orderProblems(at(c, '  '), version), [p('blank-value', state), p('state-code', state)]);
    expectExactly(orderProblems(at(c, null), version), [p('type', state)]);
  });
  it.each(['DE', 'FR', 'GB', 'BR'])('a %s address needs no state', (c) => {
    expectExactly(orderProblems(at(c, undefined), version), []);
  });
  it('a state that is not a subdivision code of the country is state-code', () => {
    for (const [c, s] of [['US', 'tx'], ['US', 'ON'], ['CA', 'TX'], ['MX', 'DF'], ['AU', 'NY'], ['US', 'XX']]) {
      expectExactly(orderProblems(at(c!, s!), version), [p('state-code', state)]);
    }
  });
  it('a state with the country prefix is too long and not a code', () => {
    expectExactly(orderProblems(at('US', 'US-TX'), version), [p('max-length', state), p('state-code', state)]);
    expectExactly(orderProblems(at('US', 'Texas'), version), [p('max-length', state), p('state-code', state)]);
  });
  it('states of other countries are not checked', () => {
    expectExactly(orderProblems(at('DE', 'BY'), version), []);
    expectExactly(orderProblems(at('GB', 'XYZ'), version), []);
  });
  it('every subdivision code DESIGN lists is accepted; codes outside the lists are not', () => {
    const lists: Record<string, string[]> = {
      US: 'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC AS GU MP PR UM VI'.split(' '),
      CA: 'AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '),
      MX: 'AGU BCN BCS CAM CHH CHP CMX COA COL DUR GRO GUA HID JAL MEX MIC MOR NAY NLE OAX PUE QUE ROO SIN SLP SON TAB TAM TLA VER YUC ZAC'.split(' '),
      AU: 'ACT NSW NT QLD SA TAS VIC WA'.split(' '),
    };
    expect(lists.US).toHaveLength(57);
    expect(lists.MX).toHaveLength(32);
    for (const [c, codes] of Object.entries(lists)) for (const s of codes) expectExactly(orderProblems(at(c, s), version), []);
    for (const [c, s] of [['US', 'AE'], ['US', 'AA'], ['MX', 'DIF'], ['CA', 'NF'], ['CA', 'PQ'], ['AU', 'JBT'], ['MX', 'CDMX']]) {
      const problems = orderProblems(at(c!, s!), version);
      expect(problems.filter((x) => x.rule !== 'max-length')).toEqual([p('state-code', state)]);
    }
  });
});
