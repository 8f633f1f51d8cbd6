/**
 * Written as a user of the package would: only the public entry points (the
 * package root, `fulfilkit/arbitraries`, `fulfilkit/vitest`) are imported.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import 'fulfilkit/vitest';
import { addShippingCosts, buildOrder, buildReturnRequest, lintOrder, lintReturn, type ClientProfile } from 'fulfilkit';
import { FMS_TEST_PROFILE, invalidOrderArbitrary, orderInputArbitrary, validReturnArbitrary } from 'fulfilkit/arbitraries';

const profile: ClientProfile = { client: 'ACME', clientCode: 'ACME', returnReasons: ['damaged'] };

describe('my checkout', () => {
  it('builds the order it sends', () => {
    const payload = buildOrder({
      version: '1.2',
      profile,
      externalMessageReference: 'WEB-10001',
      currency: 'EUR',
      shipServiceLevel: 'STD',
      billTo: {
        firstName: 'Jane', lastName: 'Doe', phone: '+49 30 1234567', email: 'jane.doe@example.com',
        address: 'Hauptstrasse 1', postalCode: '10115', city: 'Berlin', country: 'DE',
      },
      lines: [{ sku: 'MUG-RED', quantity: 2, unitPrice: '10.00', taxFactor: '1.19' }],
    });
    const order = addShippingCosts(payload, { cost: '4.95' }, { version: '1.2', profile });
    expect(order).toBeValidOrder('1.2', { profile, strict: true });
    expect(lintOrder(order, { version: '1.2', profile })).toEqual([]);

    const rma = buildReturnRequest({
      order,
      orderDate: '2026-03-01T10:00:00Z',
      profile,
      externalMessageReference: 'RMA-20001',
      returnReason: 'damaged',
      clientReturnURL: 'https://shop.example/returns/done',
    });
    expect(rma).toBeValidReturn({ profile });
    expect(lintReturn(rma, { profile })).toEqual([]);
  });

  it('builds a valid order from any cart (property)', () => {
    fc.assert(
      fc.property(orderInputArbitrary('1.1', { fms: true }), (input) => {
        expect(buildOrder(input)).toBeValidOrder('1.1', { profile: FMS_TEST_PROFILE });
      }),
      { numRuns: 50 },
    );
  });

  it('catches what the operator would reject (property)', () => {
    fc.assert(
      fc.property(invalidOrderArbitrary('1.2', { profile }), ({ payload, expected }) => {
        expect(payload).not.toBeValidOrder('1.2', { profile });
        expect(lintOrder(payload, { version: '1.2', profile })).toHaveProblem(expected.rule, expected.path);
      }),
      { numRuns: 50 },
    );
  });

  it('accepts every generated return request (property)', () => {
    fc.assert(
      fc.property(validReturnArbitrary(), (payload) => {
        expect(payload).toBeValidReturn();
      }),
      { numRuns: 30 },
    );
  });
});
