/**
 * Acceptance: DESIGN's rule catalogue (ids, default severities, kinds, FMS gating)
 * and a few literal edge cases of the spec not covered elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { RULES, lintOrder, lintReturn } from '../../src/index';
import { BASIC, CR, FMS, VERSIONS, edit, edits, expectExactly, fullOrder, fullReturn, orderProblems, p, returnProblems } from './_fixtures';
import { RULE_DOCS } from '../../rules/index';
import { ruleVersions } from '../../src/lint/docs';

type Applies = { sev: 'error' | 'warn'; kinds: string; fms?: true; v12?: true };
/** The catalogue, transcribed from DESIGN.md. */
const CATALOGUE: Record<string, Applies> = {
  wrapper: { sev: 'error', kinds: 'O' },
  required: { sev: 'error', kinds: 'O R' },
  type: { sev: 'error', kinds: 'O R' },
  'max-length': { sev: 'error', kinds: 'O R' },
  enum: { sev: 'error', kinds: 'O R' },
  'unknown-field': { sev: 'warn', kinds: 'O R' },
  spelling: { sev: 'warn', kinds: 'O' },
  'version-field': { sev: 'error', kinds: 'O' },
  'response-only': { sev: 'warn', kinds: 'O' },
  'ambiguous-value': { sev: 'warn', kinds: 'O' },
  'numeric-text': { sev: 'error', kinds: 'O R' },
  'currency-code': { sev: 'error', kinds: 'O R' },
  'currency-mixed': { sev: 'warn', kinds: 'O R' },
  'currency-precision': { sev: 'warn', kinds: 'O R' },
  'country-code': { sev: 'error', kinds: 'O R' },
  'country-name': { sev: 'warn', kinds: 'R' },
  'state-required': { sev: 'error', kinds: 'O R' },
  'state-code': { sev: 'error', kinds: 'O R' },
  'date-format': { sev: 'error', kinds: 'O R' },
  'key-charset': { sev: 'error', kinds: 'O', v12: true },
  'locale-format': { sev: 'error', kinds: 'O R' },
  'email-format': { sev: 'warn', kinds: 'O R' },
  'url-format': { sev: 'error', kinds: 'R' },
  'partner-roles': { sev: 'error', kinds: 'O R' },
  'address-lines': { sev: 'error', kinds: 'O R' },
  'items-present': { sev: 'error', kinds: 'O R' },
  'item-ids': { sev: 'error', kinds: 'O' },
  'netprice-required': { sev: 'error', kinds: 'O' },
  'negative-price': { sev: 'error', kinds: 'O' },
  'rma-line-price': { sev: 'error', kinds: 'R' },
  'single-phone': { sev: 'warn', kinds: 'R' },
  'company-name': { sev: 'error', kinds: 'O R' },
  'return-reason': { sev: 'error', kinds: 'R' },
  'client-name': { sev: 'error', kinds: 'O R' },
  'payment-status': { sev: 'error', kinds: 'O', fms: true },
  'card-data': { sev: 'error', kinds: 'O', fms: true },
  'shipping-cost-item': { sev: 'error', kinds: 'O' },
  'order-discount-item': { sev: 'error', kinds: 'O', fms: true },
  'weee-item': { sev: 'error', kinds: 'O', fms: true },
  'fiscal-code': { sev: 'error', kinds: 'O', fms: true },
  'payment-review': { sev: 'error', kinds: 'O', fms: true },
  'invoice-locale': { sev: 'warn', kinds: 'O', fms: true },
  totals: { sev: 'warn', kinds: 'O' },
  'duplicate-request-reference': { sev: 'error', kinds: 'O R' },
  parse: { sev: 'error', kinds: '' },
};

describe('the rule catalogue', () => {
  it('every catalogue id is registered exactly once, and nothing else is missing', () => {
    const ids = RULES.map((r) => r.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of Object.keys(CATALOGUE)) expect(ids).toContain(id);
  });
  it.each(Object.entries(CATALOGUE))('%s: severity, kinds, FMS and version gating as catalogued', (id, want) => {
    const rule = RULES.find((r) => r.meta.id === id)!;
    expect(rule.meta.severity).toBe(want.sev);
    const kinds = [...rule.meta.kinds].map((k) => (k === 'order' ? 'O' : 'R')).sort().join(' ');
    expect(kinds).toBe(want.kinds);
    expect(rule.meta.fmsOnly === true).toBe(want.fms === true);
    if (want.v12) expect(ruleVersions(rule.meta)).toEqual(['1.2']);
    expect(RULE_DOCS[id]!.description).toMatch(/^[A-Za-z].*\.$/);
    expect(RULE_DOCS[id]!.rationale.length).toBeGreaterThan(10);
  });
});

describe('literal edge cases', () => {
  it('date-time offsets go up to ±14.00, minutes up to 59', () => {
    const pointer = '/rma/dateTimeOrder';
    expectExactly(returnProblems(edit(fullReturn(), pointer, '2026-01-31T00:00:00 +14.00')), []);
    expectExactly(returnProblems(edit(fullReturn(), pointer, '2026-01-31T00:00:00 -12.00')), []);
    expectExactly(returnProblems(edit(fullReturn(), pointer, '2026-01-31T00:00:00 +05.45')), []);
    expectExactly(returnProblems(edit(fullReturn(), pointer, '2026-01-31T00:00:00 +15.00')), [p('date-format', pointer)]);
    expectExactly(returnProblems(edit(fullReturn(), pointer, '2026-01-31T00:00:00 +01.60')), [p('date-format', pointer)]);
    expectExactly(returnProblems(edit(fullReturn(), pointer, '2026-01-31T00:60:00 +01.00')), [p('date-format', pointer)]);
  });
  it('returns: MEX and AUS states are checked but not required', () => {
    const state = '/partner/1/addressData/state';
    const mex = (s: string) => edits(fullReturn(), [['/partner/1/addressData/countryISO3', 'MEX'], ['/partner/1/addressData/countryName', 'Mexico'], [state, s]]);
    expectExactly(returnProblems(mex('JAL')), []);
    expectExactly(returnProblems(mex('XXX')), [p('state-code', state)]);
  });
  it('an optional member sent as null is type (returns partner, order payment)', () => {
    expectExactly(returnProblems(edit(fullReturn(), '/partner', null)), [p('type', '/partner')]);
    expectExactly(orderProblems(edit(fullOrder('1.1'), `${CR}/payment`, null), '1.1'), [p('type', `${CR}/payment`)]);
  });
  it('an empty returnReasons list rejects every reason', () => {
    expectExactly(returnProblems(fullReturn(), { ...BASIC, returnReasons: [] }), [p('return-reason', '/rma/returnReason')]);
  });
  it('an FMS profile is still needed for FMS rules with an explicit fms: false or no fms member', () => {
    const payload = edit(fullOrder('1.1'), `${CR}/payment/status`, 'paid');
    expectExactly(orderProblems(payload, '1.1', FMS), [p('payment-status', `${CR}/payment/status`)]);
    const { fms: _fms, ...noFms } = FMS;
    expectExactly(orderProblems(payload, '1.1', noFms), []);
  });
  it('rules options switch FMS rules off like any other', () => {
    const payload = edit(fullOrder('1.1'), `${CR}/payment/status`, 'paid');
    expect(lintOrder(payload, { version: '1.1', profile: FMS, rules: { 'payment-status': 'off' } })).toEqual([]);
  });
  it.each(VERSIONS)('v%s: a requestHeader.dynamicField (response only) is still checked', (version) => {
    const pointer = `${CR}/requestHeader/dynamicField`;
    expectExactly(orderProblems(edit(fullOrder(version), pointer, [{ name: 'N'.repeat(61) }]), version), [
      p('response-only', pointer),
      p('max-length', `${pointer}/0/name`),
    ]);
  });
  it('the severity of each problem is the rule\'s severity', () => {
    const warn = lintReturn(edit(fullReturn(), '/partner/1/addressData/countryName', 'Canada'));
    expect(warn.map((x) => x.severity)).toEqual(['warn']);
  });
  it('members named like Object.prototype methods are plain unknown members', () => {
    const payload = JSON.parse(JSON.stringify(fullOrder('1.1')).replace('"order":', '"constructor":1,"toString":2,"hasOwnProperty":3,"valueOf":4,"order":'));
    expectExactly(orderProblems(payload, '1.1'), ['constructor', 'hasOwnProperty', 'toString', 'valueOf'].map((k) => p('unknown-field', `${CR}/${k}`)));
  });
  it('rules read own members only: an inherited (non-JSON) payment is not linted as if it were there', () => {
    const { payment: _payment, ...rest } = (fullOrder('1.1') as any).clientRequest;
    // Round 2: an object with another prototype is not JSON data: one type problem.
    const body = Object.assign(Object.create({ payment: { paymentMethod: 'PayPal', status: 'authorized' } }), rest);
    expectExactly(orderProblems({ clientRequest: body }, '1.1', FMS), [p('type', CR)]);
    // A member hidden on Object.prototype is not the payload's own either.
    Object.defineProperty(Object.prototype, 'payment', { value: { paymentMethod: 'PayPal', status: 'authorized' }, configurable: true });
    try {
      expectExactly(orderProblems({ clientRequest: { ...rest } }, '1.1', FMS), []);
    } finally {
      delete (Object.prototype as any).payment;
    }
  });
});

describe('round 2: null is absent, and null in an optional member is its one type problem (type first)', () => {
  it('state, company name, cardData, item amount: type only, no business-rule problem at the same path', () => {
    const state = `${CR}/partner/0/addressData/state`;
    const us = edits(fullOrder('1.1'), [[`${CR}/partner/0/addressData/countryISO2`, 'US'], [state, null]]);
    expectExactly(orderProblems(us, '1.1'), [p('type', state)]);
    const name = `${CR}/partner/0/companyData/name`;
    expectExactly(orderProblems(edit(fullOrder('1.1'), name, null), '1.1'), [p('type', name)]);
    const card = `${CR}/payment/cardData`;
    expectExactly(orderProblems(edit(fullOrder('1.1'), card, null), '1.1', FMS), [p('type', card)]);
    const amount = `${CR}/item/0/amount`;
    expectExactly(orderProblems(edit(fullOrder('1.1'), amount, null), '1.1'), [p('type', amount)]);
  });
  it('address: null is a type problem only', () => {
    const address = `${CR}/partner/0/addressData/address`;
    expectExactly(orderProblems(edit(fullOrder('1.1'), address, null), '1.1'), [p('type', address)]);
    expectExactly(returnProblems(edit(fullReturn(), '/partner/0/addressData/address', null)), [p('type', '/partner/0/addressData/address')]);
  });
  it('a null line-1 value is a type problem only', () => {
    const value = `${CR}/partner/0/addressData/address/0/value`;
    expectExactly(orderProblems(edit(fullOrder('1.1'), value, null), '1.1'), [p('type', value)]);
  });
  it('a null item dynamicField in a return is a type problem only', () => {
    const at = '/item/0/dynamicField';
    expectExactly(returnProblems(edit(fullReturn(), at, null)), [p('type', at)]);
  });
  it('null still counts as absent where the business rule reports elsewhere (fiscal-code at the dynamicField list)', () => {
    const fields = `${CR}/order/dynamicField`;
    const italy = edits(fullOrder('1.1'), [[`${CR}/partner/1/addressData/countryISO2`, 'IT'], [fields, [{ name: 'FISCAL_CODE', value: null }]]]);
    expectExactly(orderProblems(italy, '1.1', FMS), [p('type', `${fields}/0/value`), p('fiscal-code', fields)]);
  });
});
