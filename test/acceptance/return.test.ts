/**
 * Acceptance: the return-token request (spec "Return-token request (returns portal)",
 * "Create return token" rules, "Limits").
 */
import { describe, expect, it } from 'vitest';
import { lintReturn } from '../../src/index';
import { BASIC, FMS, edit, edits, expectExactly, fullReturn, minimalReturn, p, returnProblems, type Json } from './_fixtures';

describe('return: valid payloads', () => {
  it('minimal and full returns have no problem, with and without profiles', () => {
    for (const profile of [undefined, BASIC, FMS]) {
      expectExactly(returnProblems(minimalReturn(), profile), []);
      expectExactly(returnProblems(fullReturn(), profile), []);
    }
  });
  it('rma.transactionId is null when creating, and text when updating', () => {
    expectExactly(returnProblems(edit(fullReturn(), '/rma/transactionId', 'RMA-TOKEN-1')), []);
    expectExactly(returnProblems(edit(fullReturn(), '/rma/transactionId', null)), []);
  });
  it('partner is optional', () => {
    expectExactly(returnProblems(edit(fullReturn(), '/partner', undefined)), []);
  });
});

const RETURN_REQUIRED = [
  '/requestHeader',
  '/requestHeader/externalMessageReference',
  '/requestHeader/client',
  '/requestHeader/requestReference',
  '/rma',
  '/rma/returnReason',
  '/rma/userReference',
  '/rma/clientReturnURL',
  '/rma/dateTimeOrder',
  '/item',
  '/item/0/sku',
  '/item/0/quantity',
  '/item/0/quantity/uom',
  '/item/0/quantity/value',
  '/item/0/amount',
  '/item/0/amount/0/currencyISO3',
  '/item/0/amount/0/amountType',
  '/item/0/amount/0/value',
  '/rma/amount/currencyISO3',
  '/rma/amount/amountType',
  '/rma/amount/value',
  '/rma/dynamicField/0/name',
  '/partner/0/partnerType',
  '/partner/0/personData',
  '/partner/0/personData/firstName',
  '/partner/0/personData/lastName',
  '/partner/0/personData/phone',
  '/partner/0/personData/email',
  '/partner/0/personData/phone/0/value',
  '/partner/0/companyData/phone/0/value',
  '/partner/0/personData/email/0/emailType',
  '/partner/0/addressData',
  '/partner/0/addressData/city',
  '/partner/0/addressData/countryName',
  '/partner/0/addressData/countryISO3',
  '/partner/0/addressData/address/0/line',
];

describe('return: required', () => {
  it.each(RETURN_REQUIRED)('missing %s is one required problem at its own pointer', (pointer) => {
    expectExactly(returnProblems(edit(fullReturn(), pointer, undefined), BASIC), [p('required', pointer)]);
  });
  it.each(RETURN_REQUIRED)('null %s is one required problem at its own pointer', (pointer) => {
    expectExactly(returnProblems(edit(fullReturn(), pointer, null), BASIC), [p('required', pointer)]);
  });
  it('optional members may be left out', () => {
    for (const pointer of [
      '/rma/transactionId',
      '/rma/language',
      '/rma/amount',
      '/rma/dynamicField',
      '/rma/dynamicField/0/value',
      '/partner/0/companyData',
      '/partner/0/companyData/phone',
      '/partner/0/personData/fiscalid',
      '/partner/0/personData/locale',
      '/partner/0/personData/phone/0/phoneType',
      '/partner/0/personData/email/0/value',
      '/partner/0/addressData/postalCode',
      '/item/0/itemDescription',
    ]) {
      expectExactly(returnProblems(edit(fullReturn(), pointer, undefined), BASIC), []);
    }
  });
});

describe('return: type', () => {
  const cases: [string, Json][] = [
    ['/rma', 'damaged'],
    ['/rma/amount', [{ currencyISO3: 'EUR', amountType: 'totalgross', value: '23.80' }]],
    ['/item/0/amount', { currencyISO3: 'EUR', amountType: 'netprice', value: '20.00' }],
    ['/item/0/quantity/value', 2],
    ['/partner/0/personData/fiscalid', { value: 'US-TAX-1' }],
    ['/partner/0/personData/phone', '+1 512 555 0199'],
    ['/partner', { partnerType: 'BillTo' }],
    ['/rma/transactionId', 42],
    ['/rma/dateTimeOrder', 20260131],
  ];
  it.each(cases)('%s of the wrong JSON type is one type problem', (pointer, value) => {
    expectExactly(returnProblems(edit(fullReturn(), pointer, value)), [p('type', pointer)]);
  });
  it('a payload that is not an object is one type problem at the root', () => {
    for (const junk of [null, [], 'x', 1, true]) expectExactly(returnProblems(junk), [p('type', '')]);
  });
});

describe('return: unknown-field', () => {
  const places = [
    '/foo',
    '/clientRequest',
    '/requestHeader/dateTimeSend',
    '/requestHeader/dateTimeSent',
    '/rma/foo',
    '/rma/amount/foo',
    '/partner/0/foo',
    '/partner/0/companyData/taxNumber',
    '/partner/0/personData/fiscalId',
    '/partner/0/addressData/countryISO2',
    '/item/0/foo',
    '/item/0/itemId',
  ];
  it.each(places)('%s is an unknown-field warning', (pointer) => {
    const problems = lintReturn(edit(fullReturn(), pointer, 'x'));
    expect(problems.map(({ rule, path, severity }) => ({ rule, path, severity }))).toEqual([{ rule: 'unknown-field', path: pointer, severity: 'warn' }]);
  });
});

const RETURN_LIMITS: [string, number][] = [
  ['/requestHeader/externalMessageReference', 50],
  ['/requestHeader/requestReference', 50],
  ['/requestHeader/client', 40],
  ['/rma/returnReason', 50],
  ['/rma/userReference', 50],
  ['/rma/transactionId', 50],
  ['/rma/language', 10],
  ['/rma/dynamicField/0/name', 60],
  ['/rma/dynamicField/0/value', 2000],
  ['/partner/0/companyData/name', 70],
  ['/partner/0/personData/firstName', 20],
  ['/partner/0/personData/lastName', 20],
  ['/partner/0/personData/fiscalid', 30],
  ['/partner/0/addressData/address/0/value', 40],
  ['/partner/0/addressData/postalCode', 10],
  ['/partner/0/addressData/city', 40],
  ['/item/0/sku', 25],
  ['/item/0/itemDescription', 200],
];

describe('return: max-length', () => {
  it.each(RETURN_LIMITS)('%s: the limit (%i) passes, one more is max-length', (pointer, limit) => {
    expectExactly(returnProblems(edit(fullReturn(), pointer, 'A'.repeat(limit))), []);
    expectExactly(returnProblems(edit(fullReturn(), pointer, 'A'.repeat(limit + 1))), [p('max-length', pointer)]);
  });
  it('the returns sku allows 25, more than the order sku (18)', () => {
    expectExactly(returnProblems(edit(fullReturn(), '/item/0/sku', 'S'.repeat(19))), []);
  });
  it('e-mail value max 200, locale max 6, state max 3, currencyISO3 max 3', () => {
    const email = '/partner/0/personData/email/0/value';
    expectExactly(returnProblems(edit(fullReturn(), email, 'a'.repeat(189) + '@example.com')), [p('max-length', email)]);
    const locale = '/partner/0/personData/locale';
    expectExactly(returnProblems(edit(fullReturn(), locale, 'en-US-x')), [p('max-length', locale), p('locale-format', locale)]);
    const state = '/partner/0/addressData/state';
    expectExactly(
      returnProblems(edits(fullReturn(), [['/partner/0/addressData/countryISO3', 'DEU'], ['/partner/0/addressData/countryName', 'Germany'], [state, 'BAYE']])),
      [p('max-length', state)],
    );
    const currency = '/rma/amount/currencyISO3';
    expect(returnProblems(edit(fullReturn(), currency, 'EURO'))).toContainEqual(p('max-length', currency));
  });
});

describe('return: enum', () => {
  it.each(['totalnet', 'totaltax', 'totalgross', 'authorized', 'netprice', 'grossprice', 'discount'])('amountType %s is allowed', (type) => {
    expectExactly(returnProblems(edit(fullReturn(), '/item/0/amount/-', { currencyISO3: 'EUR', amountType: type, value: '1.00' })), []);
    expectExactly(returnProblems(edit(fullReturn(), '/rma/amount/amountType', type)), []);
  });
  it.each(['totalNet', 'totalGross', 'freightCosts', 'capture', 'NETPRICE'])('amountType %s is an enum error in returns', (type) => {
    const pointer = '/rma/amount/amountType';
    expectExactly(returnProblems(edit(fullReturn(), pointer, type)), [p('enum', pointer)]);
  });
  it('phoneType office, home and mobile are allowed; others are enum errors', () => {
    const pointer = '/partner/0/personData/phone/0/phoneType';
    for (const t of ['office', 'home', 'mobile']) expectExactly(returnProblems(edit(fullReturn(), pointer, t)), []);
    expectExactly(returnProblems(edit(fullReturn(), pointer, 'fax')), [p('enum', pointer)]);
  });
  it('partnerType and emailType', () => {
    expectExactly(returnProblems(edit(fullReturn(), '/partner/1/partnerType', 'Payer')), [p('enum', '/partner/1/partnerType')]);
    const email = '/partner/0/personData/email/0/emailType';
    expectExactly(returnProblems(edit(fullReturn(), email, 'mail')), [p('enum', email)]);
  });
});

describe('return: formats and codes', () => {
  it('dateTimeOrder is yyyy-mm-ddThh:mm:ss +hh.mm and a real date', () => {
    const pointer = '/rma/dateTimeOrder';
    for (const good of ['2026-01-31T00:00:00 +00.00', '2024-02-29T23:59:59 -05.00']) expectExactly(returnProblems(edit(fullReturn(), pointer, good)), []);
    for (const bad of ['2026-01-31T00:00:00Z', '2026-01-31', '2026-01-31T00:00:00 +00:00', '2026-01-31T00:00:00+00.00', '2026-02-29T00:00:00 +00.00', '2026-04-31T00:00:00 +00.00', '31.01.2026']) {
      expectExactly(returnProblems(edit(fullReturn(), pointer, bad)), [p('date-format', pointer)]);
    }
  });
  it('url-format: clientReturnURL is an absolute http(s) URL', () => {
    const pointer = '/rma/clientReturnURL';
    for (const good of ['https://shop.example/returns', 'http://shop.example:8080/r?id=1#top', 'https://localhost/x']) expectExactly(returnProblems(edit(fullReturn(), pointer, good)), []);
    for (const bad of ['/returns', 'shop.example/returns', 'ftp://shop.example/r', 'javascript:alert(1)', 'https://', 'https:///path', '//shop.example/r', 'https://shop .example/']) {
      expectExactly(returnProblems(edit(fullReturn(), pointer, bad)), [p('url-format', pointer)]);
    }
    // Round 2: a blank required member is also blank-value.
    expectExactly(returnProblems(edit(fullReturn(), pointer, '')), [p('url-format', pointer), p('blank-value', pointer)]);
  });
  it('country-code: uppercase ISO 3166-1 alpha-3', () => {
    const pointer = '/partner/1/addressData/countryISO3';
    for (const bad of ['US', 'usa', 'XXX']) expectExactly(returnProblems(edit(fullReturn(), pointer, bad)), [p('country-code', pointer)]);
  });
  it('country-name: countryName must name the countryISO3 country (warning)', () => {
    const pointer = '/partner/1/addressData/countryName';
    for (const good of ['United States', 'united states of america', 'USA']) expectExactly(returnProblems(edit(fullReturn(), pointer, good)), []);
    const problems = lintReturn(edit(fullReturn(), pointer, 'Canada'));
    expect(problems.map(({ rule, path, severity }) => ({ rule, path, severity }))).toEqual([{ rule: 'country-name', path: pointer, severity: 'warn' }]);
  });
  it('state is required for US and CA returns, not for MX, AU or others', () => {
    const state = '/partner/1/addressData/state';
    const to = (iso3: string, name: string, s: Json | undefined) =>
      edits(fullReturn(), [['/partner/1/addressData/countryISO3', iso3], ['/partner/1/addressData/countryName', name], [state, s]]);
    expectExactly(returnProblems(to('USA', 'United States', undefined)), [p('state-required', state)]);
    expectExactly(returnProblems(to('CAN', 'Canada', undefined)), [p('state-required', state)]);
    expectExactly(returnProblems(to('CAN', 'Canada', 'ON')), []);
    expectExactly(returnProblems(to('MEX', 'Mexico', undefined)), []);
    expectExactly(returnProblems(to('AUS', 'Australia', undefined)), []);
    expectExactly(returnProblems(to('DEU', 'Germany', undefined)), []);
    expectExactly(returnProblems(to('USA', 'United States', 'ON')), [p('state-code', state)]);
    expectExactly(returnProblems(to('CAN', 'Canada', 'QUE')), [p('state-code', state)]);
  });
  it('locale-format, email-format, numeric-text, currency-code in returns', () => {
    const locale = '/partner/0/personData/locale';
    expectExactly(returnProblems(edit(fullReturn(), locale, 'en_US')), [p('locale-format', locale)]);
    const email = '/partner/0/personData/email/0/value';
    expectExactly(returnProblems(edit(fullReturn(), email, 'ada(at)example.com')), [p('email-format', email)]);
    const qty = '/item/0/quantity/value';
    expectExactly(returnProblems(edit(fullReturn(), qty, '-1')), [p('numeric-text', qty)]);
    const value = '/item/0/amount/0/value';
    expectExactly(returnProblems(edit(fullReturn(), value, '20,00')), [p('numeric-text', value)]);
    const currency = '/rma/amount/currencyISO3';
    const problems = returnProblems(edit(fullReturn(), currency, 'usd'));
    expect(problems.filter((x) => x.rule !== 'currency-mixed')).toEqual([p('currency-code', currency)]);
  });
});

describe('return: business rules', () => {
  it('items-present: an empty item list', () => {
    expectExactly(returnProblems(edit(fullReturn(), '/item', [])), [p('items-present', '/item')]);
  });
  it('rma-line-price: each item needs dynamic field RMALinePrice with a numeric value', () => {
    expectExactly(returnProblems(edit(fullReturn(), '/item/0/dynamicField', undefined)), [p('rma-line-price', '/item/0/dynamicField')]);
    expectExactly(returnProblems(edit(fullReturn(), '/item/0/dynamicField', [])), [p('rma-line-price', '/item/0/dynamicField')]);
    expectExactly(returnProblems(edit(fullReturn(), '/item/0/dynamicField/0/name', 'RmaLinePrice')), [p('rma-line-price', '/item/0/dynamicField')]);
    expectExactly(returnProblems(edit(fullReturn(), '/item/0/dynamicField/0/value', 'twenty')), [p('rma-line-price', '/item/0/dynamicField/0/value')]);
    expectExactly(returnProblems(edit(fullReturn(), '/item/0/dynamicField/0/value', undefined)), [p('rma-line-price', '/item/0/dynamicField/0/value')]);
    const second = edit(fullReturn(), '/item/-', { sku: 'SKU-2', quantity: { uom: 'EA', value: '1' }, amount: [] });
    expectExactly(returnProblems(second), [p('rma-line-price', '/item/1/dynamicField')]);
  });
  it('partner-roles: no role twice in a return (one partner alone is fine)', () => {
    expectExactly(returnProblems(edit(fullReturn(), '/partner/1/partnerType', 'BillTo')), [p('partner-roles', '/partner/1/partnerType')]);
    expectExactly(returnProblems(edit(fullReturn(), '/partner/1', undefined)), []);
    expectExactly(returnProblems(edit(fullReturn(), '/partner', [])), []);
  });
  it('single-phone: more than one phone in personData or companyData is a warning (only the first is mapped)', () => {
    const extra = { phoneType: 'home', value: '+1 512 555 0000' };
    const person = edit(fullReturn(), '/partner/0/personData/phone/-', extra);
    const problems = lintReturn(person);
    expect(problems.map(({ rule, severity }) => ({ rule, severity }))).toEqual([{ rule: 'single-phone', severity: 'warn' }]);
    expect(problems[0]!.path.startsWith('/partner/0/personData/phone')).toBe(true);
    const company = lintReturn(edit(fullReturn(), '/partner/0/companyData/phone/-', extra));
    expect(company.map(({ rule }) => rule)).toEqual(['single-phone']);
    expect(company[0]!.path.startsWith('/partner/0/companyData/phone')).toBe(true);
  });
  it('company-name: companyData without a name', () => {
    const pointer = '/partner/0/companyData/name';
    expectExactly(returnProblems(edit(fullReturn(), pointer, undefined)), [p('company-name', pointer)]);
    // Round 2: a blank name is present (blank-value), not missing.
    expectExactly(returnProblems(edit(fullReturn(), pointer, '')), [p('blank-value', pointer)]);
  });
  it('address-lines: at least one line, numbered 1, 2, 3..., line 1 with a value', () => {
    const address = '/partner/0/addressData/address';
    expectExactly(returnProblems(edit(fullReturn(), address, undefined)), [p('address-lines', address)]);
    expectExactly(returnProblems(edit(fullReturn(), address, [])), [p('address-lines', address)]);
    expectExactly(returnProblems(edit(fullReturn(), `${address}/0/value`, undefined)), [p('address-lines', `${address}/0/value`)]);
    expectExactly(returnProblems(edit(fullReturn(), `${address}/0/line`, '2')), [p('address-lines', `${address}/0/line`)]);
  });
  it('return-reason: the reason must be one agreed with the operator (profile.returnReasons)', () => {
    const pointer = '/rma/returnReason';
    expectExactly(returnProblems(edit(fullReturn(), pointer, 'changed-mind'), BASIC), [p('return-reason', pointer)]);
    expectExactly(returnProblems(edit(fullReturn(), pointer, 'Damaged'), BASIC), [p('return-reason', pointer)]);
    expectExactly(returnProblems(edit(fullReturn(), pointer, 'changed-mind')), []);
    expectExactly(returnProblems(edit(fullReturn(), pointer, 'changed-mind'), { client: 'ACME', clientCode: 'ACME' }), []);
  });
  it('client-name: requestHeader.client must equal profile.client', () => {
    const pointer = '/requestHeader/client';
    expectExactly(returnProblems(edit(fullReturn(), pointer, 'OTHER'), BASIC), [p('client-name', pointer)]);
    expectExactly(returnProblems(edit(fullReturn(), pointer, 'acme'), BASIC), [p('client-name', pointer)]);
    expectExactly(returnProblems(edit(fullReturn(), pointer, 'OTHER')), []);
  });
  it('currency-mixed and currency-precision in returns', () => {
    const usd = '/item/0/amount/1/currencyISO3';
    const problems = lintReturn(edit(fullReturn(), usd, 'USD'));
    expect(problems.map(({ rule, severity }) => ({ rule, severity }))).toEqual([{ rule: 'currency-mixed', severity: 'warn' }]);
    expect(problems[0]!.path).toBe(usd);
    const value = '/item/0/amount/0/value';
    expectExactly(returnProblems(edit(fullReturn(), value, '20.005')), [p('currency-precision', value)]);
  });
  it('no order rule runs on returns (netprice, item ids, totals, negative prices, key charset)', () => {
    const payload = edits(fullReturn(), [
      ['/item/0/amount', [{ currencyISO3: 'EUR', amountType: 'grossprice', value: '-23.80' }]],
      ['/requestHeader/requestReference', 'REQ R2 / #1'],
    ]);
    expectExactly(returnProblems(payload, FMS), []);
  });
});
