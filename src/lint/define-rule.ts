/**
 * How a rule is written: metadata, messages by id, and visitors that the engine calls with
 * the nodes its one walk has already read (ESLint's `create(context)` visitors, Spectral's
 * `given`). A rule never navigates the payload: it names the nodes it wants.
 */
import type { FieldCheck, FieldKeyword } from '../schema/actions';
import type { OrderVersionFeatures } from '../schema/tables';
import { _, type Block, type Code } from './code';
import type { TreeMember, TreeNode } from './tree';
import type { ClientProfile, PayloadKind, ProblemFix, RuleLevel, Severity } from './types';

/**
 * Values a message may name: limits, lengths, allowed values, schema names; never payload values.
 *
 * @example
 * const data: MessageData = { limit: 20, allowed: ['STD', 'EXP'] };
 * context.report({ messageId: 'tooLong', data, at: ['firstName'] }); // message 'firstName is longer than {{limit}}.'
 */
export type MessageData = Readonly<Record<string, string | number | readonly string[]>>;

/**
 * Metadata of a rule.
 *
 * @example const meta: RuleMeta = { id: 'no-test-skus', severity: 'error', kinds: ['order'], messages: { test: 'A test SKU must not reach the operator.' } };
 */
export interface RuleMeta {
  /** Rule id, kebab-case, equal to the file name. */
  readonly id: string;
  /** Default severity. */
  readonly severity: Severity;
  /** Payload kinds the rule applies to; empty for CLI-only rules. */
  readonly kinds: readonly PayloadKind[];
  /** Runs only for order versions whose features pass this test (all when absent). */
  readonly appliesTo?: (features: OrderVersionFeatures) => boolean;
  /** Runs only when `profile.fms` is true. */
  readonly fmsOnly?: boolean;
  /** Problems carry a `fix`. */
  readonly fixable?: boolean;
  /** Profile members the rule needs; without them it is skipped. */
  readonly requires?: readonly (keyof ClientProfile)[];
  /** Where the rule is reported: a single payload (default), across a batch, or by the CLI. */
  readonly scope?: 'payload' | 'batch' | 'cli';
  /** Reported by the engine's walk of the schema (structural rule), not by visitors. */
  readonly structural?: boolean;
  /** Message templates by id; `{{name}}` placeholders are filled from the report's data. */
  readonly messages: Readonly<Record<string, string>>;
}

/**
 * What a rule reports: a message by id, where (relative to the visited node), and a fix.
 *
 * @example
 * const descriptor: ReportDescriptor = { messageId: 'test', at: ['sku'] };
 * context.report(descriptor); // in a visitor of 'item[]': a problem at /clientRequest/item/<index>/sku
 */
export interface ReportDescriptor {
  /** A key of the rule's `meta.messages`. */
  readonly messageId: string;
  /** Placeholder values of the message (kept on the problem as `params`). */
  readonly data?: MessageData;
  /** Member names and indexes below the visited node; the node itself when absent. */
  readonly at?: readonly (string | number)[];
  /** A fix, for fixable rules. */
  readonly fix?: ProblemFix;
}

/**
 * What a visitor sees besides its node.
 *
 * @example
 * const visitor = (item: Record<string, unknown>, context: RuleContext) => {
 *   if (context.given(item.sku, ['sku']) && String(item.sku).startsWith('TEST-')) context.report({ messageId: 'test', at: ['sku'] });
 * };
 */
export interface RuleContext {
  /** The payload kind. */
  readonly kind: PayloadKind;
  /** The order version's features (orders only). */
  readonly features: OrderVersionFeatures | undefined;
  /** The client profile, when given. */
  readonly profile: ClientProfile | undefined;
  /** Index of the visited node in its array (`item[]`: the item's index); -1 outside arrays. */
  readonly index: number;
  /** Reports a problem of this rule at the visited node or below it. */
  report(descriptor: ReportDescriptor): void;
  /**
   * Tells whether a member counts as given: not missing and not `null` (the one presence
   * rule). A blank string counts as given, and gets one `blank-value` warning at `at`.
   */
  given(value: unknown, at: readonly (string | number)[]): boolean;
}

/**
 * A visitor: called with a node of the right JSON type (an object for object schemas, an
 * array for arrays, a string for strings), the rule's context, and the rule's state of
 * this lint call.
 *
 * @example
 * const visitItem: Visitor<{ seen: number }> = (item, context, state) => {
 *   state.seen += 1;
 *   if (String(item.sku).startsWith('TEST-')) context.report({ messageId: 'test', at: ['sku'] });
 * };
 */
export type Visitor<S> = (node: any, context: RuleContext, state: S) => void;

/**
 * Visitors by selector. A selector names nodes by their members below the body
 * (`clientRequest` of an order, the whole return request): `body`, `requestHeader`,
 * `item[]` (each item), `partner[].addressData`, `order.amount[]`. `:exit` after a selector
 * calls the visitor once the node's members were walked. A comma-separated list
 * (`order.amount[], payment.amount[]`) names several nodes.
 *
 * @example
 * const visitors: Visitors<unknown> = {
 *   'item[]': (item, context) => { if (String(item.sku).startsWith('TEST-')) context.report({ messageId: 'test', at: ['sku'] }); },
 *   'body:exit': () => {},
 * };
 */
export type Visitors<S> = Readonly<Record<string, Visitor<S>>>;

/**
 * What the batch rules know of one payload (batch-state.ts `batchFactsOf` reads it).
 *
 * @example const facts: BatchFacts = { requestReference: 'WEB-10001' };
 */
export interface BatchFacts {
  /** `requestHeader.requestReference`, when it is a string. */
  readonly requestReference?: string;
}

/**
 * A set of texts that the engine makes for a batch rule's state (`BatchCheck.create`): in a
 * run that remembers everything, in flat memory (about 31 bytes a 16-character text where a
 * `Set` of strings took about 52, and few objects for the garbage collector), so that
 * millions of payloads fit; in a bounded run, the newest `limit` texts.
 *
 * @example
 * // A batch rule's state: the engine's set of every text of the run (or of the newest `limit`).
 * const batch: BatchCheck<TextSet> = {
 *   create: (_limit, texts) => texts(),
 *   check: (seen, facts, report) => {
 *     if (facts.requestReference !== undefined && !seen.add(facts.requestReference)) report('/requestHeader/requestReference', 'duplicate');
 *   },
 * };
 */
export interface TextSet {
  /**
   * Adds a text.
   *
   * @returns `true` when the set did not hold it (a bounded set forgets its oldest text when full).
   */
  add(text: string): boolean;
  /** How many texts the set holds. */
  readonly size: number;
}

/**
 * The cross-payload part of a batch rule: a state made once per run, and a check of each
 * payload's facts (see batch.ts) in input order.
 *
 * @example
 * // Reports a requestReference seen earlier in the same run.
 * const batch: BatchCheck<TextSet> = {
 *   create: (_limit, texts) => texts(),
 *   check: (seen, facts, report) => {
 *     if (facts.requestReference !== undefined && !seen.add(facts.requestReference)) report('/requestHeader/requestReference', 'duplicate');
 *   },
 * };
 */
export interface BatchCheck<S> {
  /**
   * Makes the empty state of one run. `limit` (a whole number from 0) is the most entries
   * the state may remember, the oldest forgotten first, for a run that must stay bounded
   * however long it lasts (the simulator); undefined: remember all (`lintBatch`, the CLI).
   * `texts()` makes a set of texts that keeps to that limit, and holds many texts in little
   * memory when there is none.
   */
  readonly create: (limit: number | undefined, texts: () => TextSet) => S;
  /** Checks the facts of the next payload; `report` takes a pointer relative to the body. */
  readonly check: (state: S, facts: BatchFacts, report: (path: string, messageId: string) => void) => void;
}

/**
 * What the engine's walk finds by itself while it reads the payload along the schema, before
 * any rule's check or visitor: a value of the wrong JSON type (`wrongType`), a member that is
 * absent (`missing`) or null (`null`; `nullSpelled` for a member spelt as in the spec's
 * examples), a null or empty array entry (`nullEntry`, `emptyEntry`), a payload that is not
 * an object (`notAnOrder`, `notAReturn`), an order without its wrapper member (`noWrapper`)
 * or one that cannot be read (`unreadable`). `blank` is what `RuleContext.given` finds.
 * Everything else is a rule's own check (`Rule.check`) or visitor.
 *
 * The walk needs these to go on (it never reads below a value of the wrong type), whichever
 * rule reports them; it names findings, never rules. A rule claims the findings it reports
 * (`Rule.findings`) and decides where each is its problem and what it says: `required`
 * claims `missing` at the members the schema requires, `type` claims `null` at the members
 * that are neither required nor nullable.
 *
 * @example FINDINGS.includes('missing'); // true
 */
export const FINDINGS = /* @__PURE__ */ Object.freeze(['wrongType', 'null', 'nullSpelled', 'nullEntry', 'emptyEntry', 'notAnOrder', 'notAReturn', 'noWrapper', 'unreadable', 'missing', 'blank'] as const);

/**
 * A finding of the engine's walk (see `FINDINGS`).
 *
 * @example const finding: Finding = 'missing'; // one of FINDINGS
 */
export type Finding = (typeof FINDINGS)[number];

/**
 * The schema node a finding is at: its name, type, limits and options, for a claim's message values.
 *
 * @example const limitOf = (node: SchemaNode) => node.checks.find((check) => check.keyword === 'maxLength')?.maxLength;
 */
export type SchemaNode = TreeNode;

/**
 * A member of an object node: its name, its node, and whether the schema requires it or lets
 * it be null; what a claim's or check's `at` reads to decide where it applies.
 *
 * @example const isRequired = (_node: SchemaNode, member: SchemaMember | undefined) => member?.required === true;
 */
export type SchemaMember = TreeMember;

/**
 * What a rule says of a finding it claims: where the finding is its problem, and what the
 * problem says. At each place the walk finds it, a finding is reported by the first rule
 * that runs whose claim holds there (no claim holds: nothing is reported).
 *
 * @example const claim: FindingClaim = { at: (_node, member) => member?.required === true, messageId: 'missing', typeFirst: true }; // findings: { missing: claim }
 */
export interface FindingClaim {
  /**
   * Where the finding is the rule's problem (default: wherever the walk finds it): a pure
   * function of the schema, which never sees the payload (the plan asks it once per node for
   * a missing or null member and a wrong type).
   *
   * @param node The node the finding is at.
   * @param member For `missing` and `null`, the member; undefined for the other findings.
   */
  readonly at?: (node: SchemaNode, member: SchemaMember | undefined) => boolean;
  /** A key of the rule's `meta.messages`, or the key at a place (same arguments as `at`). */
  readonly messageId: string | ((node: SchemaNode, member: SchemaMember | undefined) => string);
  /**
   * The message's values, from the schema node and the finding's detail (`wrongType`: the
   * value's JSON type, as 'a string'; `nullSpelled`, `blank`: the member's name; any other:
   * nothing to read); never from the payload's values.
   */
  readonly data?: (node: SchemaNode, detail: any) => MessageData;
  /** Type first: the problem is the only one of its member (no other is reported at or below it). */
  readonly typeFirst?: boolean;
}

/**
 * The message values of a failed field check: the field's name, what the check requires
 * (a format, a code list, a shape) and the version's label (see `keywordCheck`).
 *
 * @param node The field.
 * @param check The check that failed (its `requirement`).
 * @returns The values.
 * @example checkValues(node, check); // { name: 'countryISO2', expected: 'ISO 3166-1 alpha-2', label: 'v1.1' }
 */
function checkValues(node: SchemaNode, check: { readonly requirement: unknown }): MessageData {
  return { name: node.name, expected: String(check.requirement), label: node.version };
}

/**
 * What a field check's generated code is given (codegen.ts): where to write, and how to fail.
 *
 * @example const code = ({ b, fail }: CheckCode<number>) => fail(b); // FieldCheckDef.code of a check that fails wherever it runs
 */
export interface CheckCode<A> {
  /** The block the check writes into. */
  readonly b: Block;
  /** The value, of the node's JSON type. */
  readonly x: Code;
  /** What the check checks at this node (see `FieldCheckDef.at`). */
  readonly arg: A;
  /** Writes the report of a failure into a block, with the detail the message reads. */
  readonly fail: (b: Block, detail?: Code) => void;
  /** Makes a value of the engine (a predicate, a set) readable by the code, under a name. */
  readonly use: (value: unknown) => Code;
}

/**
 * A rule's check of the schema's fields: which fields it checks, the test that decides, and
 * the same test as code for the generated walk, the way an ajv keyword owns its code. The
 * walk runs it on a value of the node's JSON type (a wrong type is the `type` problem alone)
 * and reports a failure with the rule's message. Both backends run it: the closure walk calls
 * `test`, the generated walk writes `code` inline (or calls `test` without it).
 *
 * @example
 * const noSpaces: FieldCheckDef<true> = {
 *   at: (node) => (node.name === 'sku' ? true : undefined),
 *   test: (value: string) => !value.includes(' '),
 *   messageId: 'spaces',
 * }; // defineRule({ meta, check: noSpaces })
 */
export interface FieldCheckDef<A = any> {
  /**
   * What the check checks at a node (a limit, the options, the schema's check), or undefined
   * where it does not check.
   *
   * @param node The node.
   * @param member The member the node is the value of (none for an array's entries, the root and example spellings).
   */
  readonly at: (node: SchemaNode, member: SchemaMember | undefined) => A | undefined;
  /**
   * When it runs at a value: `first`, before anything else there (before an array's entries);
   * `pipe` (the default), after the entries, in the order of the node's schema pipe (a check
   * whose `arg` is not one of the pipe's comes first); `last`, after the visitors; `extra`, on
   * each own member of a strict object that its schema does not define (`at` gets the object's
   * node; the value tested is the member's name, `member` its value; a failure is reported at
   * the member).
   */
  readonly phase?: 'first' | 'pipe' | 'last' | 'extra';
  /** True when the value passes (`member`: in the `extra` phase, the value of the member named `value`). */
  readonly test: (value: any, arg: A, member?: any) => boolean;
  /** What a failure's message reads besides the node (default: `arg`); e.g. the length of a long value. */
  readonly detail?: (value: any, arg: A) => unknown;
  /** The fix of a failure in the `extra` phase (`value`: the member's name). */
  readonly fix?: (value: any, arg: A) => ProblemFix;
  /** The test as code, written inline into the generated walk; it calls `fail` where the value fails. */
  readonly code?: (c: CheckCode<A>) => void;
  /** Every blank string (empty or white space) fails the test under `arg`. */
  readonly rejectsBlank?: (arg: A) => boolean;
  /**
   * The test fails blank strings only: the generated walk skips it after a passed check that
   * `rejectsBlank`; and a path gets at most one of its problems in a lint call, with those of
   * `RuleContext.given`.
   */
  readonly blankOnly?: boolean;
  /** A key of the rule's `meta.messages`. */
  readonly messageId: string;
  /** The message's values, from the node and the failure's detail; never from the payload's values. */
  readonly data?: (node: SchemaNode, detail: any) => MessageData;
}

/**
 * The check of a rule whose test is the schema's check of a keyword (src/schema/actions.ts):
 * the spec predicate that the builders validate with, read from the field's schema the way
 * an ajv `format` keyword calls the format its schema names. The generated walk calls the
 * predicate directly (each field its own, so every call site stays monomorphic).
 *
 * @param keyword The keyword.
 * @param messageId The rule's message of a failure (its values: `checkValues`).
 * @returns The check.
 * @example export default defineRule({ meta, check: keywordCheck('countryCode', 'invalid') });
 */
/* @__NO_SIDE_EFFECTS__ */
export function keywordCheck(keyword: FieldKeyword, messageId: string): FieldCheckDef<FieldCheck<unknown>> {
  return {
    at: (node) => node.checks.find((check) => check.keyword === keyword),
    test: (value, check) => check.test(value),
    code: ({ b, x, arg, use, fail }) => b.if(_`!${use(arg.test)}(${x})`, fail),
    rejectsBlank: (check) => check.rejectsBlank,
    messageId,
    data: checkValues,
  };
}

/**
 * A rule: metadata, and visitors, claimed findings or a batch check.
 *
 * @example
 * const rule: Rule = RULES.find((r) => r.meta.id === 'max-length')!;
 * rule.meta.severity; // 'error'
 */
export interface Rule<S = any, A = any> {
  /** The rule's metadata. */
  readonly meta: RuleMeta;
  /** Makes the rule's state for one lint call (like the closure state of ESLint's `create`). */
  readonly state?: () => S;
  /** The nodes the rule visits. */
  readonly visitors?: Visitors<S>;
  /** The findings of the engine's walk that the rule reports, and where (see `FindingClaim`). */
  readonly findings?: Readonly<Partial<Record<Finding, FindingClaim>>>;
  /** The rule's check of the schema's fields. */
  readonly check?: FieldCheckDef<A>;
  /** The cross-payload check of a batch rule. */
  readonly batch?: BatchCheck<any>;
}

/** A rule with a cross-payload check. */
export type BatchRule = Rule & { readonly batch: BatchCheck<any> };

/**
 * Docs of a rule: what it reports, why it exists, and a runnable wrong and right example.
 * Kept apart from the rule (`RULE_DOCS`), so that bundles of the linter leave them out.
 *
 * @example
 * const docs: RuleDocs = {
 *   description: 'An item has a test SKU.',
 *   rationale: 'Test SKUs are not in the operator\'s catalogue.',
 *   invalid: { edits: { '/clientRequest/item/0/sku': 'TEST-MUG' } },
 *   valid: { edits: { '/clientRequest/item/0/sku': 'MUG-RED' } },
 * };
 */
export interface RuleDocs {
  /** One sentence: what the rule reports. */
  readonly description: string;
  /** Why the rule exists, with the spec passage it enforces. */
  readonly rationale: string;
  /** A change to the canonical valid payload that this rule reports, and no other rule does. */
  readonly invalid: RuleExample;
  /** The same change, corrected: the payload lints clean. */
  readonly valid: RuleExample;
}

/**
 * A runnable docs example: the canonical valid payload of the kind (test/fixtures.ts:
 * `validOrder(version)`, `validReturn()`) with `edits` applied (JSON Pointer → new value;
 * `undefined` removes the member), linted with `version` (default 1.1) and, when `profile`
 * is true, the FMS client profile of the fixtures. CLI rules give a `line` of input instead.
 *
 * @example const invalid: RuleExample = { version: '1.2', edits: { '/clientRequest/item/0/sku': 'TEST MUG' } };
 */
export interface RuleExample {
  /** Payload kind (default: the rule's first kind). */
  readonly kind?: PayloadKind;
  /** Order version (default `'1.1'`). */
  readonly version?: '1' | '1.1' | '1.2';
  /** Changes to the canonical payload, by JSON Pointer. */
  readonly edits?: Readonly<Record<string, unknown>>;
  /** Lint with the FMS client profile of the fixtures. */
  readonly profile?: boolean;
  /** For batch rules: lint the canonical payload, then the changed one, in one batch. */
  readonly batch?: boolean;
  /** For CLI rules: one line of input, written in `encoding` (default utf8). */
  readonly line?: string;
  /** The encoding the line is written in. */
  readonly encoding?: 'utf8' | 'latin1';
}

/**
 * Defines a rule.
 *
 * @param rule Metadata, messages and visitors.
 * @returns The same rule, typed.
 * @example
 * // A rule of your own: its id must differ from every id in RULES (its description goes in its RuleDocs).
 * export const noTestSkus = defineRule({
 *   meta: { id: 'no-test-skus', severity: 'error', kinds: ['order'], messages: { test: 'A test SKU must not reach the operator.' } },
 *   visitors: {
 *     'item[]'(item: Record<string, unknown>, context) {
 *       if (typeof item.sku === 'string' && item.sku.startsWith('TEST-')) context.report({ messageId: 'test', at: ['sku'] });
 *     },
 *   },
 * });
 * const engine = createEngine({ rules: [...RULES, noTestSkus] });
 * engine.lintOrder(payload, { version: '1.1' }); // payload: an order whose first item has sku 'TEST-MUG'
 * // [{ rule: 'no-test-skus', severity: 'error', path: '/clientRequest/item/0/sku', message: 'A test SKU must not reach the operator.' }]
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineRule<S, A>(rule: Rule<S, A>): Rule<S, A> {
  return rule;
}

/**
 * Whether a profile gives a member, of the type `ClientProfile` says: a text that is not
 * empty, a boolean or a list (`client: 5` counts as absent).
 *
 * @param profile `options.profile` (anything).
 * @param key The member.
 * @returns Whether it counts as given.
 * @example profileHas({ client: 'ACME', weeeSku: '' }, 'weeeSku'); // false
 */
export function profileHas(profile: unknown, key: string): boolean {
  const value = (profile as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'string' ? value !== '' : typeof value === 'boolean' || Array.isArray(value);
}

/**
 * Whether a rule runs for a payload kind, an order version's features (undefined: any) and
 * a profile: the kinds, versions and profiles its `meta` names (`kinds`, `appliesTo`,
 * `fmsOnly`, `requires`). Plans and batch rules alike decide it here.
 *
 * @param rule The rule.
 * @param kind The payload kind.
 * @param features The order version's features; undefined for returns (or any version).
 * @param profile `options.profile`.
 * @returns Whether it runs.
 * @example ruleApplies(weeeItemRule, 'order', ORDER_VERSION_FEATURES['1.1'], { client: 'ACME' }); // false (FMS only)
 */
export function ruleApplies(rule: Rule, kind: PayloadKind, features: OrderVersionFeatures | undefined, profile: unknown): boolean {
  const { meta } = rule;
  if (!meta.kinds.includes(kind)) return false;
  if (features && meta.appliesTo && !meta.appliesTo(features)) return false;
  if (meta.fmsOnly && (profile as ClientProfile | null | undefined)?.fms !== true) return false;
  for (const key of meta.requires ?? []) if (!profileHas(profile, key)) return false;
  return true;
}

/**
 * The level a rule runs at under some options: the override they give it (`off`, `warn`
 * or `error`), else its default severity. The one place levels are read (plans and batch
 * rules alike); never throws.
 *
 * @param rule The rule.
 * @param overrides `options.rules`: levels by rule id (anything else overrides nothing).
 * @returns The level.
 * @example ruleLevel(totalsRule, { totals: 'error' }); // 'error'
 */
export function ruleLevel(rule: Rule, overrides: unknown): RuleLevel {
  let override: unknown;
  try {
    const id = rule.meta.id;
    if (overrides !== null && typeof overrides === 'object' && Object.prototype.hasOwnProperty.call(overrides, id)) override = (overrides as Record<string, unknown>)[id];
  } catch {
    override = undefined;
  }
  return override === 'off' || override === 'warn' || override === 'error' ? override : rule.meta.severity;
}
