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
 * linter's messages never echo payload values, so no personal data reaches test logs.
 * vitest is an optional peer dependency: install it to use this module.
 */
import { expect } from 'vitest';
import { lintOrder, lintReturn } from '../default-engine';
import type { ClientProfile, Problem, RuleLevel } from '../lint/types';
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
 * @example expect(buildOrder(input)).toBeValidOrder('1.2', { profile });
 */
export function toBeValidOrder(this: Context | void, received: unknown, version: OrderVersion, options: ValidityOptions = {}): MatcherOutcome {
  if (!ORDER_VERSIONS.includes(version)) {
    return { pass: false, message: () => `toBeValidOrder needs an order version (${ORDER_VERSIONS.join(', ')})` };
  }
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
 * @example expect(buildReturnRequest(input)).toBeValidReturn({ profile });
 */
export function toBeValidReturn(this: Context | void, received: unknown, options: ValidityOptions = {}): MatcherOutcome {
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
 * @example expect(lintOrder(payload, { version: '1.2' })).toHaveProblem('key-charset', '/clientRequest/item/0/sku');
 */
export function toHaveProblem(this: Context | void, received: unknown, rule: string, path?: string, options: ProblemOptions = {}): MatcherOutcome {
  const problems = Array.isArray(received) && received.every(isProblem) ? (received as Problem[]) : lintPayload(received, options);
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
