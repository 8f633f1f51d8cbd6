/**
 * A payload made in another realm (an iframe, `vm`, a jsdom or Electron window) is JSON data
 * like any other: lint reads its objects as plain, and so do applyFixes, the builders and
 * describeEcho. Before, lint said it was clean while applyFixes returned it unfixed and the
 * builders refused it as "not a plain object".
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { addShippingCosts, buildReturnRequest, markPaymentReview, recalculateOrderTotals } from '../../src/builders/index';
import { describeEcho } from '../../src/http/index';
import { applyFixes } from '../../src/lint/apply-fixes';
import { lintOrder } from '../../src/lint/engine';
import { change, FMS_PROFILE, validOrder } from '../fixtures';
import { CONNECTION, ECHO_REQUEST } from '../http/fixtures';
import { cartInput, JANE } from './_inputs';
import { buildOrder } from '../../src/builders/buildOrder';

/** The value as another realm's JSON.parse makes it. */
const foreign = <T>(value: T): T => runInNewContext(`JSON.parse(${JSON.stringify(JSON.stringify(value))})`) as T;

describe('payloads of another realm', () => {
  it('are what they are made of: another Object.prototype', () => {
    const order = foreign(validOrder('1.1'));
    expect(Object.getPrototypeOf(order)).not.toBe(Object.prototype);
    expect(lintOrder(order, { version: '1.1' })).toEqual([]);
  });

  it('applyFixes renames in them, as in this realm’s', () => {
    const payload = foreign(change(validOrder('1.1'), { '/clientRequest/payment/transactionID': undefined, '/clientRequest/payment/transactionId': 'TX-1' }));
    const problems = lintOrder(payload, { version: '1.1' });
    expect(problems.map((p) => p.rule)).toContain('spelling');
    const fixed = applyFixes(payload, problems);
    expect(fixed).not.toBe(payload);
    expect(lintOrder(fixed, { version: '1.1' })).toEqual([]);
  });

  it('the builders take them as JSON data', () => {
    const context = { version: '1.1' as const, profile: FMS_PROFILE };
    const order = foreign(buildOrder(cartInput('1.1', { profile: FMS_PROFILE, billTo: JANE })));
    expect(lintOrder(recalculateOrderTotals(order), context)).toEqual([]);
    expect(lintOrder(markPaymentReview(order), context)).toEqual([]);
    expect(lintOrder(addShippingCosts(order, { cost: '4.95', taxFactor: '1.19' }, context), context)).toEqual([]);
    expect(() => buildReturnRequest({ order, orderDate: '2026-03-01T10:00:00Z', returnReason: 'damaged', externalMessageReference: 'RET-1', items: [{ itemId: '1' }] } as never)).not.toThrow(/plain object/);
  });

  it('describeEcho takes one', () => {
    const request = describeEcho(foreign(ECHO_REQUEST), { ...CONNECTION });
    expect(JSON.parse(request.body!)).toEqual(ECHO_REQUEST);
  });
});
