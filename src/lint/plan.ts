/**
 * A lint plan: for one kind, version, profile shape and set of rule levels, which rules
 * run, at which level, which visitors each node of the schema tree calls, and the walk
 * (generated code where allowed, closures elsewhere). Plans are cached; the cache key is
 * read afresh on every call, so options changed between calls take effect.
 */
import type { OrderVersionFeatures } from '../schema/tables';
import { canGenerateCode, generateEntriesTest, generateStateMaker, generateStateRenewer, generateWalk } from './codegen';
import type { ReportDescriptor, Rule, RuleContext, Visitor } from './define-rule';
import { isBlankText, objectPrototypeIsPlain } from './json';
import { report, reportBlank, type Walk } from './report';
import type { LintTarget } from './targets';
import type { Tree, TreeNode } from './tree';
import type { ClientProfile, LintOptions, PayloadKind, Severity } from './types';
import { walkClosures } from './walk';

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
  /** Enter visitors by node id. */
  readonly enter: readonly (readonly BoundVisitor[] | undefined)[];
  /** Exit visitors by node id. */
  readonly exit: readonly (readonly BoundVisitor[] | undefined)[];
  /** The walk over closures. */
  readonly closures: WalkFn;
  /** The generated walk, when code may be generated. */
  readonly generated: WalkFn | undefined;
  /** The walk of the lint call running now (what contexts report to). */
  current: Walk | undefined;
  /** Makes the states of the rules for one call. */
  makeStates(): unknown[];
  /** The states of a finished call, readied for the next call (reset in place where it can, else made anew). */
  renewStates(states: unknown[]): unknown[];
  /** The walk of the last call, readied for the next (see `run` in engine.ts). */
  spare: Walk | undefined;
  /** The index stack of a new walk: a zero per array depth of the tree (copied per call). */
  readonly indexes: readonly number[];
  /** A rule's message template by id. */
  message(rule: string, messageId: string): string;
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
  /** The plan last asked for, with its profile bits and overrides stamp (calls mostly repeat one). */
  last: { readonly bits: number; readonly stamp: string; readonly plan: Plan } | undefined;
}

let facts = new WeakMap<LintTarget, TargetFacts>();
/** The facts last asked for (lint calls mostly repeat one target): no WeakMap lookup. */
let lastFacts: TargetFacts | undefined;
let lastTarget: LintTarget | undefined;

function factsOf(target: LintTarget): TargetFacts {
  if (target === lastTarget) return lastFacts!;
  let f = facts.get(target);
  if (!f) {
    f = {
      trees: new Map(),
      byId: new Map(target.rules.map((rule) => [rule.meta.id, rule])),
      profileKeys: [...new Set(target.rules.flatMap((rule) => rule.meta.requires ?? []))],
      plans: [],
      byLevels: [],
      last: undefined,
    };
    facts.set(target, f);
  }
  lastTarget = target;
  lastFacts = f;
  return f;
}

function treeFor(target: LintTarget, fms: boolean): Tree {
  const { trees } = factsOf(target);
  let tree = trees.get(fms);
  if (!tree) trees.set(fms, (tree = target.tree(fms)));
  return tree;
}

/** A profile member counts when it is set and not the empty string. */
function profileHas(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** What a plan needs of the profile: fms, and which required profile members are given, as bits. */
function profileBits(profile: unknown, keys: readonly string[]): number {
  if (profile === null || typeof profile !== 'object') return 0;
  const p = profile as Record<string, unknown>;
  let bits = p.fms === true ? 1 : 0;
  for (let i = 0; i < keys.length; i++) if (profileHas(p[keys[i]!])) bits |= 2 << i;
  return bits;
}

/** The overrides of one options.rules object as last read: its entries and their stamp. */
interface Stamped {
  readonly keys: string[];
  readonly values: unknown[];
  readonly stamp: string;
  /** Calls that found the entries unchanged (the generated test is made at HITS_TO_GENERATE). */
  hits: number;
  /** Tells whether the object still has these entries, as generated code (one named read per entry). */
  unchanged: ((overrides: object) => boolean) | undefined;
}

// An overrides object found unchanged this often serves many calls: its test is then generated
// (25 entries: about 30 ns a call instead of 90). Not on the first calls: options made anew
// for each call would compile code for each.
const HITS_TO_GENERATE = 16;

const stamps = new WeakMap<object, Stamped>();
const hasOwn = Object.prototype.hasOwnProperty;
const getPrototypeOf = Object.getPrototypeOf;

/**
 * The rule overrides as text (`enum=warn;totals=off;`), '' without any. Kept per overrides
 * object and compared entry by entry on each call (by generated code once the object has
 * served HITS_TO_GENERATE calls): an object changed in place between calls gets a new
 * stamp, an unchanged one costs a few reads.
 */
function overridesStamp(overrides: unknown): string {
  if (overrides === null || typeof overrides !== 'object') return '';
  const o = overrides as Record<string, unknown>;
  const known = stamps.get(o);
  if (known) {
    // for...in lists own members only when nothing enumerable is inherited: then no hasOwn call per key.
    const proto = getPrototypeOf(o);
    const ownOnly = (proto === Object.prototype || proto === null) && objectPrototypeIsPlain();
    if (ownOnly && known.unchanged !== undefined) {
      if (known.unchanged(o)) return known.stamp;
    } else if (sameEntries(o, known, ownOnly)) {
      if (ownOnly && ++known.hits === HITS_TO_GENERATE) known.unchanged = generateEntriesTest(known.keys, known.values);
      return known.stamp;
    }
  }
  const keys: string[] = [];
  const values: unknown[] = [];
  let stamp = '';
  for (const key in o) {
    if (!hasOwn.call(o, key)) continue;
    const value = o[key];
    keys.push(key);
    values.push(value);
    stamp += key + '=' + String(value) + ';';
  }
  stamps.set(o, { keys, values, stamp, hits: 0, unchanged: undefined });
  return stamp;
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

function applies(rule: Rule, kind: PayloadKind, features: OrderVersionFeatures | undefined, profile: ClientProfile | undefined): boolean {
  const { meta } = rule;
  if (!meta.kinds.includes(kind)) return false;
  if (features && meta.appliesTo && !meta.appliesTo(features)) return false;
  if (meta.fmsOnly && profile?.fms !== true) return false;
  for (const key of meta.requires ?? []) if (!profileHas(profile?.[key])) return false;
  return true;
}

/** The nodes a selector names (`item[]`, `partner[].addressData`, `body`). */
function nodesOf(tree: Tree, selector: string): TreeNode[] {
  return tree.nodes.filter((node) => node.selector === selector);
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
  const overrides = (options.rules ?? {}) as Record<string, unknown>;
  const levels: Record<string, Severity> = {};
  const active: Rule[] = [];
  let key = '';
  for (const rule of target.rules) {
    const override = hasOwn.call(overrides, rule.meta.id) ? overrides[rule.meta.id] : undefined;
    const level = override === 'off' || override === 'warn' || override === 'error' ? override : rule.meta.severity;
    if (level === 'off' || !applies(rule, kind, features, profile)) continue;
    levels[rule.meta.id] = level;
    active.push(rule);
    key += rule.meta.id + '=' + level + ';';
  }
  return { levels, active, key };
}

function makePlan(target: LintTarget, fms: boolean, { levels, active }: Resolved): Plan {
  const { kind, features } = target;
  const { byId } = factsOf(target);
  const tree = treeFor(target, fms);
  const enter: BoundVisitor[][] = [];
  const exit: BoundVisitor[][] = [];
  const factories: (() => unknown)[] = [];
  const plan: Plan = {
    kind,
    features,
    tree,
    levels,
    enter,
    exit,
    closures: undefined as unknown as WalkFn,
    generated: undefined,
    current: undefined,
    makeStates: undefined as unknown as () => unknown[],
    renewStates: undefined as unknown as (states: unknown[]) => unknown[],
    spare: undefined,
    indexes: new Array<number>(tree.depth).fill(0),
    message: (rule, messageId) => byId.get(rule)?.meta.messages[messageId] ?? `${rule}: ${messageId}`,
  };
  for (const rule of active) {
    // Batch and CLI rules report elsewhere (batch.ts, the CLI), never per payload.
    if (!rule.visitors || (rule.meta.scope ?? 'payload') !== 'payload') continue;
    const slot = rule.state ? factories.push(rule.state) - 1 : -1;
    // One context per node the rule visits (its enter and exit visitors share it).
    const contexts = new Map<TreeNode, RuleContext>();
    for (const [selectors, fn] of Object.entries(rule.visitors)) {
      for (const raw of selectors.split(',')) {
        const selector = raw.trim();
        const isExit = selector.endsWith(':exit');
        const nodes = nodesOf(tree, isExit ? selector.slice(0, -':exit'.length) : selector);
        for (const node of nodes) {
          const list = isExit ? exit : enter;
          let context = contexts.get(node);
          if (context === undefined) contexts.set(node, (context = new RuleContextImpl(plan, rule.meta.id, node)));
          (list[node.id] ??= []).push({ fn: fn as Visitor<unknown>, context, slot });
        }
      }
    }
  }
  const mutable = plan as { closures: WalkFn; generated: WalkFn | undefined; makeStates: () => unknown[]; renewStates: (states: unknown[]) => unknown[] };
  mutable.closures = walkClosures(plan);
  const generate = canGenerateCode();
  mutable.generated = generate ? generateWalk(plan) : undefined;
  const makeStates = (generate ? generateStateMaker(factories) : undefined) ?? (() => factories.map((make) => make()));
  mutable.makeStates = makeStates;
  mutable.renewStates = (generate ? generateStateRenewer(factories) : undefined) ?? makeStates;
  return plan;
}

// Override sets are few in practice; the bound only keeps a pathological caller from growing the cache.
const MAX_PLANS = 256;

/**
 * The plan of a lint call. Cheap when cached: the profile bits and the overrides stamp are
 * read on every call.
 *
 * @param target The payload kind (and order version) linted.
 * @param options The lint options.
 * @returns The plan.
 */
export function planFor(target: LintTarget, options: LintOptions): Plan {
  const f = factsOf(target);
  const bits = profileBits(options.profile, f.profileKeys);
  const stamp = overridesStamp(options.rules);
  const last = f.last;
  if (last !== undefined && last.bits === bits && last.stamp === stamp) return last.plan;
  const byStamp = (f.plans[bits] ??= new Map());
  let plan = byStamp.get(stamp);
  if (!plan) {
    // Overrides that leave every rule at the level it has anyway (or name rules that do not
    // apply) give the plan of the options without them: one compiled walk, warm for both.
    const resolved = resolveLevels(target, options);
    const byLevels = (f.byLevels[bits] ??= new Map());
    plan = byLevels.get(resolved.key);
    if (!plan) {
      plan = makePlan(target, (bits & 1) === 1, resolved);
      if (byLevels.size >= MAX_PLANS) byLevels.clear();
      byLevels.set(resolved.key, plan);
    }
    if (byStamp.size >= MAX_PLANS) byStamp.clear();
    byStamp.set(stamp, plan);
  }
  f.last = { bits, stamp, plan };
  return plan;
}

/** Drops every cached plan, with the trees and facts they share (after `configureEngine`). */
export function clearPlans(): void {
  facts = new WeakMap();
  lastTarget = undefined;
  lastFacts = undefined;
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
