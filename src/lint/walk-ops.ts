/**
 * The walk of a plan, described once: what the walk does at each node of the schema tree for
 * the rules that run, which checks it runs, which problems it reports (each a `ReportSite`
 * whose rule and level are read here, once) and which visitors it calls. The two backends
 * follow this description and decide nothing of their own: codegen.ts emits it as
 * JavaScript, walk.ts interprets it (for pages that forbid `new Function`).
 *
 * At each node the walk checks the JSON type first (a wrong type is one `type` problem and
 * nothing below it is visited), then the node's checks, calls the enter visitors, walks the
 * members or entries, and calls the exit visitors. Members are an object's own enumerable
 * members: anything else (inherited, hidden) is absent.
 */
import type { FieldCheck } from '../schema/actions';
import type { Finding } from './define-rule';
import type { BoundVisitor, Plan } from './plan';
import { reportSite, type ReportSite } from './report';
import type { TreeMember, TreeNode } from './tree';

/** A field check that runs in a plan. */
export interface CheckOp {
  /** The check (its test; `maxLength` for a length limit). */
  readonly check: FieldCheck<unknown>;
  /** Where a failure is reported (a length limit reports with the length as its detail: `tooLong`). */
  readonly failed: ReportSite | undefined;
}

/** What the walk does with a present value (neither undefined nor null) at a node. */
export interface ValueOp {
  /** The node (its JSON type, tested first; `strict`: members the schema does not define are reported). */
  readonly node: TreeNode;
  /** Where a value of the wrong type is reported (its JSON type name the detail). */
  readonly wrongType: ReportSite | undefined;
  /** The field checks that run, in pipe order. */
  readonly checks: readonly CheckOp[];
  /** A picklist's options, when a rule that runs reports a value outside them... */
  readonly options: readonly string[] | undefined;
  /** ...where such a value is reported, and where one of the node's ambiguous values is. */
  readonly notAllowed: ReportSite | undefined;
  readonly ambiguous: ReportSite | undefined;
  /** Enter visitors. */
  readonly enter: readonly BoundVisitor[] | undefined;
  /** Exit visitors. */
  readonly exit: readonly BoundVisitor[] | undefined;
  /** A blank string is reported (`blank`): the value of a required member, and a rule that runs claims it. */
  readonly blank: boolean;
  /** An object's members, in schema order. */
  readonly members: readonly MemberOp[] | undefined;
  /** Example spellings of a strict object's members: each twin's content is walked as the member it stands for. */
  readonly twins: Readonly<Record<string, ValueOp>> | undefined;
  /** The position in `members` of the wrapper (`clientRequest`) at the root of an order, else -1: without it, that is the payload's one problem. */
  readonly wrapper: number;
  /** Where a member the schema does not define is reported (a strict object). */
  readonly unknownMember: ReportSite | undefined;
  /** An array's entries... */
  readonly item: ValueOp | undefined;
  /** ...where a null entry and a hole are reported. */
  readonly nullEntry: ReportSite | undefined;
  readonly emptyEntry: ReportSite | undefined;
}

/** What the walk does with one member of an object. */
export interface MemberOp {
  /** The member name. */
  readonly key: string;
  /** Where an absent member is reported (a required one); undefined: nothing is. */
  readonly missing: ReportSite | undefined;
  /** Where a null member is reported (null not allowed); undefined: nothing is. */
  readonly null: ReportSite | undefined;
  /** Where a member only responses carry is reported (when of the right type). */
  readonly responseOnly: ReportSite | undefined;
  /** The member's value. */
  readonly value: ValueOp;
}

/** A plan's walk: its root, and every node's description by node id. */
export interface WalkOps {
  readonly root: ValueOp;
  readonly byNode: readonly ValueOp[];
}

/** The finding of a failed field check: its keyword, or `tooLong` for a length limit. */
export function findingOfCheck(check: FieldCheck<unknown>): Finding {
  return check.keyword === 'maxLength' ? 'tooLong' : check.keyword;
}

function memberOp(plan: Plan, member: TreeMember, byNode: ValueOp[]): MemberOp {
  const { node, required } = member;
  return {
    key: member.key,
    missing: required ? reportSite(plan, member.requiredForFms ? 'missingFms' : 'missing', node) : undefined,
    null: member.nullable ? undefined : reportSite(plan, required ? 'nullRequired' : 'null', node),
    responseOnly: member.responseOnly ? reportSite(plan, 'responseOnly', node) : undefined,
    value: valueOp(plan, node, byNode, required && (node.type === 'string' || node.type === 'picklist') && plan.claims.blank !== undefined),
  };
}

function valueOp(plan: Plan, node: TreeNode, byNode: ValueOp[], blank = false): ValueOp {
  const checks: CheckOp[] = [];
  for (const check of node.checks) {
    const finding = findingOfCheck(check);
    const failed = reportSite(plan, finding, node, check);
    if (failed !== undefined) checks.push({ check, failed });
  }
  const picklist = node.type === 'picklist';
  const notAllowed = picklist ? reportSite(plan, 'notAllowed', node) : undefined;
  const ambiguous = picklist && node.ambiguous !== undefined ? reportSite(plan, 'ambiguous', node) : undefined;
  const op: ValueOp = {
    node,
    wrongType: reportSite(plan, 'wrongType', node),
    checks,
    options: notAllowed !== undefined || ambiguous !== undefined ? node.options : undefined,
    notAllowed,
    ambiguous,
    enter: plan.enter[node.id],
    exit: plan.exit[node.id],
    blank,
    members: node.members?.map((member) => memberOp(plan, member, byNode)),
    twins:
      node.strict && node.spelling
        ? Object.fromEntries(Object.entries(node.spelling).map(([key, twin]) => [key, valueOp(plan, twin.node, byNode)]))
        : undefined,
    wrapper: node === plan.tree.root && plan.tree.wrapper !== undefined ? (node.members?.findIndex((m) => m.key === plan.tree.wrapper) ?? -1) : -1,
    unknownMember: node.strict ? reportSite(plan, 'unknownMember', node) : undefined,
    item: node.item && valueOp(plan, node.item, byNode),
    nullEntry: node.item && reportSite(plan, 'nullEntry', node.item),
    emptyEntry: node.item && reportSite(plan, 'emptyEntry', node.item),
  };
  byNode[node.id] = op;
  return op;
}

/**
 * Describes the walk of a plan (once per plan: see plan.ts).
 *
 * @param plan The plan (tree, claims, levels, visitors).
 * @returns The description both backends follow.
 * @example describeWalk(plan).root.members?.[0]?.key; // 'clientRequest'
 */
export function describeWalk(plan: Plan): WalkOps {
  const byNode: ValueOp[] = [];
  return { root: valueOp(plan, plan.tree.root, byNode), byNode };
}
