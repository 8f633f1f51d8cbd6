/**
 * A member whose value is `undefined` is absent, for every rule: JSON cannot hold it and
 * `JSON.stringify` leaves it out, so the body sent has no such member. Schema members were
 * read so already (`shipCourier: undefined` is no problem, a required one is `required`);
 * members outside the schema were not: `{ ...order, poNumber: maybe }` with `maybe`
 * undefined was a `version-field` error in v1, `giftWrap: undefined` an `unknown-field`.
 */
import { describe, expect, it } from 'vitest';
import { lintBatch, lintOrder, lintReturn, lintWithWalk } from '../../src/lint/engine';
import type { Problem } from '../../src/lint/types';
import { ORDER_VERSIONS } from '../../src/schema/tables';
import { FMS_PROFILE, clone, validOrder, validReturn } from '../fixtures';

const key = (p: Problem) => `${p.severity} ${p.rule} ${p.path} ${p.message}`;
const CR = '/clientRequest';

/** A copy of `payload` with `key: undefined` added to the object at `pointer` (tokens, no escapes). */
function withUndefined(payload: unknown, pointer: string, member: string): any {
  const copy = clone(payload) as any;
  let object = copy;
  for (const token of pointer.split('/').slice(1)) object = object[token];
  object[member] = undefined;
  return copy;
}

/** Both walks, and lintOrder/lintReturn, give `expected`. */
function expectBoth(kind: 'order' | 'return', payload: unknown, options: object, expected: Problem[]): void {
  for (const which of ['generated', 'closures'] as const) {
    const problems = lintWithWalk(which, kind, payload, options as never);
    if (problems !== undefined) expect(problems.map(key), which).toEqual(expected.map(key));
  }
}

describe('a member whose value is undefined is absent, whatever the member', () => {
  const places = ['', CR, `${CR}/requestHeader`, `${CR}/order`, `${CR}/payment`, `${CR}/payment/cardData`, `${CR}/partner/0`, `${CR}/partner/0/personData`, `${CR}/partner/1/addressData`, `${CR}/item/1`, `${CR}/item/1/amount/0`, `${CR}/item/1/quantity`];
  const members = ['giftWrap', '', '__proto__', 'poNumber', 'customerNumber', 'dateTimes', 'transactionId', 'datetimeWantedDeliveryDate', 'fiscalId', 'Sku'];

  it.each(ORDER_VERSIONS)('in every object of a v%s order: the problems of the order without it', (version) => {
    const options = { version, profile: FMS_PROFILE };
    const order = validOrder(version);
    const expected = lintOrder(order, options);
    let checked = 0;
    for (const place of places) {
      for (const member of members) {
        const payload = withUndefined(order, place, member);
        if (!Object.prototype.propertyIsEnumerable.call(place === '' ? payload : place.split('/').slice(1).reduce((o: any, t) => o[t], payload), member)) continue;
        expectBoth('order', payload, options, expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('in a return request', () => {
    const ret = validReturn();
    const expected = lintReturn(ret, {});
    for (const place of ['', '/requestHeader', '/rma', '/rma/amount', '/partner/0/personData', '/item/0']) {
      for (const member of ['returnId', 'dateTimeSend', 'fiscalId']) expectBoth('return', withUndefined(ret, place, member), {}, expected);
    }
  });

  it('poNumber and customerNumber left undefined in v1 (a form field not filled in) are no version-field error', () => {
    const order = withUndefined(withUndefined(validOrder('1'), `${CR}/order`, 'poNumber'), `${CR}/partner/0/companyData`, 'customerNumber');
    expect(lintOrder(order, { version: '1' })).toEqual([]);
    expect(lintBatch([order], { kind: 'order', version: '1' })).toEqual([[]]);
    // With a value, each still is one.
    const given = clone(order);
    given.clientRequest.order.poNumber = 'PO-1';
    expect(lintOrder(given, { version: '1' }).map((p) => `${p.rule} ${p.path}`)).toEqual([`version-field ${CR}/order/poNumber`]);
  });

  it('an unknown member with a value is still reported (the comparison can fail)', () => {
    const order = validOrder('1.1');
    order.clientRequest.order.giftWrap = null;
    expect(lintOrder(order, { version: '1.1' }).map((p) => `${p.rule} ${p.path}`)).toEqual([`unknown-field ${CR}/order/giftWrap`]);
  });
});
