/**
 * Type tests (checked by `npm run typecheck`) of the test kit's profiles: a returns-only
 * profile (no `clientCode`) types where only return requests are built or linted, and
 * stays an error where orders are.
 */
import { expect, expectTypeOf } from 'vitest';
import { orderValidator, returnValidator, type ReturnRequest, type StandardSchemaV1 } from 'fulfilkit';
import { returnInputArbitrary, validOrderArbitrary, validReturnArbitrary, type ReturnProfile } from 'fulfilkit/arbitraries';
import 'fulfilkit/vitest';

const returnsOnly: ReturnProfile = { client: 'ACME', returnReasons: ['damaged'] };

expectTypeOf(validReturnArbitrary({ profile: returnsOnly })).toEqualTypeOf<ReturnType<typeof validReturnArbitrary>>();
returnInputArbitrary({ profile: returnsOnly });
expectTypeOf(returnValidator({ profile: returnsOnly })).toEqualTypeOf<StandardSchemaV1<ReturnRequest, ReturnRequest>>();
declare const payload: unknown;
expect(payload).toBeValidReturn({ profile: returnsOnly });
expect(payload).toHaveProblem('return-reason', '/rma/returnReason', { kind: 'return', profile: returnsOnly });

// @ts-expect-error orders need clientCode (the shipping-cost SKU).
validOrderArbitrary('1.1', { profile: returnsOnly });
// @ts-expect-error the same for the validator.
orderValidator({ version: '1.1', profile: returnsOnly });
// @ts-expect-error and for the matcher.
expect(payload).toBeValidOrder('1.1', { profile: returnsOnly });
