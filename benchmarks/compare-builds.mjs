/**
 * Runs the per-payload benchmark (per-payload.mjs) on several builds of fulfilkit and prints
 * lintOrder's ratios side by side: how the README's before/after rows are measured. Each
 * argument is a build's `dist/index.js`; names the benchmark needs and an old build lacks
 * are taken from this checkout's dist.
 *
 *   git worktree add /tmp/old <commit> && (cd /tmp/old && npm ci && npx tsup)
 *   npm run build && node benchmarks/compare-builds.mjs /tmp/old/dist/index.js dist/index.js
 *
 * Each build runs in a process of its own, the builds in turn, for ROUNDS rounds (default
 * 3), in the given order on odd rounds and the reverse on even ones; each cell is the
 * median over the rounds and both forms (parsed, built). Builds measured one after another
 * in one process were not comparable: the second ran faster or slower by up to a tenth,
 * whichever build it was (and V8 shared the compiled `new Function` code of builds whose
 * generators agree).
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { perPayload } from './per-payload.mjs';

const SETS = ['valid', 'one error', 'every item wrong'];

/** One build's per-payload figures, in this process (the child's part). */
async function measure(path) {
  const here = await import(pathToFileURL(resolve('dist/index.js')).href);
  const lib = { ...here, ...(await import(pathToFileURL(resolve(path)).href)) };
  // Without the "many shapes" phase, as the README's table.
  const { result } = perPayload(lib, { quick: process.env.BENCH_QUICK === '1', shapes: false });
  const cells = {};
  for (const [size, byOrigin] of Object.entries(result)) {
    for (const bySet of Object.values(byOrigin)) {
      for (const set of SETS) {
        const s = bySet[set];
        const add = (what, value) => (cells[`${size}|${set}|${what}`] ??= []).push(value);
        add('lint', s.toAjv.lintOrder);
        add('FMS', s.toAjv['lintOrder+fms']);
        add('overrides ÷ none', s.overridesToPlain);
        add('÷ floor', s.lintToFloor);
      }
    }
  }
  return cells;
}

if (process.argv[2] === '--child') {
  process.stdout.write(JSON.stringify(await measure(process.argv[3])));
} else {
  const builds = process.argv.slice(2);
  if (builds.length === 0) {
    console.error('usage: node benchmarks/compare-builds.mjs OLD/dist/index.js dist/index.js');
    process.exit(2);
  }
  const rounds = Number(process.env.ROUNDS ?? 3);
  const cells = new Map(builds.map((b) => [b, {}]));
  for (let round = 1; round <= rounds; round++) {
    for (const build of round % 2 === 1 ? builds : [...builds].reverse()) {
      const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', build], { encoding: 'utf8', maxBuffer: 1 << 24 });
      for (const [key, values] of Object.entries(JSON.parse(out))) (cells.get(build)[key] ??= []).push(...values);
      console.error(`round ${round}/${rounds}: ${build} done`);
    }
  }
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const n = s.length;
    return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  };
  for (const build of builds) {
    const byBuild = cells.get(build);
    for (const size of ['5 items', '500 items']) {
      const parts = SETS.map((set) => {
        const m = (what) => median(byBuild[`${size}|${set}|${what}`]).toFixed(3);
        return `${set} ${m('lint')} (FMS ${m('FMS')}, overrides ÷ none ${m('overrides ÷ none')}, ÷ floor ${m('÷ floor')})`;
      });
      console.log(`${build}  ${size}, median of ${byBuild[`${size}|valid|lint`].length}: ${parts.join('; ')}`);
    }
  }
}
