/**
 * A lint plan: for one kind, version, profile shape and set of rule levels, which rules
 * run, at which level, which visitors each node of the schema tree calls, and the walk
 * (generated code where allowed, closures elsewhere). An engine (`EngineState`) keeps its
 * plans, as ESLint's Linter keeps its caches; the cache key is read afresh on every call,
 * so options changed between calls take effect.
 */
import type { OrderVersionFeatures } from '../schema/tables';
import { canCompile, generateWalk } from './codegen';
import { FINDINGS, profileHas, ruleApplies, ruleLevel, type FieldCheckDef, type Finding, type FindingClaim, type MessageData, type ReportDescriptor, type Rule, type RuleContext, type SchemaNode, type Visitor } from './define-rule';
import { isBlankText, objectPrototypeIsPlain } from './json';
import { compileMessage, report, reportBlank, type CompiledMessage, type Walk } from './report';
import type { LintTarget } from './targets';
import type { Tree, TreeNode } from './tree';
import type { ClientProfile, LintOptions, PayloadKind, Severity } from './types';
import { walkClosures } from './walk';
import { describeWalk, type WalkOps } from './walk-ops';

/** Whether an engine may generate its walks with `new Function`: `'auto'` probes once, on its first plan. */
export type CodegenSetting = boolean | 'auto';

/**
 * The state of one engine: its settings and everything it caches. Nothing of it lives at
 * module level, so two engines (or two copies of the library) share nothing.
 */
export interface EngineState {
  /** Whether walks may be generated. */
  codegen: CodegenSetting;
  /** Under `'auto'`: the probe's answer (undefined until the first plan asks). */
  probed: boolean | undefined;
  /** What the engine knows of each target it has linted: its trees and plans. */
  targets: WeakMap<LintTarget, TargetFacts>;
  /** Each rule overrides object seen, with its entries when last read (see `overridesStamp`). */
  readonly stamps: WeakMap<object, Stamped>;
  /** A random token of this engine in the source of its generated walks (see `Plan.sourceHeader`). */
  readonly tag: string;
  /** Plans made so far, by the name of their generated walk (numbers the names, see `sourceNameOf`). */
  readonly names: Map<string, number>;
}

/**
 * Makes the state of a new engine.
 *
 * @param codegen Whether walks may be generated (see `configureEngine`).
 * @returns The state, with nothing cached yet.
 * @example const state = newEngineState('auto');
 */
/* @__NO_SIDE_EFFECTS__ */
export function newEngineState(codegen: CodegenSetting = 'auto'): EngineState {
  return {
    codegen,
    probed: codegen === false ? false : undefined,
    targets: new WeakMap(),
    stamps: new WeakMap(),
    // V8 compiles equal `new Function` source once, and walks that share compiled code share
    // its feedback: two engines (or the ESM and CommonJS copy) would slow each other down.
    tag: Math.random().toString(36).slice(2, 10),
    names: new Map(),
  };
}

/**
 * Changes whether an engine may generate code, and drops its plans (a later call takes
 * effect too). With `false` the `new Function` probe never runs.
 *
 * @param engine The engine.
 * @param codegen The setting.
 * @example setCodegen(state, false);
 */
export function setCodegen(engine: EngineState, codegen: CodegenSetting): void {
  engine.codegen = codegen;
  engine.probed = codegen === false ? false : undefined;
  engine.targets = new WeakMap();
}

/** Tells whether an engine generates its walks (probing `new Function` once under `'auto'`). */
function generates(engine: EngineState): boolean {
  if (engine.codegen === false) return false;
  return (engine.probed ??= canCompile());
}

/** A visitor bound to its rule: what a node calls. */
export interface BoundVisitor {
  /** The visitor. */
  readonly fn: Visitor<unknown>;
  /** The rule's context in this plan. */
  readonly context: RuleContext;
  /** The rule's state slot (see `Walk.states`); -1 for a rule without state. */
  readonly slot: number;
}

/** The walk of a whole payload (the root value is any value but undefined and null). */
export type WalkFn = (value: unknown, w: Walk) => void;

/** Everything one lint call needs, prepared once for many calls. */
export interface Plan {
  /** The payload kind. */
  readonly kind: PayloadKind;
  /** The order version's features (orders only). */
  readonly features: OrderVersionFeatures | undefined;
  /** The schema tree. */
  readonly tree: Tree;
  /** Level of each rule that runs (a rule that is off or does not apply is absent). */
  readonly levels: Readonly<Record<string, Severity | undefined>>;
  /** The claims of each finding of the walk by the rules that run, in the rules' order (see `claimAt` in report.ts). */
  readonly claims: Readonly<Record<Finding, readonly Claim[]>>;
  /** The rules whose problems come first (`FindingClaim.typeFirst`): nothing is reported at or below them. */
  readonly typeFirst: ReadonlySet<string>;
  /** The field checks of the rules that run, in the rules' order. */
  readonly checks: readonly { readonly rule: string; readonly def: FieldCheckDef }[];
  /** Enter visitors by node id. */
  readonly enter: readonly (readonly BoundVisitor[] | undefined)[];
  /** Exit visitors by node id. */
  readonly exit: readonly (readonly BoundVisitor[] | undefined)[];
  /** The walk, described once (walk-ops.ts): what both backends follow. */
  readonly ops: WalkOps;
  /** The walk over closures. */
  readonly closures: WalkFn;
  /** The generated walk, when code may be generated. */
  readonly generated: WalkFn | undefined;
  /** The walk of the lint call running now (what contexts report to). */
  current: Walk | undefined;
  /** The state factories of the rules that have state, by state slot (see `Walk.states`). */
  readonly factories: readonly (() => unknown)[];
  /** The number of array depths of the tree (the length of a walk's index stack). */
  readonly depth: number;
  /** The name of the generated walk in stack traces and debuggers (`fulfilkit-walk-order-1.1.js`). */
  readonly sourceName: string;
  /** The header comment of the generated walk: what it walks, and the engine's tag. */
  readonly sourceHeader: string;
  /** A rule's message template by id, split at its placeholders. */
  message(rule: string, messageId: string): CompiledMessage;
}

/** A finding's claim by a rule of the plan. */
export interface Claim extends FindingClaim {
  readonly rule: string;
  /**
   * The claim of a rule that does not run (turned off): a problem that would come first
   * (`typeFirst`), which reports nothing but still hides every other problem at or below its
   * member. Type first is a fact of the payload: turning `type` or `required` off removes
   * their problems only.
   */
  readonly silent: boolean;
}

/**
 * The claims of the rules that run, by finding, in the rules' order; then the type-first
 * claims of the target's other rules, silent (see `Claim.silent`).
 */
function claimsOf(rules: readonly Rule[], levels: Readonly<Record<string, Severity>>): { claims: Record<Finding, Claim[]>; typeFirst: Set<string> } {
  // Every finding a member from the start (one object shape for every plan).
  const claims = Object.fromEntries(FINDINGS.map((finding) => [finding, []])) as unknown as Record<Finding, Claim[]>;
  const typeFirst = new Set<string>();
  for (const silent of [false, true]) {
    for (const rule of rules) {
      if ((levels[rule.meta.id] === undefined) !== silent) continue;
      for (const finding of FINDINGS) {
        const claim = rule.findings?.[finding];
        if (claim === undefined || (silent && !claim.typeFirst)) continue;
        claims[finding].push({ ...claim, rule: rule.meta.id, silent });
        if (claim.typeFirst) typeFirst.add(rule.meta.id);
      }
    }
  }
  return { claims, typeFirst };
}

/** What plans of a target share: its trees (by FMS), its rules by id, the profile members its rules require, and the plans. */
interface TargetFacts {
  readonly trees: Map<boolean, Tree>;
  readonly byId: Map<string, Rule>;
  /** Profile members some rule requires, in bit order (see `profileBits`). */
  readonly profileKeys: readonly string[];
  /** Plans by profile bits (an array index), then by overrides stamp. */
  readonly plans: Map<string, Plan>[];
  /** The same plans by profile bits, then by the levels of the rules that run (`Resolved.key`). */
  readonly byLevels: Map<string, Plan>[];
  /** The rules' messages, split at their placeholders, by rule id, then message id. */
  readonly messages: Map<string, ReadonlyMap<string, CompiledMessage>>;
}

function factsOf(engine: EngineState, target: LintTarget): TargetFacts {
  let f = engine.targets.get(target);
  if (!f) {
    f = {
      trees: new Map(),
      byId: new Map(target.rules.map((rule) => [rule.meta.id, rule])),
      profileKeys: [...new Set(target.rules.flatMap((rule) => rule.meta.requires ?? []))],
      plans: [],
      byLevels: [],
      messages: new Map(),
    };
    engine.targets.set(target, f);
  }
  return f;
}

function treeFor(facts: TargetFacts, target: LintTarget, fms: boolean): Tree {
  const { trees } = facts;
  let tree = trees.get(fms);
  if (!tree) trees.set(fms, (tree = target.tree(fms)));
  return tree;
}

/** What a plan needs of the profile: fms, and which required profile members are given, as bits. */
function profileBits(profile: unknown, keys: readonly string[]): number {
  if (profile === null || typeof profile !== 'object') return 0;
  let bits = (profile as ClientProfile).fms === true ? 1 : 0;
  for (let i = 0; i < keys.length; i++) if (profileHas(profile, keys[i]!)) bits |= 2 << i;
  return bits;
}

/** The overrides of one options.rules object as last read: its entries and their stamp. */
interface Stamped {
  readonly keys: string[];
  readonly values: unknown[];
  readonly stamp: string;
}

const hasOwn = Object.prototype.hasOwnProperty;
const getPrototypeOf = Object.getPrototypeOf;

/**
 * The rule overrides as text (`enum=warn;totals=off;`), '' without any. Kept per overrides
 * object and compared entry by entry on each call: an object changed in place between
 * calls gets a new stamp, an unchanged one costs a few reads (25 overrides: reading their
 * stamp anew on each call made a call of a 5-item order about 60 % slower).
 */
function overridesStamp(engine: EngineState, overrides: unknown): string | undefined {
  if (overrides === null || typeof overrides !== 'object') return '';
  const o = overrides as Record<string, unknown>;
  try {
    const known = engine.stamps.get(o);
    if (known) {
      // for...in lists own members only when nothing enumerable is inherited: then no hasOwn call per key.
      const proto = getPrototypeOf(o);
      const ownOnly = (proto === Object.prototype || proto === null) && objectPrototypeIsPlain();
      if (sameEntries(o, known, ownOnly)) return known.stamp;
    }
    const keys: string[] = [];
    const values: unknown[] = [];
    let stamp = '';
    for (const key in o) {
      if (!hasOwn.call(o, key)) continue;
      const value = o[key];
      keys.push(key);
      values.push(value);
      // The level the value stands for (see `ruleLevel`): any other value overrides nothing, and is never made text.
      stamp += key + '=' + (value === 'off' || value === 'warn' || value === 'error' ? value : '') + ';';
    }
    engine.stamps.set(o, { keys, values, stamp });
    return stamp;
  } catch {
    // Overrides that cannot be read (a Proxy, a throwing getter): no stamp, the levels are resolved for this call alone.
    return undefined;
  }
}

/** Tells whether an overrides object has the entries it had, in the same order. */
function sameEntries(o: Record<string, unknown>, { keys, values }: Stamped, ownOnly: boolean): boolean {
  let n = 0;
  for (const key in o) {
    if (!ownOnly && !hasOwn.call(o, key)) continue;
    if (n >= keys.length || keys[n] !== key || values[n] !== o[key]) return false;
    n++;
  }
  return n === keys.length;
}

/** The nodes a selector names (`item[]`, `partner[].addressData`, `body`). */
function nodesOf(tree: Tree, selector: string): TreeNode[] {
  return tree.nodes.filter((node) => node.selector === selector);
}

/**
 * The selectors of a visitors key: a comma-separated list, each a node's selector, with
 * `:exit` for the visit after its members.
 *
 * @param key A key of a rule's `visitors`.
 * @returns Each selector's node selector and whether it is an exit.
 * @example visitorSelectors('item[], body:exit'); // [{ node: 'item[]', exit: false }, { node: 'body', exit: true }]
 */
export function visitorSelectors(key: string): { readonly node: string; readonly exit: boolean }[] {
  return key.split(',').map((raw) => {
    const selector = raw.trim();
    const exit = selector.endsWith(':exit');
    return { node: exit ? selector.slice(0, -':exit'.length) : selector, exit };
  });
}

/**
 * The context of one rule at one node: it knows where it reports without asking the walk
 * (the walk stores nothing per visit), and reads the walk of the running call for the
 * array indexes and the profile.
 */
class RuleContextImpl implements RuleContext {
  constructor(
    private readonly plan: Plan,
    private readonly id: string,
    private readonly node: TreeNode,
  ) {}

  get kind(): PayloadKind {
    return this.plan.kind;
  }

  get features(): OrderVersionFeatures | undefined {
    return this.plan.features;
  }

  get profile(): ClientProfile | undefined {
    return this.plan.current?.profile;
  }

  get index(): number {
    const depth = this.node.depth;
    return depth > 0 ? this.plan.current!.idx[depth - 1]! : -1;
  }

  report(descriptor: ReportDescriptor): void {
    const w = this.plan.current!;
    const before = w.out.length;
    report(w, this.id, this.node, descriptor.messageId, descriptor.data, descriptor.at, descriptor.fix);
    markFromVisitor(w, before);
  }

  given(value: unknown, at: readonly (string | number)[]): boolean {
    if (value === undefined || value === null) return false;
    if (typeof value === 'string' && isBlankText(value)) {
      const w = this.plan.current!;
      const before = w.out.length;
      reportBlank(w, this.node, at);
      markFromVisitor(w, before);
    }
    return true;
  }
}

/** Notes a problem a visitor just reported (the only kind `finish` may drop, see report.ts). */
function markFromVisitor(w: Walk, before: number): void {
  if (w.out.length > before) (w.fromVisitors ??= []).push(before);
}

/** The rules that run under some options, each with its level. */
interface Resolved {
  readonly levels: Record<string, Severity>;
  readonly active: readonly Rule[];
  /** The levels as text (`enum=error;totals=warn;`): options that give the same text share one plan. */
  readonly key: string;
}

function resolveLevels(target: LintTarget, options: LintOptions): Resolved {
  const { kind, features } = target;
  const profile = options.profile ?? undefined;
  const levels: Record<string, Severity> = {};
  const active: Rule[] = [];
  let key = '';
  for (const rule of target.rules) {
    const level = ruleLevel(rule, options.rules);
    if (level === 'off' || !ruleApplies(rule, kind, features, profile)) continue;
    levels[rule.meta.id] = level;
    active.push(rule);
    key += rule.meta.id + '=' + level + ';';
  }
  return { levels, active, key };
}

function makePlan(engine: EngineState, facts: TargetFacts, target: LintTarget, fms: boolean, { levels, active }: Resolved): Plan {
  const { kind, features } = target;
  const tree = treeFor(facts, target, fms);
  const enter: BoundVisitor[][] = [];
  const exit: BoundVisitor[][] = [];
  const factories: (() => unknown)[] = [];
  const sourceName = sourceNameOf(engine, target, fms);
  const plan: Plan = {
    kind,
    features,
    tree,
    levels,
    ...claimsOf(target.rules, levels),
    checks: active.flatMap((rule) => (rule.check ? [{ rule: rule.meta.id, def: rule.check }] : [])),
    enter,
    exit,
    ops: undefined as unknown as WalkOps,
    closures: undefined as unknown as WalkFn,
    generated: undefined,
    current: undefined,
    factories,
    depth: tree.depth,
    sourceName,
    sourceHeader: `fulfilkit: the walk of ${features ? `${features.label} orders` : 'return requests'}${fms ? ' for FMS clients' : ''} in engine ${engine.tag}.`,
    message: (rule, messageId) => messageOf(facts, rule, messageId),
  };
  for (const rule of active) {
    // Batch and CLI rules report elsewhere (batch-state.ts, the CLI), never per payload.
    if (!rule.visitors || (rule.meta.scope ?? 'payload') !== 'payload') continue;
    const slot = rule.state ? factories.push(rule.state) - 1 : -1;
    // One context per node the rule visits (its enter and exit visitors share it).
    const contexts = new Map<TreeNode, RuleContext>();
    for (const [selectors, fn] of Object.entries(rule.visitors)) {
      for (const selector of visitorSelectors(selectors)) {
        for (const node of nodesOf(tree, selector.node)) {
          const list = selector.exit ? exit : enter;
          let context = contexts.get(node);
          if (context === undefined) contexts.set(node, (context = new RuleContextImpl(plan, rule.meta.id, node)));
          (list[node.id] ??= []).push({ fn: fn as Visitor<unknown>, context, slot });
        }
      }
    }
  }
  const mutable = plan as { ops: WalkOps; closures: WalkFn; generated: WalkFn | undefined };
  mutable.ops = describeWalk(plan);
  mutable.closures = walkClosures(plan);
  mutable.generated = generates(engine) ? generateWalk(plan) : undefined;
  return plan;
}

/** A rule's message, split at its placeholders (a rule's messages once per target). */
function messageOf(facts: TargetFacts, rule: string, messageId: string): CompiledMessage {
  let messages = facts.messages.get(rule);
  if (messages === undefined) {
    messages = new Map(Object.entries(facts.byId.get(rule)?.meta.messages ?? {}).map(([id, text]) => [id, compileMessage(text)]));
    facts.messages.set(rule, messages);
  }
  return messages.get(messageId) ?? compileMessage(`${rule}: ${messageId}`);
}

/**
 * The name of a plan's generated walk (its `sourceURL`): kind and version, and a number
 * from the second plan of the same name in this engine on.
 */
function sourceNameOf(engine: EngineState, target: LintTarget, fms: boolean): string {
  // The module builder keeps the name to safe characters (code.ts).
  const base = `fulfilkit-walk-${target.kind}${target.features ? '-' + target.features.version : ''}${fms ? '-fms' : ''}`;
  const n = (engine.names.get(base) ?? 0) + 1;
  engine.names.set(base, n);
  return `${base}${n > 1 ? '-' + n : ''}.js`;
}

// Override sets are few in practice; the bound only keeps a pathological caller from growing the cache.
const MAX_PLANS = 256;

/**
 * The plan of a lint call in an engine. Cheap when cached: the profile bits and the
 * overrides stamp are read on every call.
 *
 * @param engine The engine whose plans are used.
 * @param target The payload kind (and order version) linted.
 * @param options The lint options.
 * @returns The plan.
 */
export function planFor(engine: EngineState, target: LintTarget, options: LintOptions): Plan {
  const f = factsOf(engine, target);
  const bits = profileBits(options.profile, f.profileKeys);
  const stamp = overridesStamp(engine, options.rules);
  const byStamp = (f.plans[bits] ??= new Map());
  let plan = stamp === undefined ? undefined : byStamp.get(stamp);
  if (!plan) {
    // Overrides that leave every rule at the level it has anyway (or name rules that do not
    // apply) give the plan of the options without them: one compiled walk, warm for both.
    const resolved = resolveLevels(target, options);
    const byLevels = (f.byLevels[bits] ??= new Map());
    plan = byLevels.get(resolved.key);
    if (!plan) {
      plan = makePlan(engine, f, target, (bits & 1) === 1, resolved);
      if (byLevels.size >= MAX_PLANS) byLevels.clear();
      byLevels.set(resolved.key, plan);
    }
    if (stamp !== undefined) {
      if (byStamp.size >= MAX_PLANS) byStamp.clear();
      byStamp.set(stamp, plan);
    }
  }
  return plan;
}

/**
 * Walks a payload with the plan's generated walk when there is one and Object.prototype is
 * plain (`for...in` then lists own members only), else with its closures.
 *
 * @param plan The plan.
 * @param value The payload (not undefined or null).
 * @param w The walk.
 */
export function walkPayload(plan: Plan, value: unknown, w: Walk): void {
  const walk = plan.generated !== undefined && objectPrototypeIsPlain() ? plan.generated : plan.closures;
  walk(value, w);
}
