import { lintReturn, type LintOptions } from '../lint/index';
import { JSON_CONTENT_TYPE, jsonBody } from './body';
import { clientHeaders, operationUrl, type Connection } from './connection';
import { refuseOnErrors } from './payload-rejected-error';
import { PATHS } from './paths';
import { createHttpRequest, type HttpRequest } from './request';

/**
 * Connection plus lint settings for create return token.
 *
 * @example
 * const options: CreateReturnTokenOptions = { ...connection, profile: { client: 'ACME', clientCode: 'ACME', returnReasons: ['damaged'] } };
 * const request = describeCreateReturnToken(rma, options);
 */
export interface CreateReturnTokenOptions extends Connection, LintOptions {
  /** `false` skips lintReturn; by default a payload with lint errors is refused. */
  readonly lint?: boolean;
}

/**
 * Describes POST `/rmaportalapi/v1/rmaTokens` with the return request as its JSON body, after linting it.
 *
 * @param payload The return request `{ requestHeader, rma, partner?, item }`.
 * @param options baseUrl, credentials, `lint`, and the LintOptions (`profile`, `rules`) passed to lintReturn.
 * @returns The request descriptor; `body` is the payload's JSON text.
 * @throws PayloadRejectedError when lintReturn reports an error (unless `lint: false`).
 * @throws TypeError or RangeError naming a missing or unusable credential or baseUrl, or an unserialisable payload.
 * @example
 * const request = describeCreateReturnToken(returnRequest, { baseUrl, credentials, profile });
 */
export function describeCreateReturnToken(payload: unknown, options: CreateReturnTokenOptions): HttpRequest {
  const headers = { ...clientHeaders(options), ...JSON_CONTENT_TYPE };
  const url = operationUrl(options.baseUrl, PATHS.returnTokens);
  if (options.lint !== false) {
    refuseOnErrors('return', lintReturn(payload, { profile: options.profile, rules: options.rules }));
  }
  return createHttpRequest('POST', url, headers, jsonBody(payload));
}
