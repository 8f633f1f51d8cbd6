/**
 * vitest matchers for users' own tests (`fulfilkit/vitest`). Importing this module
 * registers them with `expect.extend` and types them on vitest's `Matchers`:
 *
 * ```ts
 * import 'fulfilkit/vitest';
 * expect(payload).toBeValidOrder('1.1', { profile });
 * expect(returnPayload).toBeValidReturn();
 * expect(payload).toHaveProblem('max-length', '/clientRequest/partner/0/personData/firstName', { version: '1.1' });
 * ```
 *
 * Failure messages list the problems (rule, severity, JSON Pointer, message); the
 * linter's messages never echo payload values, so no personal data reaches test logs
 * (used inside `toEqual`, as `expect.toBeValidOrder(...)`, vitest's own diff prints the value).
 * An argument a matcher cannot use (a version, an option, a rule id, a path) throws a
 * TypeError or RangeError naming it, with or without `.not`: as a failure, `.not` would
 * turn it into a pass.
 * vitest is an optional peer dependency: install it to use this module.
 */
import { expect } from 'vitest';
import { RULES } from '../../rules/index';
import { lintOrder, lintReturn } from '../default-engine';
import type { ClientProfile, Problem, RuleLevel } from '../lint/types';
import { checkProfile } from '../schema/profile';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';

/** Options of {@link toBeValidOrder} and {@link toBeValidReturn}. */
export interface ValidityOptions {
  /** The client profile to lint with (FMS rules run only with `fms: true`). */
  profile?: ClientProfile;
  /** Rule levels, as in `lintOrder`. */
  rules?: Record<string, RuleLevel>;
  /** Fail on warnings too; by default only errors fail. */
  strict?: boolean;
}

/** Options of {@link toHaveProblem} when the received value is a payload. */
export interface ProblemOptions {
  /** Payload kind; default: `order` when it has `clientRequest`, else `return`. */
  kind?: 'order' | 'return';
  /** Order version; default `'1.1'`. */
  version?: OrderVersion;
  /** The client profile to lint with. */
  profile?: ClientProfile;
  /** Rule levels, as in `lintOrder`. */
  rules?: Record<string, RuleLevel>;
}

/** What a matcher returns to vitest. */
export interface MatcherOutcome {
  /** Whether the assertion holds. */
  pass: boolean;
  /** The failure message. */
  message: () => string;
}

/** The part of vitest's matcher context the matchers read. */
interface Context {
  readonly isNot: boolean;
}

const LEVELS: readonly RuleLevel[] = ['off', 'warn', 'error'];
const KINDS = ['order', 'return'] as const;
/** The rule ids of the default engine, which the matchers lint with. */
const RULE_IDS: ReadonlySet<string> = new Set(RULES.map((rule) => rule.meta.id));

/** Throws `<matcher>: <argument> <requirement>.`: a wrong argument must never become a failure, which `.not` passes. */
function refuse(matcher: string, argument: string, requirement: string, ErrorClass: typeof TypeError | typeof RangeError = TypeError): never {
  throw new ErrorClass(`${matcher}: ${argument} ${requirement}.`);
}

/** Checks that an argument is one of `allowed`: a TypeError for a non-string, a RangeError for another string. */
function oneOf<T extends string>(matcher: string, argument: string, value: unknown, allowed: readonly T[]): T {
  const requirement = `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`;
  if (typeof value !== 'string') refuse(matcher, argument, requirement);
  if (!(allowed as readonly string[]).includes(value)) refuse(matcher, argument, requirement, RangeError);
  return value as T;
}

/** The check of each option member, by name: one place for every matcher. */
const OPTION_CHECKS: Record<string, (matcher: string, value: unknown, argument: string) => void> = {
  kind: (matcher, value, argument) => oneOf(matcher, argument, value, KINDS),
  // The check the CLI's --profile and the simulator run; its messages start with the field.
  profile: (matcher, value, argument) => checkProfile(value, `${matcher}: ${argument}`),
  rules: (matcher, value, argument) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) refuse(matcher, argument, 'must be an object of rule ids and levels');
    for (const [id, level] of Object.entries(value)) {
      if (!RULE_IDS.has(id)) refuse(matcher, argument, `names an unknown rule ${JSON.stringify(id)}`, RangeError);
      oneOf(matcher, `${argument}.${id}`, level, LEVELS);
    }
  },
  strict: (matcher, value, argument) => typeof value === 'boolean' || refuse(matcher, argument, 'must be true or false'),
  version: (matcher, value, argument) => oneOf(matcher, argument, value, ORDER_VERSIONS),
};

/** Checks a matcher's options: an object (or nothing) with only the `known` members, each checked. */
function checkOptions(matcher: string, options: unknown, known: readonly string[]): void {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) refuse(matcher, 'options', 'must be an object');
  for (const [key, value] of Object.entries(options)) {
    if (!known.includes(key)) refuse(matcher, 'options', `has an unknown member ${JSON.stringify(key)}; known: ${known.join(', ')}`, RangeError);
    if (value !== undefined) (OPTION_CHECKS[key] as (typeof OPTION_CHECKS)[string])(matcher, value, `options.${key}`);
  }
}

const VALIDITY_OPTIONS = ['profile', 'rules', 'strict'] as const;
const PROBLEM_OPTIONS = ['kind', 'version', 'profile', 'rules'] as const;

function describeProblems(problems: readonly Problem[]): string {
  if (problems.length === 0) return '  (no problems)';
  return problems.map((p) => `  - ${p.severity} ${p.rule} at ${p.path === '' ? '(root)' : p.path}: ${p.message}`).join('\n');
}

function lintOptions(options: { profile?: ClientProfile; rules?: Record<string, RuleLevel> }) {
  const out: { profile?: ClientProfile; rules?: Record<string, RuleLevel> } = {};
  if (options.profile) out.profile = options.profile;
  if (options.rules) out.rules = options.rules;
  return out;
}

function validity(problems: Problem[], strict: boolean, what: string): MatcherOutcome {
  const failing = strict ? problems : problems.filter((p) => p.severity === 'error');
  const kinds = strict ? 'problems' : 'errors';
  return {
    pass: failing.length === 0,
    message: () =>
      failing.length === 0
        ? `expected the payload not to be ${what}, but it lints without ${kinds}`
        : `expected the payload to be ${what}, but it lints with ${failing.length} ${failing.length === 1 ? kinds.slice(0, -1) : kinds}:\n${describeProblems(failing)}`,
  };
}

/**
 * Passes when `lintOrder(received, { version, profile })` reports no errors (no
 * problems at all with `strict`).
 *
 * @param received The order payload.
 * @param version The order version.
 * @param options Profile, rule levels, `strict`.
 * @returns The matcher outcome.
 * @throws {TypeError|RangeError} Naming `version` or the option that is not one the matcher can use (with `.not` too).
 * @example expect(buildOrder(input)).toBeValidOrder('1.2', { profile });
 */
export function toBeValidOrder(this: Context | void, received: unknown, version: OrderVersion, options: ValidityOptions = {}): MatcherOutcome {
  oneOf('toBeValidOrder', 'version', version, ORDER_VERSIONS);
  checkOptions('toBeValidOrder', options, VALIDITY_OPTIONS);
  const problems = lintOrder(received, { version, ...lintOptions(options) });
  return validity(problems, options.strict === true, `a valid v${version} order`);
}

/**
 * Passes when `lintReturn(received, { profile })` reports no errors (no problems at
 * all with `strict`).
 *
 * @param received The return-token request.
 * @param options Profile, rule levels, `strict`.
 * @returns The matcher outcome.
 * @throws {TypeError|RangeError} Naming the option that is not one the matcher can use (with `.not` too).
 * @example expect(buildReturnRequest(input)).toBeValidReturn({ profile });
 */
export function toBeValidReturn(this: Context | void, received: unknown, options: ValidityOptions = {}): MatcherOutcome {
  checkOptions('toBeValidReturn', options, VALIDITY_OPTIONS);
  const problems = lintReturn(received, lintOptions(options));
  return validity(problems, options.strict === true, 'a valid return request');
}

/**
 * Passes when the problems contain one of `rule` (at `path`, when given). The received
 * value is either a problem list (from `lintOrder`/`lintReturn`) or a payload, which
 * is linted as an order (it has `clientRequest`; version from options, default 1.1)
 * or as a return request.
 *
 * @param received Problems or a payload.
 * @param rule The rule id.
 * @param path The JSON Pointer; any path when omitted.
 * @param options Kind, version and profile for a payload.
 * @returns The matcher outcome.
 * @throws {TypeError|RangeError} Naming `rule` (not a string; for a payload, not a rule of fulfilkit), `path`
 *   (not a JSON Pointer) or the option that is not one the matcher can use (with `.not` too).
 * @example expect(lintOrder(payload, { version: '1.2' })).toHaveProblem('key-charset', '/clientRequest/item/0/sku');
 */
export function toHaveProblem(this: Context | void, received: unknown, rule: string, path?: string, options: ProblemOptions = {}): MatcherOutcome {
  const matcher = 'toHaveProblem';
  if (typeof rule !== 'string' || rule === '') refuse(matcher, 'rule', 'must be a rule id (a non-empty string)');
  if (path !== undefined && typeof path !== 'string') refuse(matcher, 'path', 'must be a JSON Pointer (a string)');
  if (path !== undefined && path !== '' && !path.startsWith('/')) refuse(matcher, 'path', 'must be a JSON Pointer: empty or starting with /', RangeError);
  checkOptions(matcher, options, PROBLEM_OPTIONS);
  const listed = Array.isArray(received) && received.every(isProblem);
  // A problem list may come from an engine with rules of its own; a payload is linted with fulfilkit's.
  if (!listed && !RULE_IDS.has(rule)) refuse(matcher, 'rule', 'names no rule of fulfilkit, so the payload can never have it', RangeError);
  const problems = listed ? (received as Problem[]) : lintPayload(received, options);
  const where = path === undefined ? '' : ` at ${path === '' ? '(root)' : path}`;
  const found = problems.some((p) => p.rule === rule && (path === undefined || p.path === path));
  return {
    pass: found,
    message: () =>
      found
        ? `expected no ${rule} problem${where}, but it was reported`
        : `expected a ${rule} problem${where}, but the problems were:\n${describeProblems(problems)}`,
  };
}

function isProblem(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as Problem).rule === 'string' && typeof (value as Problem).path === 'string';
}

function lintPayload(received: unknown, options: ProblemOptions): Problem[] {
  const isOrder =
    options.kind === 'order' ||
    (options.kind === undefined && received !== null && typeof received === 'object' && Object.prototype.hasOwnProperty.call(received, 'clientRequest'));
  return isOrder ? lintOrder(received, { version: options.version ?? '1.1', ...lintOptions(options) }) : lintReturn(received, lintOptions(options));
}

expect.extend({ toBeValidOrder, toBeValidReturn, toHaveProblem });

declare module 'vitest' {
  interface Matchers<T = any> {
    /** Passes when the order payload lints without errors for `version` (and the profile). */
    toBeValidOrder(version: OrderVersion, options?: ValidityOptions): T;
    /** Passes when the return request lints without errors (with the profile). */
    toBeValidReturn(options?: ValidityOptions): T;
    /** Passes when the problems (or the payload's problems) include `rule` at `path`. */
    toHaveProblem(rule: string, path?: string, options?: ProblemOptions): T;
  }
}
