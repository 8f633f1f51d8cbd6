/**
 * The lint engine's public surface.
 */
export { configureEngine, lintBatch, lintOrder, lintReturn } from './engine';
export type { EngineConfig } from './engine';
export { batchFactsOf, createBatchState } from './batch';
export type { BatchFacts, BatchState } from './batch';
export { defineRule } from './define-rule';
export type { Rule, RuleContext, RuleDocs, RuleMeta } from './define-rule';
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
