/**
 * fulfilkit benchmarks, all in one run (see benchmarks/README.md):
 *
 * 1. Per payload: lintOrder (all rules; no profile and an FMS profile), valibot
 *    safeParse of the v1.1 schema and ajv (allErrors) on the exported JSON Schema,
 *    on the same generated 5-item v1.1 orders, valid and invalid. Interleaved
 *    rounds, median ns/op, ratios to ajv.
 * 2. Bulk: the bin (dist/cli.js) on 100k orders vs a single-thread read + JSON.parse floor,
 *    time to the first result, peak RSS on ~1 GB with one error per line (bulk-cli.mjs).
 * 3. Browser bundle of lintOrder (esbuild, minified, gzip) and a locale-data check.
 * 4. From the packed tarball (benchmarks/bundle.mjs, benchmarks/cold-start.mjs): browser
 *    bundles of the published dist, and cold start in fresh processes vs ajv.
 *
 * Writes benchmarks/results.json. Environment: BENCH_QUICK=1 (a smoke run),
 * BENCH_SKIP=bulk,bundle,published,cold (skip parts, e.g. when profiling).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import Ajv from 'ajv';
import * as v from 'valibot';
import { BROWSER_BUILD, publishedBundles, ruleDocsSize } from './bundle.mjs';
import { bulkCli, bulkReport, bulkTargets, median, round } from './bulk-cli.mjs';
import { coldStart } from './cold-start.mjs';
import { invalidOrder, mulberry32, validOrder } from './orders.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const QUICK = process.env.BENCH_QUICK === '1';
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));

const CONFIG = QUICK
  ? { payloads: 200, warmupPasses: 2, rounds: 5, bulkOrders: 5_000, bulkRounds: 2, bulkInvalidEvery: 50 }
  : { payloads: 2_000, warmupPasses: 3, rounds: 9, bulkOrders: 100_000, bulkRounds: 3, bulkInvalidEvery: 50 };

const VERSION = '1.1';
const FMS_PROFILE = {
  client: 'ACME',
  clientCode: 'ACME',
  orderDiscountSku: 'ACME_DISCOUNT',
  weeeSku: 'ACME_WEEE',
  fms: true,
  processesCardData: true,
};
// One options object per setting: the engine caches its rule plan per options object.
const LINT_OPTIONS = { version: VERSION };
const LINT_FMS_OPTIONS = { version: VERSION, profile: FMS_PROFILE };
const NEEDED = ['lintOrder', 'lintBatch', 'orderJsonSchema', 'ORDER_REQUEST_SCHEMAS'];

// ---------------------------------------------------------------------------
// The library under test: the build in dist/, or a bundle of benchmarks/entry.ts.

async function loadLibrary() {
  const notes = [];
  let dist = {};
  try {
    dist = await import(pathToFileURL(join(ROOT, 'dist', 'index.js')).href);
  } catch (error) {
    notes.push(`dist/index.js could not be imported (${error.code ?? error.message})`);
  }
  const missing = NEEDED.filter((name) => dist[name] === undefined);
  if (missing.length === 0) return { lib: dist, source: 'dist/index.js', notes };
  if (Object.keys(dist).length > 0) notes.push(`dist/index.js lacks ${missing.join(', ')}`);
  // esbuild ships with tsup; bundle the TypeScript sources of the missing names.
  const esbuild = await import('esbuild');
  const dir = mkdtempSync(join(tmpdir(), 'fulfilkit-bench-lib-'));
  const outfile = join(dir, 'entry.mjs');
  await esbuild.build({
    entryPoints: [join(HERE, 'entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    logLevel: 'silent',
  });
  const fallback = await import(pathToFileURL(outfile).href);
  rmSync(dir, { recursive: true, force: true });
  const lib = { ...fallback };
  const fromDist = NEEDED.filter((name) => dist[name] !== undefined);
  for (const name of fromDist) lib[name] = dist[name];
  const source = fromDist.length > 0 ? `dist/index.js (${fromDist.join(', ')}) + benchmarks/entry.ts bundle (${missing.join(', ')})` : 'benchmarks/entry.ts bundled by esbuild';
  return { lib, source, notes };
}

// ---------------------------------------------------------------------------
// Payloads: deterministic, distinct, 5-item v1.1 orders.

// ---------------------------------------------------------------------------
// Timing.

let sink = 0;

/** One pass over all payloads; returns ns per payload. */
function timePass(run, payloads) {
  const start = process.hrtime.bigint();
  let s = 0;
  for (let i = 0; i < payloads.length; i++) s += run(payloads[i]);
  const ns = Number(process.hrtime.bigint() - start);
  sink += s;
  return ns / payloads.length;
}

function micro(lib) {
  const schema = lib.ORDER_REQUEST_SCHEMAS[VERSION];
  const validate = new Ajv({ allErrors: true }).compile(lib.orderJsonSchema(VERSION));
  const contenders = [
    ['lintOrder', (p) => lib.lintOrder(p, LINT_OPTIONS).length],
    ['lintOrder+fms', (p) => lib.lintOrder(p, LINT_FMS_OPTIONS).length],
    ['valibot', (p) => {
      const r = v.safeParse(schema, p);
      return r.success ? 0 : r.issues.length;
    }],
    ['ajv', (p) => (validate(p) ? 0 : validate.errors.length)],
  ];
  const rnd = mulberry32(20260301);
  const sets = {
    valid: Array.from({ length: CONFIG.payloads }, (_, i) => validOrder(i, rnd)),
    invalid: Array.from({ length: CONFIG.payloads }, (_, i) => invalidOrder(CONFIG.payloads + i, rnd)),
  };

  // What each contender finds, so that the timings are read with their output in mind.
  const found = {};
  for (const [setName, payloads] of Object.entries(sets)) {
    const lint = payloads.map((p) => lib.lintOrder(p, LINT_FMS_OPTIONS));
    const rules = {};
    for (const problems of lint) for (const p of problems) rules[p.rule] = (rules[p.rule] ?? 0) + 1;
    found[setName] = {
      count: payloads.length,
      bytesPerPayload: Math.round(payloads.reduce((n, p) => n + JSON.stringify(p).length, 0) / payloads.length),
      withLintProblems: lint.filter((x) => x.length > 0).length,
      lintProblemsPerPayload: round(lint.reduce((n, x) => n + x.length, 0) / payloads.length),
      lintProblemsByRule: rules,
      ajvErrorsPerPayload: round(payloads.reduce((n, p) => n + (validate(p) ? 0 : validate.errors.length), 0) / payloads.length),
      valibotIssuesPerPayload: round(payloads.reduce((n, p) => n + (v.safeParse(schema, p).issues?.length ?? 0), 0) / payloads.length),
    };
  }

  for (let w = 0; w < CONFIG.warmupPasses; w++) {
    for (const payloads of Object.values(sets)) for (const [, run] of contenders) timePass(run, payloads);
  }
  const samples = {};
  for (const setName of Object.keys(sets)) samples[setName] = Object.fromEntries(contenders.map(([name]) => [name, []]));
  for (let r = 0; r < CONFIG.rounds; r++) {
    for (const [setName, payloads] of Object.entries(sets)) {
      // Rotate the starting contender so no one always runs right after the same neighbour.
      for (let k = 0; k < contenders.length; k++) {
        const [name, run] = contenders[(r + k) % contenders.length];
        samples[setName][name].push(timePass(run, payloads));
      }
    }
  }
  const nsPerOp = {};
  const ratios = {};
  for (const [setName, byName] of Object.entries(samples)) {
    nsPerOp[setName] = {};
    for (const [name, xs] of Object.entries(byName)) {
      nsPerOp[setName][name] = { median: Math.round(median(xs)), min: Math.round(Math.min(...xs)), max: Math.round(Math.max(...xs)) };
    }
    const ajv = nsPerOp[setName].ajv.median;
    ratios[setName] = Object.fromEntries(Object.entries(nsPerOp[setName]).map(([name, s]) => [name, round(s.median / ajv)]));
  }
  return { found, nsPerOp, ratios };
}

// ---------------------------------------------------------------------------
// Browser bundle of lintOrder.

// Country names that only non-English locale data contains.
const FOREIGN_NAMES = ['Vereinigte Staaten', 'États-Unis', 'Estados Unidos', 'Stati Uniti'];

async function bundle() {
  const esbuild = await import('esbuild');
  const from = existsSync(join(ROOT, 'src', 'index.ts')) ? './src/index' : './src/lint/engine';
  const result = await esbuild.build({
    stdin: { contents: `export { lintOrder } from '${from}';`, resolveDir: ROOT, loader: 'ts', sourcefile: 'bench-entry.ts' },
    ...BROWSER_BUILD,
  });
  const code = result.outputFiles[0].contents;
  const text = Buffer.from(code).toString('utf8');
  const byOrigin = {};
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [input, info] of Object.entries(output.inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      const origin = m ? m[1] : input.split('/')[0];
      byOrigin[origin] = (byOrigin[origin] ?? 0) + info.bytesInOutput;
    }
  }
  return {
    entry: `export { lintOrder } from '${from}'`,
    rawBytes: code.length,
    gzipBytes: gzipSync(code).length,
    foreignLocaleNames: FOREIGN_NAMES.filter((name) => text.includes(name)),
    englishCountryNames: text.includes('Afghanistan'),
    bytesByOrigin: Object.fromEntries(Object.entries(byOrigin).sort((a, b) => b[1] - a[1])),
  };
}

// ---------------------------------------------------------------------------

const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

async function main() {
  const started = Date.now();
  const { lib, source, notes } = await loadLibrary();
  console.log(`fulfilkit bench: node ${process.version}, ${cpus().length} CPUs, library from ${source}${QUICK ? ' (QUICK)' : ''}`);
  for (const note of notes) console.log(`  note: ${note}`);

  const m = micro(lib);
  console.log(`\nPer payload: ${CONFIG.payloads} distinct 5-item v${VERSION} orders per set, median of ${CONFIG.rounds} interleaved rounds`);
  console.log(`${pad('', 26)}${lpad('valid ns/op', 12)}${lpad('× ajv', 8)}${lpad('invalid ns/op', 15)}${lpad('× ajv', 8)}`);
  const labels = { lintOrder: 'lintOrder (all rules)', 'lintOrder+fms': 'lintOrder (FMS profile)', valibot: 'valibot safeParse', ajv: 'ajv (allErrors)' };
  for (const [name, label] of Object.entries(labels)) {
    console.log(
      `${pad(label, 26)}${lpad(m.nsPerOp.valid[name].median, 12)}${lpad(m.ratios.valid[name].toFixed(2), 8)}` +
        `${lpad(m.nsPerOp.invalid[name].median, 15)}${lpad(m.ratios.invalid[name].toFixed(2), 8)}`,
    );
  }
  for (const [setName, f] of Object.entries(m.found)) {
    console.log(
      `  ${setName}: ${f.bytesPerPayload} bytes/order; lint (FMS) ${f.lintProblemsPerPayload} problems/order, ` +
        `ajv ${f.ajvErrorsPerPayload} errors/order, valibot ${f.valibotIssuesPerPayload} issues/order`,
    );
  }
  if (m.found.valid.withLintProblems > 0) {
    console.log(`  WARNING: ${m.found.valid.withLintProblems} generated "valid" orders lint with problems: ${JSON.stringify(m.found.valid.lintProblemsByRule)}`);
  }

  let bulkResult;
  if (!SKIP.has('bulk')) {
    const tmp = mkdtempSync(join(tmpdir(), 'fulfilkit-bench-'));
    const rnd = mulberry32(7);
    try {
      bulkResult = await bulkCli({
        root: ROOT,
        quick: QUICK,
        tmp,
        order: (i) => (i % CONFIG.bulkInvalidEvery === CONFIG.bulkInvalidEvery - 1 ? invalidOrder(i, rnd) : validOrder(i, rnd)),
        orders: CONFIG.bulkOrders,
        rounds: CONFIG.bulkRounds,
        invalidEvery: CONFIG.bulkInvalidEvery,
        // One enum error a line: the shipServiceLevel mutation.
        oneError: (i) => {
          const order = validOrder(i, rnd);
          MUTATIONS[1][1](order);
          return order;
        },
      });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    console.log(bulkReport(bulkResult));
  }

  let bundleResult;
  if (!SKIP.has('bundle')) {
    bundleResult = await bundle();
    const top = Object.entries(bundleResult.bytesByOrigin).slice(0, 5).map(([k, n]) => `${k} ${(n / 1024).toFixed(1)} KiB`);
    console.log(
      `\nBrowser bundle (${bundleResult.entry}; esbuild minify, esm, browser): ${bundleResult.rawBytes} bytes raw, ${bundleResult.gzipBytes} bytes gzip` +
        `\n  largest inputs: ${top.join(', ')}` +
        `\n  non-English locale data: ${bundleResult.foreignLocaleNames.length === 0 ? 'none (ok)' : 'FOUND ' + bundleResult.foreignLocaleNames.join(', ')}`,
    );
  }

  let published;
  if (!SKIP.has('published')) {
    published = { ...(await publishedBundles({ build: false })), ruleDocs: lib.RULES ? ruleDocsSize(lib.RULES) : undefined };
    console.log(`\nFrom the packed tarball (${(published.tarballBytes / 1024).toFixed(0)} KB, ${published.tarballFiles} files), esbuild minify, gzip -9:`);
    for (const b of published.bundles) {
      const top = Object.entries(b.minifiedBytesByModule).slice(0, 4).map(([k, n]) => `${k} ${(n / 1024).toFixed(1)}`);
      const target = b.targetGzipBytes ? ` (target ≤ ${b.targetGzipBytes / 1024} KB: ${b.met ? 'met' : 'MISSED'})` : '';
      console.log(`  ${pad(b.name, 20)}${lpad((b.gzipBytes / 1024).toFixed(1), 6)} KB gzip${target}; largest (KB minified): ${top.join(', ')}`);
    }
    if (published.ruleDocs) console.log(`  rule docs metadata (description + docs of ${published.ruleDocs.rules} rules): ${(published.ruleDocs.rawBytes / 1024).toFixed(1)} KB raw, ${(published.ruleDocs.gzipBytes / 1024).toFixed(1)} KB gzip`);
  }

  let cold;
  if (!SKIP.has('cold')) {
    cold = coldStart({ payload: validOrder(0, mulberry32(7)), schema: lib.orderJsonSchema(VERSION), runs: QUICK ? 5 : 15 });
    console.log(
      `\nCold start (median of ${cold.runs} fresh processes each, ${cold.from}):` +
        `\n  import('fulfilkit') ${cold.fulfilkit.importMs} ms (target ≤ 40: ${cold.targets.importMs.met ? 'met' : 'MISSED'}); require ${cold.fulfilkit.requireMs} ms` +
        `\n  import + first lintOrder ${cold.fulfilkit.firstLintMs} ms; ajv import + compile + first validate ${cold.ajv.firstValidateMs} ms; ` +
        `ratio ${cold.firstLintVsAjv.toFixed(2)} (target ≤ 0.6: ${cold.targets.firstLintVsAjv.met ? 'met' : 'MISSED'})`,
    );
  }

  const lintVsAjv = {
    limit: 1.0,
    valid: m.ratios.valid.lintOrder,
    invalid: m.ratios.invalid.lintOrder,
    validFms: m.ratios.valid['lintOrder+fms'],
    invalidFms: m.ratios.invalid['lintOrder+fms'],
  };
  lintVsAjv.met = Math.max(lintVsAjv.valid, lintVsAjv.invalid, lintVsAjv.validFms, lintVsAjv.invalidFms) <= lintVsAjv.limit;
  const targets = {
    lintVsAjv,
    bulk: bulkResult ? bulkTargets(bulkResult) : undefined,
    bundleLocaleData: bundleResult ? { met: bundleResult.foreignLocaleNames.length === 0 } : undefined,
    publishedBundles: published ? Object.fromEntries(published.bundles.filter((b) => b.targetGzipBytes).map((b) => [b.name, { limitGzipBytes: b.targetGzipBytes, gzipBytes: b.gzipBytes, met: b.met }])) : undefined,
    cold: cold?.targets,
  };
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    quick: QUICK,
    library: { source, notes },
    config: CONFIG,
    payloads: m.found,
    nsPerOp: m.nsPerOp,
    ratiosToAjv: m.ratios,
    bulk: bulkResult,
    bundle: bundleResult,
    published,
    cold,
    targets,
    durationMs: Date.now() - started,
    sink: sink % 1000,
  };
  writeFileSync(join(HERE, 'results.json'), JSON.stringify(results, null, 2) + '\n');

  const verdict = (ok) => (ok === undefined ? 'skipped' : ok ? 'met' : 'MISSED');
  console.log(
    `\nTargets: lint/ajv ≤ 1.0: ${verdict(targets.lintVsAjv.met)}; bulk CLI ≤ 0.9× floor: ${verdict(targets.bulk?.wallTime.met)}, ` +
      `first result ≤ 1 s: ${verdict(targets.bulk?.firstResult.met)}, peak RSS ≤ 300 MB: ${verdict(targets.bulk?.peakRss.met)}; ` +
      `no locale data in the bundle: ${verdict(targets.bundleLocaleData?.met)}` +
      `\nWrote benchmarks/results.json in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  // Speed targets are reported, not enforced (noisy machines); locale data in the bundle is a defect.
  if (targets.bundleLocaleData && !targets.bundleLocaleData.met) process.exitCode = 1;
}

await main();
