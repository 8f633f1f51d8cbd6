import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memberSpan } from '../../src/console/member-span';
import { toPointer } from '../../src/lint/pointer';

const slice = (text: string, pointer: string) => {
  const span = memberSpan(text, pointer);
  return span && { text: text.slice(span.start, span.end), exact: span.exact };
};

describe('memberSpan', () => {
  const TEXT = '{\n  "a": {"b": [10, {"c": "x"}]},\n  "d~/e": null,\n  "a2": 1, "dup": 1, "dup": 2\n}';
  it.each([
    ['', TEXT, true],
    ['/a', '"a": {"b": [10, {"c": "x"}]}', true],
    ['/a/b', '"b": [10, {"c": "x"}]', true],
    ['/a/b/0', '10', true],
    ['/a/b/1/c', '"c": "x"', true],
    ['/d~0~1e', '"d~/e": null', true],
    ['/dup', '"dup": 2', true], // the last one, as JSON.parse keeps
    // A missing member: the value of its nearest ancestor that is there (its parent object from its `{`, as `fulfilkit lint` places it).
    ['/a/b/1/missing', '{"c": "x"}', false],
    ['/a/missing', '{"b": [10, {"c": "x"}]}', false],
    ['/a/b/5', '[10, {"c": "x"}]', false],
    ['/a/b/x', '[10, {"c": "x"}]', false],
    ['/a/b/0/deeper', '10', false],
  ])('%j selects its member', (pointer, expected, exact) => {
    expect(slice(TEXT, pointer)).toEqual({ text: expected, exact });
  });

  it('keys with escapes are matched by their value', () => {
    expect(slice('{"\\u0061": 1}', '/a')).toEqual({ text: '"\\u0061": 1', exact: true });
  });

  it('a malformed pointer gives undefined', () => {
    expect(memberSpan('{}', 'a')).toBeUndefined();
  });

  it('property: for any JSON and any member, the span is that member (key and value), in compact or indented text', () => {
    // As JSON text holds it: -0 is written 0 (fast-check's jsonValue can give -0).
    const asJson = fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    const withPaths = asJson.chain((value) => {
      const paths: (string | number)[][] = [[]];
      const walk = (v: unknown, at: (string | number)[]) => {
        if (Array.isArray(v)) v.forEach((x, i) => (paths.push([...at, i]), walk(x, [...at, i])));
        else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths.push([...at, k]), walk(x, [...at, k]);
      };
      walk(value, []);
      return fc.tuple(fc.constant(value), fc.constantFrom(...paths), fc.constantFrom(0, 2, '\t'));
    });
    fc.assert(
      fc.property(withPaths, ([value, path, indent]) => {
        const text = JSON.stringify(value, null, indent);
        const span = memberSpan(text, toPointer(path));
        expect(span?.exact).toBe(true);
        let expected: unknown = value;
        for (const token of path) expected = (expected as Record<string | number, unknown>)[token];
        const found = text.slice(span!.start, span!.end);
        const last = path[path.length - 1];
        if (typeof last === 'string') expect(JSON.parse(`{${found}}`)[last]).toEqual(expected);
        else expect(JSON.parse(found)).toEqual(expected);
      }),
    );
  });
});
