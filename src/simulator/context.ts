/**
 * What an operation of the simulator works with: the request, the authenticated
 * client, the in-memory state. Internal to the simulator.
 */
import type { BatchState } from '../lint/batch';
import type { Problem } from '../lint/types';
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
  random: RandomSource;
  faults: SimulatorFaults;
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
  /** The body text (POST), `''` when there is none. */
  readonly text: string;
  /** Sets the XML conversion shown in received() (echo). */
  recordXml(xml: string): void;
}

/** One operation: where it is, who may call it, and what it answers. */
export interface Route extends OperationInfo {
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
