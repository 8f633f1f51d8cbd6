/**
 * Round 2, hostile input: lintBatch answers for anything (null, a non-iterable, an iterator
 * that throws), non-JSON objects are one type problem however large, and unknown members are
 * reported without their name in the message.
 */
import { describe, expect, it } from 'vitest';
import { lintBatch, lintOrder, lintReturn } from '../../src/lint/engine';
import { set, validOrder, validReturn } from '../fixtures';

const CR = '/clientRequest';
const pairs = (problems: readonly { rule: string; path: string }[]) => problems.map((p) => `${p.rule} ${p.path}`);

describe('lintBatch never throws for its payloads', () => {
  it.each([null, undefined, 42, true])('%j instead of an iterable is one payload that is not a JSON object', (payloads) => {
    expect(lintBatch(payloads as never, { kind: 'order', version: '1.1' }).map(pairs)).toEqual([['type ']]);
    expect(lintBatch(payloads as never, { kind: 'return' }).map(pairs)).toEqual([['type ']]);
  });

  it.each([{}, { length: 2 }, { clientRequest: {} }])('%j, an object that is not iterable, is linted as one payload', (payloads) => {
    expect(lintBatch(payloads as never, { kind: 'order', version: '1.1' })).toEqual([lintOrder(payloads, { version: '1.1' })]);
    expect(lintBatch(payloads as never, { kind: 'return' })).toEqual([lintReturn(payloads)]);
  });

  it('an iterator that throws ends the batch with a type problem where the payload would be', () => {
    function* throwing() {
      yield validOrder();
      throw new Error('the source broke');
    }
    expect(lintBatch(throwing(), { kind: 'order', version: '1.1' }).map(pairs)).toEqual([[], ['type ']]);
    const badIterator = { [Symbol.iterator]: () => ({ next: () => 5 }) };
    expect(lintBatch(badIterator as never, { kind: 'order', version: '1.1' }).map(pairs)).toEqual([['type ']]);
    const throwingGetter = Object.defineProperty({}, Symbol.iterator, { get() { throw new Error('no'); } });
    expect(lintBatch(throwingGetter as never, { kind: 'return' })).toEqual([lintReturn(throwingGetter)]);
    const hostile = new Proxy({}, { get() { throw new Error('trap'); }, getPrototypeOf() { throw new Error('trap'); } });
    expect(lintBatch(hostile as never, { kind: 'order', version: '1.2' }).map(pairs)).toEqual([['type ']]);
  });

  it('still rejects options that are a programming error', () => {
    expect(() => lintBatch([], { kind: 'x' } as never)).toThrow(TypeError);
    expect(() => lintBatch([], { kind: 'order', version: '9' } as never)).toThrow(TypeError);
  });
});

describe('non-JSON objects are one type problem at their path', () => {
  it('a Float64Array(1e6) requestHeader is one problem, quickly', () => {
    const payload = set(validOrder(), `${CR}/requestHeader`, null);
    payload.clientRequest.requestHeader = new Float64Array(1_000_000);
    expect(pairs(lintOrder(payload, { version: '1.1' }))).toEqual([`type ${CR}/requestHeader`]);
  });

  it.each([
    ['a Map', () => new Map([['a', 1]])],
    ['a Set', () => new Set([1])],
    ['a Date', () => new Date(0)],
    ['a RegExp', () => /x/],
    ['a class instance', () => new (class Order {})()],
    ['a typed array as an array member', () => new Uint8Array(3)],
  ])('%s', (_name, make) => {
    const order = validOrder();
    order.clientRequest.order = make();
    order.clientRequest.item = make();
    expect(pairs(lintOrder(order, { version: '1.1' })).sort()).toEqual([`type ${CR}/item`, `type ${CR}/order`]);
    const ret = validReturn();
    ret.rma = make();
    expect(pairs(lintReturn(ret))).toEqual(['type /rma']);
  });
});

describe('unknown-field names no member', () => {
  it('the message does not repeat a member name taken from the payload (it can be personal data)', () => {
    const name = 'Maximiliane Mustermann';
    const [problem] = lintOrder(set(validOrder(), `${CR}/order/${name}`, 1), { version: '1.1' });
    expect(problem).toMatchObject({ rule: 'unknown-field', path: `${CR}/order/${name}` });
    expect(problem!.message).not.toContain('Maximiliane');
    expect(JSON.stringify(problem!.params ?? {})).not.toContain('Maximiliane');
  });

  it('a 5 MB member name makes a short message', () => {
    const name = 'k'.repeat(5 * 1024 * 1024);
    const [problem] = lintOrder(set(validOrder(), `${CR}/order/${name}`, 1), { version: '1.1' });
    expect(problem!.rule).toBe('unknown-field');
    expect(problem!.message.length).toBeLessThan(120);
  });
});

describe('problems cannot change the engine', () => {
  it('params are frozen, with frozen copies of their lists', () => {
    const enumProblem = lintOrder(set(validOrder(), `${CR}/order/shipServiceLevel`, 'FAST'), { version: '1.1' })[0]!;
    expect(Object.isFrozen(enumProblem.params)).toBe(true);
    expect(() => (enumProblem.params!.allowed as string[]).push('FAST')).toThrow(TypeError);
    const roles = lintOrder(set(validOrder(), `${CR}/partner/1/partnerType`, 'BillTo'), { version: '1.1' }).find((p) => p.rule === 'partner-roles' && p.params?.allowed)!;
    expect(() => (roles.params!.allowed as string[]).push('Agent')).toThrow(TypeError);
    // Linting again gives the same answers.
    expect(lintOrder(set(validOrder(), `${CR}/order/shipServiceLevel`, 'FAST'), { version: '1.1' })).toEqual([enumProblem]);
  });
});
