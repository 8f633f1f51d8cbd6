/**
 * The argument checks of the test kit: the vitest matchers and the Standard Schema
 * validators check their options with the same code and the same messages
 * (`<caller>: <argument> <requirement>.`), a TypeError for a wrong type and a RangeError
 * for a wrong value. The checks return copies, so what was checked is what is used.
 */
import { RULES } from '../../rules/index';
import type { ClientProfile, LintOptions, PayloadKind, RuleLevel } from '../lint/types';
import { checkProfile } from '../schema/profile';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';

/**
 * Whether `id` names a rule of the default engine, which the matchers and validators lint
 * with (a search, not a table built at load: bundles that import the validators and never
 * call them keep nothing of it).
 *
 * @example isRuleId('max-lenght'); // false
 */
export function isRuleId(id: string): boolean {
  return RULES.some((rule) => rule.meta.id === id);
}

const LEVELS: readonly RuleLevel[] = ['off', 'warn', 'error'];
const KINDS: readonly PayloadKind[] = ['order', 'return'];

/**
 * Throws `<caller>: <argument> <requirement>.`: a wrong argument must never become a
 * failure, which `.not` passes, nor be ignored.
 *
 * @example refuse('toHaveProblem', 'path', 'must be a JSON Pointer (a string)'); // TypeError
 */
export function refuse(caller: string, argument: string, requirement: string, ErrorClass: typeof TypeError | typeof RangeError = TypeError): never {
  throw new ErrorClass(`${caller}: ${argument} ${requirement}.`);
}

/**
 * Checks that an argument is one of `allowed`: a TypeError for a non-string, a RangeError for another string.
 *
 * @example oneOf('toBeValidOrder', 'version', '2.0', ORDER_VERSIONS); // RangeError
 */
export function oneOf<T extends string>(caller: string, argument: string, value: unknown, allowed: readonly T[]): T {
  const requirement = `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`;
  if (typeof value !== 'string') refuse(caller, argument, requirement);
  if (!(allowed as readonly string[]).includes(value)) refuse(caller, argument, requirement, RangeError);
  return value as T;
}

/** The options the kit's functions take, checked and copied. */
export interface CheckedOptions {
  /** Payload kind. */
  kind?: PayloadKind;
  /** Order version. */
  version?: OrderVersion;
  /** The profile, a frozen copy of its known members. */
  profile?: ClientProfile;
  /** Rule levels, a frozen copy. */
  rules?: Readonly<Record<string, RuleLevel>>;
  /** Fail on warnings too. */
  strict?: boolean;
}

/** An option member's name. */
export type OptionName = keyof CheckedOptions;

/** The kind of payload linted, given the checked `kind` option; undefined when nothing is linted (a problem list). */
export type KindOf = (kind: PayloadKind | undefined) => PayloadKind | undefined;

type Check = (caller: string, value: unknown, argument: string, kind: () => PayloadKind | undefined) => unknown;

/** The check of each option member, by name. */
const CHECKS: Record<OptionName, Check> = {
  kind: (caller, value, argument) => oneOf(caller, argument, value, KINDS),
  version: (caller, value, argument, kind) => {
    const version = oneOf(caller, argument, value, ORDER_VERSIONS);
    if (kind() === 'return') refuse(caller, argument, 'is for orders, but the payload is linted as a return request', RangeError);
    return version;
  },
  // The check of --profile and the simulator; nothing in a return (or a list, where nothing is linted) reads clientCode.
  profile: (caller, value, argument, kind) => checkProfile(value, `${caller}: ${argument}`, kind() ?? 'return'),
  rules: (caller, value, argument) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) refuse(caller, argument, 'must be an object of rule ids and levels');
    const levels: Record<string, RuleLevel> = {};
    for (const [id, level] of Object.entries(value)) {
      if (!isRuleId(id)) refuse(caller, argument, `names an unknown rule ${JSON.stringify(id)}`, RangeError);
      levels[id] = oneOf(caller, `${argument}.${id}`, level, LEVELS);
    }
    return Object.freeze(levels);
  },
  strict: (caller, value, argument) => (typeof value === 'boolean' ? value : refuse(caller, argument, 'must be true or false')),
};

/**
 * Checks options: an object (or nothing) with only the `known` members, each checked in
 * the order of `known` (`kind` before what depends on it), each member read once.
 *
 * @param caller The function's name, as messages start.
 * @param options The options given.
 * @param known The members it takes.
 * @param kindOf The kind of payload linted, from the checked `kind`.
 * @returns A copy of the members given, checked: later changes to `options` change nothing.
 * @throws {TypeError|RangeError} Naming the first member that is unknown or not one the caller can use.
 * @example checkOptions('orderValidator', { version: '1.1', strict: true }, ['version', 'profile', 'rules'], () => 'order'); // RangeError
 */
export function checkOptions(caller: string, options: unknown, known: readonly OptionName[], kindOf: KindOf): CheckedOptions {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) refuse(caller, 'options', 'must be an object');
  const given = new Map(Object.entries(options));
  for (const key of given.keys()) {
    if (!(known as readonly string[]).includes(key)) refuse(caller, 'options', `has an unknown member ${JSON.stringify(key)}; known: ${known.join(', ')}`, RangeError);
  }
  const checked: Record<string, unknown> = {};
  for (const key of known) {
    const value = given.get(key);
    if (value !== undefined) checked[key] = CHECKS[key](caller, value, `options.${key}`, () => kindOf(checked.kind as PayloadKind | undefined));
  }
  return checked as CheckedOptions;
}

/**
 * The members of checked options that `lintOrder` and `lintReturn` take.
 *
 * @example lintReturn(payload, lintOptionsOf(checkOptions('returnValidator', options, ['profile', 'rules'], () => 'return')));
 */
export function lintOptionsOf({ profile, rules }: CheckedOptions): LintOptions {
  return { ...(profile && { profile }), ...(rules && { rules }) };
}
