import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** Every test file under a folder of the project, as a path from the project root (whatever the working folder). */
function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// Every test file with its source, read once: the two lists below are found by what a file calls.
const sources = testFiles('test').map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

// Files that measure time (a ratio of two timings) run one at a time once the others are
// done: another test file on the other core would be part of what they measure. Found by what
// they call, so a new such test needs no list kept by hand. Files that measure memory (a
// child's peak RSS, a heap) run with the rest: what another process does on the other core is
// not part of a process's own memory, and bounds that held only on an idle machine would not
// be bounds.
const MEASURES = /\b(slowdown|growth|performance\.now|Date\.now)\b/;
const measuring = sources.filter(({ text }) => MEASURES.test(text)).map(({ file }) => file);

// Files that mock a module (vi.mock) get modules of their own. The others share each worker's
// modules (isolate: false): importing the sources anew for every file was a fifth of a run.
// That is safe because src/ holds no module-level mutable state (test/lint/module-state.test.ts)
// and the files that configure the default engine put it back (afterEach/afterAll).
const MOCKS = /\bvi\.(mock|doMock|resetModules)\(/;
const mocking = sources.filter(({ text }) => MOCKS.test(text) && !MEASURES.test(text)).map(({ file }) => file);

// Files that run the bin on tens of megabytes (they measure its peak memory) take most of a
// run: they start first, so that the last minute is not one of them on one core while the other
// idles. vitest's own order (longest first when it has timings, else largest file first) holds
// within each part; a fresh clone has no timings.
const HEAVY = /\b(runBinMeasured|VmHWM)\b/;
const heavy = new Set(sources.filter(({ text }) => HEAVY.test(text)).map(({ file }) => join(ROOT, file)));

/** vitest's order, with the heavy files of each project first. */
class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => spec.project.config.sequence.groupOrder * 2 + (heavy.has(spec.moduleId) ? 0 : 1);
    // Array#sort is stable: within a rank, vitest's order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  // Tests written as a user would import the package's public entry points by name.
  resolve: {
    alias: [
      { find: /^fulfilkit\/arbitraries$/, replacement: src('testing/arbitraries.ts') },
      { find: /^fulfilkit\/vitest$/, replacement: src('testing/vitest.ts') },
      { find: /^fulfilkit\/msw$/, replacement: src('simulator/msw.ts') },
      { find: /^fulfilkit$/, replacement: src('index.ts') },
    ],
  },
  test: {
    testTimeout: 60_000,
    typecheck: { enabled: false },
    sequence: { sequencer: HeavyFirst },
    projects: [
      {
        extends: true,
        // Every core (vitest's default leaves one free): 2 workers on a 2-core machine.
        test: { name: 'parallel', include: ['test/**/*.test.ts'], exclude: [...measuring, ...mocking], isolate: false, maxWorkers: Math.max(2, availableParallelism()), sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'isolated', include: mocking, maxWorkers: Math.max(2, availableParallelism()), sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'measuring', include: measuring, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
