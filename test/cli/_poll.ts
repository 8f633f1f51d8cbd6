/**
 * Waiting for a child process to reach a point that only the file system shows.
 */

/**
 * Polls until `check` returns something; bounded: at most `tries` times, 20 ms apart.
 *
 * @param check Returns what was waited for, or undefined.
 * @param tries How many times to look.
 * @returns What `check` returned.
 */
export async function poll<T>(check: () => T | undefined, tries = 1500): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const found = check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the condition never held');
}
