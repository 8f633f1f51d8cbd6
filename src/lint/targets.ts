/**
 * What the engine lints: a payload kind, the rules that may apply to it and how to build
 * its schema tree. Each kind names only its own rules and schema, so a bundle that only
 * calls `lintOrder` carries no return-only rule or table (country names, the returns
 * schema), and one that only calls `lintReturn` no order-only one.
 */
import { ORDER_RULES, RETURN_RULES } from '../../rules/index';
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
  /** The rules whose `kinds` name this kind, sorted by id (plans pick from these). */
  readonly rules: readonly Rule[];
  /** Builds the schema tree (plan.ts caches it per target and per FMS). */
  tree(fms: boolean): Tree;
}

/** The return-token request. */
export const RETURN_TARGET: LintTarget = {
  kind: 'return',
  features: undefined,
  rules: RETURN_RULES,
  tree: (fms) => buildTree(ReturnRequestSchema, { label: 'the return request', fms }),
};

const orderTargets = new WeakMap<OrderVersionFeatures, LintTarget>();
/** The target last asked for (lint calls mostly repeat one version): no WeakMap lookup. */
let last: LintTarget | undefined;

/**
 * The order of a version, by its features: the spec's own versions, or features a test
 * made up (its schema is then built from them).
 *
 * @param features `ORDER_VERSION_FEATURES[version]`, or made-up features.
 * @returns The target (one per features object).
 */
export function orderTarget(features: OrderVersionFeatures): LintTarget {
  if (last !== undefined && last.features === features) return last;
  let target = orderTargets.get(features);
  if (!target) {
    const version = features.version as OrderVersion;
    const schema = () =>
      ORDER_VERSION_FEATURES[version] === features ? ORDER_REQUEST_SCHEMAS[version] : orderRequestSchema(features, { ...ORDER_VERSION_FEATURES, [features.version]: features });
    target = {
      kind: 'order',
      features,
      rules: ORDER_RULES,
      tree: (fms) => buildTree(schema(), { label: features.label, bodyKey: 'clientRequest', fms }),
    };
    orderTargets.set(features, target);
  }
  last = target;
  return target;
}
