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
 * there); otherwise both are repeated until the slower batch takes about 10 ms, fastest
 * batch of each of 5 rounds. The 10 ms floor keeps one-off costs out of the shortcut: the first call on a
 * fresh input flattens it (String#repeat and template literals build ropes), tens of
 * microseconds that are "100 times" a call that returns at the first character.
 */
export function slowdown(hostile: () => void, benign: () => void): number {
  benign();
  const single = Math.max(Math.min(timeOf(benign, 1), timeOf(benign, 1), timeOf(benign, 1)), 1e-4);
  const once = timeOf(hostile, 1);
  if (once > 100 * Math.max(single, 0.1)) return once / single;
  const reps = Math.min(1_000_000, Math.ceil(10 / Math.max(once, single)));
  return ratioOfFastest(hostile, benign, reps);
}

/**
 * The fastest of 5 batches of `slow` over the fastest of 5 batches of `fast`, `reps` calls a
 * batch, the two taking turns. Noise only ever adds time, to either side: the fastest batch of
 * each is its least disturbed one. (The best of per-round ratios, used before, picked the round
 * whose `fast` batch was slowed most, and so read a quadratic canary as 11 instead of 64 on a
 * busy machine.)
 */
function ratioOfFastest(slow: () => void, fast: () => void, reps: number): number {
  let slowBest = Infinity;
  let fastBest = Infinity;
  for (let round = 0; round < 5; round++) {
    slowBest = Math.min(slowBest, timeOf(slow, reps));
    fastBest = Math.min(fastBest, timeOf(fast, reps));
  }
  return slowBest / Math.max(fastBest, 1e-3);
}

/** The margin the ratio tests allow: linear code stays near 1, quadratic code goes far beyond. */
export const MAX_SLOWDOWN = 8;

/**
 * How much longer `run(factor × n)` takes than `run(n)`: about `factor` for linear code
 * (less when a fixed cost dominates), about `factor²` for quadratic code. Both sizes are
 * repeated until the larger batch takes about 10 ms, fastest batch of each of 5 rounds; a large input 1000
 * times slower than the small one ends the measurement at once.
 */
export function growth(run: (size: number) => () => void, n: number, factor: number = GROWTH.factor): number {
  const small = run(n);
  const large = run(n * factor);
  // Warm-up: compiles the code and flattens the inputs (String#repeat builds ropes).
  small();
  large();
  const single = Math.max(Math.min(timeOf(small, 1), timeOf(small, 1), timeOf(small, 1)), 1e-4);
  const once = timeOf(large, 1);
  if (once > 1000 * single) return once / single;
  const reps = Math.min(1_000_000, Math.ceil(10 / Math.max(once, 1e-4)));
  return ratioOfFastest(large, small, reps);
}

/**
 * Growth factor of the input in {@link growth} tests, and the most its time may grow: linear
 * code grows 16 times, quadratic 256; the limit sits 4 times from each (at 8 and 24, a busy
 * machine read linear patterns at up to 25).
 */
export const GROWTH = { factor: 16, max: 64 } as const;
