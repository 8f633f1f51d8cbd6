/**
 * The console places problems where `fulfilkit lint` does: for each text of the table, the
 * playground's (rule, pointer, line, column) list equals the one `fulfilkit lint -f json`
 * prints for the same text on stdin (the CLI run in-process), payload by payload. The same
 * reading of the text too: one document, a top-level array of payloads, or NDJSON (found
 * as the CLI finds it on stdin, a broken first line included).
 */
import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/console/playground';
import { cli } from '../cli/_run';
import { change, set, validOrder, validReturn } from '../fixtures';

const CR = '/clientRequest';
/** An order with a spelling warning, a missing member (its parent object is where it is placed), a max-length error and an unknown member. */
const BROKEN = change(validOrder('1.1'), {
  [`${CR}/payment/transactionID`]: undefined,
  [`${CR}/payment/transactionId`]: 'TX-1',
  [`${CR}/partner/0/personData/firstName`]: 'x'.repeat(21),
  [`${CR}/order/shipServiceLevel`]: undefined,
  [`${CR}/order/shipServicelevel`]: 'STD',
});
const line = (value: unknown) => JSON.stringify(value);
const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const other = set(validOrder('1.1'), `${CR}/requestHeader/requestReference`, 'R-2');

const TEXTS: [name: string, text: string][] = [
  ['a pretty document', pretty(BROKEN)],
  ['a document with CRLF line ends and tabs', JSON.stringify(BROKEN, null, '\t').replaceAll('\n', '\r\n')],
  ['missing members: at their parent object', '{\n  "clientRequest": {\n    "requestHeader": {}\n  }\n}'],
  ['a return with missing members', '{"rma": {}}'],
  ['emoji before a member (UTF-16 columns)', '{"clientRequest": {"requestHeader": {"requestReference": "😀😀", "clientx": 1}}}'],
  ['a repeated member: its last occurrence', `{"clientRequest": {"requestHeader": {"requestReference": "A", "client": "ACME", "client": "${'y'.repeat(40)}"}}}`],
  ['parse: a doubled comma', '{"a": 1,, "b": 2}'],
  ['parse: a broken literal on line 3', '{\n  "clientRequest": {\n    "x": tru\n  }\n}'],
  ['parse: ends too early', '{\n  "a": [1, 2\n'],
  ['parse: a control character in a string', '{"a": "\u0001"}'],
  ['parse: text after the document', '{"a": 1} x'],
  ['parse: empty', ''],
  ['parse: blank lines only', '\n  \n'],
  ['a broken pretty document stays one document', '{\n  "a": 1,\n}'],
  ['NDJSON', [line(BROKEN), line(other), '', '{"clientRequest": {"requestHeader": ', line(validReturn()), ''].join('\n')],
  ['NDJSON whose first line is broken', ['{"broken": ', line(validOrder('1.1')), line(BROKEN)].join('\n')],
  ['NDJSON with CRLF line ends and a repeated requestReference', [line(BROKEN), line(BROKEN), ''].join('\r\n')],
  ['a top-level array of payloads', JSON.stringify([BROKEN, other, validReturn(), 5], null, 1)],
  ['a top-level array on one line, with a repeated requestReference', line([BROKEN, BROKEN])],
  ['an empty array', '[]'],
];

/** The CLI's problems of `text` on stdin, in report order. */
async function cliProblems(text: string): Promise<string[]> {
  const out = await cli(['lint', '--no-config', '-f', 'json', '--concurrency', '1'], { stdin: text });
  const report = JSON.parse(out.stdout) as { results: { problems: { rule: string; path: string; line: number; column: number }[] }[] };
  return report.results.flatMap((r) => r.problems.map((p) => `${p.rule} ${p.path} ${p.line}:${p.column}`));
}

describe('the console locates problems as fulfilkit lint does', () => {
  it.each(TEXTS)('%s', async (_name, text) => {
    const expected = await cliProblems(text);
    const found = lintText(text, { kind: 'auto', version: '1.1' }).problems.map((p) => `${p.problem.rule} ${p.problem.path} ${p.line}:${p.column}`);
    expect(found).toEqual(expected);
    if (text !== '[]') expect(found).not.toEqual([]);
  });
});
