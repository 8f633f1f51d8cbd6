/**
 * The old path of the default engine's functions, kept for the modules that still import
 * them from here: the engine itself is instance.ts (it knows no rule), the default engine
 * src/default-engine.ts. Re-exports only; nothing in src/lint imports this file.
 */
export { configureEngine, createEngine, lintBatch, lintBounded, lintOrder, lintOrderWith, lintReturn, lintWithWalk } from '../default-engine';
export type { BoundedProblems, Engine, EngineConfig, EngineOptions, ProblemLimits } from './instance';
