/**
 * Failures that end a run with exit code 2.
 */

/** A usage or I/O failure: the message is printed and the CLI exits with 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
