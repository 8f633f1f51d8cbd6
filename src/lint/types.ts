/**
 * Public types of the lint engine (pinned contract, see DESIGN.md).
 */
import type { OrderVersion } from '../schema/tables';

/**
 * Severity of a problem.
 *
 * @example const severity: Severity = 'warn';
 */
export type Severity = 'error' | 'warn';

/**
 * A rule's configured level: a severity, or `off`.
 *
 * @example const rules: Record<string, RuleLevel> = { 'max-length': 'warn', 'ambiguous-value': 'off' };
 */
export type RuleLevel = 'off' | Severity;

/**
 * A suggested fix: rename a member to its schema spelling.
 *
 * @example const fix: ProblemFix = { kind: 'rename-member', to: 'entityID' }; // for a payment member spelt entityId
 */
export interface ProblemFix {
  /** What the fix does. */
  readonly kind: 'rename-member';
  /** The member name to write instead. */
  readonly to: string;
}

/**
 * One finding of the linter.
 *
 * @example const problem: Problem = { rule: 'max-length', severity: 'error', path: '/clientRequest/partner/0/personData/firstName', message: 'firstName is 21 characters long; the limit is 20.' };
 */
export interface Problem {
  /** Rule id from the catalogue, kebab-case. */
  rule: string;
  /** `error` or `warn`. */
  severity: Severity;
  /** RFC 6901 JSON Pointer into the linted payload; `''` is the root; a missing member's own pointer. */
  path: string;
  /** One English sentence; never echoes payload values. */
  message: string;
  /** Values the message speaks of (limits, lengths, allowed values); never payload values. */
  params?: Record<string, string | number | readonly string[]>;
  /** A fix, when the rule is fixable. */
  fix?: ProblemFix;
}

/**
 * What the operator hands a client at onboarding.
 *
 * @example const profile: ClientProfile = { client: 'ACME', clientCode: 'ACME', fms: true, returnReasons: ['damaged', 'wrong-size'] };
 */
export interface ClientProfile {
  /** Client name; must equal requestHeader.client. */
  client: string;
  /** Client code; the shipping-cost SKU defaults to `${clientCode}_SHIPCOSTS`. */
  clientCode: string;
  /** Shipping-cost SKU, when it differs from the default. */
  shippingCostSku?: string | undefined;
  /** SKU of the order-discount item (FMS). */
  orderDiscountSku?: string | undefined;
  /** SKU of WEEE fee items (FMS). */
  weeeSku?: string | undefined;
  /** The operator handles payments: FMS-only rules run. */
  fms?: boolean | undefined;
  /** The operator processes card data: cardData is required for card payments. */
  processesCardData?: boolean | undefined;
  /** Return reasons agreed with the operator. */
  returnReasons?: readonly string[] | undefined;
}

/**
 * Options of `lintOrder`, `lintReturn` and `lintBatch`.
 *
 * @example
 * const options: LintOptions = { profile: { client: 'ACME', clientCode: 'ACME' }, rules: { 'max-length': 'warn' } };
 * lintReturn(rma, options);
 */
export interface LintOptions {
  /** Overrides the default severities by rule id. */
  rules?: Record<string, RuleLevel> | undefined;
  /** The client profile; rules that need it are skipped without it. */
  profile?: ClientProfile | undefined;
}

/**
 * Options of `lintOrder`.
 *
 * @example
 * const options: LintOrderOptions = { version: '1.2', profile: { client: 'ACME', clientCode: 'ACME' } };
 * lintOrder(payload, options);
 */
export type LintOrderOptions = LintOptions & { version: OrderVersion };

/**
 * Options of `lintBatch`.
 *
 * @example
 * const options: LintBatchOptions = { kind: 'order', version: '1.1' };
 * lintBatch(orders, options); // one Problem[] per order
 */
export type LintBatchOptions = LintOptions &
  ({ kind: 'order'; version: OrderVersion } | { kind: 'return' });

/**
 * The payload kinds the linter knows.
 *
 * @example const kind: PayloadKind = 'return';
 */
export type PayloadKind = 'order' | 'return';
