/**
 * The closure backend of the walk: it interprets a plan's walk description (walk-ops.ts),
 * for pages that forbid `new Function` and for a polluted Object.prototype. It also holds
 * the reports both backends call with a value in hand (the generated walk of codegen.ts
 * calls these same functions), so both give the same problems; a property test holds them
 * equal.
 */
import { hasType, jsonTypeOf, ownCopy } from './json';
import type { BoundVisitor, Plan, WalkFn } from './plan';
import { pathOf, reportAt, reportFinding, type ReportSite, type Walk } from './report';
import type { CheckOp, MemberOp, ValueOp } from './walk-ops';

const hasOwn = Object.prototype.hasOwnProperty;
const isEnumerable = Object.prototype.propertyIsEnumerable;

/**
 * Reports the problem of a site, if a rule that runs claims it, at its node (`path`: its
 * pointer, when the caller has built it). The generated walk calls it too: its report sites
 * stay one short call each, which keeps the compiled functions small.
 */
export function reportSite(w: Walk, site: ReportSite | undefined, detail?: unknown, path?: string): void {
  if (site !== undefined) reportAt(w, site, path ?? pathOf(site.node, w.idx), detail);
}

/** Reports a value of the wrong JSON type at a node. */
export function wrongType(w: Walk, op: ValueOp, value: unknown, path?: string): void {
  reportSite(w, op.wrongType, jsonTypeOf(value), path);
}

/** Reports an array entry that is null or a hole. */
export function emptyEntry(w: Walk, op: ValueOp, value: unknown): void {
  reportSite(w, value === null ? op.nullEntry : op.emptyEntry);
}

/**
 * Reports a root object without its wrapper member (`clientRequest`): the payload's one
 * problem, nothing else of it is walked.
 */
export function wrapperMissing(w: Walk): void {
  reportFinding(w, 'noWrapper', w.plan.tree.root);
}

/**
 * The own members of a strict object that its schema does not define (`extra`, in key
 * order, as both backends list them): each goes through the rules' `extra` checks, and an
 * example spelling's content is walked as the member it stands for (type first: a null one
 * is its one `type` problem).
 */
export function extraMembers(w: Walk, op: ValueOp, object: Record<string, unknown>, extra: readonly string[]): void {
  const node = op.node;
  for (const key of extra) {
    const value = object[key];
    // A member whose value is undefined is absent, as a schema member is (JSON.stringify leaves it out).
    if (value === undefined) continue;
    for (const { def, arg, failed } of op.extra) {
      if (!def.test(key, arg, value)) reportAt(w, failed, pathOf(node, w.idx, [key]), def.detail?.(key, arg), def.fix?.(key, arg));
    }
    const twin = op.twins !== undefined && hasOwn.call(op.twins, key) ? op.twins[key]! : undefined;
    if (twin === undefined) continue;
    if (value === null) reportFinding(w, 'nullSpelled', twin.node, key);
    else walkValue(twin, value, w);
  }
}

/**
 * Calls the visitors of a node. A visitor that throws (a hostile value read) ends the walk,
 * as a throwing read of the walk itself does (see instance.ts `run`).
 */
function visit(w: Walk, visitors: readonly BoundVisitor[] | undefined, value: unknown): void {
  if (visitors === undefined) return;
  for (let i = 0; i < visitors.length; i++) {
    const { fn, context, slot } = visitors[i]!;
    fn(value, context, slot < 0 ? undefined : w.states[slot]);
  }
}

/** Runs the rules' checks at a value: each failure reported, with its detail. */
function runChecks(w: Walk, checks: readonly CheckOp[], value: unknown): void {
  for (let i = 0; i < checks.length; i++) {
    const { def, arg, failed } = checks[i]!;
    if (!def.test(value, arg)) reportSite(w, failed, def.detail?.(value, arg));
  }
}

/** What follows the first checks (and an array's entries): the pipe checks, the visitors, the last checks. */
function rest(w: Walk, op: ValueOp, value: unknown, enter: boolean): void {
  runChecks(w, op.checks, value);
  if (enter) visit(w, op.enter, value);
  visit(w, op.exit, value);
  runChecks(w, op.last, value);
}

/** Walks a present value (neither undefined nor null): type first, then the rest. */
function walkValue(op: ValueOp, value: unknown, w: Walk): void {
  const node = op.node;
  if (!hasType(node, value)) return wrongType(w, op, value);
  runChecks(w, op.first, value);
  if (op.members !== undefined) return walkObject(op, value as Record<string, unknown>, w);
  if (op.item !== undefined) return walkArray(op, value as readonly unknown[], w);
  rest(w, op, value, true);
}

/** Walks one member of an object: absent, null, or a value. */
function walkMember(w: Walk, member: MemberOp, value: unknown): void {
  if (value === undefined) reportSite(w, member.missing);
  else if (value === null) reportSite(w, member.null);
  else walkValue(member.value, value, w);
}

function walkObject(op: ValueOp, value: Record<string, unknown>, w: Walk): void {
  const members = op.members!;
  const present = members.map((m) => isEnumerable.call(value, m.key));
  // A null wrapper is absent, as a missing one (presence: missing or null).
  if (op.wrapper >= 0 && (!present[op.wrapper] || value[members[op.wrapper]!.key] === null)) return wrapperMissing(w);
  let object = value;
  // Visitors read members directly: give them a copy without a hidden or inherited member.
  if ((op.enter || op.exit) && members.some((m, i) => !present[i] && object[m.key] !== undefined)) object = ownCopy(object);
  visit(w, op.enter, object);
  for (let i = 0; i < members.length; i++) walkMember(w, members[i]!, present[i] ? object[members[i]!.key] : undefined);
  if (op.node.strict) {
    const extra = Object.keys(object).filter((key) => !members.some((m) => m.key === key));
    if (extra.length > 0) extraMembers(w, op, object, extra);
  }
  rest(w, op, object, false);
}

function walkArray(op: ValueOp, value: readonly unknown[], w: Walk): void {
  visit(w, op.enter, value);
  const item = op.item!;
  const slot = op.node.depth;
  for (let i = 0; i < value.length; i++) {
    w.idx[slot] = i;
    const entry: unknown = value[i];
    if (entry === undefined || entry === null) emptyEntry(w, op, entry);
    else walkValue(item, entry, w);
  }
  rest(w, op, value, false);
}

/**
 * The walk of a plan over closures: its description, interpreted.
 *
 * @param plan The plan (its walk description).
 * @returns A walk of a whole payload (any value but undefined and null).
 * @example walkClosures(plan)(payload, w); // w: a Walk whose states the engine's run has made
 */
export function walkClosures(plan: Plan): WalkFn {
  const root = plan.ops.root;
  return (value, w) => walkValue(root, value, w);
}
