/**
 * The lint worker: a thread that lints units of raw input bytes. It is started from the
 * CLI's own module (the bin), told apart from the main thread by `workerData`.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { releaseInput } from './collect';
import { createUnitLinter, resultTransfer, type PackedUnitResult, type Unit, type UnitSettings } from './lint-unit';

/** The `workerData` member that marks a fulfilkit lint worker. */
export const WORKER_MARK = 'fulfilkitLintWorker';

/** A unit to lint, with its number. */
export interface WorkerRequest {
  /** Matches the reply to the request. */
  readonly id: number;
  /** The unit. */
  readonly unit: Unit;
}

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
  port.on('message', ({ id, unit }: WorkerRequest) => {
    let reply: WorkerReply;
    try {
      reply = { id, result: lintUnit(unit) };
    } catch (error) {
      // Lint never throws; this is a bug, reported without payload content.
      reply = { id, error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error' };
    }
    port.postMessage(reply, 'result' in reply ? resultTransfer(reply.result) : []);
    releaseInput(unit.bytes, 'result' in reply ? reply.result.bytes : undefined);
  });
}
