/**
 * Batch rules: rules that compare payloads with each other (duplicate-request-reference).
 *
 * A lint run over many payloads keeps one `BatchState`. Each payload contributes its
 * `BatchFacts` (small, structured-cloneable: a worker thread sends them back to the thread
 * that keeps the state), fed in input order; the state answers with the batch problems of
 * that payload. `lintBatch`, the CLI and its workers all use this one state, so a
 * duplicate is found the same way inside a chunk, across files and across workers; the
 * simulator uses it too, bounded (`limit`: it remembers the newest entries only). The
 * rules are given (an engine's own); the default ones are wired in src/default-engine.ts.
 */
import { codePoints } from '../schema/predicates';
import { memberOf } from './checks/members';
import { LIMITS, ORDER_VERSION_FEATURES, type OrderVersion } from '../schema/tables';
import { ruleApplies, ruleLevel, type BatchFacts, type BatchRule, type Rule } from './define-rule';
import { problemOf } from './report';
import { textSetOf } from './text-set';
import type { LintBatchOptions, PayloadKind, Problem } from './types';

export type { BatchFacts };

/** The state of the batch rules over one run. */
export interface BatchState {
  /**
   * Adds the facts of the next payload (in input order) and returns its batch problems.
   *
   * @param facts The payload's facts (`batchFactsOf`).
   * @returns The batch problems of that payload (usually none).
   */
  next(facts: BatchFacts): Problem[];
}

/**
 * A member as the walk reads it (own and enumerable, of a JSON object: `memberOf`), without
 * ever throwing: a member that `required` calls missing or `type` rejects is no fact.
 */
function member(value: unknown, key: string): unknown {
  try {
    return memberOf(value, key);
  } catch {
    return undefined;
  }
}

/**
 * A reference longer than its field allows is rejected whatever else it repeats (`max-length`),
 * so it is no fact: a run keeps every reference it saw, and one 60 MB reference would stay
 * in memory to its end.
 */
const keptReference = (reference: unknown): reference is string =>
  typeof reference === 'string' && reference.length <= 2 * LIMITS.requestReference && codePoints(reference) <= LIMITS.requestReference;

/**
 * Reads the facts the batch rules need of one payload, without linting it (the CLI's
 * `--shard` reads them to choose the payloads it lints). Never throws. A requestReference
 * longer than its field allows is left out (the payload is rejected for its length anyway).
 *
 * @param payload Any value.
 * @param kind The payload kind.
 * @returns The facts.
 * @example batchFactsOf(order, 'order').requestReference; // 'REQ-1'
 */
export function batchFactsOf(payload: unknown, kind: PayloadKind): BatchFacts {
  const reference = requestReferenceOf(payload, kind);
  return keptReference(reference) ? { requestReference: reference } : {};
}

/**
 * Reads the requestReference of an order or return as the walk reads members: any string,
 * whatever its length (the request log shows it, `--shard` hashes it), unlike `batchFactsOf`,
 * which leaves out one longer than its field allows. Never throws.
 *
 * @param payload The parsed payload.
 * @param kind The payload kind.
 * @returns The reference, or `undefined` when the payload has none or it is not a string.
 * @example requestReferenceOf({ requestHeader: { requestReference: 'R'.repeat(60) } }, 'return')?.length; // 60 (batchFactsOf leaves it out)
 */
export function requestReferenceOf(payload: unknown, kind: PayloadKind): string | undefined {
  let reference = payload;
  for (const key of REFERENCE_MEMBER[kind]) reference = member(reference, key);
  return typeof reference === 'string' ? reference : undefined;
}

/** The members down to a payload's requestReference, by kind (the CLI also finds it in the JSON text). */
export const REFERENCE_MEMBER: Readonly<Record<PayloadKind, readonly string[]>> = {
  order: ['clientRequest', 'requestHeader', 'requestReference'],
  return: ['requestHeader', 'requestReference'],
};

/** What decides the batch rules of a run: the kind (and an order's version), the profile, the rule levels. */
export type BatchStateOptions = Pick<LintBatchOptions, 'kind' | 'rules' | 'profile'> & { readonly version?: OrderVersion };

/**
 * Creates the state of the batch rules for one run over payloads of one kind.
 *
 * @param rules The rules that may apply (those with a batch check and the kind run).
 * @param options The kind (and an order's version), the profile and the rule levels: a batch
 *   rule runs when its `meta` names them, as any rule (`appliesTo`, `fmsOnly`, `requires`),
 *   and is not set to `off`.
 * @param limit The most entries each rule's state remembers (the newest; `BatchCheck.create`),
 *   for a run that must stay bounded however long it lasts; undefined (`lintBatch`, the
 *   CLI): all, so a repeat is found however far apart.
 * @returns A fresh state.
 * @throws {RangeError} When `limit` is given and is not a whole number from 0.
 * @example
 * const state = batchStateOf(RULES, { kind: 'order', version: '1.1' });
 * const problems = [...lintOrder(payload, options), ...state.next(batchFactsOf(payload, 'order'))];
 * const simulator = batchStateOf(RULES, { kind: 'return' }, 100_000); // the newest 100,000 references
 */
export function batchStateOf(rules: readonly Rule[], options: BatchStateOptions, limit?: number): BatchState {
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit >= 0)) throw new RangeError('limit must be a whole number from 0.');
  const kind = options.kind;
  const base = kind === 'order' ? '/clientRequest' : '';
  // An order's version, when given, selects the rules that apply to it (any version's when not).
  const version = kind === 'order' ? (options as { version?: unknown }).version : undefined;
  const features = typeof version === 'string' && Object.prototype.hasOwnProperty.call(ORDER_VERSION_FEATURES, version) ? ORDER_VERSION_FEATURES[version as OrderVersion] : undefined;
  const active = rules
    .filter((rule): rule is BatchRule => rule.batch !== undefined && ruleApplies(rule, kind, features, options.profile))
    .map((rule) => ({ rule, severity: ruleLevel(rule, options.rules) }))
    .filter((entry) => entry.severity !== 'off')
    .flatMap(({ rule, severity }) => {
      // A batch rule whose state cannot be made runs not at all (lint never throws).
      try {
        return [{ rule, severity: severity as Problem['severity'], state: rule.batch.create(limit, () => textSetOf(limit)) }];
      } catch {
        return [];
      }
    });
  return {
    next(facts) {
      const out: Problem[] = [];
      for (const { rule, severity, state } of active) {
        const found = out.length;
        try {
          rule.batch.check(state, facts, (path, messageId) => {
            out.push(problemOf(rule.meta.id, severity, base + path, rule.meta.messages[messageId] ?? messageId));
          });
        } catch {
          // A batch check that throws reports nothing for this payload (lint never throws).
          out.length = found;
        }
      }
      return out;
    },
  };
}
