/**
 * The lint engine: `lintOrder`, `lintReturn`, `lintBatch`.
 *
 * One lint call: the plan (levels and rule checks for kind, version, profile and
 * overrides; cached by those, read afresh on every call), then the structural walk,
 * then the business rules in registry order. The walk is generated code where code may
 * be generated (generate.ts), else the closures of compile.ts; both report the same
 * problems in the same order. When the generated walk saw only plain objects, the rules
 * read schema members directly (`trusted`, see checks/views.ts) instead of through
 * `member`. Nothing here changes what is reported; test/lint/perf-equivalence.test.ts
 * holds every path to the output recorded before these shortcuts existed.
 */
import { RULES } from '../../rules/index';
import { ORDER_REQUEST_SCHEMAS } from '../schema/order';
import { ReturnRequestSchema } from '../schema/return';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';
import type { GenericSchema } from 'valibot';
import { compileChecker, isObject, objectPrototypeIsPlain, report, type AnySchema, type Check, type Checker, type Levels, type Walk } from './compile';
import { generateReporter, generateValidity, setCodegen } from './generate';
import { LintContext } from './context';
import type { Rule } from './define-rule';
import { batchFactsOf, createBatchState, type BatchFacts } from './batch';
import type { LintBatchOptions, LintOptions, LintOrderOptions, PayloadKind, Problem, RuleLevel } from './types';

const orderCheckers = new Map<OrderVersion, CompiledSchema>();
let returnChecker: CompiledSchema | undefined;

/** A compiled schema and, where code may be generated, its generated walk. */
interface CompiledSchema {
  readonly checker: Checker;
  readonly generated: Check | undefined;
  /** The last payload walked had no structural problem (see `walkPayload`). */
  lastValid: boolean;
}

/** Compiles a schema; its walk and validity tests are generated code where allowed, closures elsewhere. */
function compile(schema: GenericSchema, label: string): CompiledSchema {
  const checker = compileChecker(schema, 'payload', { label, generated: generateValidity(schema as AnySchema) });
  return { checker, generated: checker.root ? generateReporter(checker.root) : undefined, lastValid: true };
}

// Compiled lazily so that importing the package costs nothing until the first lint.
function orderChecker(version: OrderVersion): CompiledSchema {
  let checker = orderCheckers.get(version);
  if (!checker) {
    checker = compile(ORDER_REQUEST_SCHEMAS[version], `v${version}`);
    orderCheckers.set(version, checker);
  }
  return checker;
}

function returnCheck(): CompiledSchema {
  returnChecker ??= compile(ReturnRequestSchema, 'the return request');
  return returnChecker;
}

/**
 * Runs the structural checks: the generated walk where there is one and `Object.prototype`
 * is plain, else the closures. A value that throws while read is walked again by the
 * closures, which decide what is reported before the throw.
 */
function walkPayload(compiled: CompiledSchema, payload: unknown, walk: Walk): void {
  const generated = compiled.generated;
  if (generated && walk.fast) {
    const mark = walk.out.length;
    try {
      // Payloads come in runs (a file of valid orders, a suite of broken ones): after a valid
      // one the validity test goes first, which is cheaper than the walk when it passes and
      // wasted when it fails. Either way the output is the walk's.
      if (compiled.lastValid && compiled.checker.valid(payload)) return;
      generated(payload, walk);
      compiled.lastValid = walk.out.length === mark;
      return;
    } catch {
      walk.out.length = mark;
      walk.path.length = 0;
      walk.exotic = true;
    }
  } else {
    walk.exotic = true;
  }
  compiled.checker.check(payload, walk);
}

/** Settings of the lint engine for the whole page or process. */
export interface EngineConfig {
  /**
   * Whether the engine may compile its walks with `new Function` (faster). `'auto'` (the
   * default) probes once, on the first lint; `false` never generates code and never
   * probes, for pages whose Content-Security-Policy forbids 'unsafe-eval'. Output is the
   * same either way.
   */
  codegen?: boolean | 'auto';
}

/**
 * Configures the lint engine. Call it before the first lint (it also drops the walks
 * compiled so far, so a later call takes effect too).
 *
 * @param config The settings to change.
 * @example
 * // A page served with Content-Security-Policy: script-src 'self'
 * configureEngine({ codegen: false });
 */
export function configureEngine(config: EngineConfig): void {
  if (config === null || typeof config !== 'object') throw new TypeError('configureEngine expects an object such as { codegen: false }.');
  const codegen = config.codegen;
  if (codegen === undefined) return;
  if (codegen !== true && codegen !== false && codegen !== 'auto') throw new TypeError("codegen must be true, false or 'auto'.");
  setCodegen(codegen);
  orderCheckers.clear();
  returnChecker = undefined;
}

interface Plan {
  readonly levels: Levels;
  /** Rules with a check that run for this kind, version and profile. */
  readonly checks: readonly Rule[];
  /** Their ids, in the same order (read here rather than through each rule's meta). */
  readonly ids: readonly string[];
}

const NO_OPTIONS = {};

/** Plans without rule overrides, by kind, version and profile bits (see `profileBits`). */
const plans = new Map<number, Plan>();
/** Plans with rule overrides, by the same number and the overrides' stamp. */
const plansWithOverrides = new Map<string, Plan>();
// Rule overrides are few in practice; the bound only keeps a pathological caller from growing the cache.
const MAX_PLANS_WITH_OVERRIDES = 256;

let profileKeys: readonly string[] | undefined;

/**
 * What a plan needs of the profile: profile.fms and which required profile members are
 * present, as bits. Read on every call (a handful of member reads), so that a profile
 * changed between calls, or a fresh options literal per call, gets the right plan.
 */
function profileBits(profile: unknown): number {
  if (profile === null || (typeof profile !== 'object' && typeof profile !== 'function')) return 0;
  profileKeys ??= [...new Set(RULES.flatMap((rule) => rule.meta.requires ?? []))];
  const p = profile as Record<string, unknown>;
  let bits = p.fms === true ? 1 : 0;
  for (let i = 0; i < profileKeys.length; i++) {
    const value = p[profileKeys[i]!];
    if (value !== undefined && value !== null && value !== '') bits |= 2 << i;
  }
  return bits;
}

/** The last stamp of an overrides object, with the entries it was made from. */
interface Stamped {
  readonly entries: unknown[];
  readonly stamp: string;
}

const stamps = new WeakMap<object, Stamped>();

/**
 * The rule overrides as text, e.g. `enum=warn;totals=off;`; '' when there are none.
 * Kept per overrides object and checked entry by entry on each call, so that an object
 * changed in place between calls gets a new stamp without building the text each time.
 */
function overridesStamp(overrides: unknown): string {
  if (!isObject(overrides)) return '';
  const known = stamps.get(overrides);
  if (known) {
    const entries = known.entries;
    let n = 0;
    let same = true;
    for (const id in overrides) {
      if (!Object.prototype.hasOwnProperty.call(overrides, id)) continue;
      if (n + 1 >= entries.length || entries[n] !== id || entries[n + 1] !== overrides[id]) {
        same = false;
        break;
      }
      n += 2;
    }
    if (same && n === entries.length) return known.stamp;
  }
  const entries: unknown[] = [];
  let stamp = '';
  for (const id in overrides) {
    if (!Object.prototype.hasOwnProperty.call(overrides, id)) continue;
    const level = overrides[id];
    entries.push(id, level);
    stamp += id + '=' + String(level) + ';';
  }
  stamps.set(overrides, { entries, stamp });
  return stamp;
}

function ruleApplies(rule: Rule, kind: PayloadKind, version: OrderVersion | undefined, options: LintOptions): boolean {
  const { meta } = rule;
  if (!meta.kinds.includes(kind)) return false;
  if (kind === 'order' && meta.versions && version && !meta.versions.includes(version)) return false;
  const profile = options.profile;
  if (meta.fmsOnly && profile?.fms !== true) return false;
  for (const key of meta.requires ?? []) {
    const value = profile?.[key];
    if (value === undefined || value === null || value === '') return false;
  }
  return true;
}

/**
 * Resolves levels and checks for one (options, kind, version). Cached by what the plan
 * depends on, read afresh on every call: kind, version, profile bits and overrides.
 */
function planFor(options: LintOptions, kind: PayloadKind, version: OrderVersion | undefined): Plan {
  const bits = profileBits(options.profile);
  const slot = (kind === 'return' ? 0 : version === '1' ? 1 : version === '1.1' ? 2 : 3) + 4 * bits;
  const stamp = overridesStamp(options.rules);
  if (stamp === '') {
    let plan = plans.get(slot);
    if (!plan) {
      plan = makePlan(options, kind, version);
      plans.set(slot, plan);
    }
    return plan;
  }
  const key = slot + ':' + stamp;
  let plan = plansWithOverrides.get(key);
  if (!plan) {
    plan = makePlan(options, kind, version);
    if (plansWithOverrides.size >= MAX_PLANS_WITH_OVERRIDES) plansWithOverrides.clear();
    plansWithOverrides.set(key, plan);
  }
  return plan;
}

function makePlan(options: LintOptions, kind: PayloadKind, version: OrderVersion | undefined): Plan {
  const levels: Record<string, RuleLevel> = {};
  const checks: Rule[] = [];
  const overrides = isObject(options.rules) ? options.rules : {};
  for (const rule of RULES) {
    const override = Object.prototype.hasOwnProperty.call(overrides, rule.meta.id) ? overrides[rule.meta.id] : undefined;
    const level: RuleLevel =
      override === 'off' || override === 'warn' || override === 'error' ? override : rule.meta.severity;
    if (level === 'off' || !ruleApplies(rule, kind, version, options)) continue;
    levels[rule.meta.id] = level;
    if (rule.check && (rule.meta.scope ?? 'payload') === 'payload') checks.push(rule);
  }
  return { levels, checks, ids: checks.map((rule) => rule.meta.id) };
}

function runChecks(
  plan: Plan,
  out: Problem[],
  kind: PayloadKind,
  version: OrderVersion | undefined,
  options: LintOptions,
  body: Record<string, unknown>,
  base: string,
  trusted: boolean,
): void {
  const checks = plan.checks;
  if (checks.length === 0) return;
  const ctx = new LintContext(kind, version, options.profile, body, base, plan.levels, out, trusted);
  let failed = false;
  const ids = plan.ids;
  for (let i = 0; i < checks.length; i++) {
    const rule = checks[i]!;
    ctx.current = ids[i]!;
    // One rule that cannot read a hostile value must not keep the others from running.
    try {
      rule.check!(ctx);
    } catch {
      failed = true;
    }
  }
  if (failed) throw new TypeError('unreadable payload');
}

/** The generated walk saw only plain objects: rules may read members directly (see checks/views.ts). */
/** The last lintOrder or lintReturn call ended with a trusted walk (read by lintBatch right after). */
let lastTrusted = false;

function trustedWalk(walk: Walk): boolean {
  return walk.fast === true && walk.exotic !== true;
}

function unreadable(out: Problem[], levels: Levels): Problem[] {
  // A hostile input (a throwing getter or Proxy) must not make lint throw.
  out.push({ rule: 'type', severity: levels.type === 'warn' ? 'warn' : 'error', path: '', message: 'The payload could not be read as JSON data.' });
  return out;
}

function assertVersion(options: unknown): asserts options is LintOrderOptions {
  const version = isObject(options) ? options.version : undefined;
  if (!ORDER_VERSIONS.includes(version as OrderVersion)) {
    throw new TypeError(`options.version must be one of ${ORDER_VERSIONS.join(', ')}.`);
  }
}

/**
 * Lints a create-order payload (the wrapped form `{ clientRequest: ... }`) against
 * every rule of the chosen version. Never throws for any payload, never modifies it.
 *
 * @param payload Any value, typically parsed JSON.
 * @param options The version (`'1'`, `'1.1'`, `'1.2'`), an optional client profile and rule levels.
 * @returns The problems found, in document order of the structural checks, then by rule.
 * @throws {TypeError} When `options.version` is not a known version (a programming error).
 * @example
 * const problems = lintOrder(payload, { version: '1.1', profile });
 * if (problems.some((p) => p.severity === 'error')) throw new Error('fix the order first');
 */
export function lintOrder(payload: unknown, options: LintOrderOptions): Problem[] {
  lastTrusted = false;
  assertVersion(options);
  const version = options.version;
  const plan = planFor(options, 'order', version);
  const out: Problem[] = [];
  try {
    const walk: Walk = { path: [], out, levels: plan.levels, fast: objectPrototypeIsPlain(), exotic: false };
    if (!isObject(payload)) {
      report(walk, 'type', 'An order payload must be a JSON object with a clientRequest member.', undefined, {
        params: { expected: 'an object' },
      });
      return out;
    }
    if (!Object.prototype.hasOwnProperty.call(payload, 'clientRequest')) {
      report(walk, 'wrapper', 'The order payload must be wrapped in a clientRequest member.');
      return out;
    }
    walkPayload(orderChecker(version), payload, walk);
    const body = payload.clientRequest;
    const trusted = trustedWalk(walk);
    if (isObject(body)) runChecks(plan, out, 'order', version, options, body, '/clientRequest', trusted);
    lastTrusted = trusted;
    return out;
  } catch {
    return unreadable(out, plan.levels);
  }
}

/**
 * Lints a return-token request (`{ requestHeader, rma, partner?, item }`) against every
 * rule of the returns portal. Never throws, never modifies the payload.
 *
 * @param payload Any value, typically parsed JSON.
 * @param options An optional client profile and rule levels.
 * @returns The problems found.
 * @example
 * const problems = lintReturn(payload, { profile: { client: 'ACME', clientCode: 'ACME', returnReasons: ['damaged'] } });
 */
export function lintReturn(payload: unknown, options: LintOptions = NO_OPTIONS): Problem[] {
  lastTrusted = false;
  const opts = isObject(options) ? options : NO_OPTIONS;
  const plan = planFor(opts, 'return', undefined);
  const out: Problem[] = [];
  try {
    const walk: Walk = { path: [], out, levels: plan.levels, fast: objectPrototypeIsPlain(), exotic: false };
    if (!isObject(payload)) {
      report(walk, 'type', 'A return request must be a JSON object.', undefined, { params: { expected: 'an object' } });
      return out;
    }
    walkPayload(returnCheck(), payload, walk);
    const trusted = trustedWalk(walk);
    runChecks(plan, out, 'return', undefined, opts, payload, '', trusted);
    lastTrusted = trusted;
    return out;
  } catch {
    return unreadable(out, plan.levels);
  }
}

/**
 * Lints many payloads of one kind and adds the cross-payload rules
 * (`duplicate-request-reference`: the API rejects a requestReference it has seen).
 *
 * @param payloads Any iterable of payloads (an array, a generator over NDJSON lines).
 * @param options The kind (`order` with a version, or `return`), profile and rule levels.
 * @returns One problem list per payload, in input order.
 * @example
 * const results = lintBatch(orders, { kind: 'order', version: '1.1' });
 */
export function lintBatch(payloads: Iterable<unknown>, options: LintBatchOptions): Problem[][] {
  const kind = isObject(options) ? options.kind : undefined;
  if (kind !== 'order' && kind !== 'return') throw new TypeError("options.kind must be 'order' or 'return'.");
  if (kind === 'order') assertVersion(options);
  const batch = createBatchState(options);
  const results: Problem[][] = [];
  for (const payload of payloads) {
    const problems = kind === 'order' ? lintOrder(payload, options as LintOrderOptions) : lintReturn(payload, options);
    const facts = lastTrusted ? trustedFactsOf(payload, kind) : batchFactsOf(payload, kind);
    const found = batch.next(facts);
    results.push(found.length === 0 ? problems : problems.concat(found));
  }
  return results;
}

/**
 * The batch facts of a payload whose lint call was trusted: every member on the way is an
 * own member of a plain object, so direct reads give what `batchFactsOf` gives.
 */
function trustedFactsOf(payload: unknown, kind: PayloadKind): BatchFacts {
  const body = kind === 'order' ? (payload as Record<string, unknown>).clientRequest : payload;
  const header = isObject(body) ? body.requestHeader : undefined;
  const reference = isObject(header) ? header.requestReference : undefined;
  return typeof reference === 'string' ? { requestReference: reference } : {};
}
