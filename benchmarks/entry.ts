/**
 * What the benchmark needs from the library, for when `dist/index.js` cannot be
 * imported or lacks a name: run.mjs bundles this file with esbuild at bench time.
 */
export { lintBatch, lintOrder, lintReturn } from '../src/lint/engine';
export { ORDER_REQUEST_SCHEMAS } from '../src/schema/order';
export { orderJsonSchema } from '../src/schema/json-schema';
