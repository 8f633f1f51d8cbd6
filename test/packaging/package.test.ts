/**
 * The package as published: the packed tarball installed in a fresh project outside the
 * repository (scripts/packed.mjs). publint and arethetypeswrong, the tarball's contents,
 * ESM and CommonJS loading, one copy of the library per build, TypeScript with node16
 * and bundler resolution, and `fulfilkit/vitest` inside a real vitest run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, packedConsumer } from '../../scripts/packed.mjs';
import { CLI_ENTRIES, ENTRIES } from '../../tsup.config';

let pkg: ReturnType<typeof packedConsumer>;
let installed: string;
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** Runs a command; returns its exit code and output (never throws). */
function run(command: string, args: string[], cwd: string) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS' && k !== 'TEST'));
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

/** Every file an "exports" condition points at. */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value.replace(/^\.\//, '')];
  return Object.values(value as object).flatMap(exportTargets);
}

beforeAll(() => {
  pkg = packedConsumer();
  installed = join(pkg.consumer, 'node_modules', 'fulfilkit');
}, 300_000);

describe('the packed tarball', () => {
  it('holds the build, README, LICENSE and CHANGELOG; no sources, tests or private entry files', () => {
    expect(pkg.files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'dist/cli.js', 'dist/module/index.js']));
    for (const target of exportTargets(manifest.exports)) expect(pkg.files, target).toContain(target);
    for (const field of ['main', 'module', 'types']) expect(pkg.files).toContain(manifest[field].replace(/^\.\//, ''));
    expect(pkg.files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'].includes(f))).toEqual([]);
    // The CommonJS build of the ESM-only vitest entry and the bundler build's helper entries stay out.
    expect(pkg.files.filter((f) => /^dist\/vitest\.d?\.?c[tj]s$/.test(f) || f.startsWith('dist/module/lib/') || f.endsWith('.map'))).toEqual([]);
  });

  it('has one exports entry per tsup entry point, ESM-only subpaths without "require"', () => {
    const subpaths = Object.keys(manifest.exports).filter((s) => s !== './package.json');
    expect(subpaths.sort()).toEqual(Object.keys(ENTRIES).map((name) => (name === 'index' ? '.' : `./${name}`)).sort());
    for (const subpath of subpaths) {
      const conditions = Object.keys(manifest.exports[subpath]);
      // "module" (bundlers: the tree-shakable build) must come before "import" (Node).
      expect(conditions.slice(0, 2)).toEqual(['module', 'import']);
      const name = subpath === '.' ? 'index' : subpath.slice(2);
      if (subpath !== '.') expect(manifest.typesVersions['*'][name], `typesVersions for ${subpath}`).toBeDefined();
    }
    expect(manifest.exports['./vitest'].require).toBeUndefined();
  });

  it('publint --strict reports nothing', () => {
    const r = run(bin('publint'), ['run', '--strict', pkg.tarball], ROOT);
    expect(r.out).toContain('All good');
    expect(r.status).toBe(0);
  });

  it('arethetypeswrong: every entry point resolves in node10, node16 (CJS and ESM) and bundler', () => {
    const r = run(bin('attw'), [pkg.tarball, '--exclude-entrypoints', './vitest', '--format', 'json'], ROOT);
    const report = JSON.parse(r.out.slice(r.out.indexOf('{')));
    expect(report.analysis.problems).toEqual([]);
    expect(r.status).toBe(0);
  });

  it('arethetypeswrong: fulfilkit/vitest is ESM-only (vitest refuses require()), clean in every ESM mode', () => {
    // The one problem: a CommonJS file cannot require it (node16-cjs); every other mode is clean.
    const strict = run(bin('attw'), [pkg.tarball, '--entrypoints', './vitest', '--format', 'json'], ROOT);
    const problems = JSON.parse(strict.out.slice(strict.out.indexOf('{'))).analysis.problems;
    expect(problems.map((p: { kind: string; resolutionKind: string; entrypoint: string }) => `${p.entrypoint} ${p.resolutionKind} ${p.kind}`)).toEqual(['./vitest node16-cjs NoResolution']);
  });
});

describe('the installed package', () => {
  it('shares one copy of the library between its entry points, in each build', () => {
    const builds: Record<string, string[]> = {
      // The CLI's files (the bin, the command, the worker) are whole programs of their own.
      'ESM (Node)': readdirSync(join(installed, 'dist')).filter((f) => f.endsWith('.js') && !Object.hasOwn(CLI_ENTRIES, f.slice(0, -3))),
      CommonJS: readdirSync(join(installed, 'dist')).filter((f) => f.endsWith('.cjs')),
      'ESM (bundlers)': readdirSync(join(installed, 'dist', 'module')).map((f) => `module/${f}`),
    };
    for (const [build, files] of Object.entries(builds)) {
      const texts = files.map((f) => readFileSync(join(installed, 'dist', f), 'utf8'));
      for (const marker of ['function configureEngine(', 'function lintOrder(', 'function buildOrder(', 'function isCountryAlpha2(']) {
        expect(texts.filter((t) => t.includes(marker)).length, `${marker} in ${build}`).toBe(1);
      }
    }
  });

  it('tree-shakes in a bundler: sideEffects keeps only the vitest registration; describers come without the linter', async () => {
    const esbuild = await import(join(pkg.consumer, 'node_modules', 'esbuild', 'lib', 'main.js'));
    const bundle = async (name: string, code: string) => {
      const entry = join(pkg.consumer, `shake-${name}.js`);
      writeFileSync(entry, code);
      const r = await esbuild.build({ entryPoints: [entry], absWorkingDir: pkg.consumer, bundle: true, minify: true, format: 'esm', platform: 'browser', external: ['vitest', 'fast-check'], write: false, metafile: true, logLevel: 'silent' });
      const sources = Object.values(r.metafile.outputs as Record<string, { inputs: Record<string, { bytesInOutput: number }> }>)
        .flatMap((o) => Object.entries(o.inputs))
        .filter(([, i]) => i.bytesInOutput > 0)
        .map(([input]) => readFileSync(join(pkg.consumer, input), 'utf8').match(/^\/\/ ((?:src|rules)\/\S+)$/m)?.[1] ?? input);
      return { text: r.outputFiles[0].text as string, sources };
    };
    // A bare import of the library keeps nothing: no module has import-time side effects.
    expect((await bundle('bare', "import 'fulfilkit';\nimport 'fulfilkit/arbitraries';\n")).text.trim()).toBe('');
    // The vitest entry registers its matchers: that call survives.
    expect((await bundle('vitest', "import 'fulfilkit/vitest';\n")).text).toContain('.extend(');
    const describers = await bundle('describe', "export { describeInventory, describeListPaymentMethods, describeOrderOptions } from 'fulfilkit';\n");
    // HTTP only, and the two checks of their options: a country filter is an alpha-2 code, no member is unknown.
    const optionChecks = ['src/schema/codes.ts', 'src/schema/generated/countries.ts', 'src/schema/profile.ts'];
    expect(describers.sources.filter((s) => !s.startsWith('src/http/') && !optionChecks.includes(s))).toEqual([]);
    const lint = await bundle('lint', "export { lintOrder } from 'fulfilkit';\n");
    // No builders, http or money API; decimal arithmetic's one home (src/money/_lib/decimal.ts) serves the money rules too.
    expect(lint.sources.filter((s) => /^src\/(builders|http|money)\//.test(s) && s !== 'src/money/_lib/decimal.ts')).toEqual([]);
    // Each kind carries only its own rules and schema (country names are the return request's).
    const returnOnly = ['rules/country-name.ts', 'rules/return-reason.ts', 'rules/rma-line-price.ts', 'src/schema/return.ts', 'src/schema/generated/country-names.ts'];
    expect(lint.sources.filter((s) => returnOnly.includes(s))).toEqual([]);
    expect(lint.sources).toContain('rules/totals.ts');
    const lintReturnOnly = await bundle('lint-return', "export { lintReturn } from 'fulfilkit';\n");
    expect(lintReturnOnly.sources).toEqual(expect.arrayContaining(returnOnly));
    expect(lintReturnOnly.sources.filter((s) => /^rules\/(totals|order-discount-item|weee-item|payment-review)\.ts$|^src\/schema\/order\.ts$/.test(s))).toEqual([]);
  });

  it('loads with import and require, with the same names; require of fulfilkit/vitest fails clearly', () => {
    writeFileSync(
      join(pkg.consumer, 'esm.mjs'),
      `import * as main from 'fulfilkit';
import * as arbitraries from 'fulfilkit/arbitraries';
import fc from 'fast-check';
const [order] = fc.sample(arbitraries.validOrderArbitrary('1.1'), { numRuns: 1, seed: 1 });
console.log(JSON.stringify({ names: Object.keys(main).sort(), arbitraries: Object.keys(arbitraries).sort(),
  problems: main.lintOrder(order, { version: '1.1', profile: arbitraries.TEST_PROFILE }), bad: main.lintOrder({}, { version: '1.1' }).length }));
`,
    );
    writeFileSync(
      join(pkg.consumer, 'cjs.cjs'),
      `const main = require('fulfilkit');
const arbitraries = require('fulfilkit/arbitraries');
let vitestError;
try { require('fulfilkit/vitest'); } catch (error) { vitestError = error.code; }
const loaded = Object.keys(require.cache).filter((f) => f.includes('/node_modules/fulfilkit/')).map((f) => f.slice(f.lastIndexOf('/') + 1));
console.log(JSON.stringify({ names: Object.keys(main).sort(), arbitraries: Object.keys(arbitraries).sort(), vitestError, loaded,
  bad: main.lintOrder({}, { version: '1.1' }).length }));
`,
    );
    const esm = run('node', ['esm.mjs'], pkg.consumer);
    const cjs = run('node', ['cjs.cjs'], pkg.consumer);
    expect(esm.status, esm.out).toBe(0);
    expect(cjs.status, cjs.out).toBe(0);
    const e = JSON.parse(esm.out);
    const c = JSON.parse(cjs.out);
    expect(e.names).toContain('lintOrder');
    expect(e.names).toContain('configureEngine');
    expect(c.names).toEqual(e.names);
    expect(c.arbitraries).toEqual(e.arbitraries);
    expect(e.problems).toEqual([]);
    expect(e.bad).toBeGreaterThan(0);
    expect(c.bad).toBe(e.bad);
    expect(c.vitestError).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
    // The two entry files and the chunks they share, nothing else.
    expect(c.loaded).toEqual(expect.arrayContaining(['index.cjs', 'arbitraries.cjs']));
    expect(c.loaded.filter((f: string) => !['index.cjs', 'arbitraries.cjs'].includes(f) && !/^chunk-.+\.cjs$/.test(f))).toEqual([]);
  });

  it('type-checks with TypeScript node16 (ESM and CommonJS files) and bundler resolution', () => {
    const dir = join(pkg.consumer, 'ts');
    mkdirSync(dir, { recursive: true });
    const use = (from: string) => `import { lintOrder, buildOrder, type Problem } from '${from}';
import { validOrderArbitrary } from '${from}/arbitraries';
const problems: Problem[] = lintOrder({}, { version: '1.1' });
// @ts-expect-error: '9' is no order version (proves the types are real, not any)
lintOrder({}, { version: '9' });
export const used = [problems, buildOrder, validOrderArbitrary];
`;
    writeFileSync(join(dir, 'esm.mts'), `${use('fulfilkit')}import 'fulfilkit/vitest';\nimport { expect } from 'vitest';\nexpect({}).toBeValidOrder('1.1');\n`);
    writeFileSync(join(dir, 'cjs.cts'), use('fulfilkit'));
    writeFileSync(join(dir, 'bundler.ts'), `${use('fulfilkit')}import 'fulfilkit/vitest';\nimport { expect } from 'vitest';\nexpect({}).toBeValidReturn();\n`);
    const options = { strict: true, noEmit: true, skipLibCheck: true, target: 'es2022', types: [] };
    writeFileSync(join(dir, 'tsconfig.node16.json'), JSON.stringify({ compilerOptions: { ...options, module: 'node16', moduleResolution: 'node16' }, files: ['esm.mts', 'cjs.cts'] }));
    writeFileSync(join(dir, 'tsconfig.bundler.json'), JSON.stringify({ compilerOptions: { ...options, module: 'esnext', moduleResolution: 'bundler' }, files: ['bundler.ts'] }));
    const tsc = join(pkg.consumer, 'node_modules', 'typescript', 'bin', 'tsc');
    for (const config of ['tsconfig.node16.json', 'tsconfig.bundler.json']) {
      const r = run('node', [tsc, '-p', config], dir);
      expect(r.out, config).toBe('');
      expect(r.status, config).toBe(0);
    }
  });

  it('fulfilkit/vitest registers its matchers in a real vitest run, with the arbitraries', () => {
    const dir = join(pkg.consumer, 'vitest-run');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'vitest.config.mjs'), `export default { test: { include: ['*.test.mjs'] } };\n`);
    writeFileSync(
      join(dir, 'matchers.test.mjs'),
      `import 'fulfilkit/vitest';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { TEST_PROFILE, validOrderArbitrary } from 'fulfilkit/arbitraries';
test('valid orders', () => {
  fc.assert(fc.property(validOrderArbitrary('1.2'), (order) => { expect(order).toBeValidOrder('1.2', { profile: TEST_PROFILE }); }), { numRuns: 5 });
});
test('an invalid order fails the matcher', () => {
  expect(() => expect({}).toBeValidOrder('1.1')).toThrow();
  expect({}).not.toBeValidOrder('1.1');
});
`,
    );
    const r = run('node', [join(pkg.consumer, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', dir], dir);
    expect(r.out).toMatch(/2 passed/);
    expect(r.status, r.out).toBe(0);
  });
});
