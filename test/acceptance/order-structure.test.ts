/**
 * Acceptance: order request structure (spec "Order request (fulfilment, v1 and v1.1)",
 * DESIGN "Rule catalogue"): wrapper, required, type, unknown-field, version-field,
 * spelling, response-only, per version.
 */
import { describe, expect, it } from 'vitest';
import { lintOrder } from '../../src/index';
import { BASIC, CR, FMS, VERSIONS, edit, edits, expectExactly, fullOrder, minimalOrder, orderDate, orderProblems, p, type Json } from './_fixtures';

describe.each(VERSIONS)('order v%s: valid payloads', (version) => {
  it('the minimal order (R members only) has no problem, with and without profiles', () => {
    for (const profile of [undefined, BASIC, FMS]) expectExactly(orderProblems(minimalOrder(version), version, profile), []);
  });
  it('the full order (every request member) has no problem, with and without profiles', () => {
    for (const profile of [undefined, BASIC, FMS]) expectExactly(orderProblems(fullOrder(version), version, profile), []);
  });
});

describe.each(VERSIONS)('order v%s: wrapper', (version) => {
  it('the unwrapped body is one wrapper problem at the root and nothing else', () => {
    const body = (fullOrder(version) as any).clientRequest;
    expectExactly(orderProblems(body, version), [p('wrapper', '')]);
  });
  it('an empty object lacks the wrapper', () => {
    expectExactly(orderProblems({}, version), [p('wrapper', '')]);
  });
  it('a member next to clientRequest is unknown', () => {
    expectExactly(orderProblems(edit(minimalOrder(version), '/extra', 1), version), [p('unknown-field', '/extra')]);
  });
});

/** Every "R" member of the order tables (plus DESIGN's required objects and Amount members). */
const ORDER_REQUIRED: readonly string[] = [
  `${CR}/requestHeader`,
  `${CR}/requestHeader/externalMessageReference`,
  `${CR}/requestHeader/client`,
  `${CR}/requestHeader/requestReference`,
  `${CR}/order`,
  `${CR}/order/shipServiceLevel`,
  `${CR}/partner`,
  `${CR}/partner/1/personData`,
  `${CR}/partner/1/personData/firstName`,
  `${CR}/partner/1/personData/lastName`,
  `${CR}/partner/1/addressData`,
  `${CR}/partner/1/addressData/postalCode`,
  `${CR}/partner/1/addressData/city`,
  `${CR}/partner/1/addressData/countryISO2`,
  `${CR}/partner/1/addressData/address/0/line`,
  `${CR}/partner/0/personData/email/0/emailType`,
  `${CR}/partner/0/personData/phone/0/value`,
  `${CR}/partner/0/companyData/phone/0/value`,
  `${CR}/item`,
  `${CR}/item/0/itemId`,
  `${CR}/item/0/sku`,
  `${CR}/item/0/quantity`,
  `${CR}/item/0/quantity/uom`,
  `${CR}/item/0/quantity/value`,
  `${CR}/order/amount/0/currencyISO3`,
  `${CR}/order/amount/0/amountType`,
  `${CR}/order/amount/0/value`,
  `${CR}/payment/amount/0/currencyISO3`,
  `${CR}/payment/amount/0/amountType`,
  `${CR}/payment/amount/0/value`,
  `${CR}/item/0/amount/1/currencyISO3`,
  `${CR}/item/0/amount/1/value`,
  `${CR}/payment/paymentMethod`,
  `${CR}/order/dynamicField/0/name`,
  `${CR}/item/0/dynamicField/0/name`,
];

describe.each(VERSIONS)('order v%s: required', (version) => {
  it.each(ORDER_REQUIRED)('missing %s is one required problem at its own pointer', (pointer) => {
    expectExactly(orderProblems(edit(fullOrder(version), pointer, undefined), version, BASIC), [p('required', pointer)]);
  });
  it.each(ORDER_REQUIRED)('null %s is one required problem at its own pointer', (pointer) => {
    expectExactly(orderProblems(edit(fullOrder(version), pointer, null), version, BASIC), [p('required', pointer)]);
  });
  it('a missing partnerType is required, and the order then lacks that role', () => {
    expectExactly(orderProblems(edit(fullOrder(version), `${CR}/partner/1/partnerType`, undefined), version), [
      p('required', `${CR}/partner/1/partnerType`),
      p('partner-roles', `${CR}/partner`),
    ]);
  });
  it('payment.status is required when the operator handles payments (FMS), optional otherwise', () => {
    const noStatus = edit(fullOrder(version), `${CR}/payment/status`, undefined);
    expectExactly(orderProblems(noStatus, version, FMS), [p('required', `${CR}/payment/status`)]);
    expectExactly(orderProblems(noStatus, version, BASIC), []);
    expectExactly(orderProblems(noStatus, version), []);
  });
  it('payment.status null under FMS is a required member that is null: one required problem (round 2: one problem per member)', () => {
    const nullStatus = edit(fullOrder(version), `${CR}/payment/status`, null);
    expectExactly(orderProblems(nullStatus, version, FMS), [p('required', `${CR}/payment/status`)]);
    expectExactly(orderProblems(nullStatus, version), [p('type', `${CR}/payment/status`)]);
  });
  it('optional members may be left out (payment, companyData, phone, email, locale, notes, ...)', () => {
    const optional = [
      `${CR}/payment`,
      `${CR}/partner/0/companyData`,
      `${CR}/partner/0/personData/phone`,
      `${CR}/partner/0/personData/email`,
      `${CR}/order/shipCourier`,
      `${CR}/order/shipServiceOption`,
      `${CR}/order/incoTerms1`,
      `${CR}/order/incoTerms2`,
      `${CR}/order/dateTimeWantedDeliveryDate`,
      `${CR}/order/amount`,
      `${CR}/order/note`,
      `${CR}/order/dynamicField`,
      `${CR}/order/note/0/noteType`,
      `${CR}/order/note/0/value`,
      `${CR}/order/dynamicField/0/value`,
      `${CR}/payment/entityID`,
      `${CR}/payment/transactionID`,
      `${CR}/payment/acquireID`,
      `${CR}/payment/amount`,
      `${CR}/partner/0/companyData/taxNumber`,
      `${CR}/partner/0/companyData/phone`,
      `${CR}/partner/0/personData/phone/0/phoneType`,
      `${CR}/partner/0/personData/email/0/value`,
      `${CR}/item/0/clientItemRef`,
      `${CR}/item/0/taxLevel`,
      `${CR}/item/0/taxFactor`,
      `${CR}/item/0/pricing`,
      `${CR}/item/0/localizedDescription`,
      `${CR}/item/0/dynamicField`,
      `${CR}/item/0/amount/1`,
    ];
    for (const ptr of optional) expectExactly(orderProblems(edit(fullOrder(version), ptr, undefined), version, BASIC), []);
  });
  it('without FMS no cardData member is required', () => {
    for (const m of ['holder', 'bin', 'last4digits', 'dateCardExpiry', 'dateAuthExpiry']) {
      expectExactly(orderProblems(edit(fullOrder(version), `${CR}/payment/cardData/${m}`, undefined), version, BASIC), []);
    }
    expectExactly(orderProblems(edit(fullOrder(version), `${CR}/payment/cardData`, undefined), version, BASIC), []);
  });
});

describe.each(VERSIONS)('order v%s: type', (version) => {
  const cases: [string, Json][] = [
    [`${CR}/requestHeader`, 'header'],
    [`${CR}/requestHeader/client`, 42],
    [`${CR}/order`, []],
    [`${CR}/order/shipServiceLevel`, 1],
    [`${CR}/partner`, {}],
    [`${CR}/partner/0/personData`, 'Ada Byron'],
    [`${CR}/partner/0/personData/firstName`, true],
    [`${CR}/partner/0/personData/email`, { emailType: 'email', value: 'ada@example.com' }],
    [`${CR}/partner/0/addressData/postalCode`, 78701],
    [`${CR}/item/0/quantity/value`, 2],
    [`${CR}/item/0/quantity`, '2'],
    [`${CR}/item/0/itemId`, 1],
    [`${CR}/order/amount/0/value`, 105],
    [`${CR}/order/note`, 'note'],
    [`${CR}/payment/cardData`, '4111111111111111'],
    [`${CR}/item/0/taxFactor`, 1.19],
  ];
  it.each(cases)('%s of the wrong JSON type is one type problem there', (pointer, value) => {
    expectExactly(orderProblems(edit(fullOrder(version), pointer, value), version, BASIC), [p('type', pointer)]);
  });
  it('item.amount that is not an array is one type problem and no further checks (README: "no further checks")', () => {
    const pointer = `${CR}/item/0/amount`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, { currencyISO3: 'EUR', amountType: 'netprice', value: '50.00' }), version, BASIC), [p('type', pointer)]);
  });
  it('a partner that is not an object is a type problem, and the order then lacks that role', () => {
    expectExactly(orderProblems(edit(fullOrder(version), `${CR}/partner/0`, 'BillTo'), version, BASIC), [
      p('type', `${CR}/partner/0`),
      p('partner-roles', `${CR}/partner`),
    ]);
  });
  it('a null entry in an array is a type problem at the entry', () => {
    expectExactly(orderProblems(edit(fullOrder(version), `${CR}/order/note/0`, null), version), [p('type', `${CR}/order/note/0`)]);
  });
  it('an optional member sent as null is a type problem (leave it out or give a value)', () => {
    expectExactly(orderProblems(edit(fullOrder(version), `${CR}/order/shipCourier`, null), version), [p('type', `${CR}/order/shipCourier`)]);
  });
});

describe.each(VERSIONS)('order v%s: unknown-field', (version) => {
  const places = [
    `${CR}/foo`,
    `${CR}/requestHeader/foo`,
    `${CR}/order/foo`,
    `${CR}/payment/foo`,
    `${CR}/payment/cardData/cvv`,
    `${CR}/partner/0/foo`,
    `${CR}/partner/0/personData/foo`,
    `${CR}/partner/0/companyData/foo`,
    `${CR}/partner/0/addressData/foo`,
    `${CR}/partner/0/addressData/countryISO3`,
    `${CR}/partner/0/personData/email/0/foo`,
    `${CR}/partner/0/addressData/address/0/foo`,
    `${CR}/item/0/foo`,
    `${CR}/item/0/quantity/foo`,
    `${CR}/item/0/amount/0/foo`,
    `${CR}/order/note/0/foo`,
    `${CR}/order/dynamicField/0/foo`,
  ];
  it.each(places)('%s is an unknown-field warning', (pointer) => {
    const problems = lintOrder(edit(fullOrder(version), pointer, 'x'), { version });
    expect(problems.map(({ rule, path, severity }) => ({ rule, path, severity }))).toEqual([{ rule: 'unknown-field', path: pointer, severity: 'warn' }]);
  });
  it('fiscalId in order personData (example body only, no schema member) is unknown', () => {
    const pointer = `${CR}/partner/0/personData/fiscalId`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'RSSMRA80A01H501U'), version), [p('unknown-field', pointer)]);
  });
  it('the returns-only member fiscalid is unknown in orders', () => {
    const pointer = `${CR}/partner/0/personData/fiscalid`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'X'), version), [p('unknown-field', pointer)]);
  });
});

describe('order: version-field (poNumber and customerNumber are v1.1 members)', () => {
  it('poNumber in v1 is a version-field error', () => {
    const pointer = `${CR}/order/poNumber`;
    expectExactly(orderProblems(edit(fullOrder('1'), pointer, 'PO-1'), '1'), [p('version-field', pointer)]);
    expect(lintOrder(edit(fullOrder('1'), pointer, 'PO-1'), { version: '1' })[0]!.severity).toBe('error');
  });
  it('customerNumber in v1 is a version-field error', () => {
    const pointer = `${CR}/partner/0/companyData/customerNumber`;
    expectExactly(orderProblems(edit(fullOrder('1'), pointer, 'C-1'), '1'), [p('version-field', pointer)]);
  });
  it.each(['1.1', '1.2'] as const)('poNumber and customerNumber are members in v%s', (version) => {
    const payload = edits(fullOrder(version), [
      [`${CR}/order/poNumber`, 'PO-1'],
      [`${CR}/partner/0/companyData/customerNumber`, 'C-1'],
    ]);
    expectExactly(orderProblems(payload, version), []);
  });
  it('the item dateTimes object is accepted in v1.2 only', () => {
    const pointer = `${CR}/item/0/dateTimes`;
    expectExactly(orderProblems(edit(fullOrder('1.2'), pointer, {}), '1.2'), []);
    expectExactly(orderProblems(edit(fullOrder('1.1'), pointer, {}), '1.1'), [p('version-field', pointer)]);
    expectExactly(orderProblems(edit(fullOrder('1'), pointer, {}), '1'), [p('version-field', pointer)]);
  });
});

describe.each(VERSIONS)('order v%s: spelling (example-body spellings)', (version) => {
  const spellings: [string, string, string, Json][] = [
    ['payment', 'entityId', 'entityID', 'ENT-1'],
    ['payment', 'transactionId', 'transactionID', 'TX-1'],
    ['payment', 'acquirerId', 'acquireID', 'ACQ-1'],
    ['order', 'datetimeWantedDeliveryDate', 'dateTimeWantedDeliveryDate', orderDate(version)],
  ];
  it.each(spellings)('%s.%s is a fixable spelling warning to %s', (holder, from, to, value) => {
    const payload = edits(fullOrder(version), [
      [`${CR}/${holder}/${to}`, undefined],
      [`${CR}/${holder}/${from}`, value],
    ]);
    const problems = lintOrder(payload, { version });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ rule: 'spelling', path: `${CR}/${holder}/${from}`, severity: 'warn', fix: { kind: 'rename-member', to } });
  });
  it('the content of a misspelt member is still checked as the schema member', () => {
    const payload = edits(fullOrder(version), [
      [`${CR}/payment/entityID`, undefined],
      [`${CR}/payment/entityId`, 'E'.repeat(51)],
      [`${CR}/order/dateTimeWantedDeliveryDate`, undefined],
      [`${CR}/order/datetimeWantedDeliveryDate`, '01.03.2026'],
    ]);
    expectExactly(orderProblems(payload, version), [
      p('spelling', `${CR}/payment/entityId`),
      p('max-length', `${CR}/payment/entityId`),
      p('spelling', `${CR}/order/datetimeWantedDeliveryDate`),
      p('date-format', `${CR}/order/datetimeWantedDeliveryDate`),
    ]);
  });
});

describe.each(VERSIONS)('order v%s: response-only members', (version) => {
  const date = orderDate(version);
  const members: [string, Json][] = [
    [`${CR}/requestHeader/requestType`, 'ORDERONLY'],
    [`${CR}/requestHeader/requestStatus`, 'created'],
    [`${CR}/requestHeader/dateTimeSent`, date],
    [`${CR}/requestHeader/dateTimeReceived`, date],
    [`${CR}/requestHeader/dateTimeConfirmed`, date],
    [`${CR}/requestHeader/dateTimeShipped`, date],
    [`${CR}/requestHeader/dynamicField`, [{ name: 'REGION', value: 'EU' }]],
    [`${CR}/order/orderId`, '4711'],
    [`${CR}/order/status`, 'open'],
    [`${CR}/order/timeZone`, '+01:00'],
    [`${CR}/order/dateTimeConfirmed`, date],
    [`${CR}/order/dateTimeShipped`, date],
    [`${CR}/payment/paymentGatewayId`, 'GW-1'],
    [`${CR}/item/0/dateTimeCreated`, date],
    [`${CR}/item/0/dateTimeShipped`, date],
  ];
  it.each(members)('%s is a response-only warning', (pointer, value) => {
    const problems = lintOrder(edit(fullOrder(version), pointer, value), { version });
    expect(problems.map(({ rule, path, severity }) => ({ rule, path, severity }))).toEqual([{ rule: 'response-only', path: pointer, severity: 'warn' }]);
  });
  it('response-only content is still checked (a bad date-time)', () => {
    const pointer = `${CR}/requestHeader/dateTimeSent`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, '2026-03-01'), version), [p('response-only', pointer), p('date-format', pointer)]);
  });
  it('requestStatus received exists in v1 only', () => {
    const pointer = `${CR}/requestHeader/requestStatus`;
    const expected = version === '1' ? [p('response-only', pointer)] : [p('response-only', pointer), p('enum', pointer)];
    expectExactly(orderProblems(edit(fullOrder(version), pointer, 'received'), version), expected);
  });
});
