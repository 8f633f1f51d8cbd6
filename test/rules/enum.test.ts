import { ruleTester } from './_harness';
import { change, set, validOrder, validReturn } from '../fixtures';

const CR = '/clientRequest';
const ORDER_AMOUNT = `${CR}/order/amount/0/amountType`;
const ITEM_AMOUNT = `${CR}/item/0/amount/1/amountType`;
const PAYMENT_AMOUNT = `${CR}/payment/amount/0/amountType`;
const AMOUNT_POINTERS = [ORDER_AMOUNT, ITEM_AMOUNT, PAYMENT_AMOUNT];

const everywhere = (version: '1' | '1.1' | '1.2', value: string) =>
  change(validOrder(version), Object.fromEntries(AMOUNT_POINTERS.map((p) => [p, value])));

// amountType per version: discount only in v1, freightCosts from v1.1 on.
ruleTester('enum', 'order', {
  valid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, payload: validOrder(version), version })),
    { name: 'v1 amountType discount in order, item and payment amounts', version: '1', payload: everywhere('1', 'discount') },
    { name: 'v1.1 amountType freightCosts everywhere', version: '1.1', payload: everywhere('1.1', 'freightCosts') },
    { name: 'v1.2 amountType freightCosts everywhere', version: '1.2', payload: everywhere('1.2', 'freightCosts') },
    ...(['totalNet', 'totalTax', 'totalGross', 'authorized', 'netprice', 'grossprice'] as const).flatMap((t) =>
      (['1', '1.1', '1.2'] as const).map((version) => ({ name: `amountType ${t} in v${version}`, version, payload: everywhere(version, t) })),
    ),
    { name: 'v1 paymentMethod Meastro (the v1 spelling)', version: '1', payload: set(validOrder('1'), `${CR}/payment/paymentMethod`, 'Meastro') },
    { name: 'v1.1 paymentMethod Maestro', version: '1.1', payload: set(validOrder('1.1'), `${CR}/payment/paymentMethod`, 'Maestro') },
    { name: 'v1.2 paymentMethod Maestro', version: '1.2', payload: set(validOrder('1.2'), `${CR}/payment/paymentMethod`, 'Maestro') },
    ...['AfterPay', 'iDEAL', 'Terms_61', 'WireTransfer', 'POS', 'Przelewy24'].map((m) => ({
      name: `paymentMethod ${m}`,
      payload: set(validOrder('1.1'), `${CR}/payment/paymentMethod`, m),
    })),
    { name: 'v1.2 shipServiceLevel EXI', version: '1.2', payload: set(validOrder('1.2'), `${CR}/order/shipServiceLevel`, 'EXI') },
    ...(['STD', 'EXP', 'ECO', 'PUD'] as const).flatMap((level) =>
      (['1', '1.1', '1.2'] as const).map((version) => ({
        name: `shipServiceLevel ${level} in v${version}`,
        version,
        payload: set(validOrder(version), `${CR}/order/shipServiceLevel`, level),
      })),
    ),
    ...(['1', '1.1', '1.2'] as const).map((version) => ({
      name: `shipServiceLevel PUO is ambiguous, not an enum error (v${version})`,
      version,
      payload: set(validOrder(version), `${CR}/order/shipServiceLevel`, 'PUO'),
    })),
    ...(['capture', 'created'] as const).flatMap((t) =>
      (['1', '1.1', '1.2'] as const).map((version) => ({
        name: `payment amountType ${t} is ambiguous, not an enum error (v${version})`,
        version,
        payload: set(validOrder(version), PAYMENT_AMOUNT, t),
      })),
    ),
    { name: 'phoneType office', payload: set(validOrder(), `${CR}/partner/0/personData/phone/0/phoneType`, 'office') },
    { name: 'phoneType may be left out', payload: set(validOrder(), `${CR}/partner/0/personData/phone/0/phoneType`, undefined) },
    {
      name: 'companyData phone with phoneType home',
      payload: set(validOrder(), `${CR}/partner/0/companyData/phone`, [{ phoneType: 'home', value: '+49 30 1' }]),
    },
    { name: 'partner types BillTo and ShipTo', payload: validOrder('1.2'), version: '1.2' },
    ...['authorized', 'captured', 'paid'].map((status) => ({
      name: `payment.status ${status} (without FMS the method is not matched)`,
      payload: set(validOrder(), `${CR}/payment/status`, status),
    })),
  ],
  invalid: [
    {
      name: 'v1 amountType freightCosts (added in v1.1)',
      version: '1',
      payload: everywhere('1', 'freightCosts'),
      errors: AMOUNT_POINTERS.map((path) => ({ rule: 'enum', path })),
    },
    {
      name: 'v1.1 amountType discount (replaced by freightCosts)',
      version: '1.1',
      payload: everywhere('1.1', 'discount'),
      errors: AMOUNT_POINTERS.map((path) => ({ rule: 'enum', path })),
    },
    {
      name: 'v1.2 amountType discount',
      version: '1.2',
      payload: everywhere('1.2', 'discount'),
      errors: AMOUNT_POINTERS.map((path) => ({ rule: 'enum', path })),
    },
    {
      name: 'lower-case return amount types in an order',
      payload: change(validOrder('1.1'), { [ORDER_AMOUNT]: 'totalnet', [ITEM_AMOUNT]: 'Netprice' }),
      errors: [
        { rule: 'enum', path: ORDER_AMOUNT },
        { rule: 'enum', path: ITEM_AMOUNT },
      ],
    },
    ...(['capture', 'created'] as const).flatMap((t) =>
      (['1', '1.1', '1.2'] as const).map((version) => ({
        name: `amountType ${t} outside payment amounts (v${version})`,
        version,
        payload: change(validOrder(version), { [ORDER_AMOUNT]: t, [ITEM_AMOUNT]: t }),
        errors: [
          { rule: 'enum', path: ORDER_AMOUNT },
          { rule: 'enum', path: ITEM_AMOUNT },
        ],
      })),
    ),
    {
      name: 'v1 paymentMethod Maestro (v1 spells it Meastro)',
      version: '1',
      payload: set(validOrder('1'), `${CR}/payment/paymentMethod`, 'Maestro'),
      errors: [{ rule: 'enum', path: `${CR}/payment/paymentMethod` }],
    },
    ...(['1.1', '1.2'] as const).map((version) => ({
      name: `v${version} paymentMethod Meastro`,
      version,
      payload: set(validOrder(version), `${CR}/payment/paymentMethod`, 'Meastro'),
      errors: [{ rule: 'enum', path: `${CR}/payment/paymentMethod` }],
    })),
    ...['visa', 'Ideal', 'Klarna', 'CreditCard', ''].map((m) => ({
      name: `paymentMethod "${m}" not in the list`,
      payload: set(validOrder(), `${CR}/payment/paymentMethod`, m),
      errors: [{ rule: 'enum', path: `${CR}/payment/paymentMethod` }],
    })),
    ...(['1', '1.1'] as const).map((version) => ({
      name: `shipServiceLevel EXI before v1.2 (v${version})`,
      version,
      payload: set(validOrder(version), `${CR}/order/shipServiceLevel`, 'EXI'),
      errors: [{ rule: 'enum', path: `${CR}/order/shipServiceLevel` }],
    })),
    ...['std', 'EXPRESS', 'PUDO', ''].map((level) => ({
      name: `shipServiceLevel "${level}"`,
      payload: set(validOrder(), `${CR}/order/shipServiceLevel`, level),
      errors: [{ rule: 'enum', path: `${CR}/order/shipServiceLevel` }],
    })),
    {
      name: 'partnerType outside BillTo/ShipTo',
      payload: change(validOrder(), { [`${CR}/partner/0/partnerType`]: 'billto', [`${CR}/partner/1/partnerType`]: 'SoldTo' }),
      errors: [
        { rule: 'enum', path: `${CR}/partner/0/partnerType` },
        { rule: 'enum', path: `${CR}/partner/1/partnerType` },
      ],
    },
    ...(['1', '1.1', '1.2'] as const).map((version) => ({
      name: `phoneType mobile is allowed only in returns (v${version})`,
      version,
      payload: change(validOrder(version), {
        [`${CR}/partner/0/personData/phone/0/phoneType`]: 'mobile',
        [`${CR}/partner/0/companyData/phone`]: [{ phoneType: 'mobile', value: '+49 30 1' }],
      }),
      errors: [
        { rule: 'enum', path: `${CR}/partner/0/personData/phone/0/phoneType` },
        { rule: 'enum', path: `${CR}/partner/0/companyData/phone/0/phoneType` },
      ],
    })),
    {
      name: 'phoneType Home (case matters)',
      payload: set(validOrder(), `${CR}/partner/0/personData/phone/0/phoneType`, 'Home'),
      errors: [{ rule: 'enum', path: `${CR}/partner/0/personData/phone/0/phoneType` }],
    },
    {
      name: 'emailType other than email',
      payload: set(validOrder(), `${CR}/partner/0/personData/email/0/emailType`, 'Email'),
      errors: [{ rule: 'enum', path: `${CR}/partner/0/personData/email/0/emailType` }],
    },
    ...['Authorized', 'pending', 'review'].map((status) => ({
      name: `payment.status "${status}"`,
      payload: set(validOrder(), `${CR}/payment/status`, status),
      errors: [{ rule: 'enum', path: `${CR}/payment/status` }],
    })),
  ],
});

const R_AMOUNT = '/rma/amount/amountType';
const R_ITEM_AMOUNT = '/item/0/amount/0/amountType';

ruleTester('enum', 'return', {
  valid: [
    { name: 'the valid return fixture', payload: validReturn() },
    ...['totalnet', 'totaltax', 'totalgross', 'authorized', 'netprice', 'grossprice', 'discount'].map((t) => ({
      name: `lower-case amountType ${t}`,
      payload: change(validReturn(), { [R_AMOUNT]: t, [R_ITEM_AMOUNT]: t }),
    })),
    ...['office', 'home', 'mobile'].map((t) => ({
      name: `phoneType ${t}`,
      payload: set(validReturn(), '/partner/0/personData/phone/0/phoneType', t),
    })),
    {
      name: 'companyData phone mobile',
      payload: set(validReturn(), '/partner/0/companyData', { name: 'Doe GmbH', phone: [{ phoneType: 'mobile', value: '+49 1' }] }),
    },
    { name: 'partnerType ShipTo', payload: set(validReturn(), '/partner/0/partnerType', 'ShipTo') },
  ],
  invalid: [
    ...['totalNet', 'totalTax', 'totalGross', 'freightCosts', 'capture', 'created', 'Netprice'].map((t) => ({
      name: `amountType ${t} (returns use lower case, no freightCosts)`,
      payload: change(validReturn(), { [R_AMOUNT]: t, [R_ITEM_AMOUNT]: t }),
      errors: [
        { rule: 'enum', path: R_AMOUNT },
        { rule: 'enum', path: R_ITEM_AMOUNT },
      ],
    })),
    {
      name: 'phoneType cell',
      payload: set(validReturn(), '/partner/0/personData/phone/0/phoneType', 'cell'),
      errors: [{ rule: 'enum', path: '/partner/0/personData/phone/0/phoneType' }],
    },
    {
      name: 'emailType mail',
      payload: set(validReturn(), '/partner/0/personData/email/0/emailType', 'mail'),
      errors: [{ rule: 'enum', path: '/partner/0/personData/email/0/emailType' }],
    },
    {
      name: 'partnerType Customer',
      payload: set(validReturn(), '/partner/0/partnerType', 'Customer'),
      errors: [{ rule: 'enum', path: '/partner/0/partnerType' }],
    },
  ],
});
