import { describe, expect, it } from 'vitest';
import { buildOrder } from '../../src/builders/index';
import { lintOrder } from '../../src/lint/engine';
import { toBeValidOrder, toBeValidReturn, toHaveProblem } from '../../src/testing/vitest';
import { FMS_PROFILE, PROFILE, clone, set, validOrder, validReturn } from '../fixtures';
import { cartInput } from '../builders/_inputs';

const NAME_PATH = '/clientRequest/partner/0/personData/firstName';
const tooLong = () => set(validOrder('1.1'), NAME_PATH, 'Maximiliane-Theodora-Secret');

describe('toBeValidOrder', () => {
  it('passes for a payload without errors, and with .not for one with errors', () => {
    expect(validOrder('1.2')).toBeValidOrder('1.2', { profile: FMS_PROFILE });
    expect(tooLong()).not.toBeValidOrder('1.1');
  });

  it('lists every problem on failure, and never the values', () => {
    const outcome = toBeValidOrder(tooLong(), '1.1');
    expect(outcome.pass).toBe(false);
    const message = outcome.message();
    expect(message).toContain('expected the payload to be a valid v1.1 order, but it lints with 1 error:');
    expect(message).toContain(`- error max-length at ${NAME_PATH}:`);
    expect(message).not.toContain('Secret');
    expect(() => expect(tooLong()).toBeValidOrder('1.1')).toThrow(/max-length at \/clientRequest\/partner\/0\/personData\/firstName/);
  });

  it('ignores warnings unless strict', () => {
    const warned = set(validOrder('1.1'), '/clientRequest/order/shipServiceLevel', 'PUO');
    expect(warned).toBeValidOrder('1.1');
    expect(warned).not.toBeValidOrder('1.1', { strict: true });
    expect(toBeValidOrder(warned, '1.1', { strict: true }).message()).toContain('warn ambiguous-value at /clientRequest/order/shipServiceLevel');
  });

  it('passes the profile and rule levels to the engine', () => {
    const italian = set(validOrder('1.1'), '/clientRequest/partner/0/addressData/countryISO2', 'IT');
    expect(italian).toBeValidOrder('1.1', { profile: PROFILE });
    expect(italian).not.toBeValidOrder('1.1', { profile: FMS_PROFILE });
    expect(italian).toBeValidOrder('1.1', { profile: FMS_PROFILE, rules: { 'fiscal-code': 'off' } });
  });

  it('throws for an unknown version, naming it, also called directly', () => {
    expect(() => toBeValidOrder(validOrder(), '2' as never)).toThrow(new RangeError('toBeValidOrder: version must be one of "1", "1.1", "1.2".'));
  });

  it('works as an asymmetric matcher', () => {
    expect({ payload: buildOrder(cartInput('1.1')) }).toEqual({ payload: expect.toBeValidOrder('1.1') });
  });
});

describe('toBeValidReturn', () => {
  it('passes for a valid return request, fails with the problems otherwise', () => {
    expect(validReturn()).toBeValidReturn({ profile: PROFILE });
    const bad = set(validReturn(), '/rma/clientReturnURL', 'ftp://x');
    expect(bad).not.toBeValidReturn();
    expect(toBeValidReturn(bad).message()).toContain('error url-format at /rma/clientReturnURL');
  });
});

describe('toHaveProblem', () => {
  it('reads a payload that cannot be read as lint does: one type problem at the root, never its error', () => {
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const trap = new Proxy({}, { get: () => { throw new Error('the caller’s own trap'); }, has: () => { throw new Error('the caller’s own trap'); }, getOwnPropertyDescriptor: () => { throw new Error('the caller’s own trap'); }, ownKeys: () => { throw new Error('the caller’s own trap'); } });
    for (const payload of [revoked.proxy, trap]) {
      expect(payload).toHaveProblem('type', '');
      expect(payload).toHaveProblem('type', '', { version: '1.2' });
      expect(payload).toHaveProblem('type', '', { kind: 'return' });
      expect(payload).not.toHaveProblem('enum');
    }
  });

  it('reads a problem list', () => {
    const problems = lintOrder(tooLong(), { version: '1.1' });
    expect(problems).toHaveProblem('max-length', NAME_PATH);
    expect(problems).toHaveProblem('max-length');
    expect(problems).not.toHaveProblem('max-length', '/clientRequest/partner/1/personData/firstName');
    expect(problems).not.toHaveProblem('enum');
  });

  it('lints a payload itself: orders by shape or by a version given (1.1 by default), returns otherwise', () => {
    expect(tooLong()).toHaveProblem('max-length', NAME_PATH);
    const sku = set(validOrder('1.2'), '/clientRequest/item/0/sku', 'SKU 1');
    expect(sku).toHaveProblem('key-charset', '/clientRequest/item/0/sku', { version: '1.2' });
    expect(sku).not.toHaveProblem('key-charset', '/clientRequest/item/0/sku');
    expect(set(validReturn(), '/item/0/dynamicField', undefined)).toHaveProblem('rma-line-price', '/item/0/dynamicField');
    expect({ rma: {} }).toHaveProblem('required', '/requestHeader', { kind: 'return' });
    // A version says order: a payload without its wrapper is an order that lacks it.
    const unwrapped = validOrder('1.1').clientRequest;
    expect(unwrapped).toHaveProblem('wrapper', '', { version: '1.1' });
    expect(unwrapped).not.toHaveProblem('required', '/rma', { version: '1.2' });
    expect(unwrapped).toHaveProblem('required', '/rma');
    expect(clone(validOrder()).clientRequest).toHaveProblem('wrapper', '', { kind: 'order' });
  });

  it('lists the problems found when the expected one is missing', () => {
    const outcome = toHaveProblem(tooLong(), 'enum', '/clientRequest/order/shipServiceLevel');
    expect(outcome.pass).toBe(false);
    expect(outcome.message()).toContain('expected a enum problem at /clientRequest/order/shipServiceLevel, but the problems were:');
    expect(outcome.message()).toContain(`- error max-length at ${NAME_PATH}`);
    expect(toHaveProblem(validOrder(), 'enum').message()).toContain('(no problems)');
    expect(toHaveProblem(tooLong(), 'max-length', NAME_PATH).message()).toBe(`expected no max-length problem at ${NAME_PATH}, but it was reported`);
  });
});

/**
 * A wrong argument throws, naming it, with and without `.not`: returned as a failure, `.not`
 * turned it into a pass (`expect(x).not.toBeValidOrder('2.0')` passed for any x).
 */
describe('wrong arguments', () => {
  const order = validOrder('1.1');
  const problems = lintOrder(tooLong(), { version: '1.1' });
  type Case = { call: string; run: (e: any) => unknown; error: typeof TypeError | typeof RangeError; names: string };
  const CASES: Case[] = [
    { call: "toBeValidOrder('2.0')", run: (e) => e(order).toBeValidOrder('2.0'), error: RangeError, names: 'toBeValidOrder: version must be one of "1", "1.1", "1.2".' },
    { call: 'toBeValidOrder(1.1)', run: (e) => e(order).toBeValidOrder(1.1), error: TypeError, names: 'toBeValidOrder: version must be one of' },
    { call: 'toBeValidOrder()', run: (e) => e(order).toBeValidOrder(), error: TypeError, names: 'toBeValidOrder: version must be one of' },
    { call: "toBeValidOrder('1.1', 'strict')", run: (e) => e(order).toBeValidOrder('1.1', 'strict'), error: TypeError, names: 'toBeValidOrder: options must be an object.' },
    { call: 'toBeValidOrder strict: 1', run: (e) => e(order).toBeValidOrder('1.1', { strict: 1 }), error: TypeError, names: 'toBeValidOrder: options.strict must be true or false.' },
    { call: 'toBeValidOrder profle', run: (e) => e(order).toBeValidOrder('1.1', { profle: FMS_PROFILE }), error: RangeError, names: 'toBeValidOrder: options has an unknown member "profle"' },
    { call: 'toBeValidOrder profile.fms', run: (e) => e(order).toBeValidOrder('1.1', { profile: { ...PROFILE, fms: 'yes' } }), error: TypeError, names: 'toBeValidOrder: options.profile.fms must be true or false.' },
    { call: 'toBeValidOrder profile without client', run: (e) => e(order).toBeValidOrder('1.1', { profile: { clientCode: 'ACME' } }), error: TypeError, names: 'toBeValidOrder: options.profile needs a client' },
    { call: 'toBeValidOrder rules typo', run: (e) => e(order).toBeValidOrder('1.1', { rules: { 'fiscal-cod': 'off' } }), error: RangeError, names: 'toBeValidOrder: options.rules names an unknown rule "fiscal-cod".' },
    { call: 'toBeValidOrder rules level', run: (e) => e(order).toBeValidOrder('1.1', { rules: { totals: 'of' } }), error: RangeError, names: 'toBeValidOrder: options.rules.totals must be one of "off", "warn", "error".' },
    { call: 'toBeValidOrder rules array', run: (e) => e(order).toBeValidOrder('1.1', { rules: ['totals'] }), error: TypeError, names: 'toBeValidOrder: options.rules must be an object' },
    { call: 'toBeValidReturn(1)', run: (e) => e(validReturn()).toBeValidReturn(1), error: TypeError, names: 'toBeValidReturn: options must be an object.' },
    { call: 'toBeValidReturn version', run: (e) => e(validReturn()).toBeValidReturn({ version: '1.1' }), error: RangeError, names: 'toBeValidReturn: options has an unknown member "version"' },
    { call: 'toBeValidReturn profile.returnReasons', run: (e) => e(validReturn()).toBeValidReturn({ profile: { ...PROFILE, returnReasons: 'damaged' } }), error: TypeError, names: 'toBeValidReturn: options.profile.returnReasons must be' },
    { call: 'toHaveProblem()', run: (e) => e(problems).toHaveProblem(), error: TypeError, names: 'toHaveProblem: rule must be a rule id' },
    { call: 'toHaveProblem rule typo on a payload', run: (e) => e(tooLong()).toHaveProblem('max-lenght'), error: RangeError, names: 'toHaveProblem: rule names no rule of fulfilkit' },
    { call: 'toHaveProblem path 0', run: (e) => e(problems).toHaveProblem('max-length', 0), error: TypeError, names: 'toHaveProblem: path must be a JSON Pointer (a string).' },
    { call: 'toHaveProblem path without /', run: (e) => e(problems).toHaveProblem('max-length', 'clientRequest/partner/0'), error: RangeError, names: 'toHaveProblem: path must be a JSON Pointer: empty or starting with /, with ~ only in ~0 and ~1.' },
    { call: "toHaveProblem version '2.0'", run: (e) => e(tooLong()).toHaveProblem('max-length', NAME_PATH, { version: '2.0' }), error: RangeError, names: 'toHaveProblem: options.version must be one of "1", "1.1", "1.2".' },
    { call: "toHaveProblem kind 'orders'", run: (e) => e(tooLong()).toHaveProblem('max-length', NAME_PATH, { kind: 'orders' }), error: RangeError, names: 'toHaveProblem: options.kind must be one of "order", "return".' },
    { call: 'toHaveProblem strict', run: (e) => e(problems).toHaveProblem('max-length', NAME_PATH, { strict: true }), error: RangeError, names: 'toHaveProblem: options has an unknown member "strict"' },
    // parsePointer decides: RFC 6901 has no ~2 and no lone ~ (a path that can never match made .not pass).
    { call: 'toHaveProblem path /a~2b', run: (e) => e(tooLong()).toHaveProblem('required', '/clientRequest/a~2b'), error: RangeError, names: 'toHaveProblem: path must be a JSON Pointer' },
    { call: 'toHaveProblem path with a trailing ~', run: (e) => e(problems).toHaveProblem('max-length', '/clientRequest~'), error: RangeError, names: 'toHaveProblem: path must be a JSON Pointer' },
    // An empty array is a problem list too: a misspelt rule id is refused whatever the subject.
    { call: 'toHaveProblem rule typo on []', run: (e) => e([]).toHaveProblem('max-lenght'), error: RangeError, names: 'toHaveProblem: rule names no rule of fulfilkit' },
    { call: 'toHaveProblem rule typo on a problem list', run: (e) => e(problems).toHaveProblem('max-lenght', NAME_PATH), error: RangeError, names: 'toHaveProblem: rule names no rule of fulfilkit' },
    { call: "toHaveProblem version with kind 'return'", run: (e) => e(validReturn()).toHaveProblem('max-length', undefined, { kind: 'return', version: '1.2' }), error: RangeError, names: 'toHaveProblem: options.version is for orders' },
    { call: 'toBeValidOrder profile with an extra member', run: (e) => e(order).toBeValidOrder('1.1', { profile: { ...PROFILE, note: 'x' } }), error: RangeError, names: 'toBeValidOrder: options.profile has an unknown member "note"' },
  ];

  it.each(CASES)('$call throws a $error.name naming the argument, with and without .not', ({ run, error, names }) => {
    for (const e of [(v: unknown) => expect(v), (v: unknown) => expect(v).not]) {
      let thrown: unknown;
      try {
        run(e);
      } catch (caught) {
        thrown = caught;
      }
      expect(thrown).toBeInstanceOf(error);
      expect((thrown as Error).message).toContain(names);
    }
  });

  it('throws from an asymmetric matcher too, where it is compared', () => {
    expect(() => expect({ payload: order }).not.toEqual({ payload: expect.toBeValidOrder('2.0' as never) })).toThrow(RangeError);
  });

  it('takes the arguments a matcher can use: undefined members, a custom rule id in a problem list, the root path', () => {
    expect(order).toBeValidOrder('1.1', { profile: undefined, rules: { totals: 'off' }, strict: false });
    const custom = [{ rule: 'no-test-skus', severity: 'error', path: '', message: 'A test SKU.' }];
    expect(custom).toHaveProblem('no-test-skus', '');
    expect(custom).not.toHaveProblem('max-length');
    expect(tooLong()).toHaveProblem('max-length', undefined, { kind: 'order', version: '1.1', profile: PROFILE });
    expect(lintOrder(set(validOrder('1.1'), '/clientRequest/order/a~0b', 1), { version: '1.1' })).toHaveProblem('unknown-field', '/clientRequest/order/a~0b');
    expect([]).not.toHaveProblem('max-length', '/a~1b');
    expect(validReturn()).not.toHaveProblem('max-length', undefined, { kind: 'return', profile: { client: 'ACME', returnReasons: ['damaged'] } });
  });

  it('keeps the options it checked: a getter is read once, and the copy is what is linted', () => {
    let reads = 0;
    const options = {
      get profile() {
        reads++;
        return reads === 1 ? PROFILE : { ...PROFILE, client: 'OTHER' };
      },
    };
    expect(validOrder('1.1')).toBeValidOrder('1.1', options);
    expect(reads).toBe(1);
  });
});

/**
 * Member names are payload text: a failure message printed them raw, so an escape sequence
 * cleared the test log's terminal and a bidi override reordered what it showed.
 */
describe('failure messages escape controls as the CLI does', () => {
  const hostile = '\u001b[2J\u202eevil\u0085\ud800';
  const order = set(validOrder('1.1'), `/clientRequest/order/${hostile}`, 1);
  const unsafe = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/;

  it.each([
    ['toBeValidOrder strict', () => toBeValidOrder(order, '1.1', { strict: true })],
    ['.not.toHaveProblem', () => toHaveProblem(order, 'unknown-field', `/clientRequest/order/${hostile}`)],
    ['toHaveProblem', () => toHaveProblem(order, 'enum')],
  ])('%s', (_name, outcome) => {
    const message = outcome().message();
    for (const line of message.split('\n')) expect(line).not.toMatch(unsafe);
    expect(message).toContain('/clientRequest/order/\\u{1b}[2J\\u{202e}evil\\u{85}\\u{d800}');
  });
});

describe('failure messages stay short (audit: 100,000 problems made an 8 MB message)', () => {
  it('lists the first 100 problems and counts the rest', () => {
    const order = clone(validOrder('1.1')) as any;
    // 150 unknown members of the order: 150 problems, none of them an error.
    for (let i = 0; i < 150; i++) order.clientRequest.order[`extra${i}`] = 1;
    const outcome = toBeValidOrder(order, '1.1', { strict: true });
    expect(outcome.pass).toBe(false);
    const message = outcome.message();
    expect(message).toContain('lints with 150 problems');
    expect(message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(100);
    expect(message.endsWith('  … and 50 more')).toBe(true);
    expect(toHaveProblem(order, 'type', '/clientRequest/order', { version: '1.1' }).message()).toContain('… and 50 more');
  });
});
