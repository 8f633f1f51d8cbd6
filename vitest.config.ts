import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

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
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    typecheck: { enabled: false },
  },
});
