/**
 * Type tests (compiled by `npm run typecheck`): the builders that take no version keep the
 * payload's (a v1.1 order stays an `OrderRequest<'1.1'>`, for each version), and
 * `buildPayment` returns the payment of its context's version.
 */
import { expectTypeOf } from 'vitest';
import {
  addFiscalCode,
  buildPayment,
  markExport,
  markPaymentReview,
  recalculateOrderTotals,
  setInvoiceLocale,
  type ClientProfile,
  type OrderPayment,
  type OrderRequest,
  type OrderRequestV1,
  type OrderRequestV1_1,
  type OrderRequestV1_2,
  type OrderVersion,
  type PaymentContext,
} from '../../src/index';

declare const v1: OrderRequestV1;
declare const v11: OrderRequestV1_1;
declare const v12: OrderRequestV1_2;
declare const any: OrderRequest<OrderVersion>;
declare const profile: ClientProfile;

expectTypeOf(markPaymentReview(v1)).toEqualTypeOf<OrderRequest<'1'>>();
expectTypeOf(markPaymentReview(v11)).toEqualTypeOf<OrderRequest<'1.1'>>();
expectTypeOf(markPaymentReview(v12)).toEqualTypeOf<OrderRequest<'1.2'>>();
expectTypeOf(markPaymentReview(any)).toEqualTypeOf<OrderRequest<OrderVersion>>();

expectTypeOf(recalculateOrderTotals(v1)).toEqualTypeOf<OrderRequest<'1'>>();
expectTypeOf(recalculateOrderTotals(v11)).toEqualTypeOf<OrderRequest<'1.1'>>();
expectTypeOf(recalculateOrderTotals(v12)).toEqualTypeOf<OrderRequest<'1.2'>>();
expectTypeOf(recalculateOrderTotals(any)).toEqualTypeOf<OrderRequest<OrderVersion>>();

expectTypeOf(setInvoiceLocale(v1, 'it-IT')).toEqualTypeOf<OrderRequest<'1'>>();
expectTypeOf(setInvoiceLocale(v11, 'it-IT')).toEqualTypeOf<OrderRequest<'1.1'>>();
expectTypeOf(setInvoiceLocale(v12, 'it-IT')).toEqualTypeOf<OrderRequest<'1.2'>>();

expectTypeOf(addFiscalCode(v1, 'RSSMRA85T10A562S')).toEqualTypeOf<OrderRequest<'1'>>();
expectTypeOf(addFiscalCode(v11, 'RSSMRA85T10A562S')).toEqualTypeOf<OrderRequest<'1.1'>>();
expectTypeOf(addFiscalCode(v12, 'RSSMRA85T10A562S')).toEqualTypeOf<OrderRequest<'1.2'>>();

// markExport: without a context (the audit's case) and with one.
expectTypeOf(markExport(v1, { zeroGross: true })).toEqualTypeOf<OrderRequest<'1'>>();
expectTypeOf(markExport(v11, { zeroGross: true })).toEqualTypeOf<OrderRequest<'1.1'>>();
expectTypeOf(markExport(v12)).toEqualTypeOf<OrderRequest<'1.2'>>();
expectTypeOf(markExport(v11, { zeroGross: true }, { version: '1.1', profile })).toEqualTypeOf<OrderRequest<'1.1'>>();
expectTypeOf(markExport(v12, undefined, { version: '1.2', profile })).toEqualTypeOf<OrderRequest<'1.2'>>();
// @ts-expect-error: a v1.2 payload (EXI) is no v1 order.
markExport(v12, {}, { version: '1', profile });
// @ts-expect-error: the builders take order payloads.
markPaymentReview({ clientRequest: {} });

// The audit's chain: the results go on as v1.1 orders.
export const chained: OrderRequestV1_1 = markExport(addFiscalCode(setInvoiceLocale(recalculateOrderTotals(markPaymentReview(v11)), 'it-IT'), 'RSSMRA85T10A562S'), {
  zeroGross: true,
});

// buildPayment: the payment of the context's version, which goes on an order of that version.
const payment = { method: 'PayPal' };
expectTypeOf(buildPayment(payment, { version: '1', profile, currency: 'EUR', amount: '119.00' })).toEqualTypeOf<OrderPayment<'1'>>();
expectTypeOf(buildPayment(payment, { version: '1.1', profile, currency: 'EUR', amount: '119.00' })).toEqualTypeOf<OrderPayment<'1.1'>>();
expectTypeOf(buildPayment(payment, { version: '1.2', profile, currency: 'EUR', amount: '119.00' })).toEqualTypeOf<OrderPayment<'1.2'>>();
declare const context: PaymentContext;
expectTypeOf(buildPayment(payment, context)).toEqualTypeOf<OrderPayment<OrderVersion>>();
expectTypeOf<PaymentContext['version']>().toEqualTypeOf<OrderVersion>();
v1.clientRequest.payment = buildPayment(payment, { version: '1', profile, currency: 'EUR', amount: '119.00' });
v11.clientRequest.payment = buildPayment(payment, { version: '1.1', profile, currency: 'EUR', amount: '119.00' });
// @ts-expect-error: a v1 payment (Meastro) is no v1.1 payment.
v11.clientRequest.payment = buildPayment(payment, { version: '1', profile, currency: 'EUR', amount: '119.00' });
