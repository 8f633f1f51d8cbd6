/**
 * What an operation of the simulator works with: the request, the authenticated
 * client, the in-memory state. Internal to the simulator.
 */
import type { BatchState } from '../lint/batch';
import type { PayloadKind, Problem } from '../lint/types';
import type { OrderVersion, RequestStatus } from '../schema/tables';
import type { OperationInfo } from './operation-table';
import type { ResolvedOptions } from './options';
import type { RandomSource } from './random';
import type { SimulatorClient, SimulatorFaults } from './types';

/** An accepted order, as the state keeps it. */
export interface OrderRecord {
  client: string;
  fms: boolean;
  version: OrderVersion;
  requestReference: string;
  externalMessageReference?: string;
  requestId: string;
  requestStatus: RequestStatus;
  history: RequestStatus[];
  payload: unknown;
}

/** An issued return token, as the state keeps it. */
export interface ReturnRecord {
  client: string;
  clientConfigId: string;
  requestReference: string;
  transactionID: string;
  payload: unknown;
}

/** The simulator's in-memory state. */
export interface SimulatorState {
  readonly options: ResolvedOptions;
  faults: SimulatorFaults;
  /** How many requests of each request key (`requestKey`) came so far. */
  seen: Map<string, number>;
  orders: OrderRecord[];
  returns: ReturnRecord[];
  /** One batch state per client and kind: the same duplicate rule as lintBatch and the CLI. */
  batches: Map<string, BatchState>;
}

/** One request on its way through an operation. */
export interface Call {
  readonly request: Request;
  readonly url: URL;
  readonly state: SimulatorState;
  /** The authenticated client (echo: the first client with the subscription key). */
  readonly client: SimulatorClient;
  /** The parsed JSON body of an operation that takes one (at most MAX_BODY_DEPTH deep); else `undefined`. */
  readonly body: unknown;
  /** The request's own random source (tokens, ids), seeded by the simulator's seed and the request. */
  readonly random: RandomSource;
  /** Sets the XML conversion shown in received() (echo). */
  recordXml(xml: string): void;
}

/** What an operation reads of its body. */
export interface BodyRule {
  /** `json`: the Content-Type must be JSON (else 415); `any`: the body is read as JSON whatever it says. */
  readonly contentType: 'json' | 'any';
  /** The payload kind whose requestReference identifies the request (fault draws, ids). */
  readonly kind?: PayloadKind;
}

/** One operation: where it is, who may call it, what body it reads, and what it answers. */
export interface Route extends OperationInfo {
  /** The JSON body it takes; none: the body is never read. */
  readonly body?: BodyRule;
  run(call: Call): Promise<Response> | Response;
}

/**
 * A one-line summary of lint errors for an errorMessage / resultMessage: the count, then
 * up to five `path (rule): message` entries. Lint messages never repeat payload values.
 *
 * @param errors The error-severity problems.
 * @returns The summary.
 */
export function summarise(errors: readonly Problem[]): string {
  const shown = errors.slice(0, 5).map((p) => `${p.path || '(root)'} (${p.rule}): ${p.message}`);
  const more = errors.length > shown.length ? `; and ${errors.length - shown.length} more` : '';
  return `The payload has ${errors.length} lint error${errors.length === 1 ? '' : 's'}: ${shown.join('; ')}${more}`;
}
