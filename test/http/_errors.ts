/**
 * Helpers of the tests that check what a rejected call lets out (send's URL and header checks).
 */
import { inspect } from 'node:util';

/** Every text form of an error a caller may print or log: its string, message, stack, cause and inspection. */
export function printedError(error: unknown): string {
  const e = error as Error;
  return [String(e), e.message, e.stack, String(e.cause), inspect(e, { showHidden: true, depth: 10 }), inspect(e.cause, { showHidden: true, depth: 10 })].join('\n');
}

/** What `promise` rejects with; throws when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the call resolved');
}
