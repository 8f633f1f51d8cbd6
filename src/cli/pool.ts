/**
 * Where units are linted: worker threads (`--concurrency N`), or the main thread (1).
 */
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { transferOf } from './bytes';
import { releaseInput } from './collect';
import { createUnitLinter, unpackUnitResult, type SlicedUnitResult, type Unit, type UnitResult, type UnitSettings } from './lint-unit';
import { WORKER_MARK, type WorkerReply, type WorkerRequest } from './worker';

/** Lints units; results may complete in any order (the run puts them back in input order). */
export interface Executor {
  /** Worker threads; 0 when linting in-process. */
  readonly threads: number;
  /** Units that may be in flight at once before reading waits. */
  readonly capacity: number;
  /** Units handed out and not yet answered. */
  readonly busy: number;
  /** Lints one unit; its bytes are handed over (do not use them afterwards). */
  run(unit: Unit): Promise<UnitResult>;
  /** Stops the workers. */
  close(): Promise<void>;
}

/**
 * Lints in the calling thread.
 *
 * @param settings The run's settings.
 * @returns The executor.
 */
export function inProcess(settings: UnitSettings): Executor {
  const lintUnit = createUnitLinter(settings);
  let busy = 0;
  return {
    threads: 0,
    capacity: 2,
    get busy() {
      return busy;
    },
    run(unit) {
      // Later in the event loop: reading, writing and signals go on between units (and slices).
      const slice = (lint: () => SlicedUnitResult) =>
        new Promise<UnitResult>((resolve, reject) => {
          busy++;
          setImmediate(() => {
            busy--;
            try {
              const { rest, ...packed } = lint();
              if (!rest) releaseInput(unit.bytes, packed.bytes);
              const result = unpackUnitResult(packed);
              if (rest) result.next = () => slice(rest);
              resolve(result);
            } catch (error) {
              reject(error as Error);
            }
          });
        });
      return slice(() => lintUnit(unit));
    },
    close: async () => {},
  };
}

const YOUNG_GENERATION_MB = 4;
// After a full collection a heap may grow to 2 x what was live, not up to the 4 x V8 allows
// itself when collections are quick: with each unit's input freed once linted (worker.ts),
// peak RSS about 70 MB lower on 1 GB of NDJSON with one error a line, 55 MB on 1.5 million
// listed problems, and 40 MB on mostly valid orders at the same speed. V8 reads this flag at
// each collection, so setting it at run time works, for every heap of the process.
const HEAP_GROWING_PERCENT = 100;
// Listed problems the units in flight may hold, about: each costs about 23 bytes packed (problem-pack.ts).
const PROBLEMS_IN_FLIGHT = 200_000;

interface Pending {
  resolve(result: UnitResult): void;
  reject(error: Error): void;
}

/**
 * Lints in `count` worker threads started from `script` (the CLI's own module). Each unit
 * goes to the worker with the fewest units in hand.
 *
 * @param settings The run's settings (sent once to each worker).
 * @param script The module to start workers from.
 * @param count How many workers.
 * @returns The executor.
 */
export function workerPool(settings: UnitSettings, script: URL, count: number): Executor {
  const pending = new Map<number, Pending>();
  const load: number[] = [];
  const workers: Worker[] = [];
  let nextId = 0;
  let failure: Error | undefined;
  let closing = false;
  // Listed problems per unit, a moving average: units dense with problems are fewer in flight.
  let problemsPerUnit = 0;

  const fail = (error: Error) => {
    failure ??= error;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  // Workers start only in the bin's own process (the in-process executor leaves the heap alone).
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

  for (let w = 0; w < count; w++) {
    // A small young generation: parsing makes short-lived garbage, collected often and cheaply;
    // measured on 1 GB of NDJSON it keeps peak RSS about 100 MB lower at the same speed.
    const worker = new Worker(script, { workerData: { [WORKER_MARK]: true, settings }, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    worker.on('message', (reply: WorkerReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      load[w]!--;
      if ('error' in reply) p.reject(new Error(`a lint worker failed: ${reply.error}`));
      else {
        problemsPerUnit = (problemsPerUnit + reply.result.pack.kindOf.length) / 2;
        const result = unpackUnitResult(reply.result);
        // The next slice is linted by the worker that holds the unit.
        if (reply.result.more) result.next = () => send(w, (id) => ({ id, after: reply.id }), []);
        p.resolve(result);
      }
    });
    worker.on('error', (error) => fail(new Error(`a lint worker failed: ${error.message}`)));
    worker.on('exit', (code) => {
      if (!closing) fail(new Error(`a lint worker stopped (exit code ${code})`));
    });
    workers.push(worker);
    load.push(0);
  }

  /** Posts a request to worker `w`; resolves with its answer. */
  function send(w: number, request: (id: number) => WorkerRequest, transfer: ArrayBuffer[]): Promise<UnitResult> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    load[w]!++;
    return new Promise<UnitResult>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      workers[w]!.postMessage(request(id), transfer);
    });
  }

  return {
    threads: count,
    // Four units a worker: one slow unit at the head of the line does not leave the others idle;
    // fewer (one a worker at least) when units list so many problems that memory would grow.
    get capacity() {
      return Math.max(count, Math.min(count * 4, Math.floor(PROBLEMS_IN_FLIGHT / Math.max(problemsPerUnit, 1))));
    },
    get busy() {
      return pending.size;
    },
    run(unit) {
      let w = 0;
      for (let i = 1; i < load.length; i++) if (load[i]! < load[w]!) w = i;
      return send(w, (id) => ({ id, unit }), transferOf(unit.bytes));
    },
    async close() {
      closing = true;
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
