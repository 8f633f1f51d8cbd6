/**
 * Builder inputs shared by the builder tests: a small cart, parties, and the
 * profiles of test/fixtures.ts.
 */
import type { OrderInput, PartyInput } from '../../src/builders/index';
import type { OrderVersion } from '../../src/schema/tables';
import { FMS_PROFILE, PROFILE } from '../fixtures';

export { FMS_PROFILE, PROFILE };

/** A BillTo party in Germany with every contact member. */
export const JANE: PartyInput = {
  firstName: 'Jane',
  lastName: 'Doe',
  phone: '+49 30 1234567',
  email: 'jane.doe@example.com',
  locale: 'de-DE',
  address: 'Hauptstrasse 1',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
};

/** A ShipTo party in the US (state required). */
export const JOHN_US: PartyInput = {
  firstName: 'John',
  lastName: 'Doe',
  address: '1600 Pennsylvania Avenue NW',
  postalCode: '20500',
  city: 'Washington',
  state: 'DC',
  country: 'US',
};

/** The README's cart: two mugs at 10.00 net (19 %) and a tea at 4.20 net (7 %). */
export function cartInput<V extends OrderVersion = '1.1'>(version: V = '1.1' as V, overrides: Partial<OrderInput<V>> = {}): OrderInput<V> {
  return {
    version,
    profile: PROFILE,
    externalMessageReference: 'WEB-10001',
    currency: 'EUR',
    shipServiceLevel: 'STD',
    billTo: JANE,
    lines: [
      { sku: 'MUG-RED', quantity: 2, unitPrice: '10.00', taxFactor: '1.19', taxLevel: 'HIGH' },
      { sku: 'TEA-GREEN', quantity: 1, unitPrice: '4.20', taxFactor: '1.07', taxLevel: 'LOW' },
    ],
    ...overrides,
  };
}

/** Freezes a value and everything in it, so any write throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** Amount values of a holder by amountType. */
export function amounts(holder: { amount?: { amountType: string; value: string }[] }): Record<string, string> {
  return Object.fromEntries((holder.amount ?? []).map((a) => [a.amountType, a.value]));
}
