/**
 * The one result shape every decoder returns, and the one error shape every
 * documented error body is normalised into.
 */

/**
 * What went wrong, by the spec's Errors table:
 * - `unauthorized`: a documented 401 body;
 * - `not-found`: a documented 404 body (payment methods: no data found; product: resource not found);
 * - `server`: a documented 500 body (product: any body, since the spec does not show it);
 * - `rejected`: a 200 whose body says no (order result false or with errorCode,
 *   resultCode other than "0", product or payment-method errorCode or error message set);
 * - `unexpected`: any other status, or a body that matches no documented shape.
 *
 * @example const kind: ApiErrorKind = 'rejected'; // a 200 whose body says no
 */
export type ApiErrorKind = 'unauthorized' | 'not-found' | 'server' | 'rejected' | 'unexpected';

/**
 * One field-level message of a payment-method error (`message[]`).
 *
 * @example const field: ApiFieldMessage = { message: 'No payment methods found for the given filters.', path: 'country', errorType: 'NotFound' };
 */
export interface ApiFieldMessage {
  /** Description of the error (`''` when the operator left it out). */
  readonly message: string;
  /** The element in error (`''` when left out). */
  readonly path: string;
  /** Type of the error (`''` when left out). */
  readonly errorType: string;
}

/**
 * A failed operation, normalised from whichever body shape the interface uses.
 *
 * @example
 * const result = decodeCreateOrder(200, { result: 'false', errorCode: 'E042', errorMessage: 'Unknown SKU' });
 * if (!result.ok) { const error: ApiError = result.error; } // { kind: 'rejected', status: 200, code: 'E042', message: 'Unknown SKU', raw: {...} }
 */
export interface ApiError {
  /** The failure category. */
  readonly kind: ApiErrorKind;
  /** The HTTP status code as received. */
  readonly status: number;
  /** errorCode, statusCode / statuscode or resultCode of the body, as text, when given. */
  readonly code?: string;
  /** The operator's message (errorMessage, message, resultMessage; payment methods: message[] texts joined with "; "). */
  readonly message?: string;
  /** The operator's internal activity id (returns and fulfilment 500), for support tickets. */
  readonly activityId?: string;
  /** The requestId a v1.2 create-order answer gives the order, on a refusal too (spec: "the response includes requestId"). */
  readonly requestId?: string;
  /** Field-level messages of a payment-method error body. */
  readonly fieldMessages?: readonly ApiFieldMessage[];
  /** The body exactly as passed to the decoder (string or parsed JSON), for logging the unforeseen. */
  readonly raw: unknown;
}

/**
 * A decoded response: the typed success value, or one {@link ApiError}.
 *
 * @example
 * const result: ApiResult<InventoryEntry> = decodeInventory(response.status, response.body);
 * if (result.ok) console.log(result.value.inventory); else console.error(result.error.kind);
 */
export type ApiResult<T> =
  | {
      /** The operation succeeded. */
      readonly ok: true;
      /** The success body, typed. */
      readonly value: T;
    }
  | {
      /** The operation failed. */
      readonly ok: false;
      /** What went wrong. */
      readonly error: ApiError;
    };

/**
 * A decoder: HTTP status and body (parsed JSON or text) in, a result out; it never throws.
 *
 * @example
 * const decode: Decoder<InventoryEntry> = decodeInventory;
 * const result = await sendAndDecode(describeInventory(connection), decode);
 */
export type Decoder<T> = (status: number, body: unknown) => ApiResult<T>;
