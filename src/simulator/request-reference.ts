/**
 * The requestReference of a request body as the request log shows it (`--log`, `onRequest`):
 * the engine's reading (src/lint/batch-state.ts), which `--shard` hashes too.
 */
export { requestReferenceOf } from '../lint/batch-state';
