/**
 * The lint engine as an instance: `Engine`, made from its rules and settings, with its
 * own caches (plans, trees, generated walks; plan.ts `EngineState`), the way an ESLint
 * `Linter` keeps its own. src/default-engine.ts makes the default one, which `lintOrder`,
 * `lintReturn`, `lintBatch` and `configureEngine` use.
 *
 * One lint call: its plan (plan.ts: rules, levels, visitors, cached per engine), then one
 * walk of the payload along the schema tree (walk.ts, or its generated twin codegen.ts), in
 * which the structural checks report and the rules' visitors run, then `finish` (report.ts).
 */
import { ORDER_VERSION_FEATURES, ORDER_VERSIONS, type OrderVersion, type OrderVersionFeatures } from '../schema/tables';
import { batchFactsOf, batchStateOf } from './batch-state';
import { walkSource } from './codegen';
import type { Rule } from './define-rule';
import { isPlainObject } from './json';
import { newEngineState, planFor, setCodegen, walkPayload, type EngineState, type Plan, type WalkFn } from './plan';
import { finish, reportFinding, tallyOf, Walk, type Bound, type ProblemTally } from './report';
import { orderTargets, returnTarget, type LintTarget } from './targets';
import { underStructural } from './type-first';
import type { LintBatchOptions, LintOptions, LintOrderOptions, PayloadKind, Problem } from './types';

/**
 * Settings of a lint engine.
 *
 * @example configureEngine({ codegen: false } satisfies EngineConfig);
 */
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
 * What `createEngine` makes an engine of.
 *
 * @example const options: EngineOptions = { rules: RULES.filter((rule) => rule.meta.id !== 'totals'), codegen: false };
 */
export interface EngineOptions extends EngineConfig {
  /**
   * The rules the engine runs (default: every rule of `RULES`). Each runs for the payload
   * kinds, versions and profiles its `meta` names, at its level unless options override it.
   */
  rules?: readonly Rule[];
}

/**
 * A lint engine: its rules, its settings, and the plans and generated walks it keeps for
 * them. Engines share nothing; the exported `lintOrder`, `lintReturn` and `lintBatch` use
 * a default one, which `configureEngine` configures. The methods need no `this`.
 *
 * @example
 * const engine: Engine = createEngine({ rules: [...RULES, noTestSkus] });
 * const results = engine.lintBatch(orders, { kind: 'order', version: '1.1' });
 * console.log(engine.generatedSource({ kind: 'order', version: '1.1' })); // the walk, as compiled
 */
export interface Engine {
  /** `lintOrder` with this engine's rules: never throws for any payload, never modifies it. */
  lintOrder(payload: unknown, options: LintOrderOptions): Problem[];
  /** `lintReturn` with this engine's rules. */
  lintReturn(payload: unknown, options?: LintOptions): Problem[];
  /** `lintBatch` with this engine's rules (its batch rules too). */
  lintBatch(payloads: Iterable<unknown>, options: LintBatchOptions): Problem[][];
  /**
   * The JavaScript of the walk that lints payloads of these options (kind, version,
   * profile, rule levels), as the engine compiles it: readable, and named by its last
   * line (`//# sourceURL=fulfilkit-walk-order-1.1.js`) as stack traces and debuggers show
   * it. Undefined when the engine generates no code (`codegen: false`, or a page whose
   * Content-Security-Policy forbids it).
   */
  generatedSource(options: LintBatchOptions): string | undefined;
}

const NO_OPTIONS: LintOptions = {};

/** The options as an object (anything else is no options). */
export function optionsOf(options: unknown): LintOptions {
  return options !== null && typeof options === 'object' ? (options as LintOptions) : NO_OPTIONS;
}

/**
 * The codegen setting of a config, checked.
 *
 * @param config An `EngineConfig`.
 * @returns The setting, or undefined when the config does not set it.
 * @throws {TypeError} For a config that is not an object, or a setting that is not one of the documented values.
 */
export function codegenOf(config: unknown): EngineConfig['codegen'] {
  if (config === null || typeof config !== 'object') throw new TypeError('the engine settings must be an object such as { codegen: false }.');
  const codegen = (config as EngineConfig).codegen;
  if (codegen !== undefined && codegen !== true && codegen !== false && codegen !== 'auto') throw new TypeError("codegen must be true, false or 'auto'.");
  return codegen;
}

/**
 * Applies a config to an engine: a codegen setting drops the plans made so far, so it
 * takes effect on the next lint.
 *
 * @param engine The engine's state.
 * @param config The settings to change.
 * @throws {TypeError} As `codegenOf`.
 */
export function configure(engine: EngineState, config: EngineConfig): void {
  const codegen = codegenOf(config);
  if (codegen !== undefined) setCodegen(engine, codegen);
}

/**
 * Lints one payload with a plan. Never throws: a value that cannot be read (a throwing
 * getter, a Proxy) ends the walk with one `type` problem at the root.
 */
function run(plan: Plan, payload: unknown, options: LintOptions, walk?: WalkFn, bound?: Bound): Problem[] {
  const w = new Walk(plan, options.profile ?? undefined, bound);
  // Contexts report to the plan's current walk: restored after a lint inside this one (a getter in the payload can do anything).
  const outer = plan.current;
  plan.current = w;
  try {
    const root = plan.tree.root;
    if (!isPlainObject(payload)) {
      reportFinding(w, plan.kind === 'order' ? 'notAnOrder' : 'notAReturn', root);
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
  return finish(w);
}

/**
 * Lints one payload of a target in an engine.
 *
 * @param engine The engine's state.
 * @param target The payload kind (and order version) and its rules.
 * @param payload Any value.
 * @param options Profile and rule levels (an object).
 * @returns The problems found.
 */
export function lintIn(engine: EngineState, target: LintTarget, payload: unknown, options: LintOptions): Problem[] {
  return run(planFor(engine, target, options), payload, options);
}

/**
 * Lints with one of a plan's two walks, for the tests that hold them equal.
 *
 * @param engine The engine's state.
 * @param which `generated` (undefined when code cannot be generated here) or `closures`.
 * @param target The payload kind and its rules.
 * @param payload Any value.
 * @param options Profile and rule levels.
 * @returns The problems, or undefined when the plan has no generated walk.
 */
export function lintWithWalkIn(engine: EngineState, which: 'generated' | 'closures', target: LintTarget, payload: unknown, options: LintOptions): Problem[] | undefined {
  const plan = planFor(engine, target, options);
  const walk = which === 'generated' ? plan.generated : plan.closures;
  return walk === undefined ? undefined : run(plan, payload, options, walk);
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
 * Lints one payload in bounded memory (see `lintBounded` in src/default-engine.ts).
 *
 * @param engine The engine's state.
 * @param target The payload kind and its rules.
 * @param payload Any value.
 * @param options Profile and rule levels.
 * @param limits How many problems to list, and whether warnings are listed.
 * @returns The listed problems and the counts of the others.
 */
export function lintBoundedIn(engine: EngineState, target: LintTarget, payload: unknown, options: LintOptions, limits: ProblemLimits): BoundedProblems {
  const plan = planFor(engine, target, options);
  const bound: Bound = {
    limit: limits.maxProblems,
    keepWarnings: limits.warnings,
    underStructural: (w, node, at) => underStructural(w, payload, node, at),
    omitted: Object.create(null) as Record<string, number>,
    quiet: Object.create(null) as Record<string, number>,
  };
  const problems = run(plan, payload, options, undefined, bound);
  let quietWarnings = 0;
  for (const rule of Object.keys(bound.quiet)) quietWarnings += bound.quiet[rule]!;
  return { problems, omitted: tallyOf(bound.omitted, plan.levels), quietWarnings };
}

/**
 * The kind of batch options, checked.
 *
 * @throws {TypeError} When `options.kind` is not a payload kind.
 */
export function kindOf(options: unknown): PayloadKind {
  const kind: unknown = options !== null && typeof options === 'object' ? (options as LintBatchOptions).kind : undefined;
  if (kind !== 'order' && kind !== 'return') throw new TypeError("options.kind must be 'order' or 'return'.");
  return kind;
}

/**
 * Lints many payloads of one kind, with the batch rules of the target (see `lintBatch`).
 *
 * @param engine The engine's state.
 * @param targetOf The target of the options (their kind, and an order's version).
 * @param payloads Any iterable of payloads.
 * @param options The kind, profile and rule levels.
 * @returns One problem list per payload, in input order.
 * @throws {TypeError} When `options.kind` or an order's `options.version` is not known.
 */
export function lintBatchIn(engine: EngineState, targetOf: (kind: PayloadKind, options: unknown) => LintTarget, payloads: Iterable<unknown>, options: LintBatchOptions): Problem[][] {
  const kind = kindOf(options);
  const target = targetOf(kind, options);
  const plan = planFor(engine, target, options);
  const batch = batchStateOf(target.rules, options);
  const results: Problem[][] = [];
  const lintOne = (payload: unknown): void => {
    const problems = run(plan, payload, options);
    const found = batch.next(batchFactsOf(payload, kind));
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

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The features of the order version the options name.
 *
 * @param options Lint options with a `version`.
 * @returns `ORDER_VERSION_FEATURES[options.version]`.
 * @throws {TypeError} When the version is not a row of the feature table (a programming error).
 */
export function featuresOf(options: unknown): OrderVersionFeatures {
  const version = options !== null && typeof options === 'object' ? (options as { version?: unknown }).version : undefined;
  if (typeof version === 'string' && hasOwn.call(ORDER_VERSION_FEATURES, version)) return ORDER_VERSION_FEATURES[version as OrderVersion];
  throw new TypeError(`options.version must be one of ${ORDER_VERSIONS.join(', ')}.`);
}

/**
 * The source of the generated walk of a plan (see `Engine.generatedSource`).
 *
 * @param engine The engine's state.
 * @param target The payload kind and its rules.
 * @param options Profile and rule levels.
 * @returns The source, or undefined when the engine generates no code.
 */
export function generatedSourceIn(engine: EngineState, target: LintTarget, options: LintOptions): string | undefined {
  const plan = planFor(engine, target, options);
  return plan.generated === undefined ? undefined : walkSource(plan);
}

/** A rule list checked: an array of rules with distinct ids (the engine keeps a copy). */
function checkedRules(rules: unknown): readonly Rule[] {
  if (!Array.isArray(rules)) throw new TypeError('rules must be an array of rules (see defineRule).');
  const ids = new Set<string>();
  for (const rule of rules as unknown[]) {
    const meta = (rule as Partial<Rule> | null)?.meta;
    const id: unknown = meta?.id;
    if (typeof id !== 'string' || !Array.isArray(meta!.kinds) || (meta!.severity !== 'error' && meta!.severity !== 'warn') || typeof meta!.messages !== 'object') {
      throw new TypeError('each rule must have meta with an id, kinds, a severity and messages (see defineRule).');
    }
    if (ids.has(id)) throw new TypeError(`two rules have the id ${JSON.stringify(id)}.`);
    ids.add(id);
  }
  return [...(rules as Rule[])];
}

/**
 * Makes an engine of rules and settings (see `createEngine`, which gives the default rules).
 *
 * @param rules The rules.
 * @param config The settings.
 * @returns The engine.
 * @throws {TypeError} For rules that are not an array of rules with distinct ids, or a bad setting.
 */
export function engineOf(rules: readonly Rule[], config: EngineConfig): Engine {
  const own = checkedRules(rules);
  const state = newEngineState(codegenOf(config) ?? 'auto');
  const orderTarget = orderTargets(own);
  const returns = returnTarget(own);
  const targetOf = (kind: PayloadKind, options: unknown): LintTarget => (kind === 'order' ? orderTarget(featuresOf(options)) : returns);
  return Object.freeze({
    lintOrder: (payload: unknown, options: LintOrderOptions) => lintIn(state, orderTarget(featuresOf(options)), payload, options),
    lintReturn: (payload: unknown, options?: LintOptions) => {
      const opts = optionsOf(options);
      return lintIn(state, returns, payload, opts);
    },
    lintBatch: (payloads: Iterable<unknown>, options: LintBatchOptions) => lintBatchIn(state, targetOf, payloads, options),
    generatedSource: (options: LintBatchOptions) => generatedSourceIn(state, targetOf(kindOf(options), options), options),
  });
}
