/**
 * Three builds of the library, one CLI. Every build of the library shares ONE copy of
 * each module between its entry points (code splitting), so `fulfilkit`,
 * `fulfilkit/arbitraries` and `fulfilkit/vitest` see the same engine state.
 *
 * - dist/*.js: ESM for Node (`import` condition): few files, so `import` is fast.
 * - dist/*.cjs: CommonJS (`require` condition); `fulfilkit/vitest` has none (vitest
 *   refuses to be loaded with require()).
 * - dist/module/: ESM for bundlers (`module` condition): one file per source module, so
 *   a bundler drops every module an app does not use (`sideEffects` in package.json).
 *
 * A new subpath: one line in ENTRIES, one entry in package.json "exports" and one in
 * "typesVersions" (and a "files" exclusion if it is ESM-only); the packaging test
 * (test/packaging/) checks every subpath of "exports" from the packed tarball.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'tsup';

/** The public entry points: `fulfilkit` and `fulfilkit/<name>`. */
export const ENTRIES: Record<string, string> = {
  index: 'src/index.ts',
  arbitraries: 'src/testing/arbitraries.ts',
  vitest: 'src/testing/vitest.ts',
  msw: 'src/simulator/msw.ts',
};

/**
 * The bin (a few lines that take signals at once, then load the command from cli-main.js), and
 * the module its lint workers start from (only what a worker needs, so it starts quickly).
 */
export const CLI_ENTRIES: Record<string, string> = {
  cli: 'src/cli/bin.ts',
  'cli-main': 'src/cli/main.ts',
  'lint-worker': 'src/cli/lint-worker.ts',
};

/** Optional peers (the test kit's, and msw of the simulator's adapter) stay imports. */
const EXTERNAL = ['fast-check', 'vitest', 'msw'];

/**
 * Every library module in `dir` as a `lib/<path>` entry; not the CLI, not the test
 * kit, whose vitest entry registers matchers at import (its code must stay in the entry
 * file that package.json "sideEffects" names), and not the console page (built by
 * scripts/build-console.mjs; the simulator's import brings its asset server along).
 */
function modules(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !file.endsWith('.ts') || file.endsWith('.d.ts') || file.startsWith(join('src', 'cli')) || file.startsWith(join('src', 'testing')) || file.startsWith(join('src', 'console'))) continue;
    out[`lib/${file.slice(0, -3)}`] = file;
  }
  return out;
}

const common = { external: EXTERNAL, target: 'es2022', sourcemap: false, clean: false, splitting: true } as const;

export default defineConfig([
  // One declaration pass makes both .d.ts and .d.cts. The CommonJS build of an ESM-only
  // subpath (dist/vitest.cjs) is left out of the package by "files" in package.json.
  // valibot is bundled into the Node builds: they carry the parts they use, where importing all
  // of it (206 KB of source to compile) took a third of `import('fulfilkit')`. The bundler build
  // below still imports it (a bundler shakes it itself), and the types name it: it stays a dependency.
  { ...common, entry: ENTRIES, format: ['esm', 'cjs'], dts: true, outDir: 'dist', treeshake: true, noExternal: ['valibot'] },
  {
    ...common,
    // Every module is an entry, so that each lands in a chunk of its own; the `lib/`
    // entry files (re-exports nobody imports) are removed after the build.
    entry: { ...ENTRIES, ...modules('src'), ...modules('rules') },
    format: ['esm'],
    outDir: 'dist/module',
    onSuccess: async () => rmSync('dist/module/lib', { recursive: true, force: true }),
  },
  {
    entry: CLI_ENTRIES,
    format: ['esm'],
    // Each file whole: a worker loads only its own (no chunk shared with the bin).
    splitting: false,
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
  },
]);
