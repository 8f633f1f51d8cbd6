import { describe, expect, it } from 'vitest';
import { lintOrder, lintReturn } from 'fulfilkit';
import { fixText, lintText, MAX_LISTED, splitPayloads } from '../../src/console/playground';
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
  it('says what the CLI says of text that is not JSON (one parseStop): the commonest slips by name, never the text', () => {
    expect(splitPayloads('{\n  "a": 1,\n}').payloads[0]).toMatchObject({ parsed: false, error: { at: 12, message: 'The input is not valid JSON: a comma stands before the closing bracket.' } });
    expect(splitPayloads("{'secret': 1}").payloads[0]).toMatchObject({ parsed: false, error: { at: 1, message: 'The input is not valid JSON: strings take double quotes, not single ones.' } });
    expect(splitPayloads('{"a": [1').payloads[0]).toMatchObject({ parsed: false, error: { at: 8, message: 'The input is not valid JSON: it ends too early.' } });
  });
  it('a broken pretty-printed document stays one payload (none of its lines is a whole object)', () => {
    expect(splitPayloads('{\n  "a": 1,\n}')).toMatchObject({ format: 'json', payloads: [{ parsed: false }] });
  });
  it('NDJSON whose first line is broken is still NDJSON (as the CLI reads stdin): the later lines are payloads', () => {
    const { format, payloads } = splitPayloads('{"broken": \n{"a":1}\r\n{"a":2}');
    expect(format).toBe('ndjson');
    expect(payloads.map((p) => [p.start, p.end, p.parsed, p.value])).toEqual([
      [0, 11, false, undefined],
      [12, 19, true, { a: 1 }],
      [21, 28, true, { a: 2 }],
    ]);
  });
  it('a top-level array: each element a payload, with its place in the text', () => {
    const text = '\ufeff[ {"a": 1},\n  [2] , "x"]';
    const { format, payloads } = splitPayloads(text);
    expect(format).toBe('array');
    expect(payloads.map((p) => text.slice(p.start, p.end))).toEqual(['{"a": 1}', '[2]', '"x"']);
    expect(payloads.map((p) => p.value)).toEqual([{ a: 1 }, [2], 'x']);
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

  it('text that is not JSON is one parse error at its first character that cannot continue JSON, and the message quotes nothing', () => {
    const text = '{\n  "secret": "Jane Doe",\n  oops\n}';
    const [problem, ...rest] = lintText(text, ORDER_11).problems;
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ problem: { rule: 'parse', severity: 'error', path: '' }, line: 3, column: 3, span: { exact: true } });
    expect(problem!.problem.message).toBe('The input is not valid JSON.');
    expect(lintText('{"a": [1', ORDER_11).problems[0]).toMatchObject({ problem: { message: 'The input is not valid JSON: it ends too early.' }, column: 9 });
  });

  it('a missing member is placed at its parent object\'s `{`, its span that object, marked not exact', () => {
    const text = '{"clientRequest": {"requestHeader": {}, "order": {}, "partner": [], "item": []}}';
    const missing = lintText(text, ORDER_11).problems.find((p) => p.problem.path === `${CR}/requestHeader/requestReference`)!;
    expect(missing).toMatchObject({ line: 1, column: 37, span: { exact: false } });
    expect(text.slice(missing.span.start, missing.span.end)).toBe('{}');
  });

  it(`lists at most ${MAX_LISTED} problems of a payload and counts the others, by severity`, () => {
    const order = validOrder();
    order.clientRequest.item = Array.from({ length: 1200 }, (_, i) => ({ ...order.clientRequest.item[0], itemId: String(i + 1), skuu: 1 }));
    const all = lintOrder(order, { version: '1.1' });
    const result = lintText(`${JSON.stringify(order)}\n${JSON.stringify(validOrder())}`, ORDER_11);
    const first = result.problems.filter((p) => p.payload === 0).map((p) => p.problem);
    expect(first).toEqual(all.slice(0, MAX_LISTED));
    const errors = all.filter((p) => p.severity === 'error').length;
    expect(result.omitted).toEqual([{ payload: 0, errors: errors - first.filter((p) => p.severity === 'error').length, warnings: expect.any(Number) }]);
    expect(result.omitted[0]!.errors + result.omitted[0]!.warnings).toBe(all.length - MAX_LISTED);
    // The totals count every problem (the second payload repeats the first's requestReference: one more error).
    expect(result.errors).toBe(errors + 1);
    expect(result.errors + result.warnings).toBe(all.length + 1);
  });

  it('a top-level array: each element linted as a payload (batch rules across them), located in its element', () => {
    const text = JSON.stringify([BROKEN, BROKEN], null, 2);
    const result = lintText(text, ORDER_11);
    expect(result.format).toBe('array');
    const spelling = result.problems.filter((p) => p.problem.rule === 'spelling');
    expect(spelling.map((p) => [p.payload, p.problem.path])).toEqual([
      [0, `${CR}/payment/transactionId`],
      [1, `${CR}/payment/transactionId`],
    ]);
    expect(spelling[1]!.span.start).toBe(text.lastIndexOf('"transactionId"'));
    expect(result.problems.some((p) => p.payload === 1 && p.problem.rule === 'duplicate-request-reference')).toBe(true);
  });
});

describe('lintText: an order of another version', () => {
  // Each line its own requestReference: no duplicate adds to a payload's errors.
  const lines = (...orders: any[]) => orders.map((o, i) => JSON.stringify(set(o, `${CR}/requestHeader/requestReference`, `R-${i}`))).join('\n');
  /** A v1.1 order with two errors that no version forgives (a name over 20 characters, an unknown country). */
  const wrong = () => change(validOrder('1.1'), { [`${CR}/partner/0/personData/firstName`]: 'A'.repeat(21), [`${CR}/partner/0/addressData/countryISO2`]: 'QQ' });

  it('names a v1.2 order linted as v1.1, its errors as linted and none as v1.2', () => {
    const result = lintText(JSON.stringify(validOrder('1.2')), ORDER_11);
    expect(result.errors).toBeGreaterThan(0);
    expect(result.otherVersion).toEqual({ payload: 0, errors: result.errors, version: '1.2', versionErrors: 0 });
  });

  it('names the payload of NDJSON and of an array: the first found, as the CLI tries them (1st, 2nd, 4th, ... order with errors)', () => {
    expect(lintText(lines(validOrder(), wrong(), validOrder('1.2'), validOrder('1.2')), ORDER_11).otherVersion).toMatchObject({ payload: 2, version: '1.2' });
    expect(lintText(`[${JSON.stringify(validOrder('1.2'))}]`, ORDER_11).otherVersion).toMatchObject({ payload: 0, version: '1.2' });
    // The third order with errors is not tried; the fourth is.
    expect(lintText(lines(wrong(), wrong(), validOrder('1.2')), ORDER_11).otherVersion).toBeUndefined();
    expect(lintText(lines(wrong(), wrong(), validOrder('1.2'), validOrder('1.2')), ORDER_11).otherVersion).toMatchObject({ payload: 3 });
  });

  it('names none for errors every version has, for a valid order, for returns, and with the right version chosen', () => {
    expect(lintText(JSON.stringify(wrong()), ORDER_11).otherVersion).toBeUndefined();
    expect(lintText(JSON.stringify(validOrder()), ORDER_11).otherVersion).toBeUndefined();
    const badReturn = lintText(JSON.stringify({ ...validReturn(), rma: 5 }), { kind: 'return', version: '1.1' });
    expect([badReturn.errors > 0, badReturn.otherVersion]).toEqual([true, undefined]);
    expect(lintText(JSON.stringify(validOrder('1.2')), { kind: 'auto', version: '1.2' }).otherVersion).toBeUndefined();
  });

  it('lints as the other version with the profile chosen', () => {
    // The FMS profile's rules apply as v1.2 too: an FMS-only error stays, so v1.2 has fewer, not none.
    const order = set(validOrder('1.2'), `${CR}/requestHeader/client`, undefined);
    const asChosen = lintText(JSON.stringify(order), { kind: 'order', version: '1.2', profile: PROFILE });
    expect(asChosen.errors).toBeGreaterThan(0);
    expect(lintText(JSON.stringify(order), { kind: 'order', version: '1.1', profile: PROFILE }).otherVersion).toMatchObject({ version: '1.2', versionErrors: asChosen.errors });
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

  it('fixes each element of a top-level array in place', () => {
    const text = JSON.stringify([BROKEN, validOrder(), BROKEN], null, 2);
    const { text: fixed, fixed: count } = fixText(text, ORDER_11);
    expect(count).toBe(2);
    expect(fixed).toBe(text.replaceAll('"transactionId"', '"transactionID"'));
  });

  it('fixes the lines after a broken first NDJSON line', () => {
    const text = `{"broken": \n${JSON.stringify(BROKEN)}`;
    expect(fixText(text, ORDER_11)).toEqual({ text: text.replace('"transactionId"', '"transactionID"'), fixed: 1 });
  });

  it('fixes each NDJSON line in place and leaves broken lines as they are', () => {
    const line = JSON.stringify(BROKEN);
    const text = `${line}\nnot json\n${line}`;
    const { text: fixed, fixed: count } = fixText(text, ORDER_11);
    expect(count).toBe(2);
    expect(fixed).toBe(text.replaceAll('"transactionId"', '"transactionID"'));
  });
});
