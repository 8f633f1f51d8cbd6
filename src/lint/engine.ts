/**
 * The lint engine: `lintOrder`, `lintReturn`, `lintBatch`.
 */
import { RULES } from '../../rules/index';
import { ORDER_REQUEST_SCHEMAS } from '../spec/order';
import { ReturnRequestSchema } from '../spec/return';
import { ORDER_VERSIONS, type OrderVersion } from '../spec/tables';
import { compileSchema, isObject, report, type Check, type Levels, type Walk } from './compile';
import type { Rule, RuleContext } from './define-rule';
import { member, ptr } from './read';
import type { LintBatchOptions, LintOptions, LintOrderOptions, PayloadKind, Problem, RuleLevel } from './types';

const orderCheckers = new Map<OrderVersion, Check>();
let returnChecker: Check | undefined;

// Compiled lazily so that importing the package costs nothing until the first lint.
function orderChecker(version: OrderVersion): Check {
  let check = orderCheckers.get(version);
  if (!check) {
    check = compileSchema(ORDER_REQUEST_SCHEMAS[version], 'payload', { label: `v${version}` });
    orderCheckers.set(version, check);
  }
  return check;
}

function returnCheck(): Check {
  returnChecker ??= compileSchema(ReturnRequestSchema, 'payload', { label: 'the return request' });
  return returnChecker;
}

interface Plan {
  readonly levels: Levels;
  /** Rules with a check that run for this kind, version and profile. */
  readonly checks: readonly Rule[];
}

const planCache = new WeakMap<object, Map<string, Plan>>();
const NO_OPTIONS = {};

let profileKeys: readonly string[] | undefined;

/**
 * What a plan depends on: rule overrides, profile.fms and which required profile
 * members are present. Part of the cache key, so that changing an options object
 * between calls is never answered from a stale plan.
 */
function stampOf(options: LintOptions): string {
  let stamp = '';
  const overrides: unknown = options.rules;
  if (isObject(overrides)) {
    for (const id in overrides) {
      if (Object.prototype.hasOwnProperty.call(overrides, id)) stamp += id + '=' + String(overrides[id]) + ';';
    }
  }
  const profile: unknown = options.profile;
  if (isObject(profile)) {
    profileKeys ??= [...new Set(RULES.flatMap((rule) => rule.meta.requires ?? []))];
    stamp += profile.fms === true ? '|fms' : '|';
    for (const key of profileKeys) {
      const value = profile[key];
      stamp += value === undefined || value === null || value === '' ? '0' : '1';
    }
  }
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

/** Resolves levels and checks for one (options, kind, version), cached per options object. */
function planFor(options: LintOptions, kind: PayloadKind, version: OrderVersion | undefined): Plan {
  const cacheKey = kind + ':' + (version ?? '') + ':' + stampOf(options);
  let byKey = planCache.get(options);
  const cached = byKey?.get(cacheKey);
  if (cached) return cached;
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
  const plan: Plan = { levels, checks };
  if (!byKey) {
    byKey = new Map();
    planCache.set(options, byKey);
  }
  byKey.set(cacheKey, plan);
  return plan;
}

function runChecks(
  plan: Plan,
  out: Problem[],
  kind: PayloadKind,
  version: OrderVersion | undefined,
  options: LintOptions,
  body: Record<string, unknown>,
  base: string,
): void {
  let current = '';
  const ctx: RuleContext = {
    kind,
    version,
    profile: options.profile,
    body,
    base,
    report(path, message, extra) {
      const severity = plan.levels[current];
      if (severity === undefined || severity === 'off') return;
      const problem: Problem = { rule: current, severity, path, message };
      if (extra?.params) problem.params = extra.params;
      if (extra?.fix) problem.fix = extra.fix;
      out.push(problem);
    },
  };
  let failed = false;
  for (const rule of plan.checks) {
    current = rule.meta.id;
    // One rule that cannot read a hostile value must not keep the others from running.
    try {
      rule.check!(ctx);
    } catch {
      failed = true;
    }
  }
  if (failed) throw new TypeError('unreadable payload');
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
  assertVersion(options);
  const version = options.version;
  const plan = planFor(options, 'order', version);
  const out: Problem[] = [];
  try {
    const walk: Walk = { path: [], out, levels: plan.levels };
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
    orderChecker(version)(payload, walk);
    const body = payload.clientRequest;
    if (isObject(body)) runChecks(plan, out, 'order', version, options, body, '/clientRequest');
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
  const opts = isObject(options) ? options : NO_OPTIONS;
  const plan = planFor(opts, 'return', undefined);
  const out: Problem[] = [];
  try {
    const walk: Walk = { path: [], out, levels: plan.levels };
    if (!isObject(payload)) {
      report(walk, 'type', 'A return request must be a JSON object.', undefined, { params: { expected: 'an object' } });
      return out;
    }
    returnCheck()(payload, walk);
    runChecks(plan, out, 'return', undefined, opts, payload, '');
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
  const version = kind === 'order' ? (options as LintOrderOptions).version : undefined;
  const plan = planFor(options, kind, version);
  const duplicateLevel = plan.levels['duplicate-request-reference'];
  const seen = new Set<string>();
  const results: Problem[][] = [];
  for (const payload of payloads) {
    const problems = kind === 'order' ? lintOrder(payload, options as LintOrderOptions) : lintReturn(payload, options);
    if (duplicateLevel !== undefined && duplicateLevel !== 'off') {
      const reference = requestReferenceOf(payload, kind);
      if (reference !== undefined) {
        if (seen.has(reference)) {
          problems.push({
            rule: 'duplicate-request-reference',
            severity: duplicateLevel,
            path: ptr(kind === 'order' ? '/clientRequest' : '', 'requestHeader', 'requestReference'),
            message: 'This requestReference was already used earlier in the batch; the API rejects duplicates.',
          });
        } else {
          seen.add(reference);
        }
      }
    }
    results.push(problems);
  }
  return results;
}

/** The requestReference of a payload, read without ever throwing (hostile input included). */
function requestReferenceOf(payload: unknown, kind: PayloadKind): string | undefined {
  try {
    const body = kind === 'order' ? member(payload, 'clientRequest') : payload;
    const reference = member(member(body, 'requestHeader'), 'requestReference');
    return typeof reference === 'string' ? reference : undefined;
  } catch {
    return undefined;
  }
}
