/**
 * Public predicates and lookups given values of any type, null prototypes included (`String()`
 * throws on those): a predicate answers false, a lookup refuses with its own TypeError. Each
 * threw "Cannot convert object to primitive value" before (found by fuzzing the exports).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyFixes,
  codePointLength,
  DATE_ONLY,
  escapeToken,
  isDateInFormat,
  isHttpUrl,
  isRequestStatus,
  orderJsonSchema,
  parsePointer,
  resolvePointer,
  RULES,
  rulesMarkdownTable,
  toJsonSchema,
  toPointer,
} from '../../src/index';
import { ReturnRequestSchema } from '../../src/schema/index';
import { ORDER_VERSIONS } from '../../src/schema/tables';

const anything = fc.anything({ withNullPrototype: true, withBigInt: true, withBoxedValues: true, withMap: true, withSet: true, withDate: true });

describe('public predicates and lookups on values of any type', () => {
  it('isHttpUrl is false for anything but a string', () => {
    expect(isHttpUrl(Object.create(null) as never)).toBe(false);
    fc.assert(fc.property(anything, (value) => typeof value === 'string' || isHttpUrl(value as never) === false));
  });

  it('isRequestStatus answers for any value and any version', () => {
    expect(isRequestStatus('shipped', Object.create(null) as never)).toBe(false);
    fc.assert(fc.property(anything, anything, (value, version) => typeof isRequestStatus(value, version as never) === 'boolean'));
  });

  it('orderJsonSchema refuses anything but a version with its own TypeError', () => {
    expect(() => orderJsonSchema(Object.create(null) as never)).toThrow(new TypeError('version must be one of 1, 1.1, 1.2.'));
    fc.assert(
      fc.property(anything, (version) => {
        if (typeof version === 'string' && (ORDER_VERSIONS as readonly string[]).includes(version)) return;
        expect(() => orderJsonSchema(version as never)).toThrow(new TypeError('version must be one of 1, 1.1, 1.2.'));
      }),
    );
  });
});

/**
 * The exports that took arguments of a type TypeScript refuses and failed inside ("Cannot
 * read properties of undefined", "problems is not iterable", "Cannot convert object to
 * primitive value"): each now refuses with a TypeError naming its argument, and answers as
 * before for the arguments it is made for.
 */
describe('public helpers refuse arguments of the wrong type with their own TypeError', () => {
  const notString = anything.filter((value) => typeof value !== 'string');
  const refuses = (call: () => unknown, message: string): void => {
    expect(call).toThrow(new TypeError(message));
  };

  it('escapeToken takes a string or a number', () => {
    fc.assert(fc.property(anything.filter((v) => typeof v !== 'string' && typeof v !== 'number'), (token) => refuses(() => escapeToken(token as never), 'token must be a string or a number.')));
    expect([escapeToken('a/b~c'), escapeToken(7)]).toEqual(['a~1b~0c', '7']);
  });

  it('toPointer takes an array of strings and numbers, and names the element that is neither', () => {
    fc.assert(fc.property(anything.filter((v) => !Array.isArray(v)), (tokens) => refuses(() => toPointer(tokens as never), 'tokens must be an array of strings and numbers.')));
    refuses(() => toPointer(['item', 0, Object.create(null)] as never), 'tokens[2] must be a string or a number.');
    expect(toPointer(['clientRequest', 'item', 0, 'a/b'])).toBe('/clientRequest/item/0/a~1b');
  });

  it('parsePointer and resolvePointer take a pointer string', () => {
    fc.assert(
      fc.property(notString, (pointer) => {
        refuses(() => parsePointer(pointer as never), 'pointer must be a string.');
        refuses(() => resolvePointer({ a: 1 }, pointer as never), 'pointer must be a string.');
      }),
    );
    expect(() => parsePointer('a')).toThrow(SyntaxError);
    expect(resolvePointer({ a: [1] }, '/a/0')).toEqual({ found: true, value: 1 });
  });

  it('parsePointer refuses a ~ that is not ~0 or ~1 (RFC 6901 has no other escape)', () => {
    for (const pointer of ['/a~2b', '/a~', '/~~1', '/a/~x']) expect(() => parsePointer(pointer), pointer).toThrow(new SyntaxError('A JSON Pointer may hold "~" only in "~0" and "~1".'));
    expect(parsePointer('/a~0~1b/~01')).toEqual(['a~/b', '~1']);
    fc.assert(fc.property(fc.array(fc.string(), { maxLength: 4 }), (tokens) => {
      expect(parsePointer(toPointer(tokens))).toEqual(tokens);
    }));
  });

  it('codePointLength takes a string', () => {
    fc.assert(fc.property(notString, (value) => refuses(() => codePointLength(value as never), 'value must be a string.')));
    expect(codePointLength('a😀')).toBe(2);
  });

  it('isDateInFormat is false for anything but a string, and refuses a format that is none', () => {
    fc.assert(fc.property(notString, (value) => isDateInFormat(value as never, DATE_ONLY) === false));
    const message = 'format must be a date format such as DATE_ONLY, DATE_TIME_UTC or DATE_TIME_OFFSET.';
    fc.assert(fc.property(anything, (format) => refuses(() => isDateInFormat('2026-02-28', format as never), message)));
    expect([isDateInFormat('2026-02-28', DATE_ONLY), isDateInFormat('2026-02-30', DATE_ONLY)]).toEqual([true, false]);
  });

  it('toJsonSchema takes a valibot schema and a string title', () => {
    fc.assert(fc.property(anything, (schema) => refuses(() => toJsonSchema(schema as never), 'schema must be a valibot schema.')));
    refuses(() => toJsonSchema(ReturnRequestSchema, Object.create(null) as never), 'title must be a string.');
    expect(toJsonSchema(ReturnRequestSchema, 'returns')).toMatchObject({ title: 'returns', type: 'object' });
  });

  it('rulesMarkdownTable takes an array of rules', () => {
    fc.assert(fc.property(anything.filter((v) => !Array.isArray(v)), (rules) => refuses(() => rulesMarkdownTable(rules as never), 'rules must be an array of rules (see defineRule).')));
    const message = 'each rule must have meta with an id, kinds, a severity and messages (see defineRule).';
    fc.assert(fc.property(anything, (notRule) => refuses(() => rulesMarkdownTable([RULES[0]!, notRule] as never), message)));
    refuses(() => rulesMarkdownTable([{ ...RULES[0]!, meta: { ...RULES[0]!.meta, appliesTo: 'v1.2' } }] as never), message);
    expect(rulesMarkdownTable([]).split('\n')).toHaveLength(2);
    expect(rulesMarkdownTable(RULES).split('\n')).toHaveLength(RULES.length + 2);
  });

  it('applyFixes takes the array of problems a lint returned', () => {
    fc.assert(fc.property(anything.filter((v) => !Array.isArray(v)), anything, (problems, payload) => refuses(() => applyFixes(payload, problems as never), 'problems must be an array (the problems lintOrder or lintReturn returned).')));
    const fixed = applyFixes({ p: { a: 1 } }, [{ rule: 'spelling', severity: 'warn', path: '/p/a', message: '', fix: { kind: 'rename-member', to: 'b' } }]);
    expect(fixed).toEqual({ p: { b: 1 } });
  });
});
