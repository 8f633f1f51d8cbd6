import { isPlainObject } from '../lint/json';
import * as v from 'valibot';
import type { Problem } from '../lint/index';
import { problemOf } from '../lint/report';
import { echoXmlIssues, EchoRequestSchema, MAX_BODY_DEPTH, type EchoXmlIssue } from '../schema/echo';
import { toPointer } from '../lint/pointer';
import { onlyMembers } from '../schema/profile';
import { JSON_CONTENT_TYPE, lintedBody } from './body';
import { operationUrl, subscriptionHeaders, type EchoConnection } from './connection';
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

/** What the gateway's JSON-to-XML policy cannot convert, as `type` problems (never quoting a name or a value). */
const XML_MESSAGES: Readonly<Record<EchoXmlIssue, string>> = {
  notXmlName: 'A member name must be an XML element name: the gateway converts the body to XML.',
  nestedArray: 'An array must not hold an array directly: XML has no form for a list of lists.',
  notXmlText: 'A string must hold only characters XML 1.0 allows (no control character but tab and line ends, no U+FFFE or U+FFFF, no lone surrogate).',
  tooDeep: `Objects and arrays must not nest deeper than ${MAX_BODY_DEPTH} levels.`,
};

/** The one problem of a payload that is not a JSON object, or cannot be read as one. */
const notAnObject = (message: string): Problem[] => [problemOf('type', 'error', '', message)];

/**
 * Checks an echo body against EchoRequestSchema, as Problems with the lint rule ids
 * `required` and `type`; messages name members, never values. Any member, its four and
 * others, must also have an XML form, since the gateway converts the body to XML: a
 * member name that is no XML element name, an array directly inside an array, a string
 * with a character XML 1.0 does not allow, or nesting deeper than 512 levels is a `type`
 * problem at that member (what the simulator refuses with 400). Never throws and never
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
  let entries: [string, unknown][];
  try {
    // Plain as lint reads it: Object.prototype of this or another realm, or null.
    if (!isPlainObject(payload)) return notAnObject('The echo request must be a JSON object.');
    // Own enumerable members, each read once: what JSON.stringify sends.
    entries = Object.entries(payload);
  } catch {
    return notAnObject('The echo request could not be read as JSON data.');
  }
  const members: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    // Every member is a string or a number: any object is wrong, and the schema need not
    // touch it (valibot describes a wrong input, which a revoked Proxy would not survive).
    if (MEMBERS.includes(key)) members[key] = typeof value === 'object' && value !== null ? {} : value;
  }
  const result = v.safeParse(EchoRequestSchema, members, { abortPipeEarly: true });
  const problems: Problem[] = [];
  for (const issue of result.issues ?? []) {
    const key = String(issue.path?.[0]?.key ?? '');
    // Absent is missing or null, as everywhere (DESIGN: presence).
    const missing = issue.input === undefined || issue.input === null;
    problems.push(problemOf(missing ? 'required' : 'type', 'error', `/${key}`, missing ? `Member ${key} is required.` : `Member ${key} must be ${EXPECTED[key] ?? 'valid'}.`));
  }
  try {
    // Of the four members, only a string can hold what XML cannot: another type is a type problem already.
    const convertible = entries.filter(([key, value]) => !MEMBERS.includes(key) || typeof value === 'string');
    for (const { issue, path } of echoXmlIssues(payload as object, convertible)) problems.push(problemOf('type', 'error', toPointer(path), XML_MESSAGES[issue]));
  } catch {
    return notAnObject('The echo request could not be read as JSON data.');
  }
  return problems;
}

const ECHO_OPTIONS = ['baseUrl', 'credentials', 'lint'];

/**
 * Describes POST `/echo/resource` with the echo request as its JSON body (subscription key only).
 *
 * @param payload The echo request `{ vehicleType, maxSpeed, avgSpeed, speedUnit }`.
 * @param options baseUrl, `credentials.subscriptionKey` and `lint`.
 * @returns The request descriptor; `body` is the payload's JSON text (what lintEcho checked: the parse of that text).
 * @throws PayloadRejectedError when the body is not an EchoRequest (unless `lint: false`).
 * @throws TypeError or RangeError naming a missing or unusable subscription key or baseUrl, a member it does not take, or an unserialisable payload.
 * @example
 * const request = describeEcho(
 *   { vehicleType: 'train', maxSpeed: 125, avgSpeed: 90, speedUnit: 'mph' },
 *   { baseUrl, credentials: { subscriptionKey } },
 * );
 */
export function describeEcho(payload: unknown, options: EchoOptions): HttpRequest {
  const headers = { ...subscriptionHeaders(options), ...JSON_CONTENT_TYPE };
  onlyMembers(options, ECHO_OPTIONS, 'options');
  const url = operationUrl(options.baseUrl, PATHS.echo);
  return createHttpRequest('POST', url, headers, lintedBody('echo', payload, options.lint === false ? undefined : lintEcho));
}
