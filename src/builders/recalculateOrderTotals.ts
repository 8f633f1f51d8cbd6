import type { OrderRequest } from '../schema/order';
import type { OrderVersion } from '../schema/tables';
import { copyOrder, currencyOfOrder, writeTotals } from './_lib/payload';

/**
 * Recomputes the order amounts totalNet, totalTax and totalGross from the items, for
 * payloads whose items were edited by hand: totalNet = Σ netprice × quantity,
 * totalTax = Σ (grossprice − netprice) × quantity, totalGross = totalNet + totalTax,
 * exactly. A zero-grossprice item counts as free of charge (nothing). A payment
 * `authorized` amount equal to the old totalGross follows the new one.
 *
 * @param payload An order payload (not modified).
 * @returns A new payload with fresh totals, of the payload's type (its version).
 * @throws {TypeError} When the payload is not an order payload or an item lacks a
 *   netprice or a numeric quantity.
 * @throws {RangeError} When amounts mix currencies or have too many fraction digits.
 * @example
 * const edited = structuredClone(payload);
 * edited.clientRequest.item[0]!.quantity.value = '3';
 * const fixed = recalculateOrderTotals(edited); // totals follow the new quantity
 */
export function recalculateOrderTotals<P extends OrderRequest<OrderVersion>>(payload: P): P {
  const { copy, body } = copyOrder(payload);
  writeTotals(body, currencyOfOrder(body));
  return copy as P;
}
