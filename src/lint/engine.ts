/**
 * The lint engine: `lintOrder`, `lintReturn`, `lintBatch`, `configureEngine`.
 *
 * One lint call: its plan (plan.ts: rules, levels, visitors, cached), then one walk of the
 * payload along the schema tree (walk.ts, or its generated twin codegen.ts), in which the
 * structural checks report and the rules' visitors run, then `finish` (report.ts).
 */
import { ORDER_VERSION_FEATURES, ORDER_VERSIONS, type OrderVersionFeatures } from '../schema/tables';
import { batchFactsOf, createBatchState } from './batch';
import { setCodegen } from './codegen';
import { isPlainObject } from './json';
import { clearPlans, planFor, walkPayload, type Plan, type WalkFn } from './plan';
import { orderTarget, RETURN_TARGET, type LintTarget } from './targets';
import { finish, report, tallyOf, Walk, type Bound, type ProblemTally } from './report';
import { underStructural } from './type-first';
import type { LintBatchOptions, LintOptions, LintOrderOptions, PayloadKind, Problem } from './types';

/** Settings of the lint engine for the whole page or process. */
export interface EngineConfig {
  /**
   * Whether the engine may compile its walks with `new Function` (faster). `'auto'` (the
   * default) probes once, on the first lint; `false` never generates code and never
   * probes, for pages whose Content-Security-Policy forbids 'unsafe-eval'. The problems
   * found are the same either way.
   */
  codegen?: boolean | 'auto';
}

/**
 * Configures the lint engine. Call it before the first lint (it also drops the plans made
 * so far, so a later call takes effect too).
 *
 * @param config The settings to change.
 * @throws {TypeError} For a setting that is not one of the documented values.
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
  clearPlans();
}

const NO_OPTIONS: LintOptions = {};

/** The options as an object (anything else is no options). */
function optionsOf(options: unknown): LintOptions {
  return options !== null && typeof options === 'object' ? (options as LintOptions) : NO_OPTIONS;
}

/**
 * Lints one payload with a plan. Never throws: a value that cannot be read (a throwing
 * getter, a Proxy) ends the walk with one `type` problem at the root.
 */
function run(plan: Plan, payload: unknown, options: LintOptions, walk?: WalkFn, bound?: Bound): Problem[] {
  const profile = options.profile ?? undefined;
  // The walk of the plan's last call serves again: a call then makes about 74 bytes instead
  // of 910 (2-3 % of a 5-item order interleaved in one process, within noise in separate
  // processes; and less garbage for long bulk runs). A walk in use is
  // never the spare, so a lint inside this one (a getter in the payload can do anything)
  // makes a walk of its own.
  let w = plan.spare;
  if (w === undefined) {
    w = new Walk(plan, profile);
  } else {
    plan.spare = undefined;
    w.profile = profile;
  }
  w.bound = bound;
  w.full = bound !== undefined && bound.limit <= 0;
  // Contexts report to the plan's current walk: restored after a lint inside this one.
  const outer = plan.current;
  plan.current = w;
  try {
    const root = plan.tree.root;
    if (!isPlainObject(payload)) {
      report(w, 'type', root, plan.kind === 'order' ? 'rootOrder' : 'rootReturn', { expected: 'an object' });
    } else {
      // An order without its wrapper (tree.wrapper) is reported by the walk itself.
      if (walk) walk(payload, w);
      else walkPayload(plan, payload, w);
    }
  } catch {
    w.failed = true;
  } finally {
    plan.current = outer;
  }
  const problems = finish(w);
  w.recycle();
  plan.spare = w;
  return problems;
}

/** The bounds of `lintBounded`. */
export interface ProblemLimits {
  /** Problems listed at most (`Infinity`: all). */
  readonly maxProblems: number;
  /** List warnings too; when false they are only counted (`--quiet`). */
  readonly warnings: boolean;
}

/** What `lintBounded` found. */
export interface BoundedProblems {
  /** The first problems (at most `maxProblems`; errors only without warnings), as `lintOrder` lists them. */
  readonly problems: Problem[];
  /** The problems past `maxProblems`, counted; undefined when there are none. */
  readonly omitted: ProblemTally | undefined;
  /** Warnings not listed because `limits.warnings` is false. */
  readonly quietWarnings: number;
}

/**
 * Lints one payload in bounded memory (the CLI's `--max-problems-per-payload`): lists the
 * problems `lintOrder` or `lintReturn` would list, up to `maxProblems`, and counts the rest
 * by rule without building them. A payload with ten million problems holds a thousand.
 * (A payload that cannot be read to the end, through a throwing getter or a Proxy, never
 * parsed JSON, keeps its structural problems only, as `lintOrder` does: those of the first
 * `maxProblems` that it drops are not replaced by later ones; the counts stay exact.)
 *
 * @param kind The payload kind.
 * @param payload Any value, typically parsed JSON.
 * @param options As for `lintOrder` (with a version) or `lintReturn`.
 * @param limits How many problems to list, and whether warnings are listed.
 * @returns The listed problems and the counts of the others.
 * @example
 * const { problems, omitted } = lintBounded('order', payload, { version: '1.1' }, { maxProblems: 1000, warnings: true });
 */
export function lintBounded(kind: PayloadKind, payload: unknown, options: LintOptions | LintOrderOptions, limits: ProblemLimits): BoundedProblems {
  const opts = optionsOf(options);
  const plan = planFor(targetOf(kind, opts), opts);
  const bound: Bound = {
    limit: limits.maxProblems,
    keepWarnings: limits.warnings,
    underStructural: (w, node, at) => underStructural(w, payload, node, at),
    omitted: Object.create(null) as Record<string, number>,
    quiet: Object.create(null) as Record<string, number>,
  };
  const problems = run(plan, payload, opts, undefined, bound);
  let quietWarnings = 0;
  for (const rule of Object.keys(bound.quiet)) quietWarnings += bound.quiet[rule]!;
  return { problems, omitted: tallyOf(bound.omitted, plan.levels), quietWarnings };
}

/**
 * Lints an order with the features of its version. The core of `lintOrder`, open to a test
 * that makes up a version.
 *
 * @param payload Any value.
 * @param features The version's features (`ORDER_VERSION_FEATURES[version]`).
 * @param options Profile and rule levels.
 * @returns The problems found.
 */
export function lintOrderWith(payload: unknown, features: OrderVersionFeatures, options: LintOptions): Problem[] {
  return run(planFor(orderTarget(features), options), payload, options);
}

/**
 * Lints with one of a plan's two walks, for the test that holds them equal.
 *
 * @param which `generated` (undefined when code cannot be generated here) or `closures`.
 * @param kind The payload kind.
 * @param payload Any value.
 * @param options As for `lintOrder` (with a version) or `lintReturn`.
 * @returns The problems, or undefined when the plan has no generated walk.
 */
export function lintWithWalk(which: 'generated' | 'closures', kind: PayloadKind, payload: unknown, options: LintOptions | LintOrderOptions): Problem[] | undefined {
  const plan = planFor(targetOf(kind, options), options);
  const walk = which === 'generated' ? plan.generated : plan.closures;
  return walk === undefined ? undefined : run(plan, payload, options, walk);
}

/** The target of a kind (an order's version from the options). */
function targetOf(kind: PayloadKind, options: unknown): LintTarget {
  return kind === 'order' ? orderTarget(featuresOf(options)) : RETURN_TARGET;
}

/** The features of each version, in the order of ORDER_VERSIONS. */
const FEATURES: readonly OrderVersionFeatures[] = ORDER_VERSIONS.map((version) => ORDER_VERSION_FEATURES[version]);

function featuresOf(options: unknown): OrderVersionFeatures {
  const version = options !== null && typeof options === 'object' ? (options as { version?: unknown }).version : undefined;
  // The few versions compared in turn: cheaper, on every call, than a lookup by the caller's string.
  for (let i = 0; i < ORDER_VERSIONS.length; i++) if (version === ORDER_VERSIONS[i]) return FEATURES[i]!;
  throw new TypeError(`options.version must be one of ${ORDER_VERSIONS.join(', ')}.`);
}

/**
 * Lints a create-order payload (the wrapped form `{ clientRequest: ... }`) against every
 * rule of the chosen version. Never throws for any payload, never modifies it.
 *
 * @param payload Any value, typically parsed JSON.
 * @param options The version (`'1'`, `'1.1'`, `'1.2'`), an optional client profile and rule levels.
 * @returns The problems found, in the order the walk met them.
 * @throws {TypeError} When `options.version` is not a known version (a programming error).
 * @example
 * const problems = lintOrder(payload, { version: '1.1', profile });
 * if (problems.some((p) => p.severity === 'error')) throw new Error('fix the order first');
 */
export function lintOrder(payload: unknown, options: LintOrderOptions): Problem[] {
  const features = featuresOf(options);
  return lintOrderWith(payload, features, options);
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
  const opts = optionsOf(options);
  return run(planFor(RETURN_TARGET, opts), payload, opts);
}

/**
 * Lints many payloads of one kind and adds the cross-payload rules
 * (`duplicate-request-reference`: the API rejects a requestReference it has seen).
 * Payloads that are not an iterable are one payload that is not a JSON object; an
 * iterable that throws ends the batch with a `type` problem in the place of the payload
 * it could not give.
 *
 * @param payloads Any iterable of payloads (an array, a generator over NDJSON lines).
 * @param options The kind (`order` with a version, or `return`), profile and rule levels.
 * @returns One problem list per payload, in input order.
 * @throws {TypeError} When `options.kind` or an order's `options.version` is not known (a programming error).
 * @example
 * const results = lintBatch(orders, { kind: 'order', version: '1.1' });
 */
export function lintBatch(payloads: Iterable<unknown>, options: LintBatchOptions): Problem[][] {
  const kind: unknown = options !== null && typeof options === 'object' ? options.kind : undefined;
  if (kind !== 'order' && kind !== 'return') throw new TypeError("options.kind must be 'order' or 'return'.");
  const plan = planFor(targetOf(kind, options), options);
  const batch = createBatchState(options);
  const results: Problem[][] = [];
  const lintOne = (payload: unknown): void => {
    const problems = run(plan, payload, options);
    const found = batch.next(batchFactsOf(payload, kind as PayloadKind));
    results.push(found.length === 0 ? problems : problems.concat(found));
  };
  let iterator: Iterator<unknown> | undefined;
  try {
    const make = (payloads as { [Symbol.iterator]?: unknown } | null | undefined)?.[Symbol.iterator];
    if (typeof make === 'function') iterator = make.call(payloads) as Iterator<unknown>;
  } catch {
    iterator = undefined;
  }
  if (iterator === undefined) {
    // Not an iterable: one payload, and not a JSON object.
    lintOne(payloads);
    return results;
  }
  for (;;) {
    let step: IteratorResult<unknown>;
    try {
      step = iterator.next();
      if (step === null || typeof step !== 'object') throw new TypeError('not an iterator result');
      if (step.done) break;
    } catch {
      results.push(unreadablePayload(plan, options));
      break;
    }
    lintOne(step.value);
  }
  return results;
}

/** The problems of a payload that could not be read at all. */
function unreadablePayload(plan: Plan, options: LintOptions): Problem[] {
  const w = new Walk(plan, options.profile ?? undefined);
  w.failed = true;
  return finish(w);
}
