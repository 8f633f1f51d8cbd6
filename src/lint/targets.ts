/**
 * What the engine lints: a payload kind, the rules that may apply to it and how to build
 * its schema tree. A target names only its own kind's rules and schema, so a bundle that
 * only calls `lintOrder` carries no return-only rule or table (country names, the returns
 * schema), and one that only calls `lintReturn` no order-only one. The rules are given:
 * the engine knows none of them (the default ones are wired in src/default-engine.ts).
 */
import { ORDER_REQUEST_SCHEMAS, orderRequestSchema } from '../schema/order';
import { ReturnRequestSchema } from '../schema/return';
import { ORDER_VERSION_FEATURES, type OrderVersion, type OrderVersionFeatures } from '../schema/tables';
import type { Rule } from './define-rule';
import { buildTree, type Tree } from './tree';
import type { PayloadKind } from './types';

/** A payload kind (an order of one version, or the return request) as the engine lints it. */
export interface LintTarget {
  /** The payload kind. */
  readonly kind: PayloadKind;
  /** The order version's features (orders only). */
  readonly features: OrderVersionFeatures | undefined;
  /** The rules that may apply (plans pick those whose `kinds` name this kind). */
  readonly rules: readonly Rule[];
  /** Builds the schema tree (the engine keeps it per target and per FMS). */
  tree(fms: boolean): Tree;
}

/**
 * The return-token request, linted with `rules`.
 *
 * @param rules The rules that may apply.
 * @returns The target.
 * @example const target = returnTarget(RETURN_RULES);
 */
/* @__NO_SIDE_EFFECTS__ */
export function returnTarget(rules: readonly Rule[]): LintTarget {
  return { kind: 'return', features: undefined, rules, tree: (fms) => buildTree(ReturnRequestSchema, { label: 'the return request', fms }) };
}

/**
 * The orders linted with `rules`, one target per version: the spec's own versions, or
 * features a test made up (their schema is then built from them).
 *
 * @param rules The rules that may apply.
 * @returns The target of a version's features (`ORDER_VERSION_FEATURES[version]`), the same object for the same features.
 * @example const orderTarget = orderTargets(ORDER_RULES); orderTarget(ORDER_VERSION_FEATURES['1.1']);
 */
/* @__NO_SIDE_EFFECTS__ */
export function orderTargets(rules: readonly Rule[]): (features: OrderVersionFeatures) => LintTarget {
  const targets = new WeakMap<OrderVersionFeatures, LintTarget>();
  return (features) => {
    let target = targets.get(features);
    if (target === undefined) {
      const version = features.version as OrderVersion;
      // The spec's versions have their schema built already; a row of the table without one, or made-up features, get one built here.
      const table = ORDER_VERSION_FEATURES[version] === features ? ORDER_VERSION_FEATURES : { ...ORDER_VERSION_FEATURES, [features.version]: features };
      const schema = () => (table === ORDER_VERSION_FEATURES ? ORDER_REQUEST_SCHEMAS[version] : undefined) ?? orderRequestSchema(features, table);
      target = { kind: 'order', features, rules, tree: (fms) => buildTree(schema(), { label: features.label, bodyKey: 'clientRequest', fms }) };
      targets.set(features, target);
    }
    return target;
  };
}
