/**
 * Whether an order with errors is of another version than the one it was linted as: a v1.2
 * order linted as v1.1 gets a false `enum` on EXI and false `date-format`s. The CLI's run note
 * and the console's playground both ask, for a few orders with errors, which version gives
 * fewer.
 */
import { lintBounded, type BoundedProblems } from '../lint/engine';
import type { LintOrderOptions } from '../lint/types';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';

/** Another order version, with the options object to lint as it. */
export interface VersionOptions {
  readonly version: OrderVersion;
  /** Made once: the engine caches its rule plan per options object. */
  readonly options: LintOrderOptions;
}

/** An order's errors as linted, and the version where it has the fewest and how many (the CLI's note, the playground's hint). */
export interface OtherVersionErrors {
  /** Its errors as linted. */
  readonly errors: number;
  /** The version with the fewest errors, and how many. */
  readonly version: OrderVersion;
  readonly versionErrors: number;
}

/** The version with the fewest errors, and how many. */
export interface FewerErrors {
  readonly version: OrderVersion;
  readonly errors: number;
}

/**
 * The versions other than `options.version`, newest first (so that a tie goes to the newest),
 * each with `options` for that version.
 *
 * @param options The options orders are linted with.
 * @returns One entry per other version.
 * @example otherVersionsThan({ version: '1.1' }).map((v) => v.version); // ['1.2', '1']
 */
export function otherVersionsThan(options: LintOrderOptions): VersionOptions[] {
  return ORDER_VERSIONS.filter((version) => version !== options.version)
    .reverse()
    .map((version) => ({ version, options: { ...options, version } }));
}

/**
 * The errors of a bounded lint, those listed and those counted.
 *
 * @param found What `lintBounded` returned.
 * @returns How many errors.
 * @example errorsOf(lintBounded('order', {}, { version: '1.1' }, { maxProblems: 1, warnings: false })); // 1
 */
export function errorsOf(found: BoundedProblems): number {
  let errors = found.omitted?.errors ?? 0;
  for (const problem of found.problems) if (problem.severity === 'error') errors++;
  return errors;
}

/**
 * Whether the n-th order with errors (counting from 1) is linted again as the other versions:
 * the 1st, 2nd, 4th, 8th, ...; text dense with genuine errors pays for a few dozen extra
 * lints, not for one an order.
 *
 * @param n How many orders with errors were met, this one included.
 * @returns True for a power of two.
 * @example [1, 2, 3, 4, 5].map(isTried); // [true, true, false, true, false]
 */
export function isTried(n: number): boolean {
  return n > 0 && (n & (n - 1)) === 0;
}

/**
 * Lints an order again as each of `others`: the version with the fewest errors, when that is
 * fewer than `errors` (what it has as linted).
 *
 * @param order The order (any value: lint never throws).
 * @param errors Its errors as linted.
 * @param others From `otherVersionsThan`.
 * @returns The version and its errors, or undefined when none has fewer.
 * @example fewerErrorsAs(v12Order, 2, otherVersionsThan({ version: '1.1' })); // { version: '1.2', errors: 0 }
 */
export function fewerErrorsAs(order: unknown, errors: number, others: readonly VersionOptions[]): FewerErrors | undefined {
  let best: FewerErrors | undefined;
  for (const { version, options } of others) {
    const other = errorsOf(lintBounded('order', order, options, { maxProblems: 1, warnings: false }));
    if (other < (best?.errors ?? errors)) best = { version, errors: other };
  }
  return best;
}
