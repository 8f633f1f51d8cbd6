/**
 * Bulk part of `npm run bench`: the published bin (dist/cli.js) in child processes, against a
 * single-thread floor (read the file and JSON.parse every line), in one run.
 *
 * - Wall time on N orders (100k; every 50th invalid): the floor, the CLI with its default
 *   concurrency (the available cores) and with --concurrency 1, interleaved, median of the
 *   rounds. Target (DESIGN.md, round 3): CLI <= 0.7 x floor on 2 cores (`BULK_WALL_TARGET`).
 * - Time to the first printed result on the same file. Target: <= 1 s.
 * - Peak RSS of the CLI (SARIF output) on ~1 GB of NDJSON with one error per line
 *   (BENCH_BULK_RSS_MB, default 1024; 32 in quick mode), read from /proc (Linux). Target: <= 300 MB.
 *
 * Also runnable alone: `node benchmarks/bulk-cli.mjs floor FILE` runs the floor once;
 * `pipeline FILE [THREADS] [ROOT] [parse]` the pipeline floor (with `parse`: the parse floor).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

/** The floor: read the file with one thread and JSON.parse every line. */
function floor(file) {
  const fd = openSync(file, 'r');
  const buf = Buffer.allocUnsafe(1 << 20);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let n = 0;
  for (;;) {
    const read = readSync(fd, buf, 0, buf.length, null);
    if (read === 0) break;
    const text = rest + decoder.write(buf.subarray(0, read));
    let start = 0;
    let nl;
    while ((nl = text.indexOf('\n', start)) !== -1) {
      if (nl > start) {
        JSON.parse(text.slice(start, nl));
        n++;
      }
      start = nl + 1;
    }
    rest = text.slice(start);
  }
  closeSync(fd);
  return n;
}

/**
 * The pipeline floor: what two threads can do at best with `JSON.parse` and lintOrder. The
 * main thread reads the file in 1 MiB units of whole lines and hands each to the least busy
 * of `threads` workers (transferred, not copied); a worker decodes each line, parses it and
 * lints it with the published `lintOrder`, and answers with a count. No output, no batch
 * rules, no positions: the CLI's own costs are the difference between it and this. With
 * `parseOnly`, the workers only parse (the parse floor: where two cores stop without any lint).
 */
async function pipeline(file, threads, root, parseOnly = false) {
  const { Worker } = await import('node:worker_threads');
  const lib = join(root, 'dist', 'index.js');
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.lib).then(({ lintOrder }) => {
      const options = { version: '1.1' };
      const check = workerData.parseOnly ? () => {} : (value) => lintOrder(value, options);
      parentPort.on('message', (units) => {
        const buf = Buffer.from(units);
        let lines = 0;
        for (let start = 0; start < buf.length; ) {
          let end = buf.indexOf(10, start);
          if (end === -1) end = buf.length;
          if (end > start) check(JSON.parse(buf.toString('utf8', start, end)));
          lines++;
          start = end + 1;
        }
        parentPort.postMessage(lines);
      });
      parentPort.postMessage(0);
    });`;
  const workers = Array.from({ length: threads }, () => new Worker(code, { eval: true, workerData: { lib, parseOnly } }));
  const busy = workers.map(() => 1);
  let lines = 0;
  let wake;
  for (const [w, worker] of workers.entries()) {
    worker.on('message', (n) => {
      lines += n;
      busy[w]--;
      wake?.();
    });
  }
  const inFlight = () => busy.reduce((a, b) => a + b, 0);
  const fd = openSync(file, 'r');
  let carry = Buffer.alloc(0);
  for (;;) {
    const unit = Buffer.allocUnsafeSlow(1 << 20);
    carry.copy(unit, 0);
    const read = readSync(fd, unit, carry.length, unit.length - carry.length, null);
    const used = carry.length + read;
    const cut = read === 0 ? used : unit.lastIndexOf(10, used - 1) + 1;
    carry = Buffer.from(unit.subarray(cut, used));
    if (cut > 0) {
      let w = 0;
      for (let i = 1; i < threads; i++) if (busy[i] < busy[w]) w = i;
      busy[w]++;
      const bytes = unit.buffer.slice(0, cut);
      workers[w].postMessage(bytes, [bytes]);
    }
    if (read === 0) break;
    while (inFlight() >= 4 * threads) await new Promise((resolve) => (wake = resolve));
  }
  closeSync(fd);
  while (inFlight() > 0) await new Promise((resolve) => (wake = resolve));
  await Promise.all(workers.map((worker) => worker.terminate()));
  return lines;
}

/** The median of some numbers. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
/** Rounds to `digits` decimals. */
export const round = (x, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Writes `count` orders made by `make(i)` as NDJSON; returns the bytes written. */
function writeOrders(file, count, make) {
  const fd = openSync(file, 'w');
  let bytes = 0;
  let chunk = '';
  for (let i = 0; i < count; i++) {
    chunk += JSON.stringify(make(i)) + '\n';
    if (chunk.length > 1 << 22) {
      bytes += writeSync(fd, chunk);
      chunk = '';
    }
  }
  bytes += writeSync(fd, chunk);
  closeSync(fd);
  return bytes;
}

/** The peak resident set of a running process in KiB (Linux), or undefined. */
function peakKib(pid) {
  try {
    const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs a node script to its end; resolves with the wall time, the time to the first stdout
 * byte that matches `first`, and the peak RSS seen while it ran.
 */
function timed(args, { first } = {}) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - start) / 1e6;
    const child = spawn(process.execPath, args, { stdio: ['ignore', first ? 'pipe' : 'ignore', 'pipe'] });
    let firstMs;
    let seen = '';
    let stderr = '';
    let peak = 0;
    const poll = setInterval(() => (peak = Math.max(peak, peakKib(child.pid) ?? 0)), 20);
    if (first) {
      child.stdout.on('data', (piece) => {
        if (firstMs !== undefined) return;
        seen += piece.toString();
        if (first.test(seen)) firstMs = ms();
        else seen = seen.slice(-200);
      });
    }
    child.stderr.on('data', (piece) => (stderr += piece));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      if (code !== 0 && code !== 1) reject(new Error(`${args.join(' ')} exited ${code}: ${stderr.slice(0, 300)}`));
      else resolve({ ms: ms(), firstMs, peakMb: peak > 0 ? Math.round(peak / 1024) : undefined });
    });
  });
}

/**
 * The bulk benchmark.
 *
 * @param {object} options
 * @param {string} options.root The repository root (dist/cli.js is run from there).
 * @param {boolean} options.quick A smoke run (a smaller RSS file).
 * @param {number} options.orders Orders in the timed file.
 * @param {number} options.rounds Timed rounds.
 * @param {number} options.invalidEvery Every how many orders one is invalid (for the report).
 * @param {(i: number) => object} options.order The i-th order of the timed file.
 * @param {(i: number) => object} options.oneError The i-th order of the RSS file, with exactly one error.
 * @param {string} options.tmp A scratch folder.
 */
export async function bulkCli({ root, quick, orders, rounds, invalidEvery, order, oneError, tmp }) {
  const cli = join(root, 'dist', 'cli.js');
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run npm run build first');
  const rssMb = Number(process.env.BENCH_BULK_RSS_MB ?? (quick ? 32 : 1024));
  const file = join(tmp, 'orders.ndjson');
  const bytes = writeOrders(file, orders, order);
  // Other work on the machine takes cores from the CLI's threads, not from the one-thread
  // floor: the load average says how far the ratio can be trusted.
  const loadBefore = loadavg()[0];

  const run = {
    floor: () => timed([SELF, 'floor', file]),
    cli: () => timed([cli, 'lint', '--format', 'json', file]),
    cliInProcess: () => timed([cli, 'lint', '--format', 'json', '--concurrency', '1', file]),
    pipeline: () => timed([SELF, 'pipeline', file, String(availableParallelism()), root]),
    parsePipeline: () => timed([SELF, 'pipeline', file, String(availableParallelism()), root, 'parse']),
  };
  await run.floor(); // warm the page cache
  const samples = { floor: [], cli: [], cliInProcess: [], pipeline: [], parsePipeline: [] };
  for (let r = 0; r < rounds; r++) {
    // Rotate the order so that no contender always runs right after the same neighbour.
    const names = Object.keys(run);
    for (let k = 0; k < names.length; k++) {
      const name = names[(r + k) % names.length];
      samples[name].push((await run[name]()).ms);
    }
  }
  const firsts = [];
  for (let r = 0; r < rounds; r++) firsts.push((await timed([cli, 'lint', '--format', 'json', file], { first: /"source"/ })).firstMs);

  // ~rssMb of NDJSON, one error per line, SARIF output.
  const rssFile = join(tmp, 'one-error-per-line.ndjson');
  const perOrder = statSync(file).size / orders;
  const rssLines = Math.max(1, Math.round((rssMb * 1024 * 1024) / perOrder));
  const rssBytes = writeOrders(rssFile, rssLines, oneError);
  rmSync(file, { force: true });
  const rss = await timed([cli, 'lint', '--format', 'sarif', rssFile]);
  rmSync(rssFile, { force: true });

  const floorMs = median(samples.floor);
  const cliMs = median(samples.cli);
  const cliInProcessMs = median(samples.cliInProcess);
  const pipelineMs = median(samples.pipeline);
  const parsePipelineMs = median(samples.parsePipeline);
  return {
    source: 'dist/cli.js',
    cores: availableParallelism(),
    loadAverage: { before: round(loadBefore), after: round(loadavg()[0]) },
    orders,
    bytes,
    invalidEvery,
    floorMs: Math.round(floorMs),
    cliMs: Math.round(cliMs),
    cliInProcessMs: Math.round(cliInProcessMs),
    pipelineMs: Math.round(pipelineMs),
    parsePipelineMs: Math.round(parsePipelineMs),
    ratio: round(cliMs / floorMs),
    ratioInProcess: round(cliInProcessMs / floorMs),
    ratioPipeline: round(pipelineMs / floorMs),
    ratioParsePipeline: round(parsePipelineMs / floorMs),
    firstResultMs: Math.round(median(firsts)),
    rss: { bytes: rssBytes, lines: rssLines, format: 'sarif', peakMb: rss.peakMb, ms: Math.round(rss.ms) },
    rounds: { floorMs: samples.floor.map(Math.round), cliMs: samples.cli.map(Math.round), cliInProcessMs: samples.cliInProcess.map(Math.round), pipelineMs: samples.pipeline.map(Math.round), parsePipelineMs: samples.parsePipeline.map(Math.round), firstResultMs: firsts.map(Math.round) },
  };
}

/** The CLI's wall time over the floor's that DESIGN.md targets (round 3; round 2's was 0.9). */
export const BULK_WALL_TARGET = 0.7;

/** The targets of DESIGN.md for the bulk part. */
export function bulkTargets(result) {
  return {
    wallTime: { limit: BULK_WALL_TARGET, ratio: result.ratio, met: result.ratio <= BULK_WALL_TARGET },
    firstResult: { limitMs: 1000, ms: result.firstResultMs, met: result.firstResultMs <= 1000 },
    peakRss: { limitMb: 300, mb: result.rss.peakMb, met: result.rss.peakMb === undefined ? undefined : result.rss.peakMb <= 300 },
  };
}

/** The lines the bench prints for the bulk part. */
export function bulkReport(result) {
  const t = bulkTargets(result);
  const verdict = (ok) => (ok === undefined ? 'n/a' : ok ? 'met' : 'MISSED');
  return [
    `\nBulk CLI (dist/cli.js, ${result.cores} cores, load average ${result.loadAverage.before} before, ${result.loadAverage.after} after): ${result.orders} orders (${(result.bytes / 1e6).toFixed(0)} MB, every ${result.invalidEvery}th invalid), median of ${result.rounds.cliMs.length}`,
    `  floor (1 thread: read + JSON.parse): ${result.floorMs} ms; fulfilkit lint: ${result.cliMs} ms (${result.ratio.toFixed(2)} x, target <= ${BULK_WALL_TARGET}: ${verdict(t.wallTime.met)}); --concurrency 1: ${result.cliInProcessMs} ms (${result.ratioInProcess.toFixed(2)} x)`,
    `  pipeline floor (read, then JSON.parse + lintOrder on ${result.cores} worker threads, nothing else): ${result.pipelineMs} ms (${result.ratioPipeline.toFixed(2)} x the floor); fulfilkit lint / pipeline floor: ${(result.cliMs / result.pipelineMs).toFixed(2)}`,
    `  parse floor (the same pipeline, JSON.parse only, no lint): ${result.parsePipelineMs} ms (${result.ratioParsePipeline.toFixed(2)} x the floor)`,
    `  first result printed after ${result.firstResultMs} ms (target <= 1000: ${verdict(t.firstResult.met)})`,
    `  peak RSS on ${(result.rss.bytes / 1e6).toFixed(0)} MB, one error per line (${result.rss.lines} lines, SARIF): ${result.rss.peakMb ?? 'n/a'} MB in ${result.rss.ms} ms (target <= 300: ${verdict(t.peakRss.met)})`,
  ].join('\n');
}

if (process.argv[1] === SELF && process.argv[2] === 'floor') {
  const n = floor(process.argv[3]);
  if (n === 0) process.exitCode = 2;
} else if (process.argv[1] === SELF && process.argv[2] === 'pipeline') {
  const n = await pipeline(process.argv[3], Number(process.argv[4] ?? availableParallelism()), process.argv[5] ?? join(HERE, '..'), process.argv[6] === 'parse');
  if (n === 0) process.exitCode = 2;
} else if (process.argv[1] === SELF) {
  console.error(`Usage: node ${join(HERE, 'bulk-cli.mjs')} floor FILE | pipeline FILE [THREADS] [ROOT] [parse] (the bench runs the rest from run.mjs)`);
  process.exitCode = 2;
}
