/**
 * fulfilkit.config.json, ESLint's way: each file's nearest, from its folder upward (or --config
 * for all; --no-config ignores them); version, kind, profile, rules for every file, `ignores`, and
 * `overrides` by glob (later ones win); the command line wins over the file; globs are
 * relative to the file's folder; a bad config exits 2 naming the member, before anything is
 * linted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FMS_PROFILE, set, validOrder, validReturn } from '../fixtures';
import { runBin, useBin } from './_bin';
import { ROOT, cli, report } from './_run';
import { scratchDir } from '../_scratch';

const bin = useBin();
const order = (version: '1' | '1.1' | '1.2', ref: string) => set(validOrder(version), '/clientRequest/requestHeader/requestReference', ref);
const other = (ref: string) => set(order('1.1', ref), '/clientRequest/requestHeader/client', 'SOMEONE');
const rulesOf = (out: { stdout: string }) => report(out as never).results.map((r) => `${r.source} ${r.problems.map((p) => p.rule).join(',')}`);

/** A fresh folder holding these files (folders created), JSON values written as JSON. */
function tree(files: Record<string, unknown>): string {
  const dir = scratchDir('fulfilkit-config-');
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

/** v1.2 and v1.1 orders (each clean only as its own version: the date-times differ); a config that says so. */
const VERSIONS = {
  'new.json': order('1.2', 'A'),
  'old/b.json': order('1.1', 'B'),
  'old/c.ndjson': JSON.stringify(order('1.1', 'C')) + '\n',
  'old/v1/d.json': order('1', 'D'),
  'fulfilkit.config.json': { version: '1.2', overrides: [{ files: ['old/**'], version: '1.1' }, { files: ['old/v1/*.json'], version: '1' }] },
};

describe('finding the config', () => {
  it('is found in the working folder and lints each file with its own version', async () => {
    const dir = tree(VERSIONS);
    const out = await cli(['lint', '-f', 'json', '.'], { cwd: dir });
    expect(rulesOf(out)).toEqual([]);
    expect(report(out).summary.payloads).toBe(4);
    expect(out.code).toBe(0);
    // Without the config every order is linted as 1.1: the v1.2 order has errors.
    const bare = await cli(['lint', '-f', 'json', '--no-config', '.'], { cwd: dir });
    expect(bare.code).toBe(1);
    expect(report(bare).results.map((r) => r.source)).toEqual(['new.json']);
    // The command line wins over the file: every order as 1.2.
    const flag = await cli(['lint', '-f', 'json', '--api-version', '1.2', '.'], { cwd: dir });
    expect(report(flag).results.map((r) => r.source)).toEqual(['old/b.json', 'old/c.ndjson:1', 'old/v1/d.json']);
  });

  it('is found from a folder below it, its globs still relative to its own folder', async () => {
    const dir = tree(VERSIONS);
    expect((await cli(['lint', 'b.json', 'c.ndjson', '../new.json'], { cwd: join(dir, 'old') })).code).toBe(0);
  });

  it('is given with --config, relative to the working folder', async () => {
    const dir = tree({ ...VERSIONS, 'fulfilkit.config.json': '{}', 'conf/x.json': { version: '1.2' } });
    expect((await cli(['lint', 'new.json'], { cwd: dir })).code).toBe(1);
    expect((await cli(['lint', '--config', 'conf/x.json', 'new.json'], { cwd: dir })).code).toBe(0);
  });

  it('names an unreadable --config', async () => {
    const out = await cli(['lint', '--config', 'nope.json', 'b.json'], { cwd: tree(VERSIONS) });
    expect(out.code).toBe(2);
    expect(out.stderr).toBe('fulfilkit: Cannot read the config nope.json: no such file.\n');
  });
});

describe('what the config sets', () => {
  it('the command line wins: --api-version over version, --rule over rules, --kind over kind, --profile over profile', async () => {
    const dir = tree({
      'o.json': set(other('A'), '/clientRequest/order/shipServiceLevel', 'EXPRESS'),
      'p.json': { client: 'SOMEONE', clientCode: 'S' },
      'fulfilkit.config.json': { version: '1.2', kind: 'return', rules: { enum: 'warn' }, profile: { client: 'ACME', clientCode: 'ACME' } },
    });
    // As the config says: a return (so: rma missing ...), enum a warning.
    const asConfig = report(await cli(['lint', '-f', 'json', 'o.json'], { cwd: dir }));
    expect(asConfig.results[0]!.kind).toBe('return');
    const flags = await cli(['lint', '-f', 'json', '--kind', 'order', '--api-version', '1.1', '--rule', 'enum=off', '--profile', 'p.json', 'o.json'], { cwd: dir });
    expect(rulesOf(flags)).toEqual([]);
    const profiled = await cli(['lint', '-f', 'json', '--kind', 'order', '--api-version', '1.1', 'o.json'], { cwd: dir });
    // The config's profile (client ACME) and rules (enum a warning).
    expect(report(profiled).results[0]!.problems.map((p) => `${p.rule} ${p.severity}`)).toEqual(['client-name error', 'enum warn']);
  });

  it('later overrides win; rules merge by id', async () => {
    const dir = tree({
      'o.json': set(order('1.1', 'A'), '/clientRequest/order/shipServiceLevel', 'EXPRESS'),
      'fulfilkit.config.json': {
        rules: { enum: 'off', required: 'warn' },
        overrides: [
          { files: ['*.json'], rules: { enum: 'error' } },
          { files: ['o.*'], rules: { enum: 'warn' } },
        ],
      },
    });
    const out = await cli(['lint', '-f', 'json', 'o.json'], { cwd: dir });
    expect(report(out).results[0]!.problems.map((p) => `${p.rule} ${p.severity}`)).toEqual(['enum warn']);
    expect(out.code).toBe(0);
  });

  it('a profile is a path relative to the config, or an object; an override can change it', async () => {
    const dir = tree({
      'shop/a.json': other('A'),
      'shop/other/b.json': other('B'),
      'conf/fms.json': FMS_PROFILE,
      'fulfilkit.config.json': { profile: 'conf/fms.json', overrides: [{ files: ['shop/other/**'], profile: { client: 'SOMEONE', clientCode: 'S' } }] },
    });
    const out = await cli(['lint', '-f', 'json', '--rule', 'payment-status=off', '--rule', 'card-data=off', '--rule', 'invoice-locale=off', 'a.json', 'other/b.json'], { cwd: join(dir, 'shop') });
    expect(rulesOf(out)).toEqual(['a.json client-name']);
  });

  it('options for stdin come from the overrides that match --stdin-filename', async () => {
    const dir = tree(VERSIONS);
    const stdin = JSON.stringify(order('1.1', 'S'));
    expect((await cli(['lint', '--stdin-filename', 'old/in.json'], { cwd: dir, stdin })).code).toBe(0);
    expect((await cli(['lint'], { cwd: dir, stdin })).code).toBe(1);
  });

  it('a batch rule turned off for some files still sees their references: a later file with it on reports the repeat', async () => {
    const dir = tree({
      'a.ndjson': [order('1.1', 'R'), order('1.1', 'R')].map((o) => JSON.stringify(o)).join('\n') + '\n',
      'b.json': order('1.1', 'R'),
      'fulfilkit.config.json': { overrides: [{ files: ['a.ndjson'], rules: { 'duplicate-request-reference': 'off' } }] },
    });
    expect(rulesOf(await cli(['lint', '-f', 'json', 'a.ndjson', 'b.json'], { cwd: dir }))).toEqual(['b.json duplicate-request-reference']);
  });

  it('applies per-file options in worker threads too (the bin, --concurrency 2)', async () => {
    const big = Array.from({ length: 400 }, (_, i) => JSON.stringify(order('1.1', `C-${i}`))).join('\n') + '\n';
    const dir = tree({ ...VERSIONS, 'old/c.ndjson': big });
    const out = await runBin(bin(), ['lint', '-f', 'json', '--concurrency', '2', '.'], { cwd: dir });
    expect(JSON.parse(out.stdout).results).toEqual([]);
    expect(out.code).toBe(0);
  });
});

describe('ignores', () => {
  const files = {
    'data/a.json': order('1.1', 'A'),
    'data/drafts/x.json': '{broken',
    'data/profile.json': FMS_PROFILE,
    'fulfilkit.config.json': { ignores: ['data/drafts/', '**/profile.json'] },
  };

  it('leaves out what folders and globs find', async () => {
    const dir = tree(files);
    const out = await cli(['lint', '-f', 'json', 'data'], { cwd: dir });
    expect(out.code).toBe(0);
    expect(report(out).summary.payloads).toBe(1);
    expect((await cli(['lint', '-f', 'json', 'data/**/*.json'], { cwd: dir })).code).toBe(0);
  });

  it('a file named on the command line that the config ignores is not linted, with a warning (as ESLint)', async () => {
    const dir = tree(files);
    const out = await cli(['lint', 'data/drafts/x.json', 'data/a.json'], { cwd: dir });
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('fulfilkit: warning: data/drafts/x.json is ignored by fulfilkit.config.json ("ignores"); it is not linted.\n');
    expect(out.stdout).toBe('✔ No problems in 1 payload.\n');
  });

  it('--fix hands back a stdin the config ignores byte for byte, through the real stdin descriptor', async () => {
    const dir = tree(files);
    // Several reads' worth of bytes, none alike.
    const stdin = Buffer.from(Array.from({ length: 30_000 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(i % 97)}"}\n`).join(''));
    const out = await runBin(bin(), ['lint', '--fix', '--stdin-filename', 'data/drafts/in.ndjson'], { cwd: dir, stdin });
    expect(out.code).toBe(0);
    expect(Buffer.from(out.stdout).equals(stdin)).toBe(true);
    expect(out.stderr).toContain('data/drafts/in.ndjson is ignored by fulfilkit.config.json');
  });

  it('exits 2 when everything a glob or a folder finds is ignored', async () => {
    const dir = tree(files);
    const glob = await cli(['lint', 'data/drafts/*.json'], { cwd: dir });
    expect(glob.code).toBe(2);
    expect(glob.stderr).toBe('fulfilkit: All the files that the pattern "data/drafts/*.json" matches are ignored by fulfilkit.config.json.\n');
    const folder = await cli(['lint', 'data/drafts'], { cwd: dir });
    expect(folder.stderr).toBe('fulfilkit: All the files to lint in data/drafts are ignored by fulfilkit.config.json.\n');
  });
});

describe('a bad config exits 2 naming the member, before anything is linted', () => {
  it.each([
    ['{"version": "1.2"', 'The config fulfilkit.config.json is not valid JSON.'],
    [`{"version": "1.2", "rules": {}${' '.repeat(1 << 20)}}`, 'The config fulfilkit.config.json is larger than 1 MiB.'],
    [[], 'Invalid config fulfilkit.config.json: it must be a JSON object.'],
    [{ versions: '1.2' }, 'Invalid config fulfilkit.config.json: it has an unknown member "versions"; the members are version, kind, profile, rules, ignores, overrides.'],
    [{ version: 1.2 }, 'Invalid config fulfilkit.config.json: version must be one of "1", "1.1", "1.2".'],
    [{ kind: 'invoice' }, 'Invalid config fulfilkit.config.json: kind must be one of "order", "return".'],
    [{ rules: { nonsense: 'off' } }, 'Invalid config fulfilkit.config.json: rules names an unknown rule "nonsense"; run "fulfilkit rules" to list them.'],
    [{ rules: { totals: 0 } }, 'Invalid config fulfilkit.config.json: rules.totals must be one of "off", "warn", "error".'],
    [{ rules: ['totals'] }, 'Invalid config fulfilkit.config.json: rules must be an object of rule ids and levels, e.g. { "totals": "off" }.'],
    [{ profile: 3 }, 'Invalid config fulfilkit.config.json: profile must be a file name (relative to the config\'s folder) or a profile object.'],
    [{ profile: { client: 'A' } }, 'Invalid config fulfilkit.config.json: profile needs a clientCode (a non-empty string).'],
    [{ ignores: 'drafts' }, 'Invalid config fulfilkit.config.json: ignores must be an array of glob patterns (relative to the config\'s folder).'],
    [{ ignores: ['a', 3] }, 'Invalid config fulfilkit.config.json: ignores[1] must be a glob pattern (a string).'],
    [{ ignores: [''] }, 'Invalid config fulfilkit.config.json: ignores[0] is an empty pattern.'],
    [{ overrides: {} }, 'Invalid config fulfilkit.config.json: overrides must be an array of { "files": [globs], ... } objects.'],
    [{ overrides: [{ version: '1' }] }, 'Invalid config fulfilkit.config.json: overrides[0].files must be a non-empty array of glob patterns (relative to the config\'s folder).'],
    [{ overrides: [{ files: [] }] }, 'Invalid config fulfilkit.config.json: overrides[0].files must be a non-empty array of glob patterns (relative to the config\'s folder).'],
    [{ overrides: [{ files: ['*'], ignores: [] }] }, 'Invalid config fulfilkit.config.json: overrides[0] has an unknown member "ignores"; the members are files, version, kind, profile, rules.'],
    [{ overrides: [{ files: ['*'] }, { files: ['*'], version: '2' }] }, 'Invalid config fulfilkit.config.json: overrides[1].version must be one of "1", "1.1", "1.2".'],
    [{ overrides: [{ files: ['nothing/*'], profile: 'missing.json' }] }, 'Invalid config fulfilkit.config.json: overrides[0].profile: Cannot read the profile missing.json: no such file.'],
    [{ overrides: [{ files: ['*'], profile: { client: 'A', clientCode: 'A', fms: 'yes' } }] }, 'Invalid config fulfilkit.config.json: overrides[0].profile.fms must be true or false.'],
  ])('%j', async (config, message) => {
    const dir = tree({ 'o.json': order('1.1', 'A'), 'fulfilkit.config.json': config });
    const out = await cli(['lint', '-o', 'report.txt', 'o.json'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(`fulfilkit: ${message}\n`);
    // --no-config runs as if there were none.
    expect((await cli(['lint', '--no-config', 'o.json'], { cwd: dir })).code).toBe(0);
  });
});

describe('examples/fulfilkit.config.json', () => {
  const INVALID = ['country-code', 'date-format', 'enum', 'max-length', 'netprice-required', 'parse', 'rma-line-price', 'single-phone', 'spelling', 'state-code', 'type', 'url-format'];

  it('lints the examples folder from inside it: each order as its version, the profile applied, profile.json left out', async () => {
    const out = await cli(['lint', '-f', 'json', '.'], { cwd: join(ROOT, 'examples') });
    const { results, summary } = report(out);
    expect(results.map((r) => r.source.replace(/:\d+$/, ''))).toEqual(['order-v1.1-invalid.json', 'orders.ndjson', 'orders.ndjson', 'return-invalid.json']);
    expect(Object.keys(summary.byRule).sort()).toEqual(INVALID);
    expect(summary.payloads).toBe(11);
    expect(out.code).toBe(1);
  });

  it('lints the same from the repository root with --config', async () => {
    const out = await cli(['lint', '-f', 'json', '--config', 'examples/fulfilkit.config.json', 'examples']);
    expect(Object.keys(report(out).summary.byRule).sort()).toEqual(INVALID);
    expect(report(out).results.map((r) => r.source.replace(/:\d+$/, ''))).toEqual(['examples/order-v1.1-invalid.json', 'examples/orders.ndjson', 'examples/orders.ndjson', 'examples/return-invalid.json']);
  });

  it('return.json is clean under the config too (returns have no version)', async () => {
    const dir = tree({ 'r.json': validReturn(), 'fulfilkit.config.json': { version: '1' } });
    expect((await cli(['lint', 'r.json'], { cwd: dir })).code).toBe(0);
  });
});

/** Each result as `source rule,rule` (the source without its `:line`), sorted. */
const problemsOf = (out: { stdout: string }) =>
  report(out as never)
    .results.map((r) => `${r.source.replace(/:\d+$/, '')} ${r.problems.map((p) => p.rule).join(',')}`)
    .sort();

describe('each file uses the nearest config above it (ESLint v10: lookup from the file)', () => {
  it('`lint examples/` from the repository root reports exactly what the *-invalid examples show, as from inside examples/', async () => {
    const root = await cli(['lint', '-f', 'json', 'examples/']);
    const inside = await cli(['lint', '-f', 'json', '.'], { cwd: join(ROOT, 'examples') });
    expect(problemsOf(root)).toEqual(problemsOf(inside).map((line) => `examples/${line}`));
    expect([...new Set(problemsOf(root).map((line) => line.split(' ')[0]))]).toEqual(['examples/order-v1.1-invalid.json', 'examples/orders.ndjson', 'examples/return-invalid.json']);
    expect(report(root).summary).toEqual(report(inside).summary);
    expect(root.code).toBe(1);
  });

  it('two folders, each with its own config: each file is linted with its own folder\'s, its globs relative to that folder', async () => {
    const dir = tree({
      'a/fulfilkit.config.json': { version: '1.2', ignores: ['drafts/'] },
      'a/o.json': order('1.2', 'A'),
      'a/drafts/x.json': '{broken',
      'b/fulfilkit.config.json': { version: '1.2', overrides: [{ files: ['old/*.json'], version: '1.1' }] },
      'b/o.json': order('1.2', 'B'),
      'b/old/o.json': order('1.1', 'C'),
    });
    for (const argv of [['a', 'b'], ['b/old/o.json', 'a/o.json', 'b'], ['**/*.json']]) {
      const out = await cli(['lint', '-f', 'json', ...argv], { cwd: dir });
      expect(problemsOf(out)).toEqual([]);
      expect(report(out).summary.payloads).toBe(3);
    }
    // Without the configs every order is linted as 1.1 (and the draft is read).
    expect(problemsOf(await cli(['lint', '-f', 'json', '--no-config', 'a', 'b'], { cwd: dir }))).toEqual(['a/drafts/x.json parse', 'a/o.json date-format', 'b/o.json date-format']);
    // --config forces one config for every file.
    writeFileSync(join(dir, 'all.json'), JSON.stringify({ version: '1.2' }));
    expect(problemsOf(await cli(['lint', '-f', 'json', '--config', 'all.json', 'a/o.json', 'b/old/o.json'], { cwd: dir }))).toEqual(['b/old/o.json date-format']);
  });

  it('a file with no config above it uses the one found from the working folder', async () => {
    const dir = tree({ 'proj/fulfilkit.config.json': { version: '1.2' }, 'outside/o.json': order('1.2', 'A') });
    const out = await cli(['lint', '-f', 'json', '../outside/o.json'], { cwd: join(dir, 'proj') });
    expect(problemsOf(out)).toEqual([]);
    expect(out.code).toBe(0);
  });

  it('a bad config found below the working folder exits 2 before anything is linted', async () => {
    const dir = tree({ 'a/fulfilkit.config.json': { version: '9' }, 'a/o.json': order('1.1', 'A'), 'z.json': order('1.1', 'Z') });
    const out = await cli(['lint', 'z.json', 'a'], { cwd: dir });
    expect(out).toEqual({ code: 2, stdout: '', stderr: 'fulfilkit: Invalid config a/fulfilkit.config.json: version must be one of "1", "1.1", "1.2".\n' });
  });
});

describe('a config pattern that can never match exits 2 naming the member', () => {
  it.each([
    [{ ignores: ['*.json', '!keep.json'] }, 'ignores[1] starts with "!": negation is not supported; list only what to ignore (or match).'],
    [{ ignores: ['/abs/drop.json'] }, "ignores[0] is an absolute path; patterns are relative to the config's folder."],
    [{ ignores: ['C:/x/drop.json'] }, "ignores[0] is an absolute path; patterns are relative to the config's folder."],
    [{ ignores: ['../here/drop.json'] }, 'ignores[0] has a ".." segment; patterns match only below the config\'s folder.'],
    [{ ignores: ['a/{..,b}/x.json'] }, 'ignores[0] has a ".." segment; patterns match only below the config\'s folder.'],
    [{ ignores: ['legacy\\b.json'] }, 'ignores[0] has a "\\" that escapes no glob character; separate folders with "/".'],
    [{ ignores: ['x\\'] }, 'ignores[0] has a "\\" that escapes no glob character; separate folders with "/".'],
    [{ overrides: [{ files: ['*.json', 'legacy/'], version: '1' }] }, 'overrides[0].files[1] ends with "/", which matches folders only; files takes files (e.g. "legacy/**").'],
    [{ overrides: [{ files: ['!a.json'], version: '1' }] }, 'overrides[0].files[0] starts with "!": negation is not supported; list only what to ignore (or match).'],
    [{ overrides: [{ files: ['a.json'] }, { files: ['../a.json'], version: '1' }] }, 'overrides[1].files[0] has a ".." segment; patterns match only below the config\'s folder.'],
    [{ ignores: ['[z-a].json'] }, 'ignores[0] has the range [z-a], which no character falls in: write [a-z].'],
    [{ overrides: [{ files: ['{a,b/[!9-0]}.json'], version: '1' }] }, 'overrides[0].files[0] has the range [9-0], which no character falls in: write [0-9].'],
  ])('%j', async (config, message) => {
    const dir = tree({ 'keep.json': order('1.1', 'A'), 'fulfilkit.config.json': config });
    expect(await cli(['lint', '.'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: `fulfilkit: Invalid config fulfilkit.config.json: ${message}\n` });
  });

  it.each([['drafts/'], ['**/.*/'], ['\\*.json'], ['a\\{b\\}.json'], ['x..json'], ['..x/*.json']])('accepts %j in ignores', async (pattern) => {
    const dir = tree({ 'keep.json': order('1.1', 'A'), 'fulfilkit.config.json': { ignores: [pattern] } });
    expect((await cli(['lint', '.'], { cwd: dir })).code).toBe(0);
  });
});
