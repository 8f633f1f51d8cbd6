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
import { escapeControls } from '../cli/escape';
import { lintOrder, lintReturn } from '../default-engine';
import { parsePointer } from '../lint/pointer';
import type { ClientProfile, PayloadKind, Problem, RuleLevel } from '../lint/types';
import type { ReturnProfile } from '../schema/profile';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';
import { checkOptions, isRuleId, lintOptionsOf, oneOf, refuse, type CheckedOptions } from './arguments';

export type { ReturnProfile } from '../schema/profile';

/**
 * Options of {@link toBeValidOrder}.
 *
 * @example
 * const options: ValidityOptions = { profile: { client: 'ACME', clientCode: 'ACME' }, strict: true };
 * expect(payload).toBeValidOrder('1.1', options);
 */
export interface ValidityOptions {
  /** The client profile to lint with (FMS rules run only with `fms: true`). */
  profile?: ClientProfile | undefined;
  /** Rule levels, as in `lintOrder`. */
  rules?: Record<string, RuleLevel> | undefined;
  /** Fail on warnings too; by default only errors fail. */
  strict?: boolean | undefined;
}

/**
 * Options of {@link toBeValidReturn}: a returns-only profile needs no `clientCode`.
 *
 * @example
 * const options: ReturnValidityOptions = { profile: { client: 'ACME', returnReasons: ['damaged'] } };
 * expect(rma).toBeValidReturn(options);
 */
export interface ReturnValidityOptions extends Omit<ValidityOptions, 'profile'> {
  /** The client profile to lint with. */
  profile?: ReturnProfile | undefined;
}

/**
 * Options of {@link toHaveProblem} when the received value is a payload.
 *
 * @example
 * const options: ProblemOptions = { version: '1.2' };
 * expect(payload).toHaveProblem('max-length', '/clientRequest/partner/0/personData/firstName', options);
 */
export interface ProblemOptions {
  /** Payload kind; default: `order` when it has `clientRequest` or `version` is given, else `return`. */
  kind?: 'order' | 'return' | undefined;
  /** Order version; default `'1.1'`. Refused for a return request. */
  version?: OrderVersion | undefined;
  /** The client profile to lint with (a return request's needs no `clientCode`). */
  profile?: ReturnProfile | undefined;
  /** Rule levels, as in `lintOrder`. */
  rules?: Record<string, RuleLevel> | undefined;
}

/**
 * What a matcher returns to vitest.
 *
 * @example
 * const outcome: MatcherOutcome = toBeValidOrder(payload, '1.1');
 * if (!outcome.pass) console.log(outcome.message());
 */
export interface MatcherOutcome {
  /** Whether the assertion holds. */
  pass: boolean;
  /** The failure message. */
  message: () => string;
}

/**
 * The part of vitest's matcher context (`this` inside a matcher) the matchers read: the
 * matchers may also be called as plain functions, without one.
 *
 * @example
 * const context: MatcherContext = { isNot: false };
 * toBeValidOrder.call(context, payload, '1.1').pass; // true for a valid v1.1 order
 */
export interface MatcherContext {
  /** Whether the assertion was negated with `.not`. */
  readonly isNot: boolean;
}

const VALIDITY_OPTIONS = ['profile', 'rules', 'strict'] as const;
const PROBLEM_OPTIONS = ['kind', 'version', 'profile', 'rules'] as const;

/** The most problems a failure message lists (a payload can have 100,000: an 8 MB message). */
const LISTED = 100;

// Member names in paths (and a custom engine's messages) are payload text: escaped as the CLI escapes them.
function describeProblems(problems: readonly Problem[]): string {
  if (problems.length === 0) return '  (no problems)';
  const listed = problems.slice(0, LISTED).map((p) => `  - ${escapeControls(`${p.severity} ${p.rule} at ${p.path === '' ? '(root)' : p.path}: ${p.message}`)}`);
  if (problems.length > LISTED) listed.push(`  … and ${problems.length - LISTED} more`);
  return listed.join('\n');
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
export function toBeValidOrder(this: MatcherContext | void, received: unknown, version: OrderVersion, options?: ValidityOptions): MatcherOutcome {
  oneOf('toBeValidOrder', 'version', version, ORDER_VERSIONS);
  const checked = checkOptions('toBeValidOrder', options, VALIDITY_OPTIONS, () => 'order');
  const problems = lintOrder(received, { version, ...lintOptionsOf(checked) });
  return validity(problems, checked.strict === true, `a valid v${version} order`);
}

/**
 * Passes when `lintReturn(received, { profile })` reports no errors (no problems at
 * all with `strict`).
 *
 * @param received The return-token request.
 * @param options Profile (a returns-only one needs no `clientCode`), rule levels, `strict`.
 * @returns The matcher outcome.
 * @throws {TypeError|RangeError} Naming the option that is not one the matcher can use (with `.not` too).
 * @example expect(buildReturnRequest(input)).toBeValidReturn({ profile });
 */
export function toBeValidReturn(this: MatcherContext | void, received: unknown, options?: ReturnValidityOptions): MatcherOutcome {
  const checked = checkOptions('toBeValidReturn', options, VALIDITY_OPTIONS, () => 'return');
  const problems = lintReturn(received, lintOptionsOf(checked));
  return validity(problems, checked.strict === true, 'a valid return request');
}

/**
 * Passes when the problems contain one of `rule` (at `path`, when given). The received
 * value is either a problem list (from `lintOrder`/`lintReturn`) or a payload, which
 * is linted as an order (it has `clientRequest`, or options give a version; default 1.1)
 * or as a return request (`kind` in the options says it outright).
 *
 * @param received Problems or a payload.
 * @param rule The rule id: one of fulfilkit's, or (a problem list from an engine of your own) one the list reports.
 * @param path The JSON Pointer; any path when omitted.
 * @param options Kind, version and profile for a payload.
 * @returns The matcher outcome.
 * @throws {TypeError|RangeError} Naming `rule` (not a string, or no rule of fulfilkit nor of the list), `path`
 *   (not a JSON Pointer) or the option that is not one the matcher can use (a version with `kind: 'return'` too), with `.not` too.
 * @example expect(lintOrder(payload, { version: '1.2' })).toHaveProblem('key-charset', '/clientRequest/item/0/sku');
 */
export function toHaveProblem(this: MatcherContext | void, received: unknown, rule: string, path?: string, options?: ProblemOptions): MatcherOutcome {
  const matcher = 'toHaveProblem';
  if (typeof rule !== 'string' || rule === '') refuse(matcher, 'rule', 'must be a rule id (a non-empty string)');
  if (path !== undefined) checkPointer(matcher, path);
  // A payload that cannot be read (a revoked Proxy, a throwing trap) is no list: it is linted, as one `type` problem at ''.
  const listed = orElse(() => Array.isArray(received) && received.every(isProblem), false);
  // A version says the payload is an order (one without its wrapper too).
  const versioned = options !== null && typeof options === 'object' && (options as ProblemOptions).version !== undefined;
  const checked = checkOptions(matcher, options, PROBLEM_OPTIONS, (kind) => (listed ? kind : payloadKind(received, kind, versioned)));
  // A list from an engine of your own may hold rules of its own: those it reports are known too.
  if (!isRuleId(rule) && !(listed && (received as Problem[]).some((p) => p.rule === rule))) {
    const requirement = listed
      ? 'names no rule of fulfilkit and no rule of the problems listed (to assert that a rule of your own engine is absent: expect(problems.map((p) => p.rule)).not.toContain(id))'
      : 'names no rule of fulfilkit, so the payload can never have it';
    refuse(matcher, 'rule', requirement, RangeError);
  }
  const problems = listed ? (received as Problem[]) : lintPayload(received, checked);
  const where = path === undefined ? '' : ` at ${path === '' ? '(root)' : path}`;
  const found = problems.some((p) => p.rule === rule && (path === undefined || p.path === path));
  return {
    pass: found,
    message: () =>
      found
        ? escapeControls(`expected no ${rule} problem${where}, but it was reported`)
        : `${escapeControls(`expected a ${rule} problem${where}, but the problems were:`)}\n${describeProblems(problems)}`,
  };
}

/** A path must be a JSON Pointer as the library reads them (RFC 6901: `~` only in `~0` and `~1`). */
function checkPointer(matcher: string, path: unknown): void {
  if (typeof path !== 'string') refuse(matcher, 'path', 'must be a JSON Pointer (a string)');
  try {
    parsePointer(path);
  } catch {
    refuse(matcher, 'path', 'must be a JSON Pointer: empty or starting with /, with ~ only in ~0 and ~1', RangeError);
  }
}

function isProblem(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as Problem).rule === 'string' && typeof (value as Problem).path === 'string';
}

/**
 * The kind a payload is linted as: the one the options name; else an order when they give a
 * version or the payload has `clientRequest`; else a return request.
 */
function payloadKind(received: unknown, kind: PayloadKind | undefined, versioned: boolean): PayloadKind {
  if (kind !== undefined) return kind;
  return versioned || (received !== null && typeof received === 'object' && orElse(() => Object.prototype.hasOwnProperty.call(received, 'clientRequest'), true)) ? 'order' : 'return';
}

/** What `read` gives, or `fallback` when reading the received value throws (a revoked Proxy, a trap that throws). */
function orElse<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

function lintPayload(received: unknown, checked: CheckedOptions): Problem[] {
  const kind = payloadKind(received, checked.kind, checked.version !== undefined);
  return kind === 'order' ? lintOrder(received, { version: checked.version ?? '1.1', ...lintOptionsOf(checked) }) : lintReturn(received, lintOptionsOf(checked));
}

expect.extend({ toBeValidOrder, toBeValidReturn, toHaveProblem });

declare module 'vitest' {
  interface Matchers<T = any> {
    /** Passes when the order payload lints without errors for `version` (and the profile). */
    toBeValidOrder(version: OrderVersion, options?: ValidityOptions): T;
    /** Passes when the return request lints without errors (with the profile). */
    toBeValidReturn(options?: ReturnValidityOptions): T;
    /** Passes when the problems (or the payload's problems) include `rule` at `path`. */
    toHaveProblem(rule: string, path?: string, options?: ProblemOptions): T;
  }
}
