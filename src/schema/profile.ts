/**
 * The client profile check shared by `fulfilkit lint --profile`, `createSimulator`'s
 * clients and the test kit (matchers, validators, arbitraries): one set of members, one
 * set of messages. Messages name the member, never its value.
 */
import type { ClientProfile, PayloadKind } from '../lint/types';

const STRING_MEMBERS = ['client', 'clientCode', 'shippingCostSku', 'orderDiscountSku', 'weeeSku'] as const;
const BOOLEAN_MEMBERS = ['fms', 'processesCardData'] as const;
const KNOWN = new Set<string>([...STRING_MEMBERS, ...BOOLEAN_MEMBERS, 'returnReasons']);
/** An unknown member's name is shown (it is the member, not a value), quoted and cut to this length. */
const NAME_SHOWN = 40;

/**
 * A member name from a caller's settings (a profile, the simulator's options, a config file),
 * as refusals show it: quoted, and cut to 40 characters and `…`, so that a long key cannot
 * swamp the message. A name, never a value.
 *
 * @param key The member's name.
 * @returns The name as JSON text.
 * @example shownName('sede'); // '"sede"'
 */
export function shownName(key: string): string {
  return JSON.stringify(key.length > NAME_SHOWN ? `${key.slice(0, NAME_SHOWN)}…` : key);
}

/**
 * Refuses a member a caller's settings do not take: a misspelt one (`client` for `clients`,
 * `SKU` for `sku`) would set nothing, or filter nothing, and say so nowhere. The message names
 * the member (a name, never a value) and the members taken.
 *
 * @param record The settings (an object).
 * @param known The members taken.
 * @param field What the settings are, as the message names them (`options`).
 * @throws {RangeError} Naming the first unknown member.
 * @example onlyMembers({ sede: 1 }, ['seed'], 'options'); // RangeError: options has an unknown member "sede"; it takes seed.
 */
export function onlyMembers(record: object, known: readonly string[], field: string): void {
  const unknown = Object.keys(record).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new RangeError(`${field} has an unknown member ${shownName(unknown)}; it takes ${known.join(', ')}.`);
}

/**
 * A profile used only for return requests: nothing in a return reads `clientCode` (it
 * names the shipping-cost SKU of orders), so a returns-only client may leave it out.
 *
 * @example const returnsOnly: ReturnProfile = { client: 'ACME', returnReasons: ['damaged'] };
 */
export type ReturnProfile = Omit<ClientProfile, 'clientCode'> & { clientCode?: string | undefined };

/**
 * Checks that a value is a ClientProfile and returns a frozen copy of its known members.
 *
 * @param value The profile (parsed JSON, or an object from code).
 * @param field How messages name the profile, e.g. `clients[0].profile`.
 * @param kind The one kind of payload it is used for, when known: `'return'` needs no `clientCode`.
 * @returns The profile, with only the known members.
 * @throws {TypeError|RangeError} Naming the first member that is missing, unknown or of the wrong type.
 * @example checkProfile({ client: 'ACME', clientCode: 'ACME', fms: 'yes' }, 'profile'); // TypeError: profile.fms must be true or false.
 */
export function checkProfile(value: unknown, field = 'profile', kind?: PayloadKind): ClientProfile {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`${field} must be a JSON object with at least client and clientCode.`);
  }
  const input = value as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!KNOWN.has(key)) throw new RangeError(`${field} has an unknown member ${shownName(key)}; known: ${[...KNOWN].join(', ')}.`);
  }
  const out: Record<string, unknown> = {};
  for (const key of STRING_MEMBERS) {
    const v = input[key];
    if (v === undefined) {
      if (key === 'client' || (key === 'clientCode' && kind !== 'return')) throw new TypeError(`${field} needs a ${key} (a non-empty string).`);
      continue;
    }
    if (typeof v !== 'string' || v === '') throw new TypeError(`${field}.${key} must be a non-empty string.`);
    out[key] = v;
  }
  for (const key of BOOLEAN_MEMBERS) {
    const v = input[key];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') throw new TypeError(`${field}.${key} must be true or false.`);
    out[key] = v;
  }
  const reasons = input.returnReasons;
  if (reasons !== undefined) {
    if (!Array.isArray(reasons) || !reasons.every((r) => typeof r === 'string' && r !== '')) {
      throw new TypeError(`${field}.returnReasons must be an array of non-empty strings.`);
    }
    out.returnReasons = Object.freeze([...reasons]);
  }
  return Object.freeze(out) as unknown as ClientProfile;
}
