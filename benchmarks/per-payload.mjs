/**
 * Per-payload benchmark: lintOrder against ajv (allErrors, on the exported JSON Schema), a
 * hand-written structural validator (floor.mjs), and valibot safeParse, on 5- and 500-item
 * v1.1 orders that are valid, have one mistake, or have a mistake in every item. Also
 * lintOrder with 25 rule overrides (each rule at its own default level, so the same rules
 * run), to price the overrides. Interleaved rounds, the contenders in a new order each round.
 * The price of overrides is a ratio of a few percent, smaller than what two passes timed a
 * few milliseconds apart differ by on a shared machine: it is measured on its own, in passes
 * that take turns block by block (`pairedRatio`).
 *
 * Each set comes in two forms, measured in the same rounds:
 * - parsed: `JSON.parse` of the payloads' JSON text, the way stored payloads and request
 *   bodies reach a linter (bulk linting, a server);
 * - built: the objects as the generator built them in JavaScript (template-literal strings,
 *   spread objects), the way checkout code hands its payload to lintOrder.
 * The sets are larger than the processor's caches (2,000 distinct 5-item orders): every
 * contender reads each payload from memory, as in bulk.
 *
 * In these sets a node's objects have one or two shapes (sets of members in one order). A
 * last phase, after every figure above is taken, times floor, ajv and lintOrder on valid
 * 5-item orders whose objects leave out optional members at random ("many shapes"), as
 * stored payloads of several producers do. It comes last because its payloads change how
 * the engines' compiled code reads objects from then on.
 */
import Ajv from 'ajv';
import * as v from 'valibot';
import { floorValidator } from './floor.mjs';
import { everyItemWrongOrder, mulberry32, oneErrorOrder, validOrder, withManyShapes } from './orders.mjs';

const FMS_PROFILE = { client: 'ACME', clientCode: 'ACME', orderDiscountSku: 'ACME_DISCOUNT', weeeSku: 'ACME_WEEE', fms: true, processesCardData: true };

/** The q-quantile of the samples (0.5: the median), nearest rank. */
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const round = (x, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

let sink = 0;

/** A copy of `list` in random order (Fisher-Yates with the seeded `rnd`). */
function shuffled(list, rnd) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Times, ratios and problems found of one set. Noise on a shared machine (another process,
 * a slower core) only ever adds time, in bursts that can cover a third of the rounds: each
 * contender's time is the first quartile of its rounds (`p25`); median and min are kept too.
 */
function summary(byName, found) {
  const ns = Object.fromEntries(
    Object.entries(byName).map(([name, xs]) => [name, { p25: Math.round(quantile(xs, 0.25)), median: Math.round(quantile(xs, 0.5)), min: Math.round(Math.min(...xs)) }]),
  );
  const ajv = ns.ajv.p25;
  return {
    rounds: Object.values(byName)[0].length,
    ns,
    toAjv: Object.fromEntries(Object.entries(ns).map(([name, s]) => [name, round(s.p25 / ajv)])),
    lintToFloor: round(ns.lintOrder.p25 / ns.floor.p25),
    found,
  };
}

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
 * @param {{ quick: boolean, shapes?: boolean }} options Smaller sets and fewer rounds when
 *   quick; `shapes: false` leaves out the "many shapes" phase.
 */
export function perPayload(lib, { quick, shapes = true }) {
  const version = '1.1';
  const validate = new Ajv({ allErrors: true }).compile(lib.orderJsonSchema(version));
  const floor = floorValidator({ paymentMethods: lib.PAYMENT_METHODS[version], isCountry: lib.isCountryAlpha2, isCurrency: lib.isCurrencyCode });
  const plain = { version };
  const fms = { version, profile: FMS_PROFILE };
  // 25 overrides that keep every rule at its default level: the same rules run, the options
  // differ (such options share the plain plan, plan.ts). And 25 overrides that move each rule
  // to the other reporting level: the same rules run, in a plan (and generated walk) of its own.
  const overrides = { version, rules: Object.fromEntries(lib.RULES.slice(0, 25).map((r) => [r.meta.id, r.meta.severity])) };
  const relevelled = { version, rules: Object.fromEntries(lib.RULES.slice(0, 25).map((r) => [r.meta.id, r.meta.severity === 'error' ? 'warn' : 'error'])) };
  const schema = lib.ORDER_REQUEST_SCHEMAS?.[version];
  // For the priced options: closures of one function, which V8 compiles once, so that two of
  // them differ by their options only (two closures of their own, with the same options, were
  // seen to differ by up to 5 %, each compiled its own way).
  const lintWith = (options) => (p) => lib.lintOrder(p, options).length;
  const [lintPlain, lintOverrides, lintRelevelled] = [plain, overrides, relevelled].map(lintWith);
  const validateRun = (p) => (validate(p) ? 0 : validate.errors.length);
  const contenders = [
    ['floor', (p) => floor(p)],
    ['ajv', validateRun],
    ['lintOrder', (p) => lib.lintOrder(p, plain).length],
    ['lintOrder+fms', (p) => lib.lintOrder(p, fms).length],
    ['lintOrder+25 overrides', (p) => lib.lintOrder(p, overrides).length],
    ['lintOrder+25 levels', (p) => lib.lintOrder(p, relevelled).length],
    ...(schema ? [['valibot', (p) => (v.safeParse(schema, p).issues?.length ?? 0)]] : []),
  ];
  const sizes = quick ? [{ items: 5, count: 200 }, { items: 500, count: 4 }] : [{ items: 5, count: 2000 }, { items: 500, count: 40 }];
  const rounds = quick ? 5 : 21;
  const out = {};
  for (const { items, count } of sizes) {
    const sets = payloadSets(items, count);
    const runs = items > 50 ? contenders.filter(([name]) => name !== 'valibot') : contenders;
    const found = problemsFound(sets, (p) => lib.lintOrder(p, plain).length, validate, floor);
    const bySet = measure(sets, runs, rounds, mulberry32(7 + items), found);
    // Blocks of about 100 µs: 20 five-item orders, one 500-item order.
    const block = Math.max(1, Math.round(100 / items));
    for (const [origin, setName, payloads] of sets) {
      const timed = bySet[origin][setName];
      timed.overridesToPlain = round(pairedRatio(payloads, lintPlain, lintOverrides, block, rounds));
      timed.levelsToPlain = round(pairedRatio(payloads, lintPlain, lintRelevelled, block, rounds));
      // lintOrder × ajv again, the two taking turns block by block: a steadier reading than
      // the ratio of two first quartiles (identical code read 0.67-0.90 in full runs, this
      // 0.76-0.80 in five runs on one slow day).
      timed.toAjvPaired = round(pairedRatio(payloads, validateRun, lintPlain, block, rounds));
    }
    out[`${items} items`] = bySet;
  }
  const many = shapes ? manyShapes(lib, { version, count: sizes[0].count, rounds, floor, validate, plain }) : undefined;
  return { result: out, shapes: many, sink: sink % 1000 };
}

/**
 * The six sets of one size, `[origin, set name, payloads]`: valid, one error and every item
 * wrong (seeded: the same payloads in every run), each parsed from JSON and as built.
 *
 * @param {number} items Items per order.
 * @param {number} count Orders per set.
 */
export function payloadSets(items, count) {
  const rnd = mulberry32(20260301 + items);
  const built = {
    valid: Array.from({ length: count }, (_, i) => validOrder(i, rnd, items)),
    'one error': Array.from({ length: count }, (_, i) => oneErrorOrder(i, rnd, items)),
    'every item wrong': Array.from({ length: count }, (_, i) => everyItemWrongOrder(i, rnd, items)),
  };
  const byOrigin = { parsed: Object.fromEntries(Object.entries(built).map(([name, payloads]) => [name, payloads.map((p) => JSON.parse(JSON.stringify(p)))])), built };
  return Object.entries(byOrigin).flatMap(([origin, bySet]) => Object.entries(bySet).map(([name, payloads]) => [origin, name, payloads]));
}

/**
 * The time of `other` over the time of `base` on `payloads`, measured in passes that take
 * turns block by block (`block` payloads, about 100 µs): a burst of noise on the machine
 * lasts longer than a block and falls on both alike. Each round is two passes, the second
 * giving each block to the other function, so that both lint every payload once, read from
 * memory (a pass reads each payload once). The median over `rounds` rounds.
 */
export function pairedRatio(payloads, base, other, block, rounds) {
  const pass = (flip, times) => {
    for (let j = 0, b = flip; j < payloads.length; j += block, b++) {
      const which = b & 1;
      const run = which === 0 ? base : other;
      const end = Math.min(payloads.length, j + block);
      const start = process.hrtime.bigint();
      let s = 0;
      for (let i = j; i < end; i++) s += run(payloads[i]);
      times[which] += Number(process.hrtime.bigint() - start);
      sink += s;
    }
  };
  for (let w = 0; w < 2; w++) pass(w, [0, 0]);
  const ratios = [];
  for (let r = 0; r < rounds; r++) {
    const times = [0, 0];
    pass(0, times);
    pass(1, times);
    ratios.push(times[1] / times[0]);
  }
  return quantile(ratios, 0.5);
}

/**
 * Times `runs` on `sets` ([origin, set name, payloads]): 3 warm-up passes, then `rounds`
 * rounds, each running the contenders in a new order (from `order`), so that none always
 * follows the same one. Returns the summaries by origin and set.
 */
function measure(sets, runs, rounds, order, found) {
  for (let w = 0; w < 3; w++) for (const [, , payloads] of sets) for (const [, run] of runs) timePass(run, payloads);
  const samples = {};
  for (const [origin, setName] of sets) (samples[origin] ??= {})[setName] = Object.fromEntries(runs.map(([name]) => [name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const [origin, setName, payloads] of sets) {
      for (const [name, run] of shuffled(runs, order)) samples[origin][setName][name].push(timePass(run, payloads));
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([origin, bySetSamples]) => [
      origin,
      Object.fromEntries(Object.entries(bySetSamples).map(([setName, byName]) => [setName, summary(byName, found[origin][setName])])),
    ]),
  );
}

/**
 * The "many shapes" phase (see the top of this file): valid 5-item orders whose objects
 * leave out optional members at random, parsed and built, timed for floor, ajv and lintOrder
 * with the validators of the main phase.
 */
function manyShapes(lib, { version, count, rounds, floor, validate, plain }) {
  const rnd = mulberry32(20260401);
  // A plan of its own and ajv's own compile check each half-made order (objects that had
  // members deleted), so that those never reach the code timed. Only the finished orders,
  // built anew, are timed. The plan's one override sets a rule to the other reporting level:
  // options that give every rule its default level share the plain plan (plan.ts).
  const linted = (r) => r.meta.kinds.includes('order') && !r.meta.fmsOnly && !r.meta.requires && (r.meta.scope ?? 'payload') === 'payload';
  const first = lib.RULES.find(linted);
  const check = { version, rules: { [first.meta.id]: first.meta.severity === 'error' ? 'warn' : 'error' } };
  const jsonSchema = lib.orderJsonSchema(version);
  const validateOnce = new Ajv({ allErrors: true }).compile(jsonSchema);
  const isClean = (order) => lib.lintOrder(order, check).length === 0 && validateOnce(order);
  const built = Array.from({ length: count }, (_, i) => withManyShapes(validOrder(i, rnd, 5), jsonSchema, rnd, isClean));
  const shapes = shapeCounts(built);
  const sets = [
    ['parsed', 'valid', built.map((p) => JSON.parse(JSON.stringify(p)))],
    ['built', 'valid', built],
  ];
  const runs = [
    ['floor', (p) => floor(p)],
    ['ajv', (p) => (validate(p) ? 0 : validate.errors.length)],
    ['lintOrder', (p) => lib.lintOrder(p, plain).length],
  ];
  const found = problemsFound(sets, (p) => lib.lintOrder(p, plain).length, validate, floor);
  return { shapesPerNode: shapes, ...measure(sets, runs, rounds, mulberry32(11), found) };
}

/**
 * The problems found per payload by lint, ajv and the floor, by origin and set ([origin,
 * set name, payloads]): printed under the times, so that a faster contender that finds less
 * shows. `lint` gives the number of problems of a payload.
 */
function problemsFound(sets, lint, validate, floor) {
  const found = {};
  for (const [origin, setName, payloads] of sets) {
    (found[origin] ??= {})[setName] = {
      lintProblemsPerPayload: round(payloads.reduce((n, p) => n + lint(p), 0) / payloads.length),
      ajvErrorsPerPayload: round(payloads.reduce((n, p) => n + (validate(p) ? 0 : validate.errors.length), 0) / payloads.length),
      floorErrorsPerPayload: round(payloads.reduce((n, p) => n + floor(p), 0) / payloads.length),
    };
  }
  return found;
}

/** The most key lists (shapes) among the objects of one node, and their median over nodes. */
function shapeCounts(payloads) {
  const byPath = new Map();
  const visit = (x, path) => {
    if (Array.isArray(x)) for (const e of x) visit(e, `${path}[]`);
    else if (x !== null && typeof x === 'object') {
      let keys = byPath.get(path);
      if (!keys) byPath.set(path, (keys = new Set()));
      keys.add(Object.keys(x).join());
      for (const [k, v] of Object.entries(x)) visit(v, `${path}.${k}`);
    }
  };
  for (const p of payloads) visit(p, '');
  const counts = [...byPath.values()].map((keys) => keys.size).sort((a, b) => a - b);
  return { nodes: counts.length, max: counts.at(-1), median: counts[counts.length >> 1] };
}

/**
 * Targets of DESIGN.md for the per-payload figures, with the worst ratio measured over both
 * sizes, for parsed and for built payloads. The floor target is checked on valid payloads and
 * on one mistake (the floor builds no problems, so it has nothing to say about their cost).
 */
export function perPayloadTargets(result) {
  const sizes = Object.values(result);
  const origins = Object.keys(sizes[0]);
  // `paired`: the same ratio with the two taking turns (`toAjvPaired`), shown beside it.
  const check = (limit, f, paired) =>
    Object.fromEntries(
      origins.map((origin) => {
        const ratio = Math.max(...sizes.map((bySet) => f(bySet[origin])));
        const alike = paired && Math.max(...sizes.map((bySet) => paired(bySet[origin])));
        return [origin, { limit, ratio, met: ratio <= limit, ...(paired ? { paired: alike } : {}) }];
      }),
    );
  return {
    valid: check(0.7, (s) => s.valid.toAjv.lintOrder, (s) => s.valid.toAjvPaired),
    oneError: check(0.8, (s) => s['one error'].toAjv.lintOrder, (s) => s['one error'].toAjvPaired),
    everyItemWrong: check(1.0, (s) => s['every item wrong'].toAjv.lintOrder, (s) => s['every item wrong'].toAjvPaired),
    overrides: check(1.05, (s) => Math.max(...Object.values(s).map((x) => x.overridesToPlain))),
    floor: check(1.5, (s) => Math.max(s.valid.lintToFloor, s['one error'].lintToFloor)),
  };
}

/** The per-payload figures as text. */
export function perPayloadReport(result) {
  const lines = [];
  for (const [size, byOrigin] of Object.entries(result)) {
    for (const [origin, bySet] of Object.entries(byOrigin)) {
      const names = Object.keys(Object.values(bySet)[0].ns);
      lines.push(`\nPer payload, ${size} v1.1 orders, ${origin} (ns/op, first quartile of ${Object.values(bySet)[0].rounds} rounds; × ajv; × none: passes taking turns)`);
      lines.push(`${''.padEnd(24)}${Object.keys(bySet).map((s) => s.padStart(26)).join('')}`);
      for (const name of names) {
        lines.push(`${name.padEnd(24)}${Object.values(bySet).map((s) => `${String(s.ns[name].p25).padStart(18)}${s.toAjv[name].toFixed(2).padStart(8)}`).join('')}`);
      }
      lines.push(`${'lintOrder × floor'.padEnd(24)}${Object.values(bySet).map((s) => s.lintToFloor.toFixed(2).padStart(26)).join('')}`);
      lines.push(`${'lintOrder × ajv, paired'.padEnd(24)}${Object.values(bySet).map((s) => s.toAjvPaired.toFixed(2).padStart(26)).join('')}`);
      lines.push(`${'25 overrides × none'.padEnd(24)}${Object.values(bySet).map((s) => s.overridesToPlain.toFixed(2).padStart(26)).join('')}`);
      lines.push(`${'25 levels × none'.padEnd(24)}${Object.values(bySet).map((s) => s.levelsToPlain.toFixed(2).padStart(26)).join('')}`);
      lines.push(`${'problems (lint/ajv/floor)'.padEnd(24)}${Object.values(bySet).map((s) => `${s.found.lintProblemsPerPayload}/${s.found.ajvErrorsPerPayload}/${s.found.floorErrorsPerPayload}`.padStart(26)).join('')}`);
    }
  }
  return lines.join('\n');
}

/** The "many shapes" figures as text. */
export function manyShapesReport(shapes) {
  const { shapesPerNode: n, ...byOrigin } = shapes;
  const lines = [`\nPer payload, valid 5-item v1.1 orders with many shapes (up to ${n.max} key lists a node, median ${n.median}; × ajv)`];
  for (const [origin, { valid }] of Object.entries(byOrigin)) {
    const cells = Object.entries(valid.ns).map(([name, x]) => `${name} ${x.p25} ns ${valid.toAjv[name].toFixed(2)}`);
    const f = valid.found;
    lines.push(`  ${origin.padEnd(8)}${cells.join(', ')}; lintOrder × floor ${valid.lintToFloor.toFixed(2)}; problems ${f.lintProblemsPerPayload}/${f.ajvErrorsPerPayload}/${f.floorErrorsPerPayload}`);
  }
  return lines.join('\n');
}
