import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      arbitraries: 'src/testing/arbitraries.ts',
      vitest: 'src/testing/vitest.ts',
      msw: 'src/simulator/msw.ts',
    },
    // Peers of the test kit (and msw, the simulator adapter's optional peer) stay external.
    external: ['fast-check', 'vitest', 'msw'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: false,
    target: 'es2022',
    treeshake: true,
    // Node 20 will not import a package's JSON without an import attribute: bundle the code tables.
    noExternal: ['i18n-iso-countries'],
  },
  {
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
    dts: false,
    noExternal: ['i18n-iso-countries'],
  },
]);
