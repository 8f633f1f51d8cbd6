/**
 * Input checks of the builders: every message names the field at fault
 * (`lines[2].unitPrice`) and the requirement, never the value, because builder
 * input is full of personal data (names, addresses, e-mails, card data).
 */
import { codePointLength } from '../../schema/predicates';
import { KEY_CHARSET } from '../../schema/tables';

/** Throws `new ErrorClass("<field> <requirement>.")`. */
export function fail(field: string, requirement: string, ErrorClass: typeof RangeError | typeof TypeError = RangeError): never {
  throw new ErrorClass(`${field} ${requirement}.`);
}

/** A plain object (not null, not an array), for input records. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Checks that `value` is an object; returns it. */
export function record(value: unknown, field: string): Record<string, unknown> {
  if (!isRecord(value)) fail(field, 'must be an object', TypeError);
  return value;
}

/** Checks that `value` is an array; returns it. */
export function list(value: unknown, field: string): readonly unknown[] {
  if (!Array.isArray(value)) fail(field, 'must be an array', TypeError);
  return value;
}

/** Options of the text checks. */
export interface TextRule {
  /** Maximum length in Unicode code points (the spec's limit). */
  readonly max?: number;
  /** v1.2 key reference field: only `[A-Za-z0-9._-]`. */
  readonly key?: boolean;
  /** A format the text must match, with its description for the message. */
  readonly pattern?: RegExp;
  /** What the pattern asks for, read after "must be", e.g. `six digits`. */
  readonly patternText?: string;
}

/** Checks a required, non-blank string against a limit and format; returns it. */
export function requiredText(value: unknown, field: string, rule: TextRule = {}): string {
  if (value === undefined || value === null) fail(field, 'is required', TypeError);
  if (typeof value !== 'string') fail(field, 'must be a string', TypeError);
  if (value.trim() === '') fail(field, 'must not be empty or blank');
  return checkText(value, field, rule);
}

/**
 * Checks an optional string; `undefined`, `null` and `''` mean absent (checkout
 * forms send empty strings for empty inputs), blank text is refused.
 */
export function optionalText(value: unknown, field: string, rule: TextRule = {}): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return requiredText(value, field, rule);
}

function checkText(value: string, field: string, rule: TextRule): string {
  if (rule.max !== undefined && value.length > rule.max && codePointLength(value) > rule.max) {
    fail(field, `must be at most ${rule.max} characters long, got ${codePointLength(value)}`);
  }
  if (rule.key && !KEY_CHARSET.test(value)) {
    fail(field, 'may only contain the characters A-Z a-z 0-9 . _ - (v1.2 key reference field)');
  }
  if (rule.pattern && !rule.pattern.test(value)) fail(field, `must be ${rule.patternText ?? `in the form ${rule.pattern.source}`}`);
  return value;
}

/** Checks that `value` is one of `allowed`; returns it. */
export function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (value === undefined || value === null) fail(field, 'is required', TypeError);
  if (typeof value !== 'string') fail(field, 'must be a string', TypeError);
  if (!(allowed as readonly string[]).includes(value)) fail(field, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** Checks an optional boolean; returns it or `false`. */
export function flag(value: unknown, field: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') fail(field, 'must be a boolean', TypeError);
  return value;
}
