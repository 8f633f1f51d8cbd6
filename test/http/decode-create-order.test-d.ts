/**
 * Types of the create-order decoder, checked by tsc (`npx tsc --noEmit -p .`): v1.2 answers
 * "include requestId" (spec, Versioning), so its result type carries it as text, and a
 * refusal surfaces it.
 */
import { expectTypeOf } from 'vitest';
import type { ApiError, ApiResult } from '../../src/http/api-result';
import { decodeCreateOrder } from '../../src/http/decode-create-order';
import type { OrderResult, OrderResultV1, OrderResultV11, OrderResultV12 } from '../../src/schema/responses';

expectTypeOf<OrderResultV12['requestId']>().toEqualTypeOf<string>();
expectTypeOf<OrderResultV12['result']>().toEqualTypeOf<'true' | 'false'>();
// The decoder's success value is one of the three versions' results, v1.2's the one with a requestId.
expectTypeOf<OrderResult>().toEqualTypeOf<OrderResultV1 | OrderResultV12 | OrderResultV11>();
expectTypeOf<Extract<OrderResult, { requestId: string }>>().toEqualTypeOf<OrderResultV12>();
expectTypeOf(decodeCreateOrder).returns.toEqualTypeOf<ApiResult<OrderResult>>();
expectTypeOf<ApiError['requestId']>().toEqualTypeOf<string | undefined>();
