/**
 * Cold start from the PUBLISHED dist, in fresh Node processes: the packed tarball
 * installed in a fresh project (scripts/packed.mjs), so `import('fulfilkit')` resolves
 * and loads exactly what a user's would. Each process times, from its own clock:
 *
 * - fulfilkit: `await import('fulfilkit')`, then the first `lintOrder` of a valid order;
 * - ajv: `await import('ajv')`, `new Ajv({ allErrors: true })`, `compile` of the
 *   equivalent JSON Schema (`orderJsonSchema`, computed beforehand and read from a file)
 *   and the first `validate` of the same order;
 * - CommonJS: `require('fulfilkit')`, for the record.
 *
 * Processes alternate (fulfilkit, ajv, require, fulfilkit, ...); medians are compared.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packedConsumer, ROOT } from '../scripts/packed.mjs';

export const TARGETS = { importMs: 40, firstLintVsAjv: 0.6 };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x) => Math.round(x * 100) / 100;

const FULFILKIT = `import { readFileSync } from 'node:fs';
const payload = JSON.parse(readFileSync(new URL('./cold-payload.json', import.meta.url), 'utf8'));
const t0 = performance.now();
const { lintOrder } = await import('fulfilkit');
const t1 = performance.now();
const problems = lintOrder(payload, { version: '1.1' });
const t2 = performance.now();
console.log(JSON.stringify({ importMs: t1 - t0, firstLintMs: t2 - t0, problems: problems.length }));
`;

const AJV = (ajvUrl) => `import { readFileSync } from 'node:fs';
const payload = JSON.parse(readFileSync(new URL('./cold-payload.json', import.meta.url), 'utf8'));
const schema = JSON.parse(readFileSync(new URL('./cold-schema.json', import.meta.url), 'utf8'));
const t0 = performance.now();
const { default: Ajv } = await import(${JSON.stringify(ajvUrl)});
const t1 = performance.now();
const validate = new Ajv({ allErrors: true }).compile(schema);
const valid = validate(payload);
const t2 = performance.now();
console.log(JSON.stringify({ importMs: t1 - t0, firstValidateMs: t2 - t0, valid }));
`;

const REQUIRE = `const t0 = performance.now();
require('fulfilkit');
console.log(JSON.stringify({ requireMs: performance.now() - t0 }));
`;

function runNode(file, cwd) {
  const r = spawnSync(process.execPath, [file], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${file} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/**
 * Measures cold start.
 *
 * @param {{ payload: unknown, schema: object, runs?: number, build?: boolean }} options
 *   a valid v1.1 order, `orderJsonSchema('1.1')`, processes per contender (default 15).
 */
export function coldStart({ payload, schema, runs = 15, build = false }) {
  const { consumer } = packedConsumer({ build });
  const ajvUrl = pathToFileURL(createRequire(join(ROOT, 'package.json')).resolve('ajv')).href;
  writeFileSync(join(consumer, 'cold-payload.json'), JSON.stringify(payload));
  writeFileSync(join(consumer, 'cold-schema.json'), JSON.stringify(schema));
  writeFileSync(join(consumer, 'cold-fulfilkit.mjs'), FULFILKIT);
  writeFileSync(join(consumer, 'cold-ajv.mjs'), AJV(ajvUrl));
  writeFileSync(join(consumer, 'cold-require.cjs'), REQUIRE);
  const f = [];
  const a = [];
  const c = [];
  for (let i = 0; i < runs; i++) {
    f.push(runNode('cold-fulfilkit.mjs', consumer));
    a.push(runNode('cold-ajv.mjs', consumer));
    c.push(runNode('cold-require.cjs', consumer));
  }
  if (f.some((r) => r.problems !== 0) || a.some((r) => r.valid !== true)) {
    throw new Error('cold start: the payload must be valid for both lintOrder and ajv');
  }
  const importMs = median(f.map((r) => r.importMs));
  const firstLintMs = median(f.map((r) => r.firstLintMs));
  const ajvFirstValidateMs = median(a.map((r) => r.firstValidateMs));
  const ratio = firstLintMs / ajvFirstValidateMs;
  return {
    runs,
    from: 'the packed tarball installed in a fresh project',
    fulfilkit: { importMs: round(importMs), firstLintMs: round(firstLintMs), requireMs: round(median(c.map((r) => r.requireMs))) },
    ajv: { importMs: round(median(a.map((r) => r.importMs))), firstValidateMs: round(ajvFirstValidateMs) },
    firstLintVsAjv: round(ratio),
    targets: {
      importMs: { limit: TARGETS.importMs, value: round(importMs), met: importMs <= TARGETS.importMs },
      firstLintVsAjv: { limit: TARGETS.firstLintVsAjv, value: round(ratio), met: ratio <= TARGETS.firstLintVsAjv },
    },
  };
}
