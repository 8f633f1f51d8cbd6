/**
 * Several formats in one run, Spectral's way: `-f` repeats, `--output.<format> FILE` says
 * where each goes, at most one goes to stdout. Each document is whole and holds what a run
 * of that format alone holds; the summary line is written once; an interrupted run or a
 * reader gone from stdout still closes every document.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { set, validOrder, validReturn } from '../fixtures';
import { finished, startBin, useBin, waitFor } from './_bin';
import { cli, tempFiles } from './_run';

const bin = useBin();
const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
const bad = (ref: string) => set(order(ref), '/clientRequest/order/shipServiceLevel', 'EXPRESS');
const ndjson = (...payloads: unknown[]) => payloads.map((p) => JSON.stringify(p) + '\n').join('');
const spelled = JSON.stringify(validOrder('1.1')).replace('"transactionID":', '"transactionId":');
const SUMMARY = '✖ 5 problems (4 errors, 1 warning) in 6 payloads.\n';

/** Three files: errors, a warning, a duplicate across files, a parse failure. */
function corpus(): string {
  return tempFiles({
    'a.ndjson': ndjson(order('A'), bad('B'), order('A')) + '{broken\n',
    'b.json': spelled,
    'r.json': JSON.stringify(set(validReturn(), '/rma/clientReturnURL', 'nope')),
  });
}
const FILES = ['a.ndjson', 'b.json', 'r.json'];

// What differs between two runs of the same input: the run's time.
const timeless = (xml: string) => xml.replace(/ time="[^"]*"/g, '');
const sarifResults = (text: string) => (JSON.parse(text) as { runs: { results: unknown[] }[] }).runs[0]!.results;

describe('-f json -f sarif -f junit in one run', () => {
  it('writes three whole documents holding what three separate runs write, and the summary once', async () => {
    const dir = corpus();
    const out = await cli(['lint', '-f', 'json', '-f', 'sarif', '--output.sarif', 'r.sarif', '--output.junit', 'r.xml', ...FILES], { cwd: dir });
    expect(out.code).toBe(1);
    expect(out.stderr).toBe(SUMMARY);
    expect(JSON.parse(out.stdout).summary).toEqual({
      payloads: 6,
      errors: 4,
      warnings: 1,
      byRule: { 'duplicate-request-reference': 1, enum: 1, parse: 1, spelling: 1, 'url-format': 1 },
    });
    const sarif = readFileSync(join(dir, 'r.sarif'), 'utf8');
    const junit = readFileSync(join(dir, 'r.xml'), 'utf8');
    expect(XMLValidator.validate(junit)).toBe(true);

    const alone = async (format: string) => (await cli(['lint', '-f', format, ...FILES], { cwd: dir })).stdout;
    expect(JSON.parse(out.stdout)).toEqual(JSON.parse(await alone('json')));
    expect(sarifResults(sarif)).toEqual(sarifResults(await alone('sarif')));
    expect(sarifResults(sarif)).toHaveLength(5);
    expect(timeless(junit)).toBe(timeless(await alone('junit')));
  });

  it('sends stylish to stdout (ending with the summary) and nothing more to stderr', async () => {
    const dir = corpus();
    const out = await cli(['lint', '-f', 'stylish', '--output.json', 'r.json.out', ...FILES], { cwd: dir });
    expect(out.code).toBe(1);
    expect(out.stdout.endsWith(SUMMARY)).toBe(true);
    expect(out.stderr).toBe('');
    expect(JSON.parse(readFileSync(join(dir, 'r.json.out'), 'utf8')).summary.payloads).toBe(6);
  });

  it('with every format in a file, writes only the summary line to the terminal', async () => {
    const dir = corpus();
    const out = await cli(['lint', '--output.stylish', 'r.txt', '--output.github', 'r.github', ...FILES], { cwd: dir });
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(SUMMARY);
    expect(readFileSync(join(dir, 'r.txt'), 'utf8').endsWith(SUMMARY)).toBe(true);
    expect(readFileSync(join(dir, 'r.github'), 'utf8')).toMatch(/^::error file=a\.ndjson,line=2,/m);
  });

  it.each([
    [['-f', 'json', '-f', 'sarif'], 'fulfilkit: Formats json and sarif would both go to stdout; give all but one a file with --output.<format> FILE.\n'],
    [['-f', 'json', '-f', 'sarif', '-o', 'r.txt'], 'fulfilkit: Option --output-file takes one format, not 2; give each format its file with --output.<format> FILE.\n'],
    [['--output.json', 'r.out', '--output.sarif', './r.out'], 'fulfilkit: Formats json and sarif would both be written to ./r.out; give each format its own file.\n'],
  ])('exits 2 before reading or writing anything: %j', async (argv, message) => {
    const dir = corpus();
    const out = await cli(['lint', ...argv, ...FILES], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(message);
    expect(existsSync(join(dir, 'r.out')) || existsSync(join(dir, 'r.txt'))).toBe(false);
  });
});

describe('several formats (the bin): every document is closed', () => {
  it('on Ctrl-C: the JSON on stdout, the SARIF and the JUnit files all parse and say interrupted, exit 130', async () => {
    const dir = tempFiles({});
    const child = startBin(bin(), ['lint', '-f', 'json', '--output.sarif', 'r.sarif', '--output.junit', 'r.xml', '--concurrency', '1'], { cwd: dir });
    const done = finished(child);
    child.stdin.write(ndjson(order('A'), bad('B')));
    await waitFor(child.stdout, (text) => text.includes('"source":"<stdin>:2"'));
    child.kill('SIGINT');
    const out = await done;
    expect(out.code).toBe(130);
    expect(JSON.parse(out.stdout).summary).toMatchObject({ payloads: 2, errors: 1, interrupted: true });
    expect(sarifResults(readFileSync(join(dir, 'r.sarif'), 'utf8'))).toHaveLength(1);
    const junit = readFileSync(join(dir, 'r.xml'), 'utf8');
    expect(XMLValidator.validate(junit)).toBe(true);
    expect(junit).toContain('enum');
    expect(out.stderr).toBe('✖ 1 problem (1 error, 0 warnings) in 2 payloads; interrupted before the end of the input.\n');
  });

  it('when the reader of stdout goes away (| head): exit 141, and the SARIF file is still whole', async () => {
    const lines = Array.from({ length: 4000 }, (_, i) => bad(`H-${i}`));
    const dir = tempFiles({ 'o.ndjson': ndjson(...lines) });
    const child = startBin(bin(), ['lint', '-f', 'stylish', '--output.sarif', 'r.sarif', '--concurrency', '1', 'o.ndjson'], { cwd: dir });
    const done = finished(child);
    await waitFor(child.stdout, (text) => text.length > 0);
    child.stdout.destroy();
    const out = await done;
    expect(out.code).toBe(141);
    const sarif = JSON.parse(readFileSync(join(dir, 'r.sarif'), 'utf8')) as { runs: { results: unknown[] }[] };
    expect(sarif.runs[0]!.results.length).toBeGreaterThan(0);
  });
});
