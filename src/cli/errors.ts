/**
 * Failures that end a run with exit code 2.
 */

/** A usage or I/O failure: the message is printed and the CLI exits with 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';

  /**
   * @param message What went wrong.
   * @param options `silent`: exit 2 printing nothing (stderr is where the message cannot go: an input).
   */
  constructor(
    message: string,
    readonly options: { readonly silent?: boolean } = {},
  ) {
    super(message);
  }
}
