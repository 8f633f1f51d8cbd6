/**
 * Per-payload benchmark: lintOrder against ajv (allErrors, on the exported JSON Schema), a
 * hand-written structural validator (floor.mjs), and valibot safeParse, on 5- and 500-item
 * v1.1 orders that are valid, have one mistake, or have a mistake in every item. Also
 * lintOrder with 25 rule overrides (each rule at its own default level, so the same rules
 * run), to price the overrides. Interleaved rounds; the starting contender rotates.
 */
import Ajv from 'ajv';
import * as v from 'valibot';
import { floorValidator } from './floor.mjs';
import { everyItemWrongOrder, mulberry32, oneErrorOrder, validOrder } from './orders.mjs';

const FMS_PROFILE = { client: 'ACME', clientCode: 'ACME', orderDiscountSku: 'ACME_DISCOUNT', weeeSku: 'ACME_WEEE', fms: true, processesCardData: true };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const round = (x, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

let sink = 0;

/** One pass over all payloads; returns ns per payload. */
function timePass(run, payloads) {
  const start = process.hrtime.bigint();
  let s = 0;
  for (let i = 0; i < payloads.length; i++) s += run(payloads[i]);
  sink += s;
  return Number(process.hrtime.bigint() - start) / payloads.length;
}

/**
 * Runs the per-payload benchmark.
 *
 * @param {object} lib The library under test (lintOrder, RULES, orderJsonSchema, ORDER_VERSION_FEATURES, isCountryAlpha2, isCurrencyCode; ORDER_REQUEST_SCHEMAS for valibot).
 * @param {{ quick: boolean }} options Smaller sets and fewer rounds when quick.
 */
export function perPayload(lib, { quick }) {
  const version = '1.1';
  const validate = new Ajv({ allErrors: true }).compile(lib.orderJsonSchema(version));
  const floor = floorValidator({ paymentMethods: lib.PAYMENT_METHODS[version], isCountry: lib.isCountryAlpha2, isCurrency: lib.isCurrencyCode });
  const plain = { version };
  const fms = { version, profile: FMS_PROFILE };
  // 25 overrides that keep every rule at its default level: the same rules run, the options differ.
  const overrides = { version, rules: Object.fromEntries(lib.RULES.slice(0, 25).map((r) => [r.meta.id, r.meta.severity])) };
  const schema = lib.ORDER_REQUEST_SCHEMAS?.[version];
  const contenders = [
    ['floor', (p) => floor(p)],
    ['ajv', (p) => (validate(p) ? 0 : validate.errors.length)],
    ['lintOrder', (p) => lib.lintOrder(p, plain).length],
    ['lintOrder+fms', (p) => lib.lintOrder(p, fms).length],
    ['lintOrder+25 overrides', (p) => lib.lintOrder(p, overrides).length],
    ...(schema ? [['valibot', (p) => (v.safeParse(schema, p).issues?.length ?? 0)]] : []),
  ];
  const sizes = quick ? [{ items: 5, count: 200 }, { items: 500, count: 4 }] : [{ items: 5, count: 2000 }, { items: 500, count: 40 }];
  const rounds = quick ? 5 : 11;
  const out = {};
  for (const { items, count } of sizes) {
    const rnd = mulberry32(20260301 + items);
    const sets = {
      valid: Array.from({ length: count }, (_, i) => validOrder(i, rnd, items)),
      'one error': Array.from({ length: count }, (_, i) => oneErrorOrder(i, rnd, items)),
      'every item wrong': Array.from({ length: count }, (_, i) => everyItemWrongOrder(i, rnd, items)),
    };
    const runs = items > 50 ? contenders.filter(([name]) => name !== 'valibot') : contenders;
    const found = {};
    for (const [setName, payloads] of Object.entries(sets)) {
      const problems = payloads.map((p) => lib.lintOrder(p, plain));
      found[setName] = {
        lintProblemsPerPayload: round(problems.reduce((n, x) => n + x.length, 0) / payloads.length),
        ajvErrorsPerPayload: round(payloads.reduce((n, p) => n + (validate(p) ? 0 : validate.errors.length), 0) / payloads.length),
        floorErrorsPerPayload: round(payloads.reduce((n, p) => n + floor(p), 0) / payloads.length),
      };
    }
    for (let w = 0; w < 3; w++) for (const payloads of Object.values(sets)) for (const [, run] of runs) timePass(run, payloads);
    const samples = {};
    for (const setName of Object.keys(sets)) samples[setName] = Object.fromEntries(runs.map(([name]) => [name, []]));
    for (let r = 0; r < rounds; r++) {
      for (const [setName, payloads] of Object.entries(sets)) {
        for (let k = 0; k < runs.length; k++) {
          const [name, run] = runs[(r + k) % runs.length];
          samples[setName][name].push(timePass(run, payloads));
        }
      }
    }
    const bySet = {};
    for (const [setName, byName] of Object.entries(samples)) {
      const ns = Object.fromEntries(Object.entries(byName).map(([name, xs]) => [name, { median: Math.round(median(xs)), min: Math.round(Math.min(...xs)) }]));
      const ajv = ns.ajv.median;
      bySet[setName] = {
        ns,
        toAjv: Object.fromEntries(Object.entries(ns).map(([name, s]) => [name, round(s.median / ajv)])),
        lintToFloor: round(ns.lintOrder.median / ns.floor.median),
        overridesToPlain: round(ns['lintOrder+25 overrides'].median / ns.lintOrder.median),
        found: found[setName],
      };
    }
    out[`${items} items`] = bySet;
  }
  return { result: out, sink: sink % 1000 };
}

/** Targets of DESIGN.md for the per-payload figures, with what was measured. */
export function perPayloadTargets(result) {
  const all = Object.values(result);
  const worst = (f) => Math.max(...all.map(f));
  const check = (limit, ratio) => ({ limit, ratio, met: ratio <= limit });
  return {
    valid: check(0.7, worst((s) => s.valid.toAjv.lintOrder)),
    oneError: check(0.8, worst((s) => s['one error'].toAjv.lintOrder)),
    everyItemWrong: check(1.0, worst((s) => s['every item wrong'].toAjv.lintOrder)),
    overrides: check(1.05, worst((s) => Math.max(...Object.values(s).map((x) => x.overridesToPlain)))),
    floor: check(1.5, worst((s) => Math.max(...Object.values(s).map((x) => x.lintToFloor)))),
  };
}

/** The per-payload figures as text. */
export function perPayloadReport(result) {
  const lines = [];
  for (const [size, bySet] of Object.entries(result)) {
    const names = Object.keys(Object.values(bySet)[0].ns);
    lines.push(`\nPer payload, ${size} v1.1 orders (median ns/op; × ajv)`);
    lines.push(`${''.padEnd(24)}${Object.keys(bySet).map((s) => s.padStart(26)).join('')}`);
    for (const name of names) {
      lines.push(`${name.padEnd(24)}${Object.values(bySet).map((s) => `${String(s.ns[name].median).padStart(18)}${s.toAjv[name].toFixed(2).padStart(8)}`).join('')}`);
    }
    lines.push(`${'lintOrder × floor'.padEnd(24)}${Object.values(bySet).map((s) => s.lintToFloor.toFixed(2).padStart(26)).join('')}`);
    lines.push(`${'25 overrides × none'.padEnd(24)}${Object.values(bySet).map((s) => s.overridesToPlain.toFixed(2).padStart(26)).join('')}`);
    lines.push(`${'problems (lint/ajv/floor)'.padEnd(24)}${Object.values(bySet).map((s) => `${s.found.lintProblemsPerPayload}/${s.found.ajvErrorsPerPayload}/${s.found.floorErrorsPerPayload}`.padStart(26)).join('')}`);
  }
  return lines.join('\n');
}
