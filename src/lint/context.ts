/**
 * The context of one lint call as the business rules see it, plus what the shared
 * readers of `src/lint/checks/` compute once per call and keep on it.
 */
import type { RuleContext } from './define-rule';
import type { Levels } from './compile';
import type { ClientProfile, PayloadKind, Problem } from './types';
import type { OrderVersion } from '../schema/tables';

/** Amount objects of a payload in document order, with where each sits (see `amountIndex`). */
export interface AmountIndex {
  /** The amount objects (members unchecked). */
  readonly amounts: Record<string, unknown>[];
  /** Members may be read directly (a trusted lint call, see checks/views.ts). */
  readonly trusted: boolean;
  /** Position of the first item amount (amounts before it belong to order, payment or rma). */
  readonly itemsFrom: number;
  /**
   * Three numbers per amount, read on demand (`amountPlaces`): owner (0 order, 1 payment,
   * 2 item, 3 rma), index of the owning item (-1 otherwise), index in the holder's amount
   * array (-1 for rma.amount).
   */
  places: number[] | undefined;
}

/** The payment object with the members the payment rules read (see views.ts). */
export interface PaymentView {
  /** The body's `payment` member, read directly (any value). */
  readonly source: unknown;
  /** `payment` when it is an object. */
  readonly payment: Record<string, unknown> | undefined;
  /** `paymentMethod` (any value). */
  readonly paymentMethod: unknown;
  /** `status` (any value). */
  readonly status: unknown;
  /** `cardData` (any value). */
  readonly cardData: unknown;
}

/**
 * The rule context of one lint call. Rules see only `RuleContext`; the readers of
 * `src/lint/checks/` keep per-call results in the `memo` fields.
 */
export class LintContext implements RuleContext {
  // Fields are declared and assigned in the constructor, not initialised as class fields:
  // one shape from the start, and no define-semantics cost on every lint call.
  /** The payload kind. */
  declare readonly kind: PayloadKind;
  /** The order version (orders only). */
  declare readonly version: OrderVersion | undefined;
  /** The client profile, when given. */
  declare readonly profile: ClientProfile | undefined;
  /** The `clientRequest` of an order, the whole return request. */
  declare readonly body: Record<string, unknown>;
  /** JSON Pointer of the body. */
  declare readonly base: string;
  /** The generated walk saw only plain objects: a member read directly is the own member (checks/views.ts). */
  declare readonly trusted: boolean;
  /** Id of the rule whose check runs. */
  declare current: string;
  /** Amounts of the payload, once read (`amountIndex`). */
  declare amounts: AmountIndex | undefined;
  /** The payment view, once read (`paymentView`). */
  declare payment: PaymentView | undefined;
  private declare readonly levels: Levels;
  private declare readonly out: Problem[];

  /**
   * @param kind The payload kind.
   * @param version The order version (orders only).
   * @param profile The client profile, when given.
   * @param body The `clientRequest` of an order, the whole return request.
   * @param base JSON Pointer of the body.
   * @param levels Level of each rule in this call.
   * @param out Where problems go.
   * @param trusted The generated walk saw only plain objects.
   */
  constructor(
    kind: PayloadKind,
    version: OrderVersion | undefined,
    profile: ClientProfile | undefined,
    body: Record<string, unknown>,
    base: string,
    levels: Levels,
    out: Problem[],
    trusted = false,
  ) {
    this.kind = kind;
    this.version = version;
    this.profile = profile;
    this.body = body;
    this.base = base;
    this.trusted = trusted;
    this.current = '';
    this.amounts = undefined;
    this.payment = undefined;
    this.levels = levels;
    this.out = out;
  }

  /** Reports a problem of the running rule at `path` (a JSON Pointer). */
  report(path: string, message: string, extra?: Pick<Problem, 'params' | 'fix'>): void {
    const severity = this.levels[this.current];
    if (severity === undefined || severity === 'off') return;
    const problem: Problem = { rule: this.current, severity, path, message };
    if (extra?.params) problem.params = extra.params;
    if (extra?.fix) problem.fix = extra.fix;
    this.out.push(problem);
  }
}
