import { message, type MessageParams } from './messages';

/** An error class the money functions throw. */
export type MoneyErrorClass = typeof RangeError | typeof TypeError;

/**
 * Throws `new ErrorClass(message)`, the template filled with `params`, unless `condition`
 * holds; keeps input checks apart from the arithmetic. The message is written only when it
 * is thrown: the checks run for every amount a builder reads, and filling a template each
 * time took half of `buildOrder`'s time.
 */
export function assert(
  condition: unknown,
  template: string,
  params: MessageParams,
  ErrorClass: MoneyErrorClass = RangeError,
): asserts condition {
  if (!condition) throw new ErrorClass(message(template, params));
}
