/**
 * The old path of the batch rules' state, kept for the modules that still import it from
 * here: the state is batch-state.ts (given its rules), the default one
 * src/default-engine.ts. Re-exports only; nothing in src/lint imports this file.
 */
export { batchFactsOf, batchStateOf } from './batch-state';
export type { BatchFacts, BatchState } from './batch-state';
export { createBatchState } from '../default-engine';
