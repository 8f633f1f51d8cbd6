/**
 * Every message the http module throws, in one place. None of them interpolates a
 * credential or a payload value: only field names and counts.
 */

/**
 * Placeholder shown instead of a secret header value in every printable view.
 *
 * @example
 * JSON.stringify(describeInventory({ baseUrl, credentials })); // ..."ClientAuthKey":"<redacted>"...
 */
export const REDACTED = '<redacted>';

/** A credential or option that is missing or of the wrong type. */
export const missingField = (field: string): string => `${field} is required: a non-empty string.`;

/** A credential that is an empty string. */
export const emptyField = (field: string): string => `${field} must not be empty.`;

/** A credential that could not travel as an HTTP header value. */
export const badHeaderValue = (field: string): string =>
  `${field} must be printable ASCII without leading or trailing spaces (an HTTP header value).`;

/** The credentials object itself is missing. */
export const MISSING_CREDENTIALS = 'credentials is required: an object with the onboarding keys.';

/** baseUrl is not usable. */
export const BAD_BASE_URL =
  'baseUrl must be an absolute http(s) URL without user info, query or fragment.';

/** A request URL send cannot use: not a string, not a URL, or one with user info. Names no part of it (fetch's own error would quote it, credentials included). */
export const BAD_REQUEST_URL =
  'request.url must be an absolute URL without user info: credentials travel in headers, never in the URL.';

/** A request header send cannot pass on: fetch's own error would quote its value (a credential) whole. Names the header only when its name is one. */
export const badRequestHeader = (name: string | undefined): string =>
  name === undefined
    ? 'request.headers has a member whose name is no HTTP header name (letters, digits and !#$%&\'*+-.^_`|~ only).'
    : `request.headers[${JSON.stringify(name)}] holds a line break or NUL, which no HTTP header value may hold.`;

/** An unknown order version (a test holds the list equal to ORDER_VERSIONS; written out so that the describers stay free of the spec tables). */
export const BAD_VERSION = 'version must be one of "1", "1.1", "1.2".';

/** A query filter that is not a non-empty string. */
export const badFilter = (field: string): string =>
  `${field} must be a non-empty string when given.`;

/** A query filter that cannot be encoded in a URL (a lone surrogate). */
export const unencodableFilter = (field: string): string =>
  `${field} must be well-formed Unicode text (it holds a lone surrogate, which no URL can carry).`;

/** A payload that JSON.stringify cannot turn into a JSON text. */
export const NOT_SERIALISABLE = 'payload cannot be serialised as JSON.';

/** A payload that holds a cycle (an object inside itself): said without the cause, which would name members. */
export const NOT_SERIALISABLE_CYCLE = 'payload cannot be serialised as JSON: it holds an object inside itself (a cycle).';

/** send() found no fetch implementation. */
export const NO_FETCH = 'send needs a fetch implementation: pass one or run where globalThis.fetch exists.';

/** An option of send that has the wrong type or is out of range. */
export const badSendOption = (field: string): string =>
  field === 'options'
    ? 'options must be an object { fetch?, timeoutMs?, signal?, maxResponseBytes? } or a fetch function.'
    : field === 'options.signal'
      ? 'options.signal must be an AbortSignal when given.'
      : `${field} must be ${field.endsWith('Ms') ? 'a positive number of milliseconds (at most 2147483647)' : 'a number of bytes, 0 or more (a safe integer)'}, or Infinity for no limit.`;
