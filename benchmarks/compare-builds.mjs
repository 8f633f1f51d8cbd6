/**
 * Runs the per-payload benchmark (per-payload.mjs) on several builds of fulfilkit, one after
 * another in one process, and prints lintOrder's ratios side by side: how the README's
 * before/after rows are measured. Each argument is a build's `dist/index.js`; names the
 * benchmark needs and an old build lacks are taken from this checkout's dist.
 *
 *   git worktree add /tmp/old <commit> && (cd /tmp/old && npm ci && npx tsup)
 *   npm run build && node benchmarks/compare-builds.mjs /tmp/old/dist/index.js dist/index.js
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { perPayload } from './per-payload.mjs';

// V8 compiles equal `new Function` source once. Builds whose code generators agree (older
// than the per-copy tag of src/lint/codegen.ts) would generate equal walks and share their
// compiled code and feedback, which slows whichever build runs second by up to a fifth:
// each build's generated source gets a line of its own.
let build = 0;
globalThis.Function = new Proxy(globalThis.Function, {
  construct(target, args) {
    const body = args.length > 0 ? `${args[args.length - 1]}\n// compare-builds: build ${build}` : '';
    return Reflect.construct(target, [...args.slice(0, -1), body]);
  },
});

const here = await import(pathToFileURL(resolve('dist/index.js')).href);
for (const path of process.argv.slice(2)) {
  build++;
  const lib = { ...here, ...(await import(pathToFileURL(resolve(path)).href)) };
  // Without the "many shapes" phase: its payloads would change how floor.mjs, which all
  // builds share, reads objects for the builds measured after it.
  const { result } = perPayload(lib, { quick: process.env.BENCH_QUICK === '1', shapes: false });
  for (const [size, byOrigin] of Object.entries(result)) {
    for (const [origin, bySet] of Object.entries(byOrigin)) {
      const cells = Object.entries(bySet).map(
        ([set, s]) => `${set} ${s.toAjv.lintOrder.toFixed(2)} (FMS ${s.toAjv['lintOrder+fms'].toFixed(2)}, overrides ÷ none ${s.overridesToPlain.toFixed(2)}, ÷ floor ${s.lintToFloor.toFixed(2)})`,
      );
      console.log(`${path}  ${size}, ${origin}: ${cells.join('; ')}`);
    }
  }
}
