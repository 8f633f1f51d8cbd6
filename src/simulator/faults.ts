/**
 * Fault injection: per request, four draws from the request's own random source (latency,
 * server error, drop, lost response) in that order, whatever is configured, so that
 * changing one probability (or turning faults off) shifts neither the others' draws nor
 * the request's tokens and ids.
 */
import type { RandomSource } from './random';
import type { SimulatorFaults, SimulatorOperation } from './types';

/** What happens to one request. */
export interface FaultPlan {
  /** Milliseconds to wait before answering. */
  readonly latencyMs: number;
  /** What goes wrong, if anything. */
  readonly fault?: 'server-error' | 'drop' | 'lost-response';
}

/**
 * Draws the faults of one request.
 *
 * @param faults The settings.
 * @param operation The request's operation (`undefined`: unknown route, never faulted).
 * @param random The request's random source (`requestRandom`).
 * @returns The plan.
 */
export function planFaults(faults: SimulatorFaults, operation: SimulatorOperation | undefined, random: RandomSource): FaultPlan {
  const [latency, error, drop, lost] = [random.next(), random.next(), random.next(), random.next()];
  const active = Object.keys(faults).some((k) => k !== 'operations');
  if (!active || operation === undefined || (faults.operations !== undefined && !faults.operations.includes(operation))) {
    return { latencyMs: 0 };
  }
  const range = faults.latencyMs ?? 0;
  const [min, max] = typeof range === 'number' ? [range, range] : range;
  const latencyMs = min + Math.floor(latency * (max - min + 1));
  if (drop < (faults.drop ?? 0)) return { latencyMs, fault: 'drop' };
  if (error < (faults.serverError ?? 0)) return { latencyMs, fault: 'server-error' };
  if (lost < (faults.lostResponse ?? 0)) return { latencyMs, fault: 'lost-response' };
  return { latencyMs };
}

/**
 * Waits `ms` milliseconds; rejects with the signal's reason when it aborts first.
 *
 * @param ms The delay.
 * @param signal The request's signal.
 * @returns A promise that settles after the delay.
 */
export function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const DROPPED = Symbol.for('fulfilkit.simulator.dropped');

/**
 * The error a dropped connection rejects with: a TypeError, as fetch's network
 * failures are. The node:http adapter destroys the socket instead; the MSW adapter
 * answers `HttpResponse.error()`.
 *
 * @returns The error.
 */
export function droppedConnection(): TypeError {
  const error = new TypeError('fetch failed: the simulator dropped the connection (fault injection).');
  Object.defineProperty(error, DROPPED, { value: true });
  return error;
}

/**
 * Tells whether an error is the simulator's dropped connection.
 *
 * @param error Anything.
 * @returns `true` for an error from `droppedConnection`.
 */
export function isDroppedConnection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[DROPPED] === true;
}
