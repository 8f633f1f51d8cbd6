/**
 * The lint engine's public surface: the engine (instance.ts, which knows no rule), and the
 * default engine that src/default-engine.ts wires with the rules of rules/.
 */
export { configureEngine, createBatchState, createEngine, lintBatch, lintOrder, lintReturn } from '../default-engine';
export type { Engine, EngineConfig, EngineOptions } from './instance';
export { batchFactsOf } from './batch-state';
export type { BatchFacts, BatchState } from './batch-state';
export { defineRule, FINDINGS } from './define-rule';
export type { CheckCode, FieldCheckDef, Finding, FindingClaim, Rule, RuleContext, RuleDocs, RuleMeta, SchemaMember, SchemaNode } from './define-rule';
export { escapeToken, parsePointer, resolvePointer, toPointer } from './pointer';
export type {
  ClientProfile,
  LintBatchOptions,
  LintOptions,
  LintOrderOptions,
  PayloadKind,
  Problem,
  ProblemFix,
  RuleLevel,
  Severity,
} from './types';
