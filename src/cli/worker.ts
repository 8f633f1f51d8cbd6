/**
 * The lint worker: a thread that lints units of raw input bytes. It is started from its own
 * module (lint-worker.ts), and told apart from any other thread by `workerData`.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { releaseInput } from './collect';
import { createUnitLinter, resultTransfer, type PackedUnitResult, type SlicedUnitResult, type Unit, type UnitSettings } from './lint-unit';

/** The `workerData` member that marks a fulfilkit lint worker. */
export const WORKER_MARK = 'fulfilkitLintWorker';

/** A unit to lint, or the next slice of one (`after`: the request that answered the slice before), with its number. */
export type WorkerRequest = { readonly id: number; readonly unit: Unit } | { readonly id: number; readonly after: number };

/** The reply: the result (its problems packed), or what went wrong. */
export type WorkerReply = { readonly id: number; readonly result: PackedUnitResult } | { readonly id: number; readonly error: string };

/**
 * True in a thread started as a lint worker.
 *
 * @returns Whether this thread should run `runLintWorker`.
 */
export function isLintWorker(): boolean {
  return !isMainThread && parentPort !== null && (workerData as Record<string, unknown> | null)?.[WORKER_MARK] === true;
}

/**
 * Serves lint requests until the main thread ends this worker.
 */
export function runLintWorker(): void {
  const port = parentPort!;
  const lintUnit = createUnitLinter((workerData as { settings: UnitSettings }).settings);
  // Units with slices still to lint, by the request that answered their last slice.
  const unfinished = new Map<number, { readonly rest: () => SlicedUnitResult; readonly bytes: Uint8Array }>();
  port.on('message', (request: WorkerRequest) => {
    const { id } = request;
    const unit = 'unit' in request ? { rest: () => lintUnit(request.unit), bytes: request.unit.bytes } : unfinished.get(request.after)!;
    if ('after' in request) unfinished.delete(request.after);
    let reply: WorkerReply;
    try {
      const { rest, ...result } = unit.rest();
      if (rest) unfinished.set(id, { rest, bytes: unit.bytes });
      reply = { id, result };
    } catch (error) {
      // Lint never throws; this is a bug, reported without payload content.
      reply = { id, error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error' };
    }
    // Freed before the answer goes: the run reads the next long line only once it has it.
    if (!unfinished.has(id)) releaseInput(unit.bytes, 'result' in reply ? reply.result.bytes : undefined);
    port.postMessage(reply, 'result' in reply ? resultTransfer(reply.result) : []);
  });
}
