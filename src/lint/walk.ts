/**
 * The walk over closures, and the structural reports both walks share.
 *
 * One walk visits a payload once along its schema tree. At each node it checks the JSON
 * type first (a wrong type is one `type` problem and nothing below it is visited), then the
 * node's checks, calls the enter visitors of the rules that asked for the node, walks the
 * members or entries, and calls the exit visitors. Members are the object's own enumerable
 * members: anything else (inherited, hidden) is absent. codegen.ts generates the same walk as
 * JavaScript; this file is the reference and the walk of pages that forbid `new Function`.
 */
import type { FieldCheck } from '../schema/actions';
import { codePointLength } from '../schema/predicates';
import type { Finding } from './define-rule';
import { isBlankText, isPlainObject, jsonTypeOf, ownCopy } from './json';
import type { BoundVisitor, Plan, WalkFn } from './plan';
import { findingKind, noData, pathOf, reportBlank, reportCached, reportFinding, type ReportKind, type Walk } from './report';
import type { TreeMember, TreeNode } from './tree';

// The keys of the walk's findings in a node's report cache (see reportCached): ':' and the
// finding where its message is one per node; a wrong value's JSON type name ('a string',
// 'null': none starts with ':') and a too long value's length (a number) for the others.


/** Reports a finding whose message is cached at the node by `key`, through the rule that claims it (as `findingKind`, without making a kind per report). */
function found<K>(w: Walk, finding: Finding, node: TreeNode, key: K, path?: string): void {
  const claim = w.plan.claims[finding];
  if (claim !== undefined) reportCached(w, claim.rule, node, key, claim.messageId, claim.data ?? noData, path);
}

/** Reports a value of the wrong JSON type at `node` (`path`: its pointer, when the caller has built it). */
export function wrongType(w: Walk, node: TreeNode, value: unknown, path?: string): void {
  found(w, 'wrongType', node, jsonTypeOf(value), path);
}

/**
 * A required member that is missing, as the plan reports it.
 *
 * @returns Undefined when no rule that runs claims it.
 */
export function missingKind(plan: Plan, member: TreeMember): ReportKind<string> | undefined {
  return member.requiredForFms ? findingKind(plan, 'missingFms', member.node, ':missingFms') : findingKind(plan, 'missing', member.node, ':missing');
}

/**
 * A member that is `null` where null is not allowed (`nullRequired` or `null`), as the plan reports it.
 *
 * @returns Undefined when no rule that runs claims it.
 */
export function nullKind(plan: Plan, member: TreeMember): ReportKind<string> | undefined {
  return member.required ? findingKind(plan, 'nullRequired', member.node, ':nullRequired') : findingKind(plan, 'null', member.node, ':null');
}

/** The finding of a failed field check: its keyword, or `tooLong` for a length limit. */
export function findingOfCheck(check: FieldCheck<unknown>): Finding {
  return check.keyword === 'maxLength' ? 'tooLong' : check.keyword;
}

/**
 * A failed field check other than a length limit (numericText, dateFormat, ...), as the
 * plan reports it: through the rule that claims its keyword.
 *
 * @returns Undefined when no rule that runs claims it.
 */
export function checkKind(plan: Plan, node: TreeNode, check: FieldCheck<unknown>): ReportKind<FieldCheck<unknown>> | undefined {
  return findingKind(plan, findingOfCheck(check), node, check);
}

function reportKind<K>(w: Walk, kind: ReportKind<K> | undefined): void {
  if (kind !== undefined) reportCached(w, kind.rule, kind.node, kind.key, kind.messageId, kind.data);
}

/** Reports a required member that is missing. */
export function missing(w: Walk, member: TreeMember): void {
  reportKind(w, missingKind(w.plan, member));
}

/** Reports a member that is `null` where null is not allowed. */
export function nullMember(w: Walk, member: TreeMember): void {
  reportKind(w, nullKind(w.plan, member));
}

/** Reports a member that only responses carry (type first: not when its value has the wrong type). */
export function responseOnly(w: Walk, node: TreeNode, value: unknown): void {
  if (hasType(node, value)) found(w, 'responseOnly', node, ':responseOnly');
}

/** Reports an array entry that is null or a hole. */
export function emptyEntry(w: Walk, item: TreeNode, value: unknown): void {
  if (value === null) found(w, 'nullEntry', item, ':nullEntry');
  else found(w, 'emptyEntry', item, ':emptyEntry');
}

/** Reports a value `length` code points long at a node whose length limit it exceeds. */
export function tooLong(w: Walk, node: TreeNode, length: number, path?: string): void {
  // The message names the length: one cached message per length seen at the node.
  found(w, 'tooLong', node, length, path);
}

/** Reports a failed field check (a length limit, numeric-text, date-format, ...). */
export function fieldFailed(w: Walk, node: TreeNode, check: FieldCheck<unknown>, value: unknown): void {
  if (check.maxLength !== undefined) tooLong(w, node, codePointLength(value as string));
  else reportKind(w, checkKind(w.plan, node, check));
}

/** Reports a picklist value outside the allowed set (`ambiguous`, or `notAllowed`). */
export function picklistFailed(w: Walk, node: TreeNode, value: string, path?: string): void {
  // Name the constant sets, never the payload value.
  if (node.ambiguous !== undefined && node.ambiguous.includes(value)) found(w, 'ambiguous', node, ':ambiguous', path);
  else found(w, 'notAllowed', node, ':notAllowed', path);
}

/** Reports a blank string in a required member. */
export function blank(w: Walk, node: TreeNode): void {
  reportBlank(w, node);
}

/**
 * Calls the visitors of a node. A visitor that throws (a hostile value read) ends the walk,
 * as a throwing read of the walk itself does (see instance.ts `run`).
 */
export function visit(w: Walk, visitors: readonly BoundVisitor[], value: unknown): void {
  for (let i = 0; i < visitors.length; i++) {
    const { fn, context, slot } = visitors[i]!;
    fn(value, context, slot < 0 ? undefined : w.states[slot]);
  }
}

/**
 * Reports the own members of a strict object that its schema does not define (`extra`, in
 * key order, as both walks list them): example spellings (`spelling`, and their content
 * checked at the twin's path), members of later versions (`laterVersion`), and any other
 * (`unknownMember`, whose message names no member).
 */
export function extraMembers(w: Walk, node: TreeNode, object: Record<string, unknown>, extra: readonly string[]): void {
  for (const key of extra) {
    const twin = node.spelling !== undefined && hasOwn.call(node.spelling, key) ? node.spelling[key] : undefined;
    if (twin !== undefined) {
      // Type first: a twin that is null or of the wrong type gets its one type problem, no spelling warning.
      const value = object[key];
      if (value === null) {
        reportFinding(w, 'nullSpelled', twin.node, key);
        continue;
      }
      if (hasType(twin.node, value)) reportFinding(w, 'exampleSpelling', node, { key, to: twin.to }, [key], { kind: 'rename-member', to: twin.to });
      if (value !== undefined) walkValue(twin.node, value, w);
      continue;
    }
    const since = node.laterVersion !== undefined && hasOwn.call(node.laterVersion, key) ? node.laterVersion[key] : undefined;
    if (since !== undefined) {
      reportFinding(w, 'laterVersion', node, { key, since }, [key]);
      continue;
    }
    // The message names the object, never the member: made once per node.
    found(w, 'unknownMember', node, ':unknownMember', pathOf(node, w.idx, [key]));
  }
}

/** Tells whether a present value has the JSON type a node demands (type-first.ts reads the payload with it too). */
export function hasType(node: TreeNode, value: unknown): boolean {
  switch (node.type) {
    case 'object':
    case 'record':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
    case 'picklist':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

const hasOwn = Object.prototype.hasOwnProperty;
const isEnumerable = Object.prototype.propertyIsEnumerable;

/** The field checks of a node on a value of the right type. */
function runChecks(w: Walk, node: TreeNode, value: unknown): void {
  const checks = node.checks;
  for (let i = 0; i < checks.length; i++) {
    const check = checks[i]!;
    if (w.plan.claims[findingOfCheck(check)] !== undefined && !check.test(value)) fieldFailed(w, node, check, value);
  }
}

/** Walks a present value (neither undefined nor null) at `node`: type first, then the rest. */
function walkValue(node: TreeNode, value: unknown, w: Walk): void {
  if (!hasType(node, value)) return wrongType(w, node, value);
  switch (node.type) {
    case 'object':
      return walkObject(node, value as Record<string, unknown>, w);
    case 'array':
      return walkArray(node, value as readonly unknown[], w);
    case 'picklist':
      if (!node.options!.includes(value as string)) picklistFailed(w, node, value as string);
      break;
  }
  runChecks(w, node, value);
  enterAndExit(w, node, value);
}

function enterAndExit(w: Walk, node: TreeNode, value: unknown): void {
  const enter = w.plan.enter[node.id];
  if (enter) visit(w, enter, value);
  const exit = w.plan.exit[node.id];
  if (exit) visit(w, exit, value);
}

/** Walks one member of an object: absent, null, or a value. */
function walkMember(w: Walk, member: TreeMember, value: unknown): void {
  if (value === undefined) {
    if (member.required) missing(w, member);
    return;
  }
  if (value === null) {
    if (!member.nullable) nullMember(w, member);
    return;
  }
  if (member.responseOnly) responseOnly(w, member.node, value);
  walkValue(member.node, value, w);
  if (member.required && typeof value === 'string' && (member.node.type === 'string' || member.node.type === 'picklist') && isBlankText(value)) {
    blank(w, member.node);
  }
}

function walkObject(node: TreeNode, value: Record<string, unknown>, w: Walk): void {
  const members = node.members!;
  const present = members.map((m) => isEnumerable.call(value, m.key));
  const enter = w.plan.enter[node.id];
  const exit = w.plan.exit[node.id];
  let object = value;
  // Visitors read members directly: give them a copy without a hidden or inherited member.
  if ((enter || exit) && members.some((m, i) => !present[i] && object[m.key] !== undefined)) object = ownCopy(object);
  if (enter) visit(w, enter, object);
  for (let i = 0; i < members.length; i++) {
    const member = members[i]!;
    walkMember(w, member, present[i] ? object[member.key] : undefined);
  }
  if (node.strict) {
    let extra: string[] | undefined;
    for (const key of Object.keys(object)) if (!members.some((m) => m.key === key)) (extra ??= []).push(key);
    if (extra !== undefined) extraMembers(w, node, object, extra);
  }
  if (exit) visit(w, exit, object);
}

function walkArray(node: TreeNode, value: readonly unknown[], w: Walk): void {
  const enter = w.plan.enter[node.id];
  if (enter) visit(w, enter, value);
  const item = node.item!;
  const slot = node.depth;
  for (let i = 0; i < value.length; i++) {
    w.idx[slot] = i;
    const entry: unknown = value[i];
    if (entry === undefined || entry === null) emptyEntry(w, item, entry);
    else walkValue(item, entry, w);
  }
  runChecks(w, node, value);
  const exit = w.plan.exit[node.id];
  if (exit) visit(w, exit, value);
}

/**
 * The walk of a plan over closures.
 *
 * @param plan The plan (its tree and visitors).
 * @returns A walk of a whole payload (any value but undefined and null).
 * @example walkClosures(plan)(payload, new Walk(plan, profile));
 */
export function walkClosures(plan: Plan): WalkFn {
  const { root, wrapper } = plan.tree;
  if (wrapper === undefined) return (value, w) => walkValue(root, value, w);
  return (value, w) => {
    if (isPlainObject(value) && !isEnumerable.call(value, wrapper)) wrapperMissing(w);
    else walkValue(root, value, w);
  };
}

/**
 * Reports a root object without its wrapper member (`clientRequest`): the payload's one
 * problem, nothing else of it is walked.
 *
 * @param w The walk.
 */
export function wrapperMissing(w: Walk): void {
  reportFinding(w, 'noWrapper', w.plan.tree.root);
}
