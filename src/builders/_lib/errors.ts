/**
 * Input checks of the builders: every message names the field at fault
 * (`lines[2].unitPrice`) and the requirement, never the value, because builder
 * input is full of personal data (names, addresses, e-mails, card data).
 */
import { codePointLength, isEmailText, isKeyText, isLocaleText } from '../../schema/predicates';
import { LIMITS } from '../../schema/tables';

/** Throws `new ErrorClass("<field> <requirement>.")`. */
export function fail(field: string, requirement: string, ErrorClass: typeof RangeError | typeof TypeError = RangeError): never {
  throw new ErrorClass(`${field} ${requirement}.`);
}

/**
 * Runs one read of caller data. Whatever the read throws (a getter, a Proxy trap, a
 * revoked Proxy) becomes a TypeError naming `field`; the thrown value is kept as `cause`.
 */
export function readSafely<T>(field: string, read: () => T): T {
  try {
    return read();
  } catch (cause) {
    throw new TypeError(`${field} could not be read (a getter or Proxy trap threw).`, { cause });
  }
}

/** A plain object (not null, not an array), for data the builders own (copies, their own output). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Checks that caller data `value` is an object and returns a read-once view of it: each
 * member is read at most once, so a getter cannot answer one thing to the check and
 * another to the use, and a member whose read throws is a TypeError naming it
 * (`billTo.firstName could not be read`).
 */
export function record(value: unknown, field: string): Record<string, unknown> {
  if (!readSafely(field, () => isRecord(value))) fail(field, 'must be an object', TypeError);
  const source = value as Record<PropertyKey, unknown>;
  const seen = new Map<PropertyKey, unknown>();
  // The view's target is an empty object of its own: the engine checks a Proxy's answers
  // against its target, and a caller's Proxy as target would run its traps outside our guard.
  return new Proxy(Object.create(null) as Record<string, unknown>, {
    get(_target, key) {
      if (seen.has(key)) return seen.get(key);
      const member = readSafely(typeof key === 'string' ? `${field}.${key}` : field, () => source[key]);
      seen.set(key, member);
      return member;
    },
  });
}

/**
 * Checks that caller data `value` is an array without holes and returns a dense copy of
 * it, each entry read once (`[ , note]` is refused at `notes[0]`, not skipped).
 */
export function list(value: unknown, field: string): unknown[] {
  if (!readSafely(field, () => Array.isArray(value))) fail(field, 'must be an array', TypeError);
  const source = value as readonly unknown[];
  const length = readSafely(field, () => source.length);
  const out: unknown[] = [];
  for (let i = 0; i < length; i++) {
    const at = `${field}[${i}]`;
    // The first hole ends the loop, so a sparse array of length 2**32 - 1 costs nothing.
    if (!readSafely(at, () => i in source)) fail(at, 'is missing (a hole in the array)', TypeError);
    out.push(readSafely(at, () => source[i]));
  }
  return out;
}

/** Options of the text checks. */
export interface TextRule {
  /** Maximum length in Unicode code points (the spec's limit). */
  readonly max?: number;
  /** v1.2 key reference field: only `[A-Za-z0-9._-]` (the shared predicate `isKeyText`). */
  readonly key?: boolean;
  /** A spec predicate from schema/predicates.ts the text must pass (the one the rules use). */
  readonly test?: (text: string) => boolean;
  /** What `test` asks for, read after "must be", e.g. `six digits`. */
  readonly expected?: string;
}

/** `personData.locale`: `ll-CC` with an existing country (the locale-format rule's predicate). */
export const LOCALE_TEXT: TextRule = { max: LIMITS.locale, test: isLocaleText, expected: 'a locale ll-CC with an ISO 3166-1 country, such as de-DE' };

/** An e-mail value: `local@domain` with a dotted domain (the email-format rule's predicate). */
export const EMAIL_TEXT: TextRule = { max: LIMITS.emailValue, test: isEmailText, expected: 'an e-mail address local@domain' };

/**
 * Tells whether text is blank: empty, or white space only (`String#trim`'s white space,
 * so a no-break space counts). Required members never take a blank value.
 */
export function isBlank(text: string): boolean {
  return text.trim() === '';
}

/**
 * Whether an optional member of builder input is absent: `undefined`, `null` or `''`
 * (checkout forms send empty strings for empty inputs). The one test of every optional
 * member, whatever its type; the linter's Presence rule judges payloads, not this input.
 */
export function isAbsent(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

/** Checks a required, non-blank string against a limit and a spec predicate; returns it. */
export function requiredText(value: unknown, field: string, rule: TextRule = {}): string {
  if (value === undefined || value === null) fail(field, 'is required', TypeError);
  if (typeof value !== 'string') fail(field, 'must be a string', TypeError);
  if (isBlank(value)) fail(field, 'must not be empty or blank');
  return checkText(value, field, rule);
}

/** Checks an optional string: absent ({@link isAbsent}) is `undefined`, blank text is refused. */
export function optionalText(value: unknown, field: string, rule: TextRule = {}): string | undefined {
  if (isAbsent(value)) return undefined;
  return requiredText(value, field, rule);
}

function checkText(value: string, field: string, rule: TextRule): string {
  if (rule.max !== undefined && value.length > rule.max && codePointLength(value) > rule.max) {
    fail(field, `must be at most ${rule.max} characters long, got ${codePointLength(value)}`);
  }
  if (rule.key && !isKeyText(value)) {
    fail(field, 'may only contain the characters A-Z a-z 0-9 . _ - (v1.2 key reference field)');
  }
  if (rule.test && !rule.test(value)) fail(field, `must be ${rule.expected ?? 'in the format the spec gives'}`);
  return value;
}

/** Checks that `value` is one of `allowed`; returns it. */
export function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (value === undefined || value === null) fail(field, 'is required', TypeError);
  if (typeof value !== 'string') fail(field, 'must be a string', TypeError);
  if (!(allowed as readonly string[]).includes(value)) fail(field, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** Checks an optional boolean; returns it, or `false` when absent. */
export function flag(value: unknown, field: string): boolean {
  if (isAbsent(value)) return false;
  if (typeof value !== 'boolean') fail(field, 'must be a boolean', TypeError);
  return value;
}
