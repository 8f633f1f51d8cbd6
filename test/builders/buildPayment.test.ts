import { describe, expect, it } from 'vitest';
import { buildPayment } from '../../src/builders/index';
import { CARD_PAYMENT_METHODS, PAYMENT_METHODS } from '../../src/schema/tables';
import { FMS_PROFILE, PROFILE } from './_inputs';

const card = { holder: 'Jane Doe', bin: '411111', last4digits: '1111', dateCardExpiry: '2028-12-31', dateAuthExpiry: '2026-03-08' };
const context = { version: '1.1' as const, profile: FMS_PROFILE, currency: 'EUR', amount: '119.00' };

describe('buildPayment', () => {
  it('writes paid for non-card methods, with the authorized amount', () => {
    expect(buildPayment({ method: 'PayPal', transactionID: 'PP-81-2291' }, { ...context, profile: PROFILE })).toEqual({
      paymentMethod: 'PayPal',
      transactionID: 'PP-81-2291',
      amount: [{ currencyISO3: 'EUR', amountType: 'authorized', value: '119.00' }],
      status: 'paid',
    });
  });

  it('chooses the status from the method for every method of every version', () => {
    for (const version of ['1', '1.1', '1.2'] as const) {
      for (const method of PAYMENT_METHODS[version]) {
        const isCard = CARD_PAYMENT_METHODS.includes(method);
        const payment = buildPayment({ method, card }, { ...context, version });
        expect(payment.status).toBe(isCard ? 'authorized' : 'paid');
        expect(payment.cardData !== undefined).toBe(isCard);
      }
    }
    expect(buildPayment({ method: 'Visa', captured: true, card }, context).status).toBe('captured');
    expect(() => buildPayment({ method: 'PayPal', captured: true }, context)).toThrow(/^payment\.captured applies to card payments only/);
  });

  it('writes card data only when the operator processes cards', () => {
    expect(buildPayment({ method: 'Visa', card }, context).cardData).toEqual(card);
    expect(buildPayment({ method: 'Visa', card }, { ...context, profile: PROFILE }).cardData).toBeUndefined();
    expect(buildPayment({ method: 'Visa' }, { ...context, profile: PROFILE }).status).toBe('authorized');
    expect(() => buildPayment({ method: 'Visa' }, context)).toThrow(/^payment\.card is required for card payments/);
  });

  it('checks card data without echoing it', () => {
    const bad = (member: Partial<typeof card>, pattern: RegExp) => {
      let message = '';
      try {
        buildPayment({ method: 'MasterCard', card: { ...card, ...member } }, context);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(pattern);
      for (const value of Object.values(member)) expect(message).not.toContain(String(value));
    };
    bad({ bin: '41111' }, /^payment\.card\.bin must be six digits/);
    bad({ last4digits: '11a1' }, /^payment\.card\.last4digits must be four digits/);
    bad({ holder: 'Jane Alexandra Doe-Smithington '.repeat(3) }, /^payment\.card\.holder must be at most 70/);
    bad({ dateCardExpiry: '2028-02-30' }, /^payment\.card\.dateCardExpiry must be a real date/);
    bad({ dateAuthExpiry: '08.03.2026' }, /^payment\.card\.dateAuthExpiry must be a YYYY-MM-DD date/);
  });

  it('spells Maestro as each version does', () => {
    expect(buildPayment({ method: 'Maestro', card }, { ...context, version: '1' }).paymentMethod).toBe('Meastro');
    expect(buildPayment({ method: 'Meastro', card }, { ...context, version: '1.2' }).paymentMethod).toBe('Maestro');
    expect(() => buildPayment({ method: 'Bitcoin' }, context)).toThrow(/^payment\.method must be one of/);
  });

  it('checks references and the context', () => {
    expect(() => buildPayment({ method: 'PayPal', acquireID: 'A'.repeat(41) }, context)).toThrow(/^payment\.acquireID must be at most 40/);
    expect(() => buildPayment({ method: 'PayPal' }, { ...context, amount: '1.001' })).toThrow(/^context\.amount/);
    expect(() => buildPayment({ method: 'PayPal' }, { ...context, currency: 'XXY' })).toThrow(/^context\.currency/);
  });
});
