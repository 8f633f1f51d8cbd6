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

  it('fails with a clear message for an unknown version', () => {
    expect(toBeValidOrder(validOrder(), '2' as never).message()).toMatch(/needs an order version/);
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
  it('reads a problem list', () => {
    const problems = lintOrder(tooLong(), { version: '1.1' });
    expect(problems).toHaveProblem('max-length', NAME_PATH);
    expect(problems).toHaveProblem('max-length');
    expect(problems).not.toHaveProblem('max-length', '/clientRequest/partner/1/personData/firstName');
    expect(problems).not.toHaveProblem('enum');
  });

  it('lints a payload itself: orders by shape (version 1.1 by default), returns otherwise', () => {
    expect(tooLong()).toHaveProblem('max-length', NAME_PATH);
    const sku = set(validOrder('1.2'), '/clientRequest/item/0/sku', 'SKU 1');
    expect(sku).toHaveProblem('key-charset', '/clientRequest/item/0/sku', { version: '1.2' });
    expect(sku).not.toHaveProblem('key-charset', '/clientRequest/item/0/sku');
    expect(set(validReturn(), '/item/0/dynamicField', undefined)).toHaveProblem('rma-line-price', '/item/0/dynamicField');
    expect({ rma: {} }).toHaveProblem('required', '/requestHeader', { kind: 'return' });
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
