/**
 * Rule definition: metadata plus a check over the payload.
 */
import type { OrderVersion } from '../schema/tables';
import type { ClientProfile, PayloadKind, Problem, Severity } from './types';

/** Docs of a rule: why it exists, a wrong and a right example. */
export interface RuleDocs {
  /** Why the rule exists, with the spec passage it enforces. */
  readonly rationale: string;
  /** A payload fragment that the rule reports. */
  readonly invalid: string;
  /** The same fragment, corrected. */
  readonly valid: string;
}

/** Metadata of a rule. */
export interface RuleMeta {
  /** Rule id, kebab-case, equal to the file name. */
  readonly id: string;
  /** One sentence: what the rule reports. */
  readonly description: string;
  /** Default severity. */
  readonly severity: Severity;
  /** Payload kinds the rule applies to; empty for CLI-only rules. */
  readonly kinds: readonly PayloadKind[];
  /** Order versions the rule applies to (all when absent). */
  readonly versions?: readonly OrderVersion[];
  /** Runs only when `profile.fms` is true. */
  readonly fmsOnly?: boolean;
  /** Problems carry a `fix`. */
  readonly fixable?: boolean;
  /** Profile members the rule needs; without them it is skipped. */
  readonly requires?: readonly (keyof ClientProfile)[];
  /** Where the rule is reported: a single payload (default), across a batch, or by the CLI. */
  readonly scope?: 'payload' | 'batch' | 'cli';
  /** Reported by the compiled schema checker (structural rule). */
  readonly structural?: boolean;
  /** Documentation. */
  readonly docs: RuleDocs;
}

/** What a rule's check sees. */
export interface RuleContext {
  /** The payload kind. */
  readonly kind: PayloadKind;
  /** The order version (orders only). */
  readonly version: OrderVersion | undefined;
  /** The client profile, when given. */
  readonly profile: ClientProfile | undefined;
  /** The body: `clientRequest` of an order, the whole return request. An object, else rules do not run. */
  readonly body: Record<string, unknown>;
  /** JSON Pointer of the body: `/clientRequest` or `''`. */
  readonly base: string;
  /** Reports a problem of the running rule at `path` (a JSON Pointer). */
  report(path: string, message: string, extra?: Pick<Problem, 'params' | 'fix'>): void;
}

/**
 * The cross-payload part of a batch rule: a state made once per run, and a check of each
 * payload's facts (see src/lint/batch.ts) in input order.
 */
export interface BatchCheck<S = unknown> {
  /** Makes the empty state of one run. */
  readonly create: () => S;
  /** Checks the facts of the next payload; `report` takes a pointer relative to the body. */
  readonly check: (state: S, facts: import('./batch').BatchFacts, report: (path: string, message: string) => void) => void;
}

/** A rule: metadata and an optional check (structural rules are reported by the compiled checker). */
export interface Rule {
  /** The rule's metadata. */
  readonly meta: RuleMeta;
  /** The check; absent for purely structural, batch and CLI rules. */
  readonly check?: (ctx: RuleContext) => void;
  /** The cross-payload check of a batch rule. */
  readonly batch?: BatchCheck<any>;
}

/** A rule with a cross-payload check. */
export type BatchRule = Rule & { readonly batch: BatchCheck<any> };

/**
 * Defines a rule.
 *
 * @param rule Metadata and check.
 * @returns The same rule, typed.
 * @example export default defineRule({ meta: { id: 'totals', ... }, check(ctx) { ... } });
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineRule(rule: Rule): Rule {
  return rule;
}
