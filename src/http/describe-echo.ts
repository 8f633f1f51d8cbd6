import { isPlainObject } from '../lint/json';
import * as v from 'valibot';
import type { Problem } from '../lint/index';
import { problemOf } from '../lint/report';
import { EchoRequestSchema } from '../schema/echo';
import { JSON_CONTENT_TYPE, jsonBody } from './body';
import { operationUrl, subscriptionHeaders, type EchoConnection } from './connection';
import { refuseOnErrors } from './payload-rejected-error';
import { PATHS } from './paths';
import { createHttpRequest, type HttpRequest } from './request';

/**
 * Connection (subscription key only) and the lint switch for the echo interface.
 *
 * @example
 * const options: EchoOptions = { baseUrl: 'https://api.operator.test', credentials: { subscriptionKey: 'sim-subscription-key' }, lint: false };
 * const request = describeEcho({ vehicleType: 'train', maxSpeed: 125, avgSpeed: 90, speedUnit: 'mph' }, options);
 */
export interface EchoOptions extends EchoConnection {
  /** `false` skips the EchoRequest schema check; by default a malformed body is refused. */
  readonly lint?: boolean;
}

const EXPECTED: Readonly<Record<string, string>> = {
  vehicleType: 'a string',
  speedUnit: 'a string',
  maxSpeed: 'a finite number',
  avgSpeed: 'a finite number',
};

/** The members of an echo request, in the spec's order. */
const MEMBERS = Object.keys(EXPECTED);

/** The one problem of a payload that is not a JSON object, or cannot be read as one. */
const notAnObject = (message: string): Problem[] => [problemOf('type', 'error', '', message)];

/**
 * A plain copy of the four members, each read once; `undefined` when `payload` is not a
 * plain JSON object (an array, a Map, a class instance ...). Throws whatever a getter or
 * a Proxy trap throws.
 */
function echoMembers(payload: unknown): Record<string, unknown> | undefined {
  // Plain as lint reads it: Object.prototype of this or another realm, or null.
  if (!isPlainObject(payload)) return undefined;
  const members: Record<string, unknown> = {};
  for (const key of MEMBERS) {
    if (!(key in payload)) continue;
    const value = (payload as Record<string, unknown>)[key];
    // Every member is a string or a number: any object is wrong, and the schema need not
    // touch it (valibot describes a wrong input, which a revoked Proxy would not survive).
    members[key] = typeof value === 'object' && value !== null ? {} : value;
  }
  return members;
}

/**
 * Checks an echo body against EchoRequestSchema, as Problems with the lint rule ids
 * `required` and `type`; messages name members, never values. Never throws and never
 * modifies its input: a payload that cannot be read (a throwing getter, a Proxy trap,
 * a revoked Proxy) is one `type` problem at `''`, as with lintOrder.
 *
 * @param payload The echo body.
 * @returns The problems; empty when the body is an EchoRequest.
 * @example
 * lintEcho({ vehicleType: 'train', maxSpeed: '125', avgSpeed: 90, speedUnit: 'mph' });
 * // [{ rule: 'type', severity: 'error', path: '/maxSpeed', message: 'Member maxSpeed must be a finite number.' }]
 */
export function lintEcho(payload: unknown): Problem[] {
  let members: Record<string, unknown> | undefined;
  try {
    members = echoMembers(payload);
  } catch {
    return notAnObject('The echo request could not be read as JSON data.');
  }
  if (members === undefined) return notAnObject('The echo request must be a JSON object.');
  const result = v.safeParse(EchoRequestSchema, members, { abortPipeEarly: true });
  const problems: Problem[] = [];
  for (const issue of result.issues ?? []) {
    const key = String(issue.path?.[0]?.key ?? '');
    const missing = issue.input === undefined;
    problems.push(problemOf(missing ? 'required' : 'type', 'error', `/${key}`, missing ? `Member ${key} is required.` : `Member ${key} must be ${EXPECTED[key] ?? 'valid'}.`));
  }
  return problems;
}

/**
 * Describes POST `/echo/resource` with the echo request as its JSON body (subscription key only).
 *
 * @param payload The echo request `{ vehicleType, maxSpeed, avgSpeed, speedUnit }`.
 * @param options baseUrl, `credentials.subscriptionKey` and `lint`.
 * @returns The request descriptor; `body` is the payload's JSON text.
 * @throws PayloadRejectedError when the body is not an EchoRequest (unless `lint: false`).
 * @throws TypeError or RangeError naming a missing or unusable subscription key or baseUrl.
 * @example
 * const request = describeEcho(
 *   { vehicleType: 'train', maxSpeed: 125, avgSpeed: 90, speedUnit: 'mph' },
 *   { baseUrl, credentials: { subscriptionKey } },
 * );
 */
export function describeEcho(payload: unknown, options: EchoOptions): HttpRequest {
  const headers = { ...subscriptionHeaders(options), ...JSON_CONTENT_TYPE };
  const url = operationUrl(options.baseUrl, PATHS.echo);
  if (options.lint !== false) refuseOnErrors('echo', lintEcho(payload));
  return createHttpRequest('POST', url, headers, jsonBody(payload));
}
