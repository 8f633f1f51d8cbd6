import { lintReturn, type LintOptions } from '../lint/index';
import { onlyMembers } from '../schema/profile';
import { JSON_CONTENT_TYPE, lintedBody } from './body';
import { clientHeaders, operationUrl, type Connection } from './connection';
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

const CREATE_RETURN_TOKEN_OPTIONS = ['baseUrl', 'credentials', 'lint', 'profile', 'rules'];

/**
 * Describes POST `/rmaportalapi/v1/rmaTokens` with the return request as its JSON body, after linting it.
 *
 * @param payload The return request `{ requestHeader, rma, partner?, item }`.
 * @param options baseUrl, credentials, `lint`, and the LintOptions (`profile`, `rules`) passed to lintReturn.
 * @returns The request descriptor; `body` is the payload's JSON text (what lintReturn checked: the parse of that text).
 * @throws PayloadRejectedError when lintReturn reports an error (unless `lint: false`).
 * @throws TypeError or RangeError naming a missing or unusable credential or baseUrl, a member it does not take (a misspelt `profle`), or an unserialisable payload.
 * @example
 * const request = describeCreateReturnToken(returnRequest, { baseUrl, credentials, profile });
 */
export function describeCreateReturnToken(payload: unknown, options: CreateReturnTokenOptions): HttpRequest {
  const headers = { ...clientHeaders(options), ...JSON_CONTENT_TYPE };
  onlyMembers(options, CREATE_RETURN_TOKEN_OPTIONS, 'options');
  const url = operationUrl(options.baseUrl, PATHS.returnTokens);
  const lint = options.lint === false ? undefined : (value: unknown) => lintReturn(value, { profile: options.profile, rules: options.rules });
  return createHttpRequest('POST', url, headers, lintedBody('return', payload, lint));
}
