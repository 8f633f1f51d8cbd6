/**
 * Timing as a ratio of two measurements taken in the same run, never an absolute
 * limit: the machine is shared and noisy, but a quadratic scan of 100,000 characters
 * is thousands of times slower than a linear one, far beyond any noise.
 */

/** Milliseconds `fn` takes over `reps` calls. */
function timeOf(fn: () => void, reps: number): number {
  const start = performance.now();
  for (let i = 0; i < reps; i++) fn();
  return performance.now() - start;
}

/**
 * How many times slower `hostile` runs than `benign`, where `benign` does the same
 * linear work on an input of the same length. A hostile call 100 times slower than a
 * benign one, and over 10 ms, ends the measurement at once (no need for precision
 * there); otherwise both are repeated until the slower batch takes about 10 ms, best of
 * 3 rounds. The 10 ms floor keeps one-off costs out of the shortcut: the first call on a
 * fresh input flattens it (String#repeat and template literals build ropes), tens of
 * microseconds that are "100 times" a call that returns at the first character.
 */
export function slowdown(hostile: () => void, benign: () => void): number {
  benign();
  const single = Math.max(Math.min(timeOf(benign, 1), timeOf(benign, 1), timeOf(benign, 1)), 1e-4);
  const once = timeOf(hostile, 1);
  if (once > 100 * Math.max(single, 0.1)) return once / single;
  const reps = Math.min(1_000_000, Math.ceil(10 / Math.max(once, single)));
  let best = Infinity;
  for (let round = 0; round < 3; round++) best = Math.min(best, timeOf(hostile, reps) / Math.max(timeOf(benign, reps), 1e-3));
  return best;
}

/** The margin the ratio tests allow: linear code stays near 1, quadratic code goes far beyond. */
export const MAX_SLOWDOWN = 8;

/**
 * How much longer `run(factor × n)` takes than `run(n)`: about `factor` for linear code
 * (less when a fixed cost dominates), about `factor²` for quadratic code. Both sizes are
 * repeated until the larger batch takes about 10 ms, best of 3 rounds; a large input 1000
 * times slower than the small one ends the measurement at once.
 */
export function growth(run: (size: number) => () => void, n: number, factor = 8): number {
  const small = run(n);
  const large = run(n * factor);
  // Warm-up: compiles the code and flattens the inputs (String#repeat builds ropes).
  small();
  large();
  const single = Math.max(Math.min(timeOf(small, 1), timeOf(small, 1), timeOf(small, 1)), 1e-4);
  const once = timeOf(large, 1);
  if (once > 1000 * single) return once / single;
  const reps = Math.min(1_000_000, Math.ceil(10 / Math.max(once, 1e-4)));
  let best = Infinity;
  for (let round = 0; round < 3; round++) best = Math.min(best, timeOf(large, reps) / Math.max(timeOf(small, reps), 1e-3));
  return best;
}

/** Growth factor of the input in {@link growth} tests, and the most its time may grow (linear: 8, quadratic: 64). */
export const GROWTH = { factor: 8, max: 24 } as const;
