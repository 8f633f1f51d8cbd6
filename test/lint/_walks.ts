/**
 * What the engine compiles: the source of each generated walk, read from the calls of
 * `new Function` (each walk's source ends with its `sourceURL`).
 */
import { vi } from 'vitest';

/**
 * The source of each walk compiled while `run` runs.
 *
 * @param run Lints (or anything else).
 * @returns The sources, in the order they were compiled.
 */
export function compiledWalks(run: () => void): string[] {
  const spy = vi.spyOn(globalThis, 'Function');
  try {
    run();
    return spy.mock.calls.map((args) => String(args.at(-1))).filter((source) => source.includes('//# sourceURL=fulfilkit-walk-'));
  } finally {
    spy.mockRestore();
  }
}
