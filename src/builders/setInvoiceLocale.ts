import type { OrderRequest } from '../schema/order';
import type { OrderVersion } from '../schema/tables';
import { LOCALE_TEXT, fail, isRecord, requiredText } from './_lib/errors';
import { copyOrder } from './_lib/payload';

/**
 * Sets the e-invoice language (spec rule 8, FMS): `personData.locale` of the BillTo
 * partner, in the form LanguageCode-CountryCode (`it-IT`).
 *
 * @param payload An order payload (not modified).
 * @param locale The locale, `ll-CC`, max 6.
 * @returns A new payload, of the payload's type (its version).
 * @throws {TypeError} When the payload is not an order payload or `locale` is not a string.
 * @throws {RangeError} When `locale` is not `ll-CC`, or the order has no BillTo partner
 *   with personData.
 * @example
 * const localized = setInvoiceLocale(payload, 'it-IT');
 * // partner BillTo: personData.locale 'it-IT'
 */
export function setInvoiceLocale<P extends OrderRequest<OrderVersion>>(payload: P, locale: string): P {
  const value = requiredText(locale, 'locale', LOCALE_TEXT);
  const { copy, body } = copyOrder(payload);
  const partners: unknown[] = Array.isArray(body.partner) ? body.partner : [];
  const billTo = partners.find((p) => isRecord(p) && p.partnerType === 'BillTo' && isRecord(p.personData));
  if (!isRecord(billTo)) return fail('payload.clientRequest.partner', 'has no BillTo partner with personData');
  (billTo.personData as Record<string, unknown>).locale = value;
  return copy as P;
}
