/**
 * Which files a run reads when inputs overlap: every folder or glob walks its own tree (the
 * loop guard is per walk), a file that two inputs reach is read once at its first place,
 * and the config and the profiles of the run are never payloads.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { set, validOrder } from '../fixtures';
import { cli, report, tempFiles } from './_run';

let refs = 0;
/** A one-line order with its own reference and one enum error, so that every file read shows in the results. */
const order = () => JSON.stringify(set(set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', `S-${refs++}`), '/clientRequest/order/shipServiceLevel', 'EXPRESS'));

function tree(files: Record<string, string>): string {
  const dir = tempFiles({});
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** The files read, in order (a source without its `:line`), the payload count, the rules reported, stderr. */
async function run(argv: string[], cwd: string) {
  const out = await cli(['lint', '-f', 'json', ...argv], { cwd });
  if (!out.stdout.startsWith('{')) return { code: out.code, stderr: out.stderr };
  const { results, summary } = report(out);
  const files = [...new Set(results.map((r) => r.source.replace(/:\d+$/, '')))];
  // The summary line aside: warnings only.
  const stderr = out.stderr.split('\n').filter((line) => line.startsWith('fulfilkit:')).join('\n');
  return { files, payloads: summary.payloads, rules: Object.keys(summary.byRule), stderr };
}

describe('each folder or glob input walks its own tree', () => {
  const files = { 'c/a.json': order(), 'c/sub/b.ndjson': order() + '\n', 'c/sub/x.txt': order() };

  it.each([
    [['c/**/*.json', 'c/**/*.ndjson'], ['c/a.json', 'c/sub/b.ndjson']],
    [['c/**/*.json', 'c'], ['c/a.json', 'c/sub/b.ndjson']],
    [['c', 'c/**/*.txt'], ['c/a.json', 'c/sub/b.ndjson', 'c/sub/x.txt']],
    [['c/**/*.ndjson', 'c/sub/'], ['c/sub/b.ndjson']],
    [['c/*/', 'c/**/*.json'], ['c/sub/b.ndjson', 'c/a.json']],
  ])('%j reads every file each input finds, each once', async (argv, read) => {
    const dir = tree(files);
    expect(await run(['--no-config', ...argv], dir)).toEqual({ files: read, payloads: read.length, rules: ['enum'], stderr: '' });
  });
});

describe('a file that a folder or glob finds and that is also named', () => {
  it.each([
    [['corpus', 'corpus/a.json'], ['corpus/a.json', 'corpus/b.json']],
    [['corpus/a.json', 'corpus'], ['corpus/a.json', 'corpus/b.json']],
    [['corpus/b.json', 'corpus'], ['corpus/b.json', 'corpus/a.json']],
    [['corpus/*.json', './corpus/b.json'], ['corpus/a.json', 'corpus/b.json']],
    [['z.json', 'corpus/b.json', 'corpus', 'corpus/a.json'], ['z.json', 'corpus/b.json', 'corpus/a.json']],
  ])('%j reads it once, at its first place (no duplicate-request-reference)', async (argv, read) => {
    const dir = tree({ 'corpus/a.json': order(), 'corpus/b.json': order(), 'z.json': order() });
    expect(await run(['--no-config', ...argv], dir)).toEqual({ files: read, payloads: read.length, rules: ['enum'], stderr: '' });
  });
});

describe('the config and the profiles of the run are no payloads', () => {
  it('a --config of another name in a folder that is linted is left out', async () => {
    const dir = tree({ 'corpus/a.json': order(), 'corpus/lint-config.json': JSON.stringify({ rules: { totals: 'off' } }) });
    expect(await run(['--config', 'corpus/lint-config.json', 'corpus'], dir)).toEqual({ files: ['corpus/a.json'], payloads: 1, rules: ['enum'], stderr: '' });
  });

  it('so are the profile a config names (not ignored) and --profile; a named one is left out with a warning', async () => {
    const profile = JSON.stringify({ client: 'ACME', clientCode: 'ACME' });
    const dir = tree({ 'corpus/a.json': order(), 'corpus/p.json': profile, 'corpus/q.json': profile, 'fulfilkit.config.json': JSON.stringify({ profile: 'corpus/p.json' }) });
    expect(await run(['--profile', 'corpus/q.json', 'corpus'], dir)).toEqual({ files: ['corpus/a.json'], payloads: 1, rules: ['enum'], stderr: '' });
    expect(await run(['corpus/a.json', 'corpus/p.json'], dir)).toEqual({
      files: ['corpus/a.json'],
      payloads: 1,
      rules: ['enum'],
      stderr: 'fulfilkit: warning: corpus/p.json is a config or a profile of this run; it is not linted.',
    });
  });
});
