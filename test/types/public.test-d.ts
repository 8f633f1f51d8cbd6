/**
 * Type tests of the public API (checked by `npm run typecheck`, which runs tsc over test/):
 * a wrong type here fails the build, and each `@ts-expect-error` fails it when the code
 * below it stops being an error.
 */
import { expectTypeOf } from 'vitest';
import {
  buildOrder,
  lintBatch,
  lintOrder,
  lintReturn,
  orderValidator,
  type ClientProfile,
  type LintOptions,
  type OrderInput,
  type OrderRequest,
  type OrderVersion,
  type Problem,
  type ReturnRequest,
  type Severity,
} from '../../src/index';

// Problem: the four pinned members, and the optional extras.
expectTypeOf<Problem['rule']>().toEqualTypeOf<string>();
expectTypeOf<Problem['severity']>().toEqualTypeOf<Severity>();
expectTypeOf<Severity>().toEqualTypeOf<'error' | 'warn'>();
expectTypeOf<Problem['path']>().toEqualTypeOf<string>();
expectTypeOf<Problem['message']>().toEqualTypeOf<string>();
expectTypeOf<Problem>().toHaveProperty('params');
expectTypeOf<Problem>().toHaveProperty('fix');

// The versions are the pinned three.
expectTypeOf<OrderVersion>().toEqualTypeOf<'1' | '1.1' | '1.2'>();

// OrderRequest<V>: the wrapped form, a body with the five members.
expectTypeOf<OrderRequest<'1.1'>>().toHaveProperty('clientRequest');
expectTypeOf<OrderRequest<'1.2'>['clientRequest']>().toHaveProperty('requestHeader');
expectTypeOf<OrderRequest<'1.2'>['clientRequest']['item'][number]['sku']>().toEqualTypeOf<string>();
expectTypeOf<OrderRequest<'1'>['clientRequest']['item'][number]['quantity']>().toEqualTypeOf<{ uom: string; value: string }>();
expectTypeOf<OrderRequest>().toEqualTypeOf<OrderRequest<'1.1'>>();
expectTypeOf<ReturnRequest['rma']['transactionId']>().toEqualTypeOf<string | null | undefined>();

// Lint functions: any payload in, problems out; an order needs its version.
expectTypeOf(lintOrder).parameter(0).toEqualTypeOf<unknown>();
expectTypeOf(lintOrder).returns.toEqualTypeOf<Problem[]>();
expectTypeOf(lintReturn).returns.toEqualTypeOf<Problem[]>();
expectTypeOf(lintBatch).returns.toEqualTypeOf<Problem[][]>();
expectTypeOf<LintOptions['profile']>().toEqualTypeOf<ClientProfile | undefined>();
// @ts-expect-error: lintOrder needs options.version.
lintOrder({}, {});
// @ts-expect-error: a version that does not exist.
lintOrder({}, { version: '1.3' });
// @ts-expect-error: a level that does not exist.
lintOrder({}, { version: '1.1', rules: { totals: 'info' } });
// @ts-expect-error: lintBatch needs a kind.
lintBatch([], { version: '1.1' });

// Builders: the input of a version gives the payload of that version.
expectTypeOf(buildOrder<'1.2'>).returns.toEqualTypeOf<OrderRequest<'1.2'>>();
expectTypeOf<OrderInput<'1'>['version']>().toEqualTypeOf<'1'>();
expectTypeOf<OrderInput['profile']>().toEqualTypeOf<ClientProfile>();
expectTypeOf<OrderInput['lines'][number]>().toHaveProperty('unitPrice');
// @ts-expect-error: a line needs a sku.
const noSku: OrderInput['lines'][number] = { quantity: 1, unitPrice: '1.00', taxFactor: '1.19' };
void noSku;

// Standard Schema: the output type is the payload type of the version.
expectTypeOf(orderValidator({ version: '1.1' })['~standard'].vendor).toEqualTypeOf<string>();
