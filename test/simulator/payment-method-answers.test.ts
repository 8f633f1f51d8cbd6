/**
 * The payment-method interface's 404 and 500 as the simulator answers them, and what the
 * README says of them: the 404 names the filters only when some were given, and the 500 is a
 * payment-method entry, whose shape (spec: Errors) has no activityId member.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { decodeListPaymentMethods, describeListPaymentMethods, send } from '../../src/http/index';
import { PaymentMethodEntrySchema } from '../../src/schema/responses';
import { createSimulator } from '../../src/simulator/index';
import { connection } from './_kit';

describe('the payment-method 404', () => {
  it('says the client has no payment methods, and names no filter, when none was given', async () => {
    const sim = createSimulator({ paymentMethods: [] });
    const response = await send(describeListPaymentMethods(connection()), sim.fetch);
    expect(response.status).toBe(404);
    expect(v.is(PaymentMethodEntrySchema, response.body)).toBe(true);
    const body = response.body as { errorCode: string; message: { message: string; path: string; errorType: string }[] };
    expect(body.errorCode).toBe('404');
    expect(body.message).toHaveLength(1);
    expect(body.message[0]!.path).toBe('');
    expect(body.message[0]!.errorType).toBe('NotFound');
    expect(body.message[0]!.message).not.toMatch(/filter/i);
    expect(body.message[0]!.message).toMatch(/no payment methods/i);
    expect(decodeListPaymentMethods(response.status, response.body)).toMatchObject({ ok: false, error: { kind: 'not-found', code: '404' } });
  });

  it('still names the filters that found nothing', async () => {
    const sim = createSimulator({ paymentMethods: [] });
    const response = await send(describeListPaymentMethods({ ...connection(), country: 'DE' }), sim.fetch);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ message: [{ message: 'No payment methods found for the given filters.', path: 'country' }] });
  });
});

describe('the payment-method 500', () => {
  it('is a payment-method entry without an activityId member; its message names the activity id', async () => {
    const sim = createSimulator({ faults: { serverError: 1 } });
    const response = await send(describeListPaymentMethods(connection()), sim.fetch);
    expect(response.status).toBe(500);
    expect(v.is(PaymentMethodEntrySchema, response.body)).toBe(true);
    expect(response.body).not.toHaveProperty('activityId');
    expect((response.body as { message: { message: string }[] }).message[0]!.message).toMatch(/^Internal server error\. Activity id [0-9a-f-]{36}\.$/);
  });

  it('is what the README says of serverError: an activityId where the shape has one', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    const sentence = /`serverError` \(500 in the interface's shape[^)]*\)[^,;]*/.exec(readme)?.[0];
    expect(sentence).toBeDefined();
    expect(sentence).toMatch(/payment-method/);
  });
});
