import * as v from 'valibot';
import { InventoryEntrySchema, type InventoryEntry } from '../schema/responses';
import type { ApiResult } from './api-result';
import { isRecord, makeDecoder, refusalOf, textDetails, type ErrorTable } from './decoding';

/** Product interface errors: 401 spells `statuscode` in lower case; the 500 body is not shown. */
const ERRORS: ErrorTable = {
  401: { kind: 'unauthorized', shapes: ['product-unauthorized', 'status-code'] },
  404: { kind: 'not-found', shapes: ['status-code'] },
  500: { kind: 'server', shapes: 'any' },
};

const decode = makeDecoder<InventoryEntry>(ERRORS, (status, body, raw) => {
  if (status !== 200) return undefined;
  const refused = isRecord(body) ? refusalOf(status, raw, textDetails({ code: body.errorCode, message: body.errorMessage })) : undefined;
  if (refused !== undefined) return refused;
  const parsed = v.safeParse(InventoryEntrySchema, body);
  return parsed.success ? { ok: true, value: parsed.output } : undefined;
});

/**
 * Decodes an inventory-details response: 200 with the inventory entry, or an error.
 *
 * @param status The HTTP status code.
 * @param body The parsed JSON body, or its text (parsed here when it is JSON).
 * @returns `{ ok: true, value: entry }` or `{ ok: false, error }`; a 200 with errorCode or errorMessage set is `rejected`; never throws.
 * @example
 * const result = decodeInventory(200, { inventory: [{ productID: 'ABC-123', quantity: 7, stockLocationName: 'NL01' }], errorCode: '', errorMessage: '' });
 * if (result.ok) console.log(result.value.inventory[0]?.quantity); // 7
 */
export function decodeInventory(status: number, body: unknown): ApiResult<InventoryEntry> {
  return decode(status, body);
}
