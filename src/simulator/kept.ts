/**
 * The simulator's two bounds on what it keeps: a count (the newest entries of an
 * insertion-ordered Map) and a byte budget (the newest bodies and payloads). Internal.
 */

/** Kept bodies and payloads, in total, at most (of received(); of orders and returns): the control API answers them in one string. */
export const BODY_BUDGET_BYTES = 64 * 1024 * 1024;

/** What a body or payload past the byte budget is replaced by. */
export interface TruncatedBody {
  readonly truncated: true;
  /** The size of the body as received, in bytes. */
  readonly bytes: number;
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
   * Counts a body of `bytes` held by `holder`; past the budget, the oldest holders' bodies
   * are replaced (their `truncate` runs) until the rest fits.
   */
  add(holder: object, bytes: number, truncate: (marker: TruncatedBody) => void): void;
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
  const held = new Map<object, { bytes: number; truncate: (marker: TruncatedBody) => void }>();
  let total = 0;
  const remove = (holder: object): void => {
    const entry = held.get(holder);
    if (entry === undefined) return;
    held.delete(holder);
    total -= entry.bytes;
  };
  return {
    add(holder, bytes, truncate) {
      remove(holder);
      held.set(holder, { bytes, truncate });
      total += bytes;
      while (total > limit) {
        const [oldest, entry] = held.entries().next().value!;
        remove(oldest);
        entry.truncate({ truncated: true, bytes: entry.bytes });
      }
    },
    remove,
  };
}
