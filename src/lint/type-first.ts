/**
 * Type first, decided when a problem is reported: does the walk report a problem that
 * comes first (`FindingClaim.typeFirst`: `type` and `required`) at or above a member? `finish` (report.ts) answers it from the list of
 * structural problems; a bounded lint call (the CLI's `--max-problems-per-payload`) keeps no
 * such list, so it reads the payload along the schema tree instead, with the walk's own tests.
 */
import type { Finding } from './define-rule';
import type { Walk } from './report';
import type { TreeNode } from './tree';
import { hasType } from './walk';

const hasOwn = Object.prototype.hasOwnProperty;
const isEnumerable = Object.prototype.propertyIsEnumerable;

/** Where a step lands: the child's node and value, or whether the walk reports a structural problem there. */
type Step = { readonly node: TreeNode; readonly value: unknown } | boolean;

/** Whether the walk reports a finding here as a problem that comes first: a rule that runs claims it so. */
function reported(w: Walk, finding: Finding): boolean {
  const claim = w.plan.claims[finding];
  return claim !== undefined && w.plan.typeFirst.has(claim.rule);
}

/** One step down from an object node, by member name, as walkMember and extraMembers take it. */
function memberStep(w: Walk, node: TreeNode, object: Record<string, unknown>, key: string): Step {
  const member = node.members!.find((m) => m.key === key);
  if (member !== undefined) {
    const value = isEnumerable.call(object, key) ? object[key] : undefined;
    if (value === undefined) return member.required && reported(w, member.requiredForFms ? 'missingFms' : 'missing');
    if (value === null) return !member.nullable && reported(w, member.required ? 'nullRequired' : 'null');
    return hasType(member.node, value) ? { node: member.node, value } : reported(w, 'wrongType');
  }
  // An example spelling of a strict object is walked as the member it stands for; any other member is not walked.
  const twin = node.strict && node.spelling !== undefined && hasOwn.call(node.spelling, key) ? node.spelling[key]! : undefined;
  if (twin === undefined || !isEnumerable.call(object, key)) return false;
  const value = object[key];
  if (value === undefined) return false;
  if (value === null) return reported(w, 'nullSpelled');
  return hasType(twin.node, value) ? { node: twin.node, value } : reported(w, 'wrongType');
}

/** One step down from an array node, by index, as walkArray takes it. */
function entryStep(w: Walk, node: TreeNode, array: readonly unknown[], token: string | number): Step {
  const index = typeof token === 'number' ? token : /^(0|[1-9]\d*)$/.test(token) ? Number(token) : -1;
  if (index < 0 || index >= array.length) return false;
  const value = array[index];
  if (value === undefined || value === null) return reported(w, value === null ? 'nullEntry' : 'emptyEntry');
  return hasType(node.item!, value) ? { node: node.item!, value } : reported(w, 'wrongType');
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
  let current = node;
  for (const token of at) {
    let step: Step;
    if (current.type === 'object') step = memberStep(w, current, value as Record<string, unknown>, String(token));
    else if (current.type === 'array') step = entryStep(w, current, value as readonly unknown[], token);
    else return false;
    if (typeof step === 'boolean') return step;
    current = step.node;
    value = step.value;
  }
  return false;
}
