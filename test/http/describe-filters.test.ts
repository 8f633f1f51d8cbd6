/**
 * The filters of the two GET describers: a misspelt member would list everything and say so
 * nowhere, and a country that is no ISO 3166-1 alpha-2 code would be sent as is.
 */
import { describe, expect, it } from 'vitest';
import { describeInventory } from '../../src/http/describe-inventory';
import { describeListPaymentMethods } from '../../src/http/describe-list-payment-methods';
import { describeOrderOptions } from '../../src/http/describe-order-options';
import { rejection } from './_errors';
import { CONNECTION } from './fixtures';

/** The error a describer call throws (fails the test when it does not throw). */
const thrown = async (call: () => unknown): Promise<Error> => (await rejection(Promise.resolve().then(call))) as Error;

describe('describeListPaymentMethods, describeInventory and describeOrderOptions refuse an unknown member', () => {
  it.each([
    ['countyr', () => describeListPaymentMethods({ ...CONNECTION, countyr: 'DE' } as never)],
    ['Country', () => describeListPaymentMethods({ ...CONNECTION, Country: 'DE' } as never)],
    ['paymentmethod', () => describeListPaymentMethods({ ...CONNECTION, paymentmethod: 'CreditCard' } as never)],
    ['SKU', () => describeInventory({ ...CONNECTION, SKU: 'MUG-RED' } as never)],
    ['productID', () => describeInventory({ ...CONNECTION, productID: 'MUG-RED' } as never)],
    // The options call takes no filter, and exists in v1.2 only: a version given is refused, not ignored.
    ['version', () => describeOrderOptions({ ...CONNECTION, version: '1.1' } as never)],
    ['sku', () => describeOrderOptions({ ...CONNECTION, sku: 'MUG-RED' } as never)],
  ])('%s: a RangeError naming it, never its value (as createSimulator refuses one)', async (name, call) => {
    const error = await thrown(call);
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toContain(`"${name}"`);
    expect(error.message).not.toMatch(/MUG-RED|"DE"|CreditCard/);
  });

  it('names an unknown member even when its value is undefined (a misspelt optional filter)', () => {
    expect(() => describeInventory({ ...CONNECTION, skus: undefined } as never)).toThrow(/"skus"/);
    expect(() => describeOrderOptions({ ...CONNECTION, lint: undefined } as never)).toThrow(new RangeError('options has an unknown member "lint"; it takes baseUrl, credentials.'));
  });

  it('cuts a long member name to 40 characters (as createSimulator and the profile check show it)', async () => {
    const name = 'x'.repeat(10_000);
    const error = await thrown(() => describeInventory({ ...CONNECTION, [name]: 'secret value' } as never));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toContain(`"${'x'.repeat(40)}…"`);
    expect(error.message).not.toContain('x'.repeat(41));
    expect(error.message).not.toContain('secret value');
  });

  it('still takes the documented members, with undefined and null filters left out', () => {
    expect(describeListPaymentMethods({ ...CONNECTION, country: 'DE', paymentMethod: 'CreditCard' }).url).toBe(
      'https://api.example.test/paymentmethodapi/v1/paymentMethod?country=DE&paymentMethod=CreditCard',
    );
    expect(describeListPaymentMethods({ ...CONNECTION, country: undefined }).url).toBe('https://api.example.test/paymentmethodapi/v1/paymentMethod');
    expect(describeInventory({ ...CONNECTION, sku: 'MUG-RED' }).url).toBe('https://api.example.test/productapi/v1/inventory?sku=MUG-RED');
  });
});

describe('describeListPaymentMethods takes an upper-case ISO 3166-1 alpha-2 country only', () => {
  it.each(['deu', 'DEU', 'nl', 'de', 'D', 'XK', 'ZZ', ' DE', 'DE ', 'Deutschland', '😀', 'NLD'])('%j: a RangeError naming country, never the value', async (country) => {
    const error = await thrown(() => describeListPaymentMethods({ ...CONNECTION, country }));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toContain('country');
    expect(error.message).toContain('alpha-2');
    // One message whatever the value: it cannot carry it.
    expect(error.message).toBe((await thrown(() => describeListPaymentMethods({ ...CONNECTION, country: 'Deutschland' }))).message);
  });

  it.each(['DE', 'NL', 'US', 'AT'])('%j is sent', (country) => {
    expect(describeListPaymentMethods({ ...CONNECTION, country }).url).toBe(`https://api.example.test/paymentmethodapi/v1/paymentMethod?country=${country}`);
  });

  it('keeps the refusals of a country that is no string (TypeError) or empty (RangeError)', () => {
    expect(() => describeListPaymentMethods({ ...CONNECTION, country: 49 as never })).toThrow(TypeError);
    expect(() => describeListPaymentMethods({ ...CONNECTION, country: '' })).toThrow(RangeError);
  });
});
