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
 *
 * Each build's ratio to ajv still moves with the machine by up to a tenth between
 * processes. `--paired OLD NEW` compares two builds' lintOrder directly: one process loads
 * both, and the two take turns block by block over each set (`pairedRatio`, as the price of
 * overrides is measured), so a burst of noise falls on both alike. ROUNDS processes
 * (default 4), the builds' order swapped in every other one; each cell is NEW's time over
 * OLD's, the median over the processes (with their range). The same build against itself
 * reads 0.98-1.03: the tool for the ">= 5 % side by side" rule.
 *
 *   node benchmarks/compare-builds.mjs --paired /tmp/old/dist/index.js dist/index.js
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pairedRatio, payloadSets, perPayload } from './per-payload.mjs';

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

/**
 * Two builds' lintOrder taking turns in this process (the `--paired` child's part): the time
 * of `second` over `first`, by cell (`5 items|valid|parsed`).
 */
async function measurePaired(first, second) {
  const [a, b] = await Promise.all([first, second].map((path) => import(pathToFileURL(resolve(path)).href)));
  const options = { version: '1.1' };
  const [lintA, lintB] = [a, b].map((lib) => (p) => lib.lintOrder(p, options).length);
  const cells = {};
  // The payloads of per-payload.mjs, in blocks of about 100 µs as there.
  for (const { items, count } of [{ items: 5, count: 2000 }, { items: 500, count: 40 }]) {
    const block = Math.max(1, Math.round(100 / items));
    for (const [origin, name, payloads] of payloadSets(items, count)) cells[`${items} items|${name}|${origin}`] = pairedRatio(payloads, lintA, lintB, block, 15);
  }
  return cells;
}

if (process.argv[2] === '--child') {
  process.stdout.write(JSON.stringify(await measure(process.argv[3])));
} else if (process.argv[2] === '--paired-child') {
  process.stdout.write(JSON.stringify(await measurePaired(process.argv[3], process.argv[4])));
} else if (process.argv[2] === '--paired') {
  const [old, now] = process.argv.slice(3);
  if (!old || !now) {
    console.error('usage: node benchmarks/compare-builds.mjs --paired OLD/dist/index.js NEW/dist/index.js');
    process.exit(2);
  }
  const rounds = Number(process.env.ROUNDS ?? 4);
  const ratios = {};
  for (let round = 1; round <= rounds; round++) {
    // Every other process loads and runs NEW first; its ratios are turned round.
    const swapped = round % 2 === 0;
    const args = ['--paired-child', ...(swapped ? [now, old] : [old, now])];
    const out = JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), ...args], { encoding: 'utf8', maxBuffer: 1 << 24 }));
    for (const [cell, ratio] of Object.entries(out)) (ratios[cell] ??= []).push(swapped ? 1 / ratio : ratio);
    console.error(`process ${round}/${rounds} done`);
  }
  console.log(`${now} ÷ ${old}, lintOrder's time, the two taking turns (median of ${rounds} processes, range):`);
  for (const [cell, xs] of Object.entries(ratios)) {
    const s = [...xs].sort((x, y) => x - y);
    const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    console.log(`  ${cell.replaceAll('|', ', ').padEnd(36)} ${median.toFixed(3)}  (${s[0].toFixed(3)}-${s.at(-1).toFixed(3)})`);
  }
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
