/**
 * Type first, decided when a problem is reported: does the walk report a problem that comes
 * first (`FindingClaim.typeFirst`: `type` and `required`) at or above a member? `finish`
 * (report.ts) answers it from the list of problems; a bounded lint call (the CLI's
 * `--max-problems-per-payload`) keeps no such list, so it reads the payload along the walk's
 * description (walk-ops.ts), with the walk's own type test.
 */
import { claimAt, type Walk } from './report';
import type { TreeNode } from './tree';
import { hasType } from './json';
import type { ValueOp } from './walk-ops';

const hasOwn = Object.prototype.hasOwnProperty;
const isEnumerable = Object.prototype.propertyIsEnumerable;

/** Where a step lands: the child's description and value, or whether the walk reports a problem that comes first there. */
type Step = { readonly op: ValueOp; readonly value: unknown } | boolean;

/** Whether the walk reports a finding at a node as a problem that comes first: a rule that runs claims it so there. */
function comesFirst(w: Walk, finding: 'wrongType' | 'nullSpelled' | 'nullEntry' | 'emptyEntry', node: TreeNode): boolean {
  const claim = claimAt(w.plan, finding, node, undefined);
  return claim !== undefined && w.plan.typeFirst.has(claim.rule);
}

/** A present value's step: into its description, or a `type` problem. */
function into(w: Walk, op: ValueOp, value: unknown): Step {
  return hasType(op.node, value) ? { op, value } : comesFirst(w, 'wrongType', op.node);
}

/** One step down from an object, by member name, as the walk takes it (members, then example spellings). */
function memberStep(w: Walk, op: ValueOp, object: Record<string, unknown>, key: string): Step {
  const member = op.members!.find((m) => m.key === key);
  const value = isEnumerable.call(object, key) ? object[key] : undefined;
  if (member !== undefined) {
    if (value === undefined) return member.missing?.structural === true;
    if (value === null) return member.null?.structural === true;
    return into(w, member.value, value);
  }
  const twin = op.twins !== undefined && hasOwn.call(op.twins, key) ? op.twins[key]! : undefined;
  if (twin === undefined || value === undefined) return false;
  return value === null ? comesFirst(w, 'nullSpelled', twin.node) : into(w, twin, value);
}

/** One step down from an array, by index, as the walk takes it. */
function entryStep(w: Walk, op: ValueOp, array: readonly unknown[], token: string | number): Step {
  const index = typeof token === 'number' ? token : /^(0|[1-9]\d*)$/.test(token) ? Number(token) : -1;
  if (index < 0 || index >= array.length) return false;
  const value = array[index];
  if (value === undefined || value === null) return comesFirst(w, value === null ? 'nullEntry' : 'emptyEntry', op.item!.node);
  return into(w, op.item!, value);
}

/**
 * Tells whether the walk reports a `type` or `required` problem at a member below a node it
 * visited (`node` at the walk's current indexes), at or above `at`: a rule's problem there
 * is dropped, as `finish` drops it. The node itself was visited, so it has the right type.
 *
 * @param w The walk (its payload, plan levels and index stack).
 * @param payload The payload of the call.
 * @param node The node the problem is reported at.
 * @param at Member names and indexes below the node.
 * @returns True when the problem lies at or below a structural problem.
 * @example if (underStructural(w, payload, node, ['state'])) return; // the type problem at state is its only one
 */
export function underStructural(w: Walk, payload: unknown, node: TreeNode, at: readonly (string | number)[] | undefined): boolean {
  if (at === undefined || at.length === 0) return false;
  let value: unknown = payload;
  for (const token of node.path) value = (value as Record<string, unknown>)[typeof token === 'number' ? w.idx[token]! : token];
  let op = w.plan.ops.byNode[node.id]!;
  for (const token of at) {
    let step: Step;
    if (op.members !== undefined) step = memberStep(w, op, value as Record<string, unknown>, String(token));
    else if (op.item !== undefined) step = entryStep(w, op, value as readonly unknown[], token);
    else return false;
    if (typeof step === 'boolean') return step;
    op = step.op;
    value = step.value;
  }
  return false;
}
