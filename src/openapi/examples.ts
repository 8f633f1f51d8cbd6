/**
 * The examples of the OpenAPI document. Request bodies are made by the builders for the
 * simulator's default client, so they lint clean and the simulator accepts them; answers
 * are the simulator's, in each interface's shape, with its messages and codes. The first
 * example of a response is the one mock servers (Prism) answer with: a success.
 */
import { buildOrder } from '../builders/buildOrder';
import { buildReturnRequest } from '../builders/buildReturnRequest';
import type { OrderRequest } from '../schema/order';
import type { ReturnRequest } from '../schema/return';
import { ORDER_VERSION_FEATURES, type OrderVersion } from '../schema/tables';
import { MESSAGES, type Interface } from '../simulator/answers';
import { DEFAULT_SIMULATOR_DATA } from '../simulator/defaults';
import { ORDER_DUPLICATE_REFERENCE, ORDER_VALIDATION_ERROR } from '../simulator/operations/create-order';
import { RETURN_DUPLICATE_REFERENCE, RETURN_VALIDATION_ERROR } from '../simulator/operations/create-return-token';

/** An OpenAPI Example Object. */
export interface Example {
  /** One line on what the example shows. */
  readonly summary: string;
  /** The body. */
  readonly value: unknown;
}

/** Named examples of one media type; the first is the one a mock server answers with. */
export type Examples = Readonly<Record<string, Example>>;

/** The simulator's default client's profile (read when used: importing this module runs nothing). */
const profile = () => DEFAULT_SIMULATOR_DATA.clients[0]!.profile!;
/** A made-up id where the simulator draws a random one (requestId, activityId, token). */
export const EXAMPLE_ID = '3f1c9a52-7b4e-4d2a-9c61-0e8f5b7d2a14';

/** A create-order payload of `version` for the default client (two cart lines, DE). */
export function orderRequestExample<V extends OrderVersion>(version: V): OrderRequest<V> {
  return buildOrder({
    version,
    profile: profile(),
    externalMessageReference: 'WEB-10001',
    currency: 'EUR',
    shipServiceLevel: 'STD',
    incoTerms1: 'DAP',
    ...(ORDER_VERSION_FEATURES[version].members.poNumber ? { poNumber: 'PO-77' } : {}),
    wantedDeliveryDate: '2026-03-05T12:00:00Z',
    offsetMinutes: 60,
    billTo: {
      firstName: 'Jane',
      lastName: 'Doe',
      phone: '+49 30 1234567',
      email: 'jane.doe@example.com',
      locale: 'de-DE',
      address: 'Hauptstrasse 1',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
    },
    lines: [
      { sku: 'MUG-RED', quantity: 2, unitPrice: '10.00', taxFactor: '1.19', taxLevel: 'HIGH', localizedDescription: 'Mug, red' },
      { sku: 'TEA-GREEN', quantity: 1, unitPrice: '4.20', taxFactor: '1.07', taxLevel: 'LOW', localizedDescription: 'Green tea' },
    ],
  });
}

/**
 * The v1.1 order example with a billTo firstName one character over its limit (21): the
 * lint error the refusal examples (`LINT_SUMMARY`, the control API's lint answers) show.
 */
export function tooLongOrderExample(): OrderRequest<'1.1'> {
  const order = orderRequestExample('1.1');
  order.clientRequest.partner[0]!.personData.firstName = 'Maximiliane-Alexandra';
  return order;
}

/** A return-token request for the first item of the v1.1 order example. */
export function returnRequestExample(): ReturnRequest {
  return buildReturnRequest({
    order: orderRequestExample('1.1'),
    orderDate: '2026-03-01T10:00:00Z',
    profile: profile(),
    externalMessageReference: 'RMA-20001',
    returnReason: profile().returnReasons![0]!,
    clientReturnURL: 'https://shop.example/returns/done',
    items: [{ itemId: '1', quantity: 1 }],
  });
}

/** The echo request of the spec's table. */
export const ECHO_REQUEST_EXAMPLE = { vehicleType: 'car', maxSpeed: 180, avgSpeed: 95.5, speedUnit: 'km/h' };

/** What the gateway policy makes of ECHO_REQUEST_EXAMPLE (the simulator answers it). */
export const ECHO_XML_EXAMPLE =
  '<Document><vehicleType>car</vehicleType><maxSpeed>180</maxSpeed><avgSpeed>95.5</avgSpeed><speedUnit>km/h</speedUnit></Document>';

/** An order result of `version`: v1 `result` boolean, later the text, v1.2 with `requestId`. */
function orderResult(version: OrderVersion, ok: boolean, errorCode: string | null, errorMessage: string | null) {
  const features = ORDER_VERSION_FEATURES[version];
  return { result: features.resultType === 'boolean' ? ok : String(ok), errorCode, errorMessage, ...(features.requestId ? { requestId: EXAMPLE_ID } : {}) };
}

const LINT_SUMMARY = 'The payload has 1 lint error: /clientRequest/partner/0/personData/firstName (max-length): firstName is 21 characters long; the limit is 20.';
const DUPLICATE = 'requestHeader.requestReference was used before; duplicates are rejected.';

/** The 200 examples of create order: accepted first (`result` true, errorCode null), then the two refusals. */
export function orderResultExamples(version: OrderVersion): Examples {
  return {
    accepted: { summary: 'The order is accepted.', value: orderResult(version, true, null, null) },
    rejected: { summary: 'The order has lint errors (HTTP 200, result false).', value: orderResult(version, false, ORDER_VALIDATION_ERROR, LINT_SUMMARY) },
    duplicate: { summary: 'The requestReference was used before.', value: orderResult(version, false, ORDER_DUPLICATE_REFERENCE, DUPLICATE) },
  };
}

/** The 200 examples of create return token: a token first, then the two refusals. */
export function returnTokenExamples(): Examples {
  return {
    created: { summary: 'A return token.', value: { transactionID: EXAMPLE_ID, resultCode: '0', resultMessage: 'Return token created.' } },
    rejected: {
      summary: 'The request has lint errors (HTTP 200, resultCode not "0").',
      value: { transactionID: null, resultCode: RETURN_VALIDATION_ERROR, resultMessage: LINT_SUMMARY.replace('/clientRequest', '') },
    },
    duplicate: { summary: 'The requestReference was used before.', value: { transactionID: null, resultCode: RETURN_DUPLICATE_REFERENCE, resultMessage: DUPLICATE } },
  };
}

/** The 200 example of list payment methods: the simulator's default methods, unfiltered. */
export function paymentMethodsExample(): Examples {
  const methods = DEFAULT_SIMULATOR_DATA.paymentMethods.map(({ country: _country, ...entry }) => entry);
  return { all: { summary: 'Every configured method.', value: [{ result: 'true', paymentMethod: methods, errorCode: '', message: [] }] } };
}

/** The 200 example of inventory details: the simulator's default inventory. */
export function inventoryExample(): Examples {
  const inventory = DEFAULT_SIMULATOR_DATA.inventory.map((item) => ({ ...item }));
  return { all: { summary: 'Every product at every location.', value: { inventory, errorCode: '', errorMessage: '' } } };
}

/** The payment-method interface's error body: a payment-method entry naming one failure. */
function paymentMethodFailure(errorCode: string, message: string, path: string, errorType: string) {
  return { result: 'false', paymentMethod: [], errorCode, message: [{ message, path, errorType }] };
}

const statusBody = (status: string, message: string) => ({ statusCode: status, message });

/**
 * The examples of an error status of an interface, as the simulator answers it.
 *
 * @param where The interface (it decides the body shape).
 * @param status `400`, `401`, `404`, `413`, `415` or `500`.
 * @returns The named examples.
 */
export function errorExamples(where: Interface, status: string): Examples {
  switch (status) {
    case '401': {
      const message = MESSAGES.invalidSubscriptionKey;
      const value =
        where === 'payment-method'
          ? paymentMethodFailure('401', message, 'Ocp-Apim-Subscription-Key', 'Unauthorized')
          : where === 'product'
            ? { statuscode: '401', message }
            : statusBody('401', message);
      return { unauthorized: { summary: 'An invalid subscription key.', value } };
    }
    case '404':
      return where === 'payment-method'
        ? { notFound: { summary: 'No method matches the filters.', value: paymentMethodFailure('404', MESSAGES.noPaymentMethods, 'country', 'NotFound') } }
        : { notFound: { summary: 'No inventory for the sku.', value: statusBody('404', MESSAGES.noInventory) } };
    case '500':
      return where === 'payment-method'
        ? { serverError: { summary: 'A server error.', value: paymentMethodFailure('500', `${MESSAGES.serverError} Activity id ${EXAMPLE_ID}.`, '', 'ServerError') } }
        : { serverError: { summary: 'A server error.', value: { statusCode: '500', activityId: EXAMPLE_ID, message: MESSAGES.serverError } } };
    case '400': {
      const examples: Record<string, Example> = {
        notJson: { summary: 'The body is not JSON.', value: statusBody('400', MESSAGES.notJson) },
        tooDeep: { summary: 'The body nests deeper than 512 levels.', value: statusBody('400', MESSAGES.tooDeep) },
      };
      if (where !== 'echo') return examples;
      return {
        ...examples,
        notObject: { summary: 'The body is not a JSON object.', value: statusBody('400', MESSAGES.notObject) },
        notXmlName: { summary: 'A member name is no XML element name.', value: statusBody('400', MESSAGES.notXmlName) },
        nestedArray: { summary: 'An array directly inside an array.', value: statusBody('400', MESSAGES.nestedArray) },
        notXmlText: { summary: 'A string with a character XML 1.0 does not allow.', value: statusBody('400', MESSAGES.notXmlText) },
      };
    }
    case '413':
      return { tooLarge: { summary: 'The body is over 10 MiB.', value: statusBody('413', MESSAGES.tooLarge) } };
    default:
      return { contentType: { summary: 'Content-Type is missing or not JSON.', value: statusBody(status, MESSAGES.contentType) } };
  }
}
