/** An error class the money functions throw. */
export type MoneyErrorClass = typeof RangeError | typeof TypeError;

/**
 * Throws `new ErrorClass(text)` unless `condition` holds; keeps input checks apart from
 * the arithmetic.
 */
export function assert(
  condition: unknown,
  text: string,
  ErrorClass: MoneyErrorClass = RangeError,
): asserts condition {
  if (!condition) throw new ErrorClass(text);
}
