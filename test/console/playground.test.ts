import { describe, expect, it } from 'vitest';
import { lintOrder, lintReturn } from 'fulfilkit';
import { fixText, lintText, splitPayloads } from '../../src/console/playground';
import { change, PROFILE, set, validOrder, validReturn } from '../fixtures';

const CR = '/clientRequest';
/** An order with a spelling warning (fixable) and a max-length error. */
const BROKEN = change(validOrder('1.1'), {
  [`${CR}/payment/transactionID`]: undefined,
  [`${CR}/payment/transactionId`]: 'TX-1',
  [`${CR}/partner/0/personData/firstName`]: 'x'.repeat(21),
});
const ORDER_11 = { kind: 'auto', version: '1.1' } as const;
const found = (text: string, settings = ORDER_11) =>
  lintText(text, settings).problems.map((p) => ({ rule: p.problem.rule, path: p.problem.path, at: text.slice(p.span.start, p.span.end), line: p.line }));

describe('splitPayloads', () => {
  it('one JSON document, even over many lines', () => {
    expect(splitPayloads(JSON.stringify(validOrder(), null, 2))).toMatchObject({ format: 'json', payloads: [{ start: 0, parsed: true }] });
  });
  it('NDJSON: one payload a line, blank lines skipped, each with its offset', () => {
    const { format, payloads } = splitPayloads('{"a":1}\n\n{"a":2}\n');
    expect(format).toBe('ndjson');
    expect(payloads.map((p) => [p.start, p.value])).toEqual([
      [0, { a: 1 }],
      [9, { a: 2 }],
    ]);
  });
  it('a broken pretty-printed document stays one payload (its first line is not a whole object)', () => {
    expect(splitPayloads('{\n  "a": 1,\n}')).toMatchObject({ format: 'json', payloads: [{ parsed: false }] });
  });
});

describe('lintText', () => {
  it('gives the library\'s problems, each located at its member in the text', () => {
    const text = JSON.stringify(BROKEN, null, 2);
    const problems = found(text);
    expect(problems.map(({ rule, path }) => ({ rule, path }))).toEqual(lintOrder(BROKEN, { version: '1.1' }).map(({ rule, path }) => ({ rule, path })));
    expect(problems).toContainEqual({ rule: 'spelling', path: `${CR}/payment/transactionId`, at: '"transactionId": "TX-1"', line: text.split('\n').findIndex((l) => l.includes('transactionId')) + 1 });
    expect(problems).toContainEqual(expect.objectContaining({ rule: 'max-length', path: `${CR}/partner/0/personData/firstName`, at: `"firstName": "${'x'.repeat(21)}"` }));
  });

  it('NDJSON: each line linted as its own payload, with cross-payload rules, located on its line', () => {
    const text = `${JSON.stringify(validOrder())}\n${JSON.stringify(set(validOrder(), `${CR}/order/shipServiceLevel`, 'NOPE'))}\n${JSON.stringify(validOrder())}`;
    const result = lintText(text, ORDER_11);
    expect(result.format).toBe('ndjson');
    const enumProblem = result.problems.find((p) => p.problem.rule === 'enum')!;
    expect(enumProblem).toMatchObject({ payload: 1, line: 2 });
    expect(text.slice(enumProblem.span.start, enumProblem.span.end)).toBe('"shipServiceLevel":"NOPE"');
    // The same requestReference three times: the batch rule sees it.
    expect(result.problems.some((p) => p.payload === 2 && p.problem.rule !== 'enum')).toBe(true);
  });

  it('detects a return by its shape and uses the profile', () => {
    const ret = set(validReturn(), '/rma/returnReason', 'lost-in-space');
    const text = JSON.stringify(ret);
    const withProfile = lintText(text, { ...ORDER_11, profile: PROFILE }).problems.map((p) => p.problem);
    expect(withProfile).toEqual(lintReturn(ret, { profile: PROFILE }));
    expect(withProfile.map((p) => p.rule)).toContain('return-reason');
    expect(lintText(text, ORDER_11).problems.map((p) => p.problem.rule)).not.toContain('return-reason');
  });

  it('text that is not JSON is one parse error at the place JSON.parse names, and the message quotes nothing', () => {
    const text = '{\n  "secret": "Jane Doe",\n  oops\n}';
    const [problem, ...rest] = lintText(text, ORDER_11).problems;
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ problem: { rule: 'parse', severity: 'error', path: '' }, line: 3 });
    expect(problem!.problem.message).toBe('The input is not valid JSON.');
  });
});

describe('fixText', () => {
  it('renames the misspelled key only: every other character of the text stays', () => {
    const text = JSON.stringify(BROKEN, null, 3).replace('"TX-1"', '"TX-\\u0031"');
    const { text: fixed, fixed: count } = fixText(text, ORDER_11);
    expect(count).toBe(1);
    expect(fixed).toBe(text.replace('"transactionId"', '"transactionID"'));
    expect(found(fixed).map((p) => p.rule)).toEqual(['max-length']);
  });

  it('fixes each NDJSON line in place and leaves broken lines as they are', () => {
    const line = JSON.stringify(BROKEN);
    const text = `${line}\nnot json\n${line}`;
    const { text: fixed, fixed: count } = fixText(text, ORDER_11);
    expect(count).toBe(2);
    expect(fixed).toBe(text.replaceAll('"transactionId"', '"transactionID"'));
  });
});
