/**
 * What an operation of the simulator works with: the request, the authenticated
 * client, the in-memory state. Internal to the simulator.
 */
import { lintBounded } from '../lint/engine';
import type { BatchState } from '../lint/batch';
import type { LintOptions, LintOrderOptions, PayloadKind, Problem } from '../lint/types';
import { keepNewest, truncatedBody, type ByteBudget } from './kept';
import type { OrderVersion, RequestStatus } from '../schema/tables';
import type { OperationInfo } from './operation-table';
import type { ResolvedOptions } from './options';
import type { RandomSource } from './random';
import type { SimulatorClient, SimulatorFaults } from './types';

/** An accepted order, as the state keeps it. */
export interface OrderRecord {
  client: string;
  clientConfigId: string;
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
  /** The newest `retainOrders` accepted orders, oldest first, by `recordKey(clientConfigId, requestReference)`. */
  orders: Map<string, OrderRecord>;
  /** The newest `retainOrders` issued return tokens, oldest first, by `recordKey(clientConfigId, transactionID)`. */
  returns: Map<string, ReturnRecord>;
  /**
   * The used requestReferences: `duplicate-request-reference`'s batch state, one per `kind` and
   * client (`usedBefore`), each of the newest max(REFERENCE_LIMIT, retainOrders) references.
   */
  references: Map<string, BatchState>;
  /** The payloads of orders and returns kept whole (the newest within BODY_BUDGET_BYTES). */
  payloads: ByteBudget;
}

/**
 * The key of a client's order (by requestReference) or return (by transactionID).
 *
 * @param clientConfigId The client's ClientConfigId.
 * @param id The requestReference or transactionID.
 * @returns The key.
 */
export function recordKey(clientConfigId: string, id: string): string {
  return `${clientConfigId}\u0000${id}`;
}

/**
 * Sets a record's payload, counted in the state's byte budget by what it takes in memory (the oldest payloads past it are truncated).
 *
 * @param state The state.
 * @param record An order or return record.
 * @param payload The payload (a copy the caller no longer holds).
 * @param bytes Its size as received.
 * @param cost What it takes in memory (`Call.bodyCost`: the body it is a copy of, estimated once).
 */
export function keepPayload(state: SimulatorState, record: { payload: unknown }, payload: unknown, bytes: number, cost: number): void {
  record.payload = payload;
  state.payloads.add(record, cost, () => {
    record.payload = truncatedBody(bytes);
  });
}

/**
 * Stores a new order or return as the newest; the oldest past `retainOrders` is forgotten, payload and all.
 *
 * @param state The state.
 * @param records `state.orders` or `state.returns`.
 * @param key Its `recordKey`.
 * @param record The record, its payload not yet set.
 * @param payload Its payload.
 * @param bytes The payload's size as received.
 * @param cost What it takes in memory (`Call.bodyCost`).
 */
export function storeRecord<R extends { payload: unknown }>(state: SimulatorState, records: Map<string, R>, key: string, record: R, payload: unknown, bytes: number, cost: number): void {
  keepPayload(state, record, payload, bytes, cost);
  keepNewest(records, key, record, state.options.retainOrders, (gone) => state.payloads.remove(gone));
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
  /** The size of the body as received, in bytes (0 without one). */
  readonly bodyBytes: number;
  /** What the body takes in memory (`heapBytes`; 0 without one): a stored payload, its copy, is counted by it. */
  readonly bodyCost: number;
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

/** Lint errors a refusal's message shows at most; the others are only counted. */
export const SHOWN_ERRORS = 5;

/** The lint errors of a payload: the first SHOWN_ERRORS, and how many there are in all. */
export interface LintErrors {
  readonly shown: readonly Problem[];
  readonly count: number;
}

/**
 * Lints a payload in bounded memory (`lintBounded`): only the first SHOWN_ERRORS errors are
 * built, the rest counted, so a 10 MiB payload of a million problems costs what it shows.
 *
 * @param kind The payload kind.
 * @param payload The payload.
 * @param options As for `lintOrder` (with a version) or `lintReturn`.
 * @returns The shown errors and the count.
 */
export function lintErrors(kind: PayloadKind, payload: unknown, options: LintOptions | LintOrderOptions): LintErrors {
  const { problems, omitted } = lintBounded(kind, payload, options, { maxProblems: SHOWN_ERRORS, warnings: false });
  return { shown: problems, count: problems.length + (omitted?.errors ?? 0) };
}

/**
 * A one-line summary of lint errors for an errorMessage / resultMessage: the count, then
 * up to five `path (rule): message` entries. Lint messages never repeat payload values.
 *
 * @param errors The errors (`lintErrors`).
 * @returns The summary.
 */
export function summarise(errors: LintErrors): string {
  const shown = errors.shown.slice(0, SHOWN_ERRORS).map((p) => `${p.path || '(root)'} (${p.rule}): ${p.message}`);
  const more = errors.count > shown.length ? `; and ${errors.count - shown.length} more` : '';
  return `The payload has ${errors.count} lint error${errors.count === 1 ? '' : 's'}: ${shown.join('; ')}${more}`;
}
