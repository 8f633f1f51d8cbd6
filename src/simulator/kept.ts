/**
 * The simulator's two bounds on what it keeps: a count (the newest entries of an
 * insertion-ordered Map) and a byte budget (the newest bodies and payloads). Internal.
 */

/**
 * The memory kept bodies and payloads take, in total, at most (of received(); of orders and
 * returns), as `heapBytes` estimates it: the control API answers them in one string, and a
 * parsed body takes many times its text (a `{}` of 3 bytes is an object of about 60).
 */
export const BODY_BUDGET_BYTES = 64 * 1024 * 1024;

/**
 * What a parsed JSON value (or a text) takes on V8's heap, estimated from above for 64-bit
 * pointers: an object's header and a slot and a key per member, an array's header and a slot
 * per element, a string's header and two bytes per character, a boxed number. One pass over
 * the value, no recursion (a body nests up to 512 levels).
 *
 * @param value A parsed JSON value or a string.
 * @returns The estimate, in bytes.
 */
export function heapBytes(value: unknown): number {
  let total = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') total += 24 + 2 * next.length;
    else if (typeof next === 'number') total += 16;
    else if (Array.isArray(next)) {
      total += 32 + 8 * next.length;
      for (const entry of next) pending.push(entry);
    } else if (typeof next === 'object' && next !== null) {
      total += 64;
      for (const [key, entry] of Object.entries(next)) {
        total += 40 + 2 * key.length;
        pending.push(entry);
      }
    }
  }
  return total;
}

/** What a body or payload past the byte budget is replaced by. */
export interface TruncatedBody {
  readonly truncated: true;
  /** The size of the body as received, in bytes. */
  readonly bytes: number;
}

/**
 * The marker of a body or payload the budget truncated (received() and orders() alike).
 *
 * @param bytes The size of the body as received.
 * @returns `{ truncated: true, bytes }`.
 */
export function truncatedBody(bytes: number): TruncatedBody {
  return { truncated: true, bytes };
}

/**
 * Sets `key` as the newest entry of `map`, then drops the oldest entries past `limit`.
 * O(1) per call (amortised): a Map iterates in insertion order.
 *
 * @param map The map.
 * @param key The key (moved to the newest place when present).
 * @param value The value.
 * @param limit Entries kept at most; 0 keeps none.
 * @param dropped Called with each value dropped for the limit.
 */
export function keepNewest<K, V>(map: Map<K, V>, key: K, value: V, limit: number, dropped?: (value: V) => void): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > limit) {
    const [oldest, gone] = map.entries().next().value!;
    map.delete(oldest);
    dropped?.(gone);
  }
}

/** A byte budget over bodies: the newest are kept whole, older ones become a `TruncatedBody`. */
export interface ByteBudget {
  /**
   * Counts what `holder` keeps, `cost` bytes (`heapBytes`); past the budget, the oldest
   * holders' bodies are replaced (their `truncate` runs) until the rest fits.
   */
  add(holder: object, cost: number, truncate: () => void): void;
  /** Counts `cost` more bytes for a holder already counted (its body's XML), as its newest; nothing when it is not counted. */
  grow(holder: object, cost: number): void;
  /** Stops counting `holder`'s body (the holder left its store). */
  remove(holder: object): void;
}

/**
 * Creates an empty byte budget.
 *
 * @param limit The bytes of the bodies kept whole, at most.
 * @returns The budget.
 */
export function createByteBudget(limit: number): ByteBudget {
  const held = new Map<object, { cost: number; truncate: () => void }>();
  let total = 0;
  const remove = (holder: object): void => {
    const entry = held.get(holder);
    if (entry === undefined) return;
    held.delete(holder);
    total -= entry.cost;
  };
  const add = (holder: object, cost: number, truncate: () => void): void => {
    remove(holder);
    held.set(holder, { cost, truncate });
    total += cost;
    while (total > limit) {
      const [oldest, entry] = held.entries().next().value!;
      remove(oldest);
      entry.truncate();
    }
  };
  return {
    add,
    grow(holder, cost) {
      const entry = held.get(holder);
      if (entry !== undefined) add(holder, entry.cost + cost, entry.truncate);
    },
    remove,
  };
}
