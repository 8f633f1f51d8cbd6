import type { Problem } from '../lint/index';

/**
 * Which payload a descriptor refused.
 *
 * @example if (error instanceof PayloadRejectedError) { const kind: RejectedPayloadKind = error.kind; } // 'order', 'return' or 'echo'
 */
export type RejectedPayloadKind = 'order' | 'return' | 'echo';

/**
 * Thrown by a request descriptor when its payload lints with errors: the request
 * would fail or be mishandled by the operator, so it is not built.
 *
 * The message names the count and the rules only, never a path: a path may hold a member
 * name taken from the payload (an unknown member's name can be personal data). Each
 * problem, with its path, is in `problems`.
 *
 * @example
 * try {
 *   describeCreateOrder(payload, { ...connection, version: '1.1' });
 * } catch (error) {
 *   if (error instanceof PayloadRejectedError) console.table(error.problems);
 *   else throw error;
 * }
 */
export class PayloadRejectedError extends Error {
  /** Always `'PayloadRejectedError'`. */
  override readonly name = 'PayloadRejectedError';
  /** The payload kind that was refused. */
  readonly kind: RejectedPayloadKind;
  /** Every problem lint reported, errors and warnings, in lint order. */
  readonly problems: readonly Problem[];

  /**
   * Creates the error from the lint problems of a refused payload.
   *
   * @param kind The payload kind.
   * @param problems All problems lint reported (at least one with severity `'error'`).
   */
  constructor(kind: RejectedPayloadKind, problems: readonly Problem[]) {
    const errors = problems.filter((problem) => problem.severity === 'error');
    const rules = [...new Set(errors.map((problem) => problem.rule))];
    const which = rules.length === 0 ? '' : ` (${rules.join(', ')})`;
    super(`${kind} payload refused: ${errors.length} lint error${errors.length === 1 ? '' : 's'}${which}; each, with its path, is in error.problems.`);
    this.kind = kind;
    this.problems = problems;
  }
}

/**
 * Throws {@link PayloadRejectedError} when `problems` holds an error.
 *
 * @param kind The payload kind.
 * @param problems Lint output.
 */
export function refuseOnErrors(kind: RejectedPayloadKind, problems: readonly Problem[]): void {
  if (problems.some((problem) => problem.severity === 'error')) {
    throw new PayloadRejectedError(kind, problems);
  }
}
