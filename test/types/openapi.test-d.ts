/**
 * Type tests (compiled by `npm run typecheck`): the exported payload types and the types
 * openapi-typescript generates from openApiDocument() (src/schema/generated/openapi.ts, kept
 * equal to a fresh generation by openapi-types.test.ts) are assignable both ways, per version;
 * builders' results fit the generated types; the versions differ where the tables say.
 */
import { expectTypeOf } from 'vitest';
import type { components } from '../../src/schema/generated/openapi';
import {
  buildOrder,
  buildReturnRequest,
  type EchoRequest,
  type OrderAmount,
  type OrderInput,
  type OrderObject,
  type OrderRequest,
  type OrderRequestHeader,
  type OrderRequestV1,
  type OrderRequestV1_1,
  type OrderRequestV1_2,
  type ReturnInput,
  type ReturnRequest,
} from '../../src/index';

type Generated = components['schemas'];

/** `true` only when A and B are assignable both ways (no distribution over unions). */
type BothWays<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The generated v1.2 payload with its item `dateTimes` as the document says it: an object
 * schema with no properties that forbids none takes any member, where openapi-typescript
 * writes `Record<string, never>` (no member at all). That one member is mapped in
 * src/schema/order.ts; everything else is the generated type.
 */
type GeneratedV1_2 = Omit<Generated['OrderRequestV1_2'], 'clientRequest'> & {
  clientRequest: Omit<Generated['OrderRequestV1_2']['clientRequest'], 'item'> & {
    item: (Omit<Generated['OrderRequestV1_2']['clientRequest']['item'][number], 'dateTimes'> & { dateTimes?: { [member: string]: unknown } })[];
  };
};

// The exported payload types and the generated ones, both ways, per version.
expectTypeOf<BothWays<OrderRequestV1, Generated['OrderRequestV1']>>().toEqualTypeOf<true>();
expectTypeOf<BothWays<OrderRequestV1_1, Generated['OrderRequestV1_1']>>().toEqualTypeOf<true>();
expectTypeOf<BothWays<OrderRequestV1_2, GeneratedV1_2>>().toEqualTypeOf<true>();
// Everything the generated v1.2 type takes, the exported one takes (it only adds dateTimes members).
expectTypeOf<[Generated['OrderRequestV1_2']] extends [OrderRequestV1_2] ? true : false>().toEqualTypeOf<true>();
expectTypeOf<BothWays<OrderRequest<'1'>, Generated['OrderRequestV1']>>().toEqualTypeOf<true>();
expectTypeOf<BothWays<OrderRequest<'1.1'>, Generated['OrderRequestV1_1']>>().toEqualTypeOf<true>();
expectTypeOf<BothWays<OrderRequest<'1.2'>, GeneratedV1_2>>().toEqualTypeOf<true>();
expectTypeOf<BothWays<OrderRequest, Generated['OrderRequestV1_1']>>().toEqualTypeOf<true>();
expectTypeOf<BothWays<ReturnRequest, Generated['ReturnRequest']>>().toEqualTypeOf<true>();
expectTypeOf<BothWays<EchoRequest, Generated['EchoRequest']>>().toEqualTypeOf<true>();

// What the builders return fits the generated type of its version (the report), and back.
declare const input1: OrderInput<'1'>;
declare const input11: OrderInput<'1.1'>;
declare const input12: OrderInput<'1.2'>;
declare const returnInput: ReturnInput;
export const built: [Generated['OrderRequestV1'], Generated['OrderRequestV1_1'], GeneratedV1_2, Generated['ReturnRequest']] = [
  buildOrder(input1),
  buildOrder(input11),
  buildOrder(input12),
  buildReturnRequest(returnInput),
];
declare const generated12: Generated['OrderRequestV1_2'];
export const back: OrderRequest<'1.2'> = generated12;

// Versions differ where the tables say, and enumerations are their values, not `string`.
export const received: OrderRequestHeader<'1'>['requestStatus'] = 'received';
// @ts-expect-error: `received` is a requestStatus of v1 only.
export const received11: OrderRequestHeader<'1.1'>['requestStatus'] = 'received';
export const exi: OrderObject<'1.2'>['shipServiceLevel'] = 'EXI';
// @ts-expect-error: EXI exists from v1.2 on.
export const exi11: OrderObject<'1.1'>['shipServiceLevel'] = 'EXI';
// PUO is an ambiguous value: lint warns, the schema (and so the type) accepts it.
export const puo: OrderObject<'1.1'>['shipServiceLevel'] = 'PUO';
// @ts-expect-error: amount types are the spec's.
export const amountType: OrderAmount<'1.1'>['amountType'] = 'total';
// @ts-expect-error: discount is v1's; v1.1 has freightCosts instead.
export const discount11: OrderAmount<'1.1'>['amountType'] = 'discount';
// @ts-expect-error: currency codes are ISO 4217 codes, upper case.
export const currency: OrderAmount['currencyISO3'] = 'eur';
expectTypeOf<OrderObject<'1'>>().not.toHaveProperty('poNumber');
expectTypeOf<OrderObject<'1.1'>>().toHaveProperty('poNumber');
expectTypeOf<OrderRequestV1_1['clientRequest']['item'][number]>().not.toHaveProperty('dateTimes');
expectTypeOf<OrderRequestV1_2['clientRequest']['item'][number]>().toHaveProperty('dateTimes');
