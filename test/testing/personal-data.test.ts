/**
 * What a failing assertion puts in a test log. fulfilkit's matchers, called on the payload,
 * print rule, severity, JSON Pointer and message, never a value of the payload, with or
 * without `.not`; vitest's `expect.schemaMatching` (and any asymmetric matcher inside
 * `toEqual`) fails with vitest's diff of the whole received value, personal data included.
 * The README says so where it recommends `schemaMatching`; this file checks both halves.
 */
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { orderValidator, returnValidator } from '../../src/testing/standard-schema';
import '../../src/testing/vitest';
import { change, PROFILE, validOrder, validReturn } from '../fixtures';

/** Personal data no test log should show: distinctive, so a match cannot be a coincidence. */
const ORDER_DATA = {
  '/clientRequest/partner/0/personData/lastName': 'Quellenberg',
  '/clientRequest/partner/0/personData/email/0/value': 'jane.quellenberg@secret-mail.example',
  '/clientRequest/partner/0/personData/phone/0/value': '+49 151 99887766',
  '/clientRequest/partner/0/addressData/address/0/value': 'Geheimweg 42',
  '/clientRequest/partner/0/addressData/city': 'Kleinwendelsheim',
};
/** A first name over the limit of 20: an error at its path, and a value of its own. */
const TOO_LONG = { '/clientRequest/partner/0/personData/firstName': 'Maximiliane-Theodora-Secret' };
const RETURN_DATA = {
  '/partner/0/personData/lastName': 'Quellenberg',
  '/partner/0/personData/email/0/value': 'jane.quellenberg@secret-mail.example',
  '/partner/0/addressData/address/0/value': 'Geheimweg 42',
  '/partner/0/addressData/city': 'Kleinwendelsheim',
};
const BAD_URL = { '/rma/clientReturnURL': 'ftp://returns.secret-shop.example/done' };
const SECRETS = [...Object.values(ORDER_DATA), ...Object.values(TOO_LONG), ...Object.values(RETURN_DATA), ...Object.values(BAD_URL)];

const goodOrder = change(validOrder('1.1'), ORDER_DATA);
const badOrder = change(goodOrder, TOO_LONG);
const goodReturn = change(validReturn(), RETURN_DATA);
const badReturn = change(goodReturn, BAD_URL);

/** The error an assertion throws. */
function thrownBy(assertion: () => void): Error & { actual?: unknown; expected?: unknown } {
  try {
    assertion();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the assertion passed');
}

/** What vitest's reporter can print of an assertion error: its message and the two values it diffs. */
function printed(error: { message: string; actual?: unknown; expected?: unknown }): string {
  return [error.message, inspect(error.actual, { depth: Infinity }), inspect(error.expected, { depth: Infinity })].join('\n');
}

describe('failing assertions and personal data', () => {
  it.each([
    ['toBeValidOrder', () => expect(badOrder).toBeValidOrder('1.1')],
    ['toBeValidOrder, strict', () => expect(change(goodOrder, { '/clientRequest/order/shipServiceLevel': 'PUO' })).toBeValidOrder('1.1', { strict: true })],
    ['.not.toBeValidOrder', () => expect(goodOrder).not.toBeValidOrder('1.1')],
    ['toHaveProblem, listing the problems found', () => expect(badOrder).toHaveProblem('enum', '/clientRequest/order/shipServiceLevel')],
    ['.not.toHaveProblem', () => expect(badOrder).not.toHaveProblem('max-length')],
    ['toBeValidReturn', () => expect(badReturn).toBeValidReturn({ profile: PROFILE })],
    ['.not.toBeValidReturn', () => expect(goodReturn).not.toBeValidReturn({ profile: PROFILE })],
  ])('%s prints no value of the payload', (_what, assertion) => {
    const error = thrownBy(assertion);
    expect(error.message).toMatch(/^expected /);
    const text = printed(error);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it.each([
    ['expect.schemaMatching(orderValidator)', badOrder, () => expect(badOrder).toEqual(expect.schemaMatching(orderValidator({ version: '1.1' })))],
    ['expect.schemaMatching(returnValidator)', badReturn, () => expect(badReturn).toEqual(expect.schemaMatching(returnValidator({ profile: PROFILE })))],
    ['expect.toBeValidOrder inside toEqual', { payload: badOrder }, () => expect({ payload: badOrder }).toEqual({ payload: expect.toBeValidOrder('1.1') })],
  ])('%s fails with vitest diff of the whole payload, personal data included', (_what, received, assertion) => {
    const error = thrownBy(assertion);
    // vitest's reporter prints `actual` against `expected` as its diff.
    expect(error.actual).toEqual(received);
    const text = printed(error);
    expect(text).toContain('jane.quellenberg@secret-mail.example');
    expect(text).toContain('Kleinwendelsheim');
  });

  it('the README warns of it where it recommends schemaMatching, and points to the matchers', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const from = readme.indexOf('\n## Standard Schema validators\n');
    const section = readme.slice(from, readme.indexOf('\n## ', from + 1));
    expect(section).toContain('expect.schemaMatching(schema)');
    expect(section).toContain('**Personal data in test logs.**');
    expect(section).toMatch(/vitest prints its own\s+diff, and that diff holds the whole received payload/);
    expect(section).toMatch(/`expect\(payload\)\.toBeValidOrder\('1\.1'\)`[^]*never a value of the payload/);
    expect(section).toContain('(#use-it-in-your-unit-tests)');
  });
});
