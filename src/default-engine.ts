/**
 * The default engine: the rules of rules/ wired into the engine of src/lint (which knows
 * no rule). `lintOrder`, `lintReturn`, `lintBatch` and `configureEngine` use it;
 * `createEngine` makes others.
 *
 * Each function names only its own kind's rules (`ORDER_RULES`, `RETURN_RULES`), so a
 * bundle that only calls `lintOrder` carries no return-only rule or table, and no batch rule
 * (`lintBatch` and `createBatchState` take those from `RULES`). Nothing here
 * runs at import: the state and targets are made by calls a bundler may drop.
 */
import { ORDER_RULES, RETURN_RULES, RULES } from '../rules/index';
import { batchStateOf, type BatchState, type BatchStateOptions } from './lint/batch-state';
import {
  configure,
  engineOf,
  featuresOf,
  lintBatchIn,
  lintBoundedIn,
  lintIn,
  lintWithWalkIn,
  optionsOf,
  type BoundedProblems,
  type Engine,
  type EngineConfig,
  type EngineOptions,
  type ProblemLimits,
} from './lint/instance';
import { newEngineState } from './lint/plan';
import { orderTargets, returnTarget, type LintTarget } from './lint/targets';
import type { LintBatchOptions, LintOptions, LintOrderOptions, PayloadKind, Problem } from './lint/types';
import type { OrderVersionFeatures } from './schema/tables';

/** The default engine's state: its settings and caches. */
const DEFAULT = /* @__PURE__ */ newEngineState();
/** The default engine's orders, by version. */
const orderTarget = /* @__PURE__ */ orderTargets(ORDER_RULES);
/** The default engine's return requests. */
const RETURNS = /* @__PURE__ */ returnTarget(RETURN_RULES);

/** The default engine's target of a kind (an order's version from the options). */
function targetOf(kind: PayloadKind, options: unknown): LintTarget {
  return kind === 'order' ? orderTarget(featuresOf(options)) : RETURNS;
}

/**
 * Makes a lint engine: rules and settings of its own, and its own caches. The exported
 * `lintOrder`, `lintReturn` and `lintBatch` use a default engine; make another to lint
 * with rules of your own (ESLint's `Linter`), or with settings that must not change the
 * default one. A rule runs for the kinds, versions and profiles its `meta` names.
 *
 * @param options The rules (default: `RULES`) and settings.
 * @returns The engine.
 * @throws {TypeError} For rules that are not an array of rules with distinct ids, a visitor selector that names no node of the rule's payloads (`order.amout[]`), or a setting that is not one of the documented values.
 * @example
 * // noTestSkus: the rule of defineRule's example
 * const engine = createEngine({ rules: [...RULES, noTestSkus], codegen: false });
 * const problems = engine.lintOrder(payload, { version: '1.1' });
 */
export function createEngine(options: EngineOptions = {}): Engine {
  // engineOf checks the options (an object) and the rules.
  const rules = options !== null && typeof options === 'object' ? options.rules : undefined;
  return engineOf(rules ?? RULES, options, RULES);
}

/**
 * Configures the default engine (the one `lintOrder`, `lintReturn` and `lintBatch` use).
 * Call it before the first lint (it also drops the plans made so far, so a later call
 * takes effect too). An engine of `createEngine` takes its settings when it is made.
 *
 * @param config The settings to change.
 * @throws {TypeError} For a setting that is not one of the documented values.
 * @example
 * // A page served with Content-Security-Policy: script-src 'self'
 * configureEngine({ codegen: false });
 */
export function configureEngine(config: EngineConfig): void {
  configure(DEFAULT, config);
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
  return lintIn(DEFAULT, orderTarget(featuresOf(options)), payload, options);
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
export function lintReturn(payload: unknown, options?: LintOptions): Problem[] {
  return lintIn(DEFAULT, RETURNS, payload, optionsOf(options));
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
  return lintBatchIn(DEFAULT, targetOf, payloads, options, RULES);
}

/**
 * Lints one payload with the default engine in bounded memory (the CLI's
 * `--max-problems-per-payload`): lists the problems `lintOrder` or `lintReturn` would list,
 * up to `maxProblems`, and counts the rest by rule without building them. A payload with
 * ten million problems holds a thousand. (A payload that cannot be read to the end,
 * through a throwing getter or a Proxy, never parsed JSON, keeps its structural problems
 * only, as `lintOrder` does: those of the first `maxProblems` that it drops are not
 * replaced by later ones; the counts stay exact.)
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
  return lintBoundedIn(DEFAULT, targetOf(kind, opts), payload, opts, limits);
}

/**
 * Creates the state of the default engine's batch rules for one run over payloads of one
 * kind (`lintBatch`, the CLI and its workers, the simulator share it).
 *
 * @param options The kind (and an order's version), the profile and the rule levels (a batch rule set to `off`, or whose `meta` excludes them, keeps nothing).
 * @returns A fresh state.
 * @example
 * const state = createBatchState({ kind: 'order', version: '1.1' });
 * const problems = [...lintOrder(payload, options), ...state.next(batchFactsOf(payload, 'order'))];
 */
export function createBatchState(options: BatchStateOptions): BatchState {
  return batchStateOf(RULES, options);
}

/**
 * Lints with one of the default engine's two walks, for the tests that hold them equal.
 *
 * @param which `generated` (undefined when code cannot be generated here) or `closures`.
 * @param kind The payload kind.
 * @param payload Any value.
 * @param options As for `lintOrder` (with a version) or `lintReturn`.
 * @returns The problems, or undefined when the plan has no generated walk.
 */
export function lintWithWalk(which: 'generated' | 'closures', kind: PayloadKind, payload: unknown, options: LintOptions | LintOrderOptions): Problem[] | undefined {
  return lintWithWalkIn(DEFAULT, which, targetOf(kind, options), payload, options);
}

/**
 * Lints an order with the features of a version, as `lintOrder` does with
 * `ORDER_VERSION_FEATURES[version]`: open to a test that makes up a version.
 *
 * @param payload Any value.
 * @param features The version's features.
 * @param options Profile and rule levels.
 * @returns The problems found.
 */
export function lintOrderWith(payload: unknown, features: OrderVersionFeatures, options: LintOptions): Problem[] {
  return lintIn(DEFAULT, orderTarget(features), payload, options);
}
