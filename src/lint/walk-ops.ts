/**
 * The walk of a plan, described once: what the walk does at each node of the schema tree for
 * the rules that run, which checks it runs, which problems it reports (each a `ReportSite`
 * whose rule and level are read here, once) and which visitors it calls. The two backends
 * follow this description and decide nothing of their own: codegen.ts emits it as
 * JavaScript, walk.ts interprets it (for pages that forbid `new Function`).
 *
 * At each value the walk checks the JSON type first (a wrong type is one `type` problem and
 * nothing below it is visited), then runs the rules' checks of its field (`first` ones),
 * calls the enter visitors, walks the members or entries, runs the other checks (`pipe`
 * ones), calls the exit visitors, and runs the `last` checks. Members are an object's own
 * enumerable members: anything else (inherited, hidden) is absent.
 */
import type { FieldCheckDef } from './define-rule';
import type { BoundVisitor, Plan } from './plan';
import { checkSite, reportSite, type ReportSite } from './report';
import type { TreeMember, TreeNode } from './tree';

/** A rule's field check that runs at a node in a plan. */
export interface CheckOp {
  /** The check (its rule's `check`). */
  readonly def: FieldCheckDef;
  /** What it checks at the node (`FieldCheckDef.at`). */
  readonly arg: unknown;
  /** Where a failure is reported. */
  readonly failed: ReportSite;
}

/** What the walk does with a present value (neither undefined nor null) at a node. */
export interface ValueOp {
  /** The node (its JSON type, tested first; `strict`: members the schema does not define are reported). */
  readonly node: TreeNode;
  /** Where a value of the wrong type is reported (its JSON type name the detail). */
  readonly wrongType: ReportSite | undefined;
  /** The checks that run first, in pipe order, last, and on the members the schema does not define (see `FieldCheckDef.phase`). */
  readonly first: readonly CheckOp[];
  readonly checks: readonly CheckOp[];
  readonly last: readonly CheckOp[];
  readonly extra: readonly CheckOp[];
  /** Enter visitors. */
  readonly enter: readonly BoundVisitor[] | undefined;
  /** Exit visitors. */
  readonly exit: readonly BoundVisitor[] | undefined;
  /** An object's members, in schema order. */
  readonly members: readonly MemberOp[] | undefined;
  /** Example spellings of a strict object's members: each twin's content is walked as the member it stands for. */
  readonly twins: Readonly<Record<string, ValueOp>> | undefined;
  /** The position in `members` of the wrapper (`clientRequest`) at the root of an order, else -1: without it, that is the payload's one problem. */
  readonly wrapper: number;
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
  /** Where an absent member is reported (where a rule's claim of `missing` holds: a required member); undefined: nothing is. */
  readonly missing: ReportSite | undefined;
  /** Where a null member is reported (where a rule's claim of `null` holds: null not allowed); undefined: nothing is. */
  readonly null: ReportSite | undefined;
  /** The member's value. */
  readonly value: ValueOp;
}

/** A plan's walk: its root, and every node's description by node id. */
export interface WalkOps {
  readonly root: ValueOp;
  readonly byNode: readonly ValueOp[];
}

function memberOp(plan: Plan, member: TreeMember, byNode: ValueOp[]): MemberOp {
  const { node } = member;
  return {
    key: member.key,
    // The rules' claims decide where an absent or null member is a problem (`required`, `type`).
    missing: reportSite(plan, 'missing', node, member),
    null: reportSite(plan, 'null', node, member),
    value: valueOp(plan, node, byNode, member),
  };
}

/** The checks of the plan's rules at a node, in phase and pipe order (then the rules' order). */
function checksAt(plan: Plan, node: TreeNode, member: TreeMember | undefined): CheckOp[][] {
  const phases: CheckOp[][] = [[], [], [], []];
  for (const { rule, def } of plan.checks) {
    const arg = def.at(node, member);
    // Only a strict object lists the members its schema does not define.
    if (arg === undefined || (def.phase === 'extra' && !node.strict)) continue;
    phases[def.phase === 'first' ? 0 : def.phase === 'last' ? 2 : def.phase === 'extra' ? 3 : 1]!.push({ def, arg, failed: checkSite(plan, rule, def, node, arg) });
  }
  const pipe = (op: CheckOp) => node.checks.indexOf(op.arg as never);
  phases[1]!.sort((a, b) => pipe(a) - pipe(b));
  return phases;
}

function valueOp(plan: Plan, node: TreeNode, byNode: ValueOp[], member?: TreeMember): ValueOp {
  const [first, checks, last, extra] = checksAt(plan, node, member);
  const op: ValueOp = {
    node,
    wrongType: reportSite(plan, 'wrongType', node),
    first: first!,
    checks: checks!,
    last: last!,
    extra: extra!,
    enter: plan.enter[node.id],
    exit: plan.exit[node.id],
    members: node.members?.map((m) => memberOp(plan, m, byNode)),
    twins:
      node.strict && node.spelling
        ? Object.fromEntries(Object.entries(node.spelling).map(([key, twin]) => [key, valueOp(plan, twin.node, byNode)]))
        : undefined,
    wrapper: node === plan.tree.root && plan.tree.wrapper !== undefined ? (node.members?.findIndex((m) => m.key === plan.tree.wrapper) ?? -1) : -1,
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
