/**
 * Checks `createSimulator`'s options (and `fulfilkit serve --data`) and fills in the
 * defaults. Messages name the member (`clients[1].clientAuthKey`), never its value:
 * the keys are secrets.
 */
import type { ClientProfile } from '../lint/types';
import { checkProfile, onlyMembers } from '../schema/profile';
import { DEFAULT_SIMULATOR_DATA } from './defaults';
import { OPERATION_TABLE } from './operation-table';
import type {
  SimulatorClient,
  SimulatorControlOptions,
  SimulatorFaults,
  SimulatorInventoryItem,
  SimulatorOperation,
  SimulatorPaymentMethod,
  SimulatorRequestEvent,
} from './types';

/** The options with every default filled in, copied so that later changes by the caller do not leak in. */
export interface ResolvedOptions {
  readonly clients: readonly SimulatorClient[];
  readonly inventory: readonly SimulatorInventoryItem[];
  readonly paymentMethods: readonly SimulatorPaymentMethod[];
  readonly seed: number;
  readonly faults: SimulatorFaults;
  /** How many requests received() keeps (the newest). */
  readonly retain: number;
  /** How many accepted orders, and how many issued return tokens, the state keeps (the newest). */
  readonly retainOrders: number;
  /** The control API's settings; `undefined`: no control API. */
  readonly control?: SimulatorControlOptions;
  /** The request log's callback. */
  readonly onRequest?: (event: SimulatorRequestEvent) => void;
}

/** How many requests received() keeps without a `retain` option. */
export const DEFAULT_RETAIN = 1000;

/** How many orders (and return tokens) the simulator keeps without a `retainOrders` option. */
export const DEFAULT_RETAIN_ORDERS = 10_000;

/** A count option, checked: the message names the member, never its value. */
function wholeFromZero(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new RangeError(`${field} must be a whole number from 0.`);
  return value;
}

/** Every operation id, in the spec's order (faults.operations is checked against it). */
const OPERATIONS: readonly SimulatorOperation[] = OPERATION_TABLE.map((info) => info.operation);

/** Printable ASCII without outer spaces: a value every HTTP stack sends unchanged as a header. */
const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new TypeError(`${field} must be an array.`);
  return value;
}

function object(value: unknown, field: string): Record<string, unknown> {
  if (!isObject(value)) throw new TypeError(`${field} must be an object.`);
  return value;
}

function text(record: Record<string, unknown>, key: string, field: string, optional = false): string | undefined {
  const value = record[key];
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || value === '') throw new TypeError(`${field}.${key} must be a non-empty string.`);
  return value;
}

function headerValue(record: Record<string, unknown>, key: string, field: string): string {
  const value = text(record, key, field)!;
  if (!HEADER_VALUE.test(value)) {
    throw new RangeError(`${field}.${key} must be printable ASCII without leading or trailing spaces (an HTTP header value).`);
  }
  return value;
}

function probability(record: Record<string, unknown>, key: string): number | undefined {
  const value = record[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) throw new RangeError(`faults.${key} must be a number from 0 to 1.`);
  return value;
}

function milliseconds(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 600_000;
}

function profileOf(record: Record<string, unknown>, name: string, field: string): ClientProfile {
  if (record.profile === undefined) return { client: name, clientCode: name };
  // The CLI's --profile check: a profile the CLI refuses never switches rules off here.
  const profile = checkProfile(record.profile, `${field}.profile`);
  // The operator checks requestHeader.client against the client it authenticated.
  if (profile.client !== name) throw new RangeError(`${field}.profile.client must equal ${field}.name.`);
  return profile;
}

const CLIENT_MEMBERS = ['clientConfigId', 'clientAuthKey', 'subscriptionKey', 'name', 'profile'];

function clientsOf(value: unknown): SimulatorClient[] {
  const clients = list(value, 'clients').map((entry, i): SimulatorClient => {
    const field = `clients[${i}]`;
    const record = object(entry, field);
    onlyMembers(record, CLIENT_MEMBERS, field);
    const name = text(record, 'name', field)!;
    return {
      clientConfigId: headerValue(record, 'clientConfigId', field),
      clientAuthKey: headerValue(record, 'clientAuthKey', field),
      subscriptionKey: headerValue(record, 'subscriptionKey', field),
      name,
      profile: profileOf(record, name, field),
    };
  });
  if (clients.length === 0) throw new RangeError('clients must list at least one client.');
  const ids = new Set<string>();
  clients.forEach((client, i) => {
    if (ids.has(client.clientConfigId)) throw new RangeError(`clients[${i}].clientConfigId repeats an earlier client's.`);
    ids.add(client.clientConfigId);
  });
  return clients;
}

function inventoryOf(value: unknown): SimulatorInventoryItem[] {
  return list(value, 'inventory').map((entry, i) => {
    const field = `inventory[${i}]`;
    const record = object(entry, field);
    onlyMembers(record, ['productID', 'quantity', 'stockLocationName'], field);
    const quantity = record.quantity;
    if (typeof quantity !== 'number' || !Number.isFinite(quantity)) throw new TypeError(`${field}.quantity must be a finite number.`);
    return {
      productID: text(record, 'productID', field)!,
      quantity,
      stockLocationName: text(record, 'stockLocationName', field)!,
    };
  });
}

const PAYMENT_TEXT = ['country', 'payTerm', 'paymentValue', 'ccType'] as const;

function paymentMethodsOf(value: unknown): SimulatorPaymentMethod[] {
  return list(value, 'paymentMethods').map((entry, i) => {
    const field = `paymentMethods[${i}]`;
    const record = object(entry, field);
    onlyMembers(record, ['type', 'paymentMethod', ...PAYMENT_TEXT], field);
    const out: SimulatorPaymentMethod = { type: text(record, 'type', field)!, paymentMethod: text(record, 'paymentMethod', field)! };
    for (const key of PAYMENT_TEXT) {
      const member = text(record, key, field, true);
      if (member !== undefined) out[key] = member;
    }
    return out;
  });
}

/** The members a fault setting may have. */
const FAULT_MEMBERS: readonly string[] = ['serverError', 'drop', 'lostResponse', 'latencyMs', 'operations'];

/**
 * Checks fault settings and returns a copy.
 *
 * @param value The fault settings.
 * @returns A clean copy.
 * @throws {TypeError|RangeError} Naming the member that is wrong.
 */
export function faultsOf(value: unknown): SimulatorFaults {
  const record = object(value, 'faults');
  // A misspelled fault would set nothing and say so nowhere (the key itself is not repeated).
  if (Object.keys(record).some((key) => !FAULT_MEMBERS.includes(key))) throw new RangeError(`faults takes only ${FAULT_MEMBERS.join(', ')}.`);
  const out: SimulatorFaults = {};
  for (const key of ['serverError', 'drop', 'lostResponse'] as const) {
    const p = probability(record, key);
    if (p !== undefined) out[key] = p;
  }
  const latency = record.latencyMs;
  if (latency !== undefined) {
    const range = Array.isArray(latency) && latency.length === 2 && latency.every(milliseconds) && latency[0] <= latency[1];
    if (!milliseconds(latency) && !range) {
      throw new RangeError('faults.latencyMs must be whole milliseconds (0 to 600000) or a [min, max] pair of them.');
    }
    out.latencyMs = Array.isArray(latency) ? [latency[0], latency[1]] : (latency as number);
  }
  if (record.operations !== undefined) {
    const operations = list(record.operations, 'faults.operations');
    operations.forEach((op, i) => {
      if (!OPERATIONS.includes(op as SimulatorOperation)) {
        throw new RangeError(`faults.operations[${i}] must be one of ${OPERATIONS.join(', ')}.`);
      }
    });
    out.operations = [...(operations as SimulatorOperation[])];
  }
  return out;
}

function controlOf(value: unknown): SimulatorControlOptions | undefined {
  if (value === undefined) return undefined;
  const record = object(value, 'control');
  onlyMembers(record, ['token'], 'control');
  if (record.token === undefined) return {};
  return { token: headerValue(record, 'token', 'control') };
}

/** The members of a `serve --data` file: the options that are data (no token, no callback). */
const DATA_MEMBERS = ['clients', 'inventory', 'paymentMethods', 'seed', 'faults', 'retain', 'retainOrders'];

/** The members `createSimulator` takes. */
const OPTION_MEMBERS = [...DATA_MEMBERS, 'control', 'onRequest'];

/**
 * Checks that a `serve --data` file holds an object of data members only: a `control` token
 * or an `onRequest` there would be dropped by `serve` (its flags set them), so it is refused.
 *
 * @param data The parsed file.
 * @throws {TypeError|RangeError} Naming the member that is not data, never its value.
 * @example checkDataFile({ seed: 7 }); // passes; checkDataFile({ control: { token: 't' } }) throws
 */
export function checkDataFile(data: unknown): void {
  onlyMembers(object(data, 'the file'), DATA_MEMBERS, 'the file');
}

/**
 * Checks the simulator's options and fills in the defaults, member by member.
 *
 * @param options The caller's options (or a parsed `--data` file).
 * @returns The resolved options, deep copies.
 * @throws {TypeError|RangeError} Naming the member that is wrong, never its value.
 */
export function resolveOptions(options: unknown = {}): ResolvedOptions {
  const record = object(options, 'options');
  onlyMembers(record, OPTION_MEMBERS, 'options');
  const seed = record.seed ?? 1;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) throw new TypeError('seed must be a whole number.');
  const retain = record.retain ?? DEFAULT_RETAIN;
  const onRequest = record.onRequest;
  if (onRequest !== undefined && typeof onRequest !== 'function') throw new TypeError('onRequest must be a function.');
  const control = controlOf(record.control);
  wholeFromZero(retain, 'retain');
  const retainOrders = wholeFromZero(record.retainOrders ?? DEFAULT_RETAIN_ORDERS, 'retainOrders');
  return {
    clients: clientsOf(record.clients ?? DEFAULT_SIMULATOR_DATA.clients),
    inventory: inventoryOf(record.inventory ?? DEFAULT_SIMULATOR_DATA.inventory),
    paymentMethods: paymentMethodsOf(record.paymentMethods ?? DEFAULT_SIMULATOR_DATA.paymentMethods),
    seed,
    faults: faultsOf(record.faults ?? {}),
    retain: retain as number,
    retainOrders,
    ...(control === undefined ? {} : { control }),
    ...(onRequest === undefined ? {} : { onRequest: onRequest as ResolvedOptions['onRequest'] }),
  };
}

