/**
 * Builders: pure functions from checkout data to payloads that lint clean, and the
 * special items and fields of the spec's "Rules for order content".
 */
export { addFiscalCode } from './addFiscalCode';
export { addOrderDiscount, type OrderDiscountInput } from './addOrderDiscount';
export { addShippingCosts, type ShippingCostsInput } from './addShippingCosts';
export { addWeeeFee, type WeeeFeeInput } from './addWeeeFee';
export { applyItemDiscount, type ItemDiscountInput } from './applyItemDiscount';
export {
  buildOrder,
  type CartLine,
  type CompanyInput,
  type DynamicFieldInput,
  type NoteInput,
  type OrderInput,
  type PartyInput,
  type PhoneInput,
} from './buildOrder';
export { buildPayment, type CardInput, type PaymentContext, type PaymentInput } from './buildPayment';
export { buildReturnRequest, type ReturnInput, type ReturnItemInput } from './buildReturnRequest';
export { formatOrderDateTime, type OrderDateTimeOptions } from './formatOrderDateTime';
export { formatReturnDateTime, type ReturnDateTimeOptions } from './formatReturnDateTime';
export { EU_COUNTRIES, markExport, type ExportOptions } from './markExport';
export { markPaymentReview } from './markPaymentReview';
export { recalculateOrderTotals } from './recalculateOrderTotals';
export { setInvoiceLocale } from './setInvoiceLocale';
export { splitAddressLines, type AddressLine } from './splitAddressLines';
export type { DateInput } from './_lib/dates';
export type { Pricing, WholeQuantity } from './_lib/money';
export type { OrderContext } from './_lib/payload';
