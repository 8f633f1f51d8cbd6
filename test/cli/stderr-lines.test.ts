/**
 * Every line the CLI writes to stderr goes through one helper that escapes controls: a file
 * name (or any text from outside) in a message printed mid-run, by `lint` itself or by
 * `openapi -o`, cannot drive the terminal, forge a line or reorder text.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { writeLine } from '../../src/cli/escape';
import { set, validOrder } from '../fixtures';
import { cli, tempFiles } from './_run';

// ESC (a colour), CR and LF (a forged line), U+202E (text shown reversed).
const HOSTILE = 'x\u001b[31mRED\u001b[0m\r\nfulfilkit: forged \u202eRTL';
const ESCAPED = 'x\\u{1b}[31mRED\\u{1b}[0m\\u{d}\\u{a}fulfilkit: forged \\u{202e}RTL';
// What must never reach stderr raw: C0 (but the newline ending a line), DEL, C1, U+2028/2029, bidi controls.
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
const spelled = (ref: string) => JSON.stringify(order(ref)).replace('"transactionID":', '"transactionId":');

/** Each line of stderr: none holds a raw control. */
function lines(stderr: string): string[] {
  expect(stderr.endsWith('\n')).toBe(true);
  const all = stderr.slice(0, -1).split('\n');
  for (const line of all) expect(line).not.toMatch(RAW_CONTROL);
  return all;
}

describe('writeLine', () => {
  it('writes one line, its controls escaped, and changes nothing when written twice', () => {
    let written = '';
    const sink = { write: (text: string) => (written += text) };
    writeLine(sink, `fulfilkit: Cannot read ${HOSTILE}.`);
    expect(written).toBe(`fulfilkit: Cannot read ${ESCAPED}.\n`);
    written = '';
    writeLine(sink, `fulfilkit: Cannot read ${ESCAPED}.`);
    expect(written).toBe(`fulfilkit: Cannot read ${ESCAPED}.\n`);
  });
});

describe('messages printed mid-run name files escaped', () => {
  it('a truncated .gz: one line naming the file, escaped, after the summary', async () => {
    const name = `${HOSTILE}.ndjson.gz`;
    const dir = tempFiles({});
    writeFileSync(join(dir, name), gzipSync(spelled('A') + '\n').subarray(0, 60));
    const out = await cli(['lint', '--no-config', '-o', '/dev/null', '--', name], { cwd: dir });
    expect(out.code).toBe(2);
    expect(lines(out.stderr)).toEqual(['✔ No problems in 0 payloads; incomplete (1 fault).', `fulfilkit: Cannot read ${ESCAPED}.ndjson.gz: the gzip data ends early.`]);
  });

  it('--fix that cannot create its file beside the input: one line naming the file, escaped', async () => {
    const name = `${HOSTILE}.ndjson`;
    const dir = tempFiles({});
    writeFileSync(join(dir, name), spelled('A') + '\n');
    // In-process: the run's temporary name holds this process's id; a folder takes it.
    mkdirSync(join(dir, `.${name}.fulfilkit-fix-${process.pid}.tmp`));
    const out = await cli(['lint', '--no-config', '--fix', '--', name], { cwd: dir });
    expect(out.code).toBe(2);
    const [line, ...rest] = lines(out.stderr);
    expect(rest).toEqual([]);
    expect(line).toMatch(/^fulfilkit: Cannot fix (.*): cannot create a file beside it \(.+\)\.$/);
    expect(line).toContain(`Cannot fix ${ESCAPED}.ndjson: `);
  });

  it('openapi -o into a missing folder: one line naming the file, escaped', async () => {
    const dir = tempFiles({});
    const out = await cli(['openapi', '-o', `${HOSTILE}/none.json`], { cwd: dir });
    expect(out.code).toBe(2);
    expect(lines(out.stderr)).toEqual([`fulfilkit: cannot write ${ESCAPED}/none.json: no such file.`]);
  });
});
