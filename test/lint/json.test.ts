import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlankText, isNumberText, isPlainObject, jsonTypeOf } from '../../src/lint/json';

describe('isNumberText', () => {
  it('is String(n) === text, without building the string', () => {
    const text = fc.oneof(fc.nat(100_000).map(String), fc.string({ unit: fc.constantFrom('0', '1', '2', '9', ' ', '-', '.') }));
    fc.assert(fc.property(fc.nat(100_000), text, (n, t) => {
      expect(isNumberText(t, n)).toBe(t === String(n));
    }), { numRuns: 5000 });
    for (const n of [0, 1, 9, 10, 99, 100, 101, 500]) expect(isNumberText(String(n), n)).toBe(true);
    for (const [t, n] of [['01', 1], ['', 0], ['00', 0], ['1 ', 1], ['+1', 1], ['10', 1]] as const) expect(isNumberText(t, n)).toBe(false);
  });
});

describe('isBlankText', () => {
  it('is trim() === "" for any text, no-break and other Unicode spaces included', () => {
    const unit = fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '\ufeff', 'a', 'é', '1');
    fc.assert(fc.property(fc.string({ unit, maxLength: 6 }), (s) => {
      expect(isBlankText(s)).toBe(s.trim() === '');
    }), { numRuns: 3000 });
  });
});

describe('plain JSON objects', () => {
  it('are objects from literals, JSON.parse and Object.create(null); not arrays, Maps, Dates, typed arrays or class instances', () => {
    expect([{}, JSON.parse('{"a":1}'), Object.create(null)].map(isPlainObject)).toEqual([true, true, true]);
    expect([[], new Map(), new Date(0), new Float64Array(1), new (class X {})(), null, 'x', /x/].map(isPlainObject)).toEqual(Array(8).fill(false));
    expect([new Map(), [], 'x', 1, Infinity, null, {}].map(jsonTypeOf)).toEqual(['a non-JSON object', 'an array', 'a string', 'a number', 'a number that is not finite', 'null', 'an object']);
  });
});
