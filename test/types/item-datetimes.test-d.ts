/**
 * Type tests (compiled by `npm run typecheck`): a v1.2 item's `dateTimes` takes any members,
 * as lint, the validators and the OpenAPI document do (its schema lists no properties and
 * forbids none); v1 and v1.1 items have none.
 */
import { expectTypeOf } from 'vitest';
import { lintOrder, orderValidator, type OrderItem, type OrderRequestV1_2 } from '../../src/index';

// The audit's item (misuse/m8-datetimes.ts): it lints clean, so it type-checks.
export const item: OrderItem<'1.2'> = {
  itemId: '1',
  sku: 'MUG-RED',
  quantity: { uom: 'EA', value: '2' },
  amount: [{ currencyISO3: 'EUR', amountType: 'netprice', value: '10.00' }],
  dateTimes: { created: '2026-01-01T00:00:00Z', promised: '2026-01-03T00:00:00Z' },
};
export const empty: OrderItem<'1.2'>['dateTimes'] = {};
expectTypeOf<NonNullable<OrderItem<'1.2'>['dateTimes']>>().toEqualTypeOf<{ [member: string]: unknown }>();
expectTypeOf<OrderRequestV1_2['clientRequest']['item'][number]>().toEqualTypeOf<OrderItem<'1.2'>>();
// Still an object of the payload: not a string, not an array of texts.
// @ts-expect-error: dateTimes is an object.
export const text: OrderItem<'1.2'>['dateTimes'] = '2026-01-01T00:00:00Z';
// @ts-expect-error: v1.1 items have no dateTimes.
export const v11: OrderItem<'1.1'> = { itemId: '1', sku: 'MUG-RED', quantity: { uom: 'EA', value: '2' }, dateTimes: {} };

// The rest of the item keeps the generated types (readonly response-only members, enumerations).
expectTypeOf<OrderItem<'1.2'>['sku']>().toEqualTypeOf<string>();
// @ts-expect-error: amount types are the spec's.
export const badAmount: OrderItem<'1.2'> = { itemId: '1', sku: 'S', quantity: { uom: 'EA', value: '1' }, amount: [{ currencyISO3: 'EUR', amountType: 'total', value: '1' }] };
declare const payload: OrderRequestV1_2;
export const problems = lintOrder(payload, { version: '1.2' });
export const validator = orderValidator({ version: '1.2' });
