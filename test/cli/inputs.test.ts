/**
 * Inputs: folders (recursive: *.json, *.ndjson, *.jsonl and their .gz, sorted, through links
 * without looping), quoted globs expanded by the CLI (matching without regular expressions),
 * and `--stdin-filename`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { compileGlob } from '../../src/cli/glob';
import { isPayloadFileName } from '../../src/cli/inputs';
import { set, validOrder } from '../fixtures';
import { cli, report, tempFiles } from './_run';

let refs = 0;
/** A one-line payload with one enum error, so that every file shows up in the results. */
const bad = () => JSON.stringify(set(set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', `R-${refs++}`), '/clientRequest/order/shipServiceLevel', 'EXPRESS'));

/** Writes files (creating their folders) into a fresh folder. */
function tree(files: Record<string, string | Uint8Array>): string {
  const dir = tempFiles({});
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** The files of the results, in order (a source without its `:line` or `#/index`). */
const files = (out: { stdout: string }) => [...new Set(report(out as never).results.map((r) => r.source.replace(/(:\d+|#\/\d+)$/, '')))];

describe('a folder as input', () => {
  it('lints its payload files at every depth, sorted by path, and skips the rest', async () => {
    const dir = tree({
      'corpus/b.json': bad(),
      'corpus/a/z.ndjson': bad() + '\n',
      'corpus/A.JSON': bad(),
      'corpus/a.jsonl': bad() + '\n',
      'corpus/deep/er/x.ndjson.gz': gzipSync(bad() + '\n'),
      'corpus/c.json.gz': gzipSync(bad()),
      'corpus/README.md': '# not a payload',
      'corpus/notes.txt': 'x',
      'corpus/node_modules/dep/package.json': '{}',
      'corpus/.git/config.json': '{}',
      'corpus/sub/fulfilkit.config.json': '{}',
    });
    const out = await cli(['lint', '-f', 'json', '--no-config', 'corpus'], { cwd: dir });
    expect(out.code).toBe(1);
    expect(files(out)).toEqual(['corpus/A.JSON', 'corpus/a.jsonl', 'corpus/a/z.ndjson', 'corpus/b.json', 'corpus/c.json.gz', 'corpus/deep/er/x.ndjson.gz']);
    expect(report(out).summary.payloads).toBe(6);
  });

  it('names files relative to the folder as given (".", "./x/", an absolute path)', async () => {
    const dir = tree({ 'x/o.json': bad() });
    expect(files(await cli(['lint', '-f', 'json', '.'], { cwd: join(dir, 'x') }))).toEqual(['o.json']);
    expect(files(await cli(['lint', '-f', 'json', './x/'], { cwd: dir }))).toEqual(['x/o.json']);
    expect(files(await cli(['lint', '-f', 'json', join(dir, 'x')], { cwd: dir }))).toEqual([join(dir, 'x', 'o.json')]);
  });

  it('follows links, reads each folder and file once, and ends on a link loop', async () => {
    const dir = tree({ 'c/a.json': bad(), 'c/sub/b.ndjson': bad() + '\n', 'elsewhere/e.json': bad() });
    symlinkSync(join(dir, 'c'), join(dir, 'c', 'sub', 'loop'));
    symlinkSync(join(dir, 'c', 'a.json'), join(dir, 'c', 'z-link.json'));
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'c', 'linked'));
    const out = await cli(['lint', '-f', 'json', 'c'], { cwd: dir });
    expect(files(out)).toEqual(['c/a.json', 'c/linked/e.json', 'c/sub/b.ndjson']);
    expect(report(out).summary.payloads).toBe(3);
  });

  it('reports a broken link with a payload name like a missing file (exit 2, nothing linted)', async () => {
    const dir = tree({ 'c/a.json': bad() });
    symlinkSync(join(dir, 'gone.json'), join(dir, 'c', 'b.json'));
    const out = await cli(['lint', 'c'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe('fulfilkit: Cannot read c/b.json: no such file.\n');
  });

  it.runIf(process.platform !== 'win32')('skips what is not a regular file (a FIFO would block)', async () => {
    const dir = tree({ 'c/a.json': bad() });
    execFileSync('mkfifo', [join(dir, 'c', 'pipe.ndjson')]);
    const out = await cli(['lint', '-f', 'json', 'c'], { cwd: dir });
    expect(files(out)).toEqual(['c/a.json']);
  });

  it('exits 2 on a folder without payload files', async () => {
    const dir = tree({ 'c/readme.md': 'x' });
    const out = await cli(['lint', 'c'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stderr).toBe('fulfilkit: No files to lint in the folder c (it holds no .json, .ndjson or .jsonl file, nor their .gz).\n');
  });

  it('reads a file given by name whatever its extension, and a file given twice twice (as before)', async () => {
    const dir = tree({ 'o.txt': bad() });
    const out = await cli(['lint', '-f', 'json', 'o.txt', 'o.txt'], { cwd: dir });
    expect(report(out).summary.payloads).toBe(2);
  });

  it.each([
    ['orders.json', true],
    ['orders.NDJSON', true],
    ['orders.jsonl.gz', true],
    ['orders.json.GZ', true],
    ['orders.gz', false],
    ['orders.json.bak', false],
    ['orders', false],
  ])('isPayloadFileName(%s) is %s', (name, expected) => {
    expect(isPayloadFileName(name)).toBe(expected);
  });
});

describe('a quoted glob as input', () => {
  const corpus = () => tree({ 'c/a.ndjson': bad() + '\n', 'c/b.ndjson': bad() + '\n', 'c/x.json': bad(), 'c/d/e.ndjson': bad() + '\n', 'top.json': bad() });

  it.each([
    ['c/*.ndjson', ['c/a.ndjson', 'c/b.ndjson']],
    ['c/**/*.ndjson', ['c/a.ndjson', 'c/b.ndjson', 'c/d/e.ndjson']],
    ['**/*.json', ['c/x.json', 'top.json']],
    ['c/{a,x}.*', ['c/a.ndjson', 'c/x.json']],
    ['c/[ab].ndjson', ['c/a.ndjson', 'c/b.ndjson']],
    ['c/?/*', ['c/d/e.ndjson']],
  ])('%s selects %j, sorted', async (pattern, expected) => {
    expect(files(await cli(['lint', '-f', 'json', pattern], { cwd: corpus() }))).toEqual(expected);
  });

  it('exits 2 naming a pattern that matches nothing, before anything is read', async () => {
    const out = await cli(['lint', 'top.json', 'c/*.jsonl'], { cwd: corpus() });
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe('fulfilkit: No files match the pattern "c/*.jsonl".\n');
  });

  // A trailing `/` matches folders only (README): `*/` matched the files of the top folder
  // (a .txt among them, read as a payload), `d*/` nothing, and `*.txt/` a file.
  it.each([
    ['*/', ['c/a.ndjson', 'c/b.ndjson', 'c/d/e.ndjson', 'c/x.json']],
    ['c*/', ['c/a.ndjson', 'c/b.ndjson', 'c/d/e.ndjson', 'c/x.json']],
    ['c/?/', ['c/d/e.ndjson']],
    ['**/d/', ['c/d/e.ndjson']],
  ])('%s selects folders, and reads their payload files: %j', async (pattern, expected) => {
    const dir = corpus();
    writeFileSync(join(dir, 'notes.txt'), 'not a payload');
    expect(files(await cli(['lint', '-f', 'json', pattern], { cwd: dir }))).toEqual(expected);
  });

  it.each(['*.json/', 'top*/'])('exits 2 when %s, a folder pattern, matches only files', async (pattern) => {
    const out = await cli(['lint', pattern], { cwd: corpus() });
    expect(out).toMatchObject({ code: 2, stdout: '' });
    expect(out.stderr).toBe(`fulfilkit: No folders match the pattern "${pattern}".\n`);
  });

  it('does not read a file named with a trailing slash (that names a folder): exit 2', async () => {
    const out = await cli(['lint', 'top.json/'], { cwd: corpus() });
    expect(out).toMatchObject({ code: 2, stdout: '' });
    expect(out.stderr).toBe('fulfilkit: Cannot read top.json/: not a folder.\n');
  });

  it('enters node_modules or .git only where the pattern names them, at any depth or in braces', async () => {
    const dir = tree({ 'd/node_modules/a.json': bad(), 'd/x/node_modules/b.json': bad(), 'd/.git/c.json': bad(), 'd/sub/e.json': bad() });
    const globbed = async (pattern: string) => files(await cli(['lint', '-f', 'json', '--no-config', pattern], { cwd: dir }));
    expect(await globbed('d/**/*.json')).toEqual(['d/sub/e.json']);
    expect(await globbed('d/**/node_modules/*.json')).toEqual(['d/node_modules/a.json', 'd/x/node_modules/b.json']);
    expect(await globbed('d/{node_modules,sub}/*.json')).toEqual(['d/node_modules/a.json', 'd/sub/e.json']);
    expect(await globbed('d/**/.git/*.json')).toEqual(['d/.git/c.json']);
    expect(await globbed('d/node_modules/*.json')).toEqual(['d/node_modules/a.json']);
  });

  it('takes an existing file whose name has glob characters as that file', async () => {
    const dir = tree({ 'odd[1].json': bad(), 'odd1.json': bad() });
    expect(files(await cli(['lint', '-f', 'json', 'odd[1].json'], { cwd: dir }))).toEqual(['odd[1].json']);
  });
});

describe('compileGlob', () => {
  it.each([
    ['*.json', 'a.json', true],
    ['*.json', 'd/a.json', false],
    ['**/*.json', 'a.json', true],
    ['**/*.json', 'd/e/a.json', true],
    ['d/**', 'd/e/a.json', true],
    ['d/**/a.json', 'd/a.json', true],
    ['?.json', 'ab.json', false],
    ['[!a]*', 'b.json', true],
    ['[!a]*', 'a.json', false],
    ['[a-c]x', 'bx', true],
    ['\\*.json', '*.json', true],
    ['\\*.json', 'a.json', false],
    ['{a,b/{c,d}}.json', 'b/d.json', true],
    ['{a}.json', '{a}.json', true],
    ['./x/*.json', 'x/y.json', true],
    ['*', '.hidden', true],
    ['a[', 'a[', true],
  ])('%s matches %s: %s', (pattern, path, expected) => {
    expect(compileGlob(pattern, 'test').match(path)).toBe(expected);
  });

  it('finds the literal base of a pattern', () => {
    expect(compileGlob('corpus/2026/*.ndjson', 't')).toMatchObject({ base: 'corpus/2026', deep: false, depth: 1 });
    expect(compileGlob('/data/**/x.json', 't')).toMatchObject({ base: '/data', deep: true });
    expect(compileGlob('{a,b}/x.json', 't')).toMatchObject({ base: '', depth: 2 });
  });

  it('refuses an empty pattern and one with too many alternatives', () => {
    expect(() => compileGlob(' ', 'ignores[0]')).toThrow('ignores[0] is an empty pattern.');
    expect(() => compileGlob('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}.json', 'files[0]')).toThrow('files[0] has more than 256 alternatives ({a,b}).');
  });

  it('agrees with a regular-expression oracle on *, ?, ** and literals', () => {
    // The oracle: the textbook translation (fine for a test, never run on caller input).
    const oracle = (pattern: string): RegExp => {
      const segments = pattern.split('/');
      let source = '';
      segments.forEach((s, i) => {
        const last = i === segments.length - 1;
        if (s !== '**') source += s.replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]') + (last ? '' : '/');
        else if (!last) source += '(?:[^/]*/)*';
        else source = i === 0 ? '.*' : `${source.slice(0, -1)}(?:/.*)?`;
      });
      return new RegExp(`^${source}$`);
    };
    const segment = fc.oneof(fc.stringMatching(/^[ab*?]{1,4}$/), fc.constant('**'));
    // Two `**` in a row mean one.
    const pattern = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.filter((x, i) => x !== '**' || s[i - 1] !== '**').join('/'));
    const path = fc.array(fc.stringMatching(/^[ab]{1,4}$/), { minLength: 1, maxLength: 4 }).map((s) => s.join('/'));
    fc.assert(
      fc.property(pattern, path, (p, x) => compileGlob(p, 't').match(x) === oracle(p).test(x)),
      { numRuns: 3000 },
    );
  });
});

describe('--stdin-filename', () => {
  it('names stdin in the results, and escapes it like any file name', async () => {
    const out = await cli(['lint', '-f', 'json', '--stdin-filename', 'orders.ndjson'], { stdin: bad() + '\n' + bad() + '\n' });
    expect(report(out).results.map((r) => r.source)).toEqual(['orders.ndjson:1', 'orders.ndjson:2']);
    const hostile = await cli(['lint', '--stdin-filename', 'in\u001b[31m\n::error::x.json'], { stdin: bad() });
    expect(hostile.stdout).toContain('in\\u{1b}[31m\\u{a}::error::x.json');
    expect(hostile.stdout).not.toContain('\u001b');
  });

  it('--fix on stdin prints the summary once with stylish, and a report that is one document alone on stderr', async () => {
    const spelled = JSON.stringify(validOrder('1.1')).replace('"transactionID":', '"transactionId":');
    const fixed = spelled.replace('"transactionId":', '"transactionID":') + '\n';
    const summary = '✔ No problems in 1 payload; 1 fix applied.';
    for (const format of ['stylish', 'github']) {
      const out = await cli(['lint', '--fix', '-f', format, '--stdin-filename', 'o.ndjson'], { stdin: spelled + '\n' });
      expect(out.code).toBe(0);
      expect(out.stdout).toBe(fixed);
      expect(out.stderr.split(summary).length - 1).toBe(1);
    }
    // A machine reads stderr as the report: nothing else may be there (the summary is in it).
    const other = JSON.stringify(validOrder('1.2')).replace('"transactionID":', '"transactionId":');
    for (const format of ['json', 'sarif', 'junit']) {
      const out = await cli(['lint', '--fix', '-f', format, '--max-warnings', '0', '--stdin-filename', 'o.ndjson'], { stdin: spelled + '\n' + other + '\n' });
      expect(out.stdout.split('\n').filter(Boolean)).toHaveLength(2);
      expect(out.stderr).not.toMatch(/^[✔✖] /m);
      expect(out.stderr).not.toMatch(/^fulfilkit: /m);
      if (format === 'junit') expect(XMLValidator.validate(out.stderr)).toBe(true);
      else expect(() => JSON.parse(out.stderr)).not.toThrow();
    }
  });

  it('--fix on a stdin the config ignores hands it back unchanged, and keeps the warning out of a machine report', async () => {
    const dir = tree({ 'fulfilkit.config.json': JSON.stringify({ ignores: ['drafts/**'] }) });
    // Byte for byte, with what a fix would have changed and what is no JSON at all.
    const stdin = '\uFEFF' + JSON.stringify(validOrder('1.1')).replace('"transactionID":', '"transactionId":') + '\r\nnot json\n';
    const stylish = await cli(['lint', '--fix', '--stdin-filename', 'drafts/o.ndjson'], { cwd: dir, stdin });
    expect(stylish.code).toBe(0);
    expect(stylish.stdout).toBe(stdin);
    expect(stylish.stderr).toContain('drafts/o.ndjson is ignored by fulfilkit.config.json');
    expect(stylish.stderr).toContain('No problems in 0 payloads; 0 fixes applied.');
    for (const format of ['json', 'sarif', 'junit']) {
      const out = await cli(['lint', '--fix', '-f', format, '--stdin-filename', 'drafts/o.ndjson'], { cwd: dir, stdin });
      expect(out.code).toBe(0);
      expect(out.stdout).toBe(stdin);
      expect(out.stderr).not.toContain('is ignored by');
      if (format === 'junit') expect(XMLValidator.validate(out.stderr)).toBe(true);
      else expect(() => JSON.parse(out.stderr)).not.toThrow();
    }
    // Without --fix it is not read: the report goes to stdout, with no payload.
    const lint = await cli(['lint', '-f', 'json', '--stdin-filename', 'drafts/o.ndjson'], { cwd: dir, stdin });
    expect(report(lint).summary.payloads).toBe(0);
    expect(lint.stderr).toContain('is ignored by');
  });
});
