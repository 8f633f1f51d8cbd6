/**
 * The one place that builds Problems. A problem's path is built here, from the node's path
 * template, the walk's index stack and the tokens below the node, and only when a problem
 * is reported; its message is the rule's message by id with the data filled in.
 *
 * Type first: a `type` or `required` problem is the only problem of its member. Rules may
 * see a member as absent and report it; `finish` drops every other problem at or below a
 * path that has a `type` or `required` problem.
 */
import type { FieldCheckDef, Finding, FindingClaim, MessageData } from './define-rule';
import { escapeText } from './pointer';
import type { Claim, Plan } from './plan';
import type { TreeMember, TreeNode } from './tree';
import type { ClientProfile, Problem, ProblemFix, Severity } from './types';

/**
 * Tells whether a rule's problems come first (the `type` and `required` rules claim their
 * findings so): the only problem of their member, with nothing reported below it (see `finish`).
 */
function comesFirst(w: Walk, rule: string): boolean {
  return w.plan.typeFirst.has(rule);
}

/** The values of a message that has none. */
const noData = (): MessageData => ({});

/** Problems counted rather than kept: totals by severity, and by rule id. */
export interface ProblemTally {
  /** Problems of severity `error`. */
  errors: number;
  /** Problems of severity `warn`. */
  warnings: number;
  /** Problems by rule id. */
  byRule: Record<string, number>;
}

/**
 * The bounds of a lint call that keeps the first problems and counts the others (the CLI's
 * `--max-problems-per-payload` and `--quiet`): whatever the payload, the call holds at most
 * `limit` problems. Type first is then decided as each problem is reported (`underStructural`),
 * not by `finish` from the whole list, so that no problem is kept or counted twice.
 */
export interface Bound {
  /** Problems kept at most; the later ones are counted in `omitted`. */
  readonly limit: number;
  /** Keep warnings; when false, each is counted in `quiet` instead. */
  readonly keepWarnings: boolean;
  /** Tells whether a problem at `at` below `node` lies at or below a `type` or `required` problem (type-first.ts). */
  readonly underStructural: (w: Walk, node: TreeNode, at: readonly (string | number)[] | undefined) => boolean;
  /** Problems past the limit, by rule id. */
  readonly omitted: Record<string, number>;
  /** Warnings not kept, by rule id. */
  readonly quiet: Record<string, number>;
}

/**
 * The state of one lint call. Its members are set in the constructor only (declared, not
 * initialized as class fields): one shape, built in one pass, for the walk of every call.
 */
export class Walk {
  /** The plan of this call. */
  declare readonly plan: Plan;
  /** The client profile of this call. */
  declare readonly profile: ClientProfile | undefined;
  /** The bounds of this call; undefined keeps every problem. */
  declare readonly bound: Bound | undefined;
  /** Problems found so far. */
  declare out: Problem[];
  /** Index of each enclosing array entry, by depth (see `TreeNode.path`). */
  declare readonly idx: number[];
  /** The rules' states of this call, by the plan's state slot. */
  declare readonly states: unknown[];
  /** Positions in `out` of the problems that visitors reported (the only ones `finish` may drop). */
  declare fromVisitors: number[] | undefined;
  /** `type` and `required` problems so far (`finish` looks below them). */
  declare structural: number;
  /** Paths that already have a `blank-value` problem. */
  declare blanks: Set<string> | undefined;
  /**
   * Paths of the problems that come first of rules turned off (`Claim.silent`): reported as
   * nothing, they still hide what lies below. Set only with `type` or `required` off.
   */
  declare silent?: string[];
  /** A value could not be read (a throwing getter or Proxy). */
  declare failed: boolean;
  /** A bounded call keeps no more problems: the generated walk builds no more paths (codegen.ts). */
  declare full: boolean;

  /**
   * @param plan The plan of this call.
   * @param profile The client profile of this call.
   * @param bound The bounds of this call; undefined keeps every problem.
   */
  constructor(plan: Plan, profile: ClientProfile | undefined, bound?: Bound) {
    this.plan = plan;
    this.profile = profile;
    this.bound = bound;
    this.out = [];
    const idx: number[] = [];
    for (let i = 0; i < plan.depth; i++) idx.push(0);
    this.idx = idx;
    // Filled by the lint (instance.ts `run`), inside its guard: a rule's state factory may throw.
    this.states = [];
    this.fromVisitors = undefined;
    this.structural = 0;
    this.blanks = undefined;
    this.failed = false;
    this.full = bound !== undefined && bound.limit <= 0;
  }
}

/**
 * Tells whether a problem goes into the walk's list: always, unless the call is bounded and
 * the problem is a warning it does not keep or comes past the limit; such a problem is counted.
 */
function keeps(w: Walk, rule: string, severity: Severity): boolean {
  const bound = w.bound;
  if (bound === undefined) return true;
  if (severity === 'warn' && !bound.keepWarnings) return count(bound.quiet, rule);
  if (w.full) return count(bound.omitted, rule);
  w.full = w.out.length + 1 >= bound.limit;
  return true;
}

/** Adds one to a rule's count; false, for `keeps`. */
function count(counts: Record<string, number>, rule: string): false {
  counts[rule] = (counts[rule] ?? 0) + 1;
  return false;
}

/**
 * Totals of per-rule counts, each rule at its level in the plan.
 *
 * @param counts Counts by rule id (`Bound.omitted`, `Bound.quiet`).
 * @param levels The plan's levels.
 * @returns The totals, or undefined when nothing was counted.
 */
export function tallyOf(counts: Readonly<Record<string, number>>, levels: Readonly<Record<string, Severity | undefined>>): ProblemTally | undefined {
  const rules = Object.keys(counts);
  if (rules.length === 0) return undefined;
  const tally: ProblemTally = { errors: 0, warnings: 0, byRule: {} };
  for (const rule of rules) {
    const n = counts[rule]!;
    if (levels[rule] === 'error') tally.errors += n;
    else tally.warnings += n;
    tally.byRule[rule] = n;
  }
  return tally;
}

/**
 * The longest member name a path holds whole. No schema member comes near it; a longer name
 * (an unknown member) is cut to its first characters and `…`, so that one 60 MB key is not
 * copied into every form of its problem (the path, its packed and printed forms).
 */
const PATH_NAME_LIMIT = 256;

/** A member name or index as a pointer token, a name past `PATH_NAME_LIMIT` cut (never inside a surrogate pair). */
function tokenOf(name: string | number): string {
  if (typeof name === 'number' || name.length <= PATH_NAME_LIMIT) return escapeText(name);
  const end = name.charCodeAt(PATH_NAME_LIMIT - 1) >> 10 === 0x36 ? PATH_NAME_LIMIT - 1 : PATH_NAME_LIMIT;
  return escapeText(name.slice(0, end)) + '…';
}

/** The JSON Pointer of a node (template filled from the index stack), plus tokens below it. */
export function pathOf(node: TreeNode, idx: readonly number[], at?: readonly (string | number)[]): string {
  const pointer = node.pointer;
  let path = pointer[0] as string;
  for (let i = 1; i < pointer.length; i += 2) path += idx[pointer[i] as number]! + (pointer[i + 1] as string);
  if (at) for (let i = 0; i < at.length; i++) path += '/' + tokenOf(at[i]!);
  return path;
}

/** A message template split at its placeholders: text, key, text, key, ..., text. */
export type CompiledMessage = readonly string[];

/**
 * Splits a message template at its `{{name}}` placeholders (once per message: see plan.ts).
 *
 * @param template A message of a rule's `meta.messages`.
 * @returns The parts.
 * @example compileMessage('{{name}} is too long.'); // ['', 'name', ' is too long.']
 */
export function compileMessage(template: string): CompiledMessage {
  return template.split(/\{\{(\w+)\}\}/);
}

/**
 * Fills a message: `{{name}}` becomes `data.name` (lists joined with ", "); a placeholder
 * without data stays as written.
 *
 * @param parts A message split by `compileMessage`.
 * @param data The values of the placeholders.
 * @returns The message.
 * @example formatMessage(compileMessage('{{name}} is too long.'), { name: 'city' }); // 'city is too long.'
 */
function formatMessage(parts: CompiledMessage, data: MessageData | undefined): string {
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i]!;
    const value = data !== undefined && Object.prototype.hasOwnProperty.call(data, key) ? data[key] : undefined;
    out += (value === undefined ? `{{${key}}}` : Array.isArray(value) ? value.join(', ') : String(value)) + parts[i + 1]!;
  }
  return out;
}

/**
 * Reports a problem of rule `rule` at `node` (plus `at` below it), if the rule is on.
 *
 * @param w The walk.
 * @param rule The rule id.
 * @param node Where: the node whose path template is used.
 * @param messageId A key of the rule's messages.
 * @param data Placeholder values (kept as `params`).
 * @param at Member names and indexes below the node.
 * @param fix A fix.
 */
export function report(
  w: Walk,
  rule: string,
  node: TreeNode,
  messageId: string,
  data?: MessageData,
  at?: readonly (string | number)[],
  fix?: ProblemFix,
): void {
  const plan = w.plan;
  const severity = plan.levels[rule];
  if (severity === undefined) return;
  // A bounded call decides type first now (it keeps no list for `finish` to look through).
  if (w.bound !== undefined && !comesFirst(w, rule) && w.bound.underStructural(w, node, at)) return;
  if (!keeps(w, rule, severity)) return;
  const message = formatMessage(plan.message(rule, messageId), data);
  w.out.push(problemOf(rule, severity, pathOf(node, w.idx, at), message, data === undefined ? undefined : frozenParams(data), fix));
  if (comesFirst(w, rule)) w.structural++;
}

/**
 * Reports a finding of the walk (see `Finding`) at `node`, plus `at` below it, by the rule
 * that claims it in this plan (none: nothing is reported).
 *
 * @param w The walk.
 * @param finding What the walk found.
 * @param node Where.
 * @param detail What the claim's message values may read besides the node (see `FindingClaim.data`).
 * @param at Member names and indexes below the node.
 * @param fix A fix.
 */
export function reportFinding(w: Walk, finding: Finding, node: TreeNode, detail?: unknown, at?: readonly (string | number)[], fix?: ProblemFix): void {
  const claim = claimAt(w.plan, finding, node, undefined);
  // A silent claim (its rule is off) reports nothing (report: the rule has no level); nothing lies below these findings.
  if (claim !== undefined) report(w, claim.rule, node, messageIdOf(claim, node, undefined), claim.data?.(node, detail), at, fix);
}

/**
 * The claim that reports a finding at a place in a plan: the first of the rules that run
 * whose claim holds there (see `FindingClaim.at`).
 *
 * @param plan The plan.
 * @param finding What the walk finds.
 * @param node Where.
 * @param member The member the node is the value of, if any.
 * @returns The claim, or undefined when none holds there (nothing is reported).
 */
export function claimAt(plan: Plan, finding: Finding, node: TreeNode, member: TreeMember | undefined): Claim | undefined {
  for (const claim of plan.claims[finding]) if (claim.at === undefined || claim.at(node, member)) return claim;
  return undefined;
}

/** A claim's message id at a place. */
function messageIdOf(claim: FindingClaim, node: TreeNode, member: TreeMember | undefined): string {
  return typeof claim.messageId === 'string' ? claim.messageId : claim.messageId(node, member);
}

/**
 * Builds a problem: the one place a `Problem` is made (the walk's reports here, the batch
 * rules' in batch-state.ts).
 *
 * @param rule The rule id.
 * @param severity The rule's level.
 * @param path The JSON Pointer.
 * @param message The message, filled in.
 * @param params The values the message speaks of (frozen).
 * @param fix A fix.
 * @returns The problem.
 * @example problemOf('totals', 'warn', '/clientRequest/order', 'The totals differ.');
 */
export function problemOf(rule: string, severity: Severity, path: string, message: string, params?: Problem['params'], fix?: ProblemFix): Problem {
  const problem: Problem = { rule, severity, path, message };
  if (params !== undefined) problem.params = params;
  if (fix !== undefined) problem.fix = fix;
  return problem;
}

/**
 * A problem's params, frozen with frozen copies of its lists: a caller that changes a
 * problem can change neither the spec's tables nor another problem.
 */
function frozenParams(data: MessageData): NonNullable<Problem['params']> {
  const params: Record<string, string | number | readonly string[]> = {};
  for (const key of Object.keys(data)) {
    const value = data[key]!;
    params[key] = Array.isArray(value) ? Object.freeze([...value]) : value;
  }
  return Object.freeze(params);
}

/** A problem's message and params apart from its path: made once, on its first report, and shared (frozen) by every later one. */
interface CachedReport {
  readonly message: string;
  readonly params: NonNullable<Problem['params']>;
}

function cachedReport(plan: Plan, rule: string, messageId: string, data: MessageData): CachedReport {
  const params = frozenParams(data);
  return { message: formatMessage(plan.message(rule, messageId), params), params };
}

/**
 * A place in the walk that reports one finding at one node (a missing member, a failed
 * check, a wrong type): the rule that claims it, its level and its message, read once per
 * plan (see walk-ops.ts). Its message and params are made on the first report of each
 * detail (a wrong value's JSON type name, a too long value's length) and shared by every
 * later one: a report then only builds the path.
 */
export interface ReportSite {
  readonly rule: string;
  readonly severity: Severity;
  /** A problem that comes first (see `finish`). */
  readonly structural: boolean;
  /** A problem that comes first of a rule turned off: nothing is reported, what lies below is hidden (`Claim.silent`). */
  readonly silent: boolean;
  /** At most one problem per path in a call, with those of `RuleContext.given` (`FieldCheckDef.blankOnly`). */
  readonly once: boolean;
  /** Where. */
  readonly node: TreeNode;
  readonly messageId: string;
  /** The placeholder values of a report with this detail. */
  readonly data: (detail: unknown) => MessageData;
  /** The messages and params made so far, by detail. */
  readonly made: Map<unknown, CachedReport>;
}

/** The most messages a site keeps (see `reportAt`). */
const MADE_PER_SITE = 64;

/** A report site of `rule` at `node`, its message values made from `claim` (`detail` unless a report gives its own). */
function newSite(plan: Plan, rule: string, severity: Severity, node: TreeNode, claim: { readonly messageId: string; readonly data?: (node: TreeNode, detail: any) => MessageData }, detail: unknown, once = false, silent = false): ReportSite {
  const { messageId, data } = claim;
  const values = data === undefined ? noData : (given: unknown) => data(node, given === undefined ? detail : given);
  return { rule, severity, structural: plan.typeFirst.has(rule), silent, once, node, messageId, data: values, made: new Map() };
}

/**
 * The report site of a finding at a node in a plan.
 *
 * @param plan The plan.
 * @param finding What the walk finds.
 * @param node Where.
 * @param member The member the node is the value of, if any (see `FindingClaim.at`).
 * @returns The site, or undefined when no claim of a rule that runs holds there.
 */
export function reportSite(plan: Plan, finding: Finding, node: TreeNode, member?: TreeMember): ReportSite | undefined {
  const claim = claimAt(plan, finding, node, member);
  // A silent claim's site reports nothing: its severity is never read.
  const severity = claim && (claim.silent ? 'error' : plan.levels[claim.rule]);
  return claim === undefined || severity === undefined ? undefined : newSite(plan, claim.rule, severity, node, { messageId: messageIdOf(claim, node, member), data: claim.data }, undefined, false, claim.silent);
}

/**
 * The report site of a rule's field check at a node in a plan (the rule runs).
 *
 * @param plan The plan.
 * @param rule The rule's id.
 * @param check The rule's check.
 * @param node Where.
 * @param arg What the check checks there: the detail of its messages, unless a report gives its own.
 * @returns The site.
 */
export function checkSite(plan: Plan, rule: string, check: FieldCheckDef, node: TreeNode, arg: unknown): ReportSite {
  return newSite(plan, rule, plan.levels[rule]!, node, check, arg, check.blankOnly === true);
}

/**
 * Reports the problem of a site at `path` (built by the walk, as `pathOf` would).
 *
 * @param w The walk.
 * @param site The site.
 * @param path The problem's JSON Pointer.
 * @param detail What this report's message values read (see `ReportSite.data`).
 * @param fix The problem's fix.
 */
export function reportAt(w: Walk, site: ReportSite, path: string, detail?: unknown, fix?: ProblemFix): void {
  if (site.silent) {
    // A problem that comes first of a rule turned off: nothing is listed, what lies below is hidden (see `finish`).
    (w.silent ??= []).push(path);
    w.structural++;
    return;
  }
  if (site.once && !firstAt(w, path)) return;
  if (!keeps(w, site.rule, site.severity)) return;
  let made = site.made.get(detail);
  if (made === undefined) {
    made = cachedReport(w.plan, site.rule, site.messageId, site.data(detail));
    // Details are few (JSON type names, lengths); a payload that makes many more is not cached past these.
    if (site.made.size < MADE_PER_SITE) site.made.set(detail, made);
  }
  w.out.push(problemOf(site.rule, site.severity, path, made.message, made.params, fix));
  if (site.structural) w.structural++;
}

/** Tells whether a path has no blank-value problem yet in this call, and marks it. */
function firstAt(w: Walk, path: string): boolean {
  const blanks = (w.blanks ??= new Set());
  if (blanks.has(path)) return false;
  blanks.add(path);
  return true;
}

/**
 * Reports a blank required string (`blank`, what `RuleContext.given` finds) at a node plus
 * `at`, once per path (see `ReportSite.once`).
 *
 * @param w The walk.
 * @param node The node.
 * @param at Tokens below the node.
 */
export function reportBlank(w: Walk, node: TreeNode, at: readonly (string | number)[]): void {
  if (w.plan.claims.blank.length === 0 || !firstAt(w, pathOf(node, w.idx, at))) return;
  const last = at.length > 0 ? at[at.length - 1]! : node.path[node.path.length - 1];
  reportFinding(w, 'blank', node, typeof last === 'string' ? last : node.name, at);
}

/** Tells whether `path` is `mark` or lies below it. */
function below(path: string, marks: ReadonlySet<string>): boolean {
  if (marks.has(path)) return true;
  for (let i = path.lastIndexOf('/'); i >= 0; i = path.lastIndexOf('/', i - 1)) {
    if (marks.has(path.slice(0, i))) return true;
    if (i === 0) break;
  }
  return false;
}

/**
 * Ends a lint call: a payload that could not be read gets its one `type` problem at the
 * root; problems at or below a member with a `type` or `required` problem are dropped.
 *
 * @param w The walk.
 * @returns The problems of the call.
 */
export function finish(w: Walk): Problem[] {
  if (w.failed) {
    // Only the structural problems found before the failure stay (listed or counted), then the one at the root.
    w.out = w.out.filter((p) => comesFirst(w, p.rule));
    const bound = w.bound;
    if (bound !== undefined) {
      for (const counts of [bound.omitted, bound.quiet]) for (const rule of Object.keys(counts)) if (!comesFirst(w, rule)) delete counts[rule];
      w.full = w.out.length >= bound.limit;
    }
    reportFinding(w, 'unreadable', w.plan.tree.root);
    return w.out;
  }
  const { fromVisitors, out } = w;
  // The walk never reports below a member of the wrong type; only visitors can. A bounded call has decided already.
  if (w.structural === 0 || fromVisitors === undefined || w.bound !== undefined) return out;
  const marks = new Set(out.filter((p) => comesFirst(w, p.rule)).map((p) => p.path).concat(w.silent ?? []));
  const drop = new Set<number>();
  for (const i of fromVisitors) if (below(out[i]!.path, marks)) drop.add(i);
  return drop.size === 0 ? out : out.filter((_, i) => !drop.has(i));
}
