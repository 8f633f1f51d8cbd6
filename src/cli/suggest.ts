/**
 * "Did you mean ...?" for a misspelt flag, rule id or command: the closest known name, if
 * one is close enough to be what was meant.
 */

/**
 * The edit distance of two names (insertions, deletions, substitutions and swaps of two
 * neighbours, each 1), or `limit + 1` once it exceeds `limit`. Names are short: the work is
 * the product of the two lengths, and `closest` compares no text longer than 64 characters.
 */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The known name closest to what was given, when it is close enough to be a typo of it: one
 * edit away for a name of up to 7 characters, two for a longer one.
 *
 * @param given What the command line held (a flag without its dashes, a rule id).
 * @param known The names it could have meant.
 * @returns The closest name, or undefined when none is close.
 * @example closest('api-versoin', ['api-version', 'kind']); // 'api-version'
 */
export function closest(given: string, known: Iterable<string>): string | undefined {
  // A long argument is no typo of a short name (and stays cheap to compare).
  if (given.length > 64) return undefined;
  const lower = given.toLowerCase();
  let found: string | undefined;
  let best = Infinity;
  for (const name of known) {
    const limit = name.length < 8 ? 1 : 2;
    const d = distance(lower, name, limit);
    if (d <= limit && d < best) {
      best = d;
      found = name;
    }
  }
  return found;
}
