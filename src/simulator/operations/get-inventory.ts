import { json, MESSAGES, statusError } from '../answers';
import type { Call } from '../context';

/**
 * GET /productapi/v1/inventory: every product at every location, or those of `sku`.
 * An unknown sku is 404 `{ statusCode, message }`; an empty inventory is 200 with `[]`.
 *
 * @param call The call.
 * @returns The answer.
 */
export function getInventory(call: Call): Response {
  const sku = call.url.searchParams.get('sku');
  const all = call.state.options.inventory;
  const inventory = sku === null || sku === '' ? all : all.filter((item) => item.productID === sku);
  if (inventory.length === 0 && sku !== null && sku !== '') return statusError(404, MESSAGES.noInventory);
  return json(200, { inventory: inventory.map((item) => ({ ...item })), errorCode: '', errorMessage: '' });
}
