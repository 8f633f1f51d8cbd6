/**
 * Type tests (compiled by `npm run typecheck`) of the Standard Schema validators: input and
 * output are the payload type of the version, so form libraries that match a schema's input
 * to their form data (TanStack Form: `StandardSchemaV1<TFormData, unknown>`) take them.
 */
import type { StandardSchemaV1 as SpecSchema } from '@standard-schema/spec';
import { expectTypeOf } from 'vitest';
import {
  orderValidator,
  returnValidator,
  type OrderRequest,
  type OrderRequestV1,
  type OrderRequestV1_1,
  type OrderRequestV1_2,
  type OrderVersion,
  type ReturnRequest,
  type StandardSchemaV1,
} from '../../src/index';

// Per version: input and output.
expectTypeOf(orderValidator({ version: '1' })).toEqualTypeOf<StandardSchemaV1<OrderRequestV1, OrderRequestV1>>();
expectTypeOf(orderValidator({ version: '1.1' })).toEqualTypeOf<StandardSchemaV1<OrderRequestV1_1, OrderRequestV1_1>>();
expectTypeOf(orderValidator({ version: '1.2' })).toEqualTypeOf<StandardSchemaV1<OrderRequestV1_2, OrderRequestV1_2>>();
expectTypeOf(returnValidator()).toEqualTypeOf<StandardSchemaV1<ReturnRequest, ReturnRequest>>();
expectTypeOf<StandardSchemaV1.InferInput<ReturnType<typeof orderValidator<'1.2'>>>>().toEqualTypeOf<OrderRequestV1_2>();
expectTypeOf<StandardSchemaV1.InferOutput<ReturnType<typeof orderValidator<'1'>>>>().toEqualTypeOf<OrderRequestV1>();

// A version known only at run time: any version's payload.
declare const version: OrderVersion;
expectTypeOf(orderValidator({ version })).toEqualTypeOf<StandardSchemaV1<OrderRequest<OrderVersion>, OrderRequest<OrderVersion>>>();

// The same with @standard-schema/spec's own types.
expectTypeOf<SpecSchema.InferInput<ReturnType<typeof orderValidator<'1.2'>>>>().toEqualTypeOf<OrderRequestV1_2>();
export const spec: SpecSchema<OrderRequestV1_2, OrderRequestV1_2> = orderValidator({ version: '1.2' });
// Still usable where any input is fine (vitest's expect.schemaMatching, generic helpers).
export const anyInput: SpecSchema<unknown, OrderRequestV1_1> = orderValidator({ version: '1.1' });

// TanStack Form's shape: the form data type must be the schema's input (TS2322 when the input is `unknown`).
declare function useForm<TFormData>(options: { defaultValues: TFormData; validators: { onChange: SpecSchema<TFormData, unknown> } }): TFormData;
declare const draft: OrderRequestV1_2;
expectTypeOf(useForm({ defaultValues: draft, validators: { onChange: orderValidator({ version: '1.2' }) } })).toEqualTypeOf<OrderRequestV1_2>();
declare const rma: ReturnRequest;
expectTypeOf(useForm({ defaultValues: rma, validators: { onChange: returnValidator() } })).toEqualTypeOf<ReturnRequest>();
// @ts-expect-error: a v1 validator does not fit a v1.2 form (v1 has the discount amount type, Meastro, received).
useForm<OrderRequestV1_2>({ defaultValues: draft, validators: { onChange: orderValidator({ version: '1' }) } });
