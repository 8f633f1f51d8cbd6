import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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

// Files that measure time or memory (a ratio of two timings, a child's peak RSS) run one at
// a time once the others are done: another test file on the other core would be part of what
// they measure. Found by what they call, so a new such test needs no list kept by hand.
const MEASURES = /\b(slowdown|growth|runBinMeasured|performance\.now|Date\.now|memoryUsage|VmHWM)\b/;
const measuring = testFiles('test').filter((file) => MEASURES.test(readFileSync(join(ROOT, file), 'utf8')));

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
    projects: [
      {
        extends: true,
        // Every core (vitest's default leaves one free): 2 workers on a 2-core machine.
        test: { name: 'parallel', include: ['test/**/*.test.ts'], exclude: measuring, maxWorkers: Math.max(2, availableParallelism()), sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'measuring', include: measuring, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
