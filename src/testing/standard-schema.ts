/**
 * Standard Schema V1 validators backed by the lint engine: `orderValidator` and
 * `returnValidator` plug the operator's rules into any tool that accepts a Standard
 * Schema (vitest's `expect.schemaMatching`, form libraries, tRPC, Hono, ...).
 * The issues never repeat payload values, but a failing `expect.schemaMatching` prints
 * vitest's diff of the whole payload: for payloads with personal data, use the matchers
 * of `fulfilkit/vitest` (`expect(payload).toBeValidOrder('1.1')`).
 *
 * The StandardSchemaV1 interface is copied from `@standard-schema/spec` (v1), as its
 * authors recommend, so that fulfilkit needs no dependency for a type.
 */
import { lintOrder, lintReturn } from '../default-engine';
import { parsePointer } from '../lint/pointer';
import type { LintOptions, Problem } from '../lint/types';
import type { OrderRequest } from '../schema/order';
import type { ReturnProfile } from '../schema/profile';
import type { ReturnRequest } from '../schema/return';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';
import { checkOptions, lintOptionsOf, oneOf, refuse } from './arguments';

/**
 * The Standard Schema interface (v1), copied from `@standard-schema/spec`.
 *
 * @example
 * const schema: StandardSchemaV1<OrderRequest<'1.1'>> = orderValidator({ version: '1.1' });
 * const result = await schema['~standard'].validate(payload);
 * result.issues; // undefined when the payload lints without errors
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** The Standard Schema properties. */
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  /** The Standard Schema properties interface. */
  export interface Props<Input = unknown, Output = Input> {
    /** The version number of the standard. */
    readonly version: 1;
    /** The vendor name of the schema library. */
    readonly vendor: string;
    /** Validates unknown input values. */
    readonly validate: (value: unknown, options?: Options | undefined) => Result<Output> | Promise<Result<Output>>;
    /** Inferred types associated with the schema. */
    readonly types?: Types<Input, Output> | undefined;
  }
  /** The result interface of the validate function. */
  export type Result<Output> = SuccessResult<Output> | FailureResult;
  /** The result interface if validation succeeds. */
  export interface SuccessResult<Output> {
    /** The typed output value. */
    readonly value: Output;
    /** A falsy value for `issues` indicates success. */
    readonly issues?: undefined;
  }
  /** Options of the validate function. */
  export interface Options {
    /** Explicit support for additional vendor-specific parameters, if needed. */
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  /** The result interface if validation fails. */
  export interface FailureResult {
    /** The issues of failed validation. */
    readonly issues: ReadonlyArray<Issue>;
  }
  /** The issue interface of the failure output. */
  export interface Issue {
    /** The error message of the issue. */
    readonly message: string;
    /** The path of the issue, if any. */
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  /** The path segment interface of the issue. */
  export interface PathSegment {
    /** The key representing a path segment. */
    readonly key: PropertyKey;
  }
  /** The Standard types interface. */
  export interface Types<Input = unknown, Output = Input> {
    /** The input type of the schema. */
    readonly input: Input;
    /** The output type of the schema. */
    readonly output: Output;
  }
  /** Infers the input type of a Standard Schema. */
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['input'];
  /** Infers the output type of a Standard Schema. */
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['output'];
}

/**
 * The issue fulfilkit's validators report: a lint error's message and its path as keys.
 *
 * @example const issue: FulfilkitIssue = { message: 'firstName is 21 characters long; the limit is 20.', path: ['clientRequest', 'partner', 0, 'personData', 'firstName'] };
 */
export interface FulfilkitIssue extends StandardSchemaV1.Issue {
  /** The lint message (never a payload value). */
  readonly message: string;
  /** The JSON Pointer as keys: array indexes as numbers, member names as strings; `[]` for the root. */
  readonly path: readonly PropertyKey[];
}

const INDEX = /^(0|[1-9]\d*)$/;

/**
 * Converts a problem's JSON Pointer into Standard Schema path keys, reading the payload
 * to tell array indexes (numbers) from member names that look like numbers (strings).
 * Never throws: past anything it cannot read, tokens stay strings.
 */
function pathKeys(payload: unknown, pointer: string): PropertyKey[] {
  const tokens = parsePointer(pointer);
  const keys: PropertyKey[] = [];
  let current: unknown = payload;
  for (const token of tokens) {
    let isIndex = false;
    try {
      isIndex = Array.isArray(current) && INDEX.test(token);
      current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[token] : undefined;
    } catch {
      current = undefined;
    }
    keys.push(isIndex ? Number(token) : token);
  }
  return keys;
}

// Input and output are the payload type: form libraries (TanStack Form) match the input to their form data.
function validator<Payload>(lint: (value: unknown) => Problem[]): StandardSchemaV1<Payload, Payload> {
  return {
    '~standard': {
      version: 1,
      vendor: 'fulfilkit',
      validate(value) {
        const errors = lint(value).filter((p) => p.severity === 'error');
        if (errors.length === 0) return { value: value as Payload };
        const issues: FulfilkitIssue[] = errors.map((p) => ({ message: p.message, path: pathKeys(value, p.path) }));
        return { issues };
      },
    },
  };
}

/**
 * Creates a Standard Schema V1 validator of create-order payloads backed by `lintOrder`:
 * the issues are exactly the error-severity problems (`{ message, path }`), warnings do
 * not fail, messages never repeat payload values. The value is passed through unchanged.
 * Its input and output types are the payload type of the version (`OrderRequestV1_2` for
 * `'1.2'`; any version's for a version only known at run time). The options are checked
 * and copied when it is created: changing them later changes nothing.
 *
 * @param options The order version, and the profile and rule levels `lintOrder` takes.
 * @returns The validator (vendor `fulfilkit`, synchronous): `StandardSchemaV1<OrderRequest<V>, OrderRequest<V>>`.
 * @throws {TypeError|RangeError} Naming the option that is missing, unknown or not one `lintOrder` takes
 *   (`options.version`, a rule id or level in `options.rules`, a profile that `--profile` refuses), as the matchers do.
 * @example
 * const schema = orderValidator({ version: '1.1', profile });
 * expect(payload).toEqual(expect.schemaMatching(schema));      // vitest 4: a valid order passes
 * const result = schema['~standard'].validate(tooLong);        // tooLong: an order whose BillTo firstName has 27 characters
 * if (!(result instanceof Promise) && result.issues) console.log(result.issues[0]); // the Standard Schema type allows a Promise; this one is synchronous
 * // { message: 'firstName is 27 characters long; the limit is 20.', path: ['clientRequest', 'partner', 0, 'personData', 'firstName'] }
 */
export function orderValidator<V extends OrderVersion>(options: LintOptions & { version: V }): StandardSchemaV1<OrderRequest<V>, OrderRequest<V>> {
  const caller = 'orderValidator';
  if (options === undefined) refuse(caller, 'options', 'must be an object');
  const checked = checkOptions(caller, options, ['version', 'profile', 'rules'], () => 'order');
  const settled = { version: oneOf(caller, 'options.version', checked.version, ORDER_VERSIONS), ...lintOptionsOf(checked) };
  return validator<OrderRequest<V>>((value) => lintOrder(value, settled));
}

/**
 * Creates a Standard Schema V1 validator of return-token requests backed by `lintReturn`:
 * the issues are exactly the error-severity problems, warnings do not fail, messages
 * never repeat payload values. The value is passed through unchanged. The options are
 * checked and copied when it is created, as `orderValidator`'s.
 *
 * @param options The profile (a returns-only one needs no `clientCode`) and rule levels `lintReturn` takes.
 * @returns The validator (vendor `fulfilkit`, synchronous): `StandardSchemaV1<ReturnRequest, ReturnRequest>`.
 * @throws {TypeError|RangeError} Naming the option that is unknown or not one `lintReturn` takes, as `orderValidator` does.
 * @example
 * const schema = returnValidator({ profile });
 * expect(rma).toEqual(expect.schemaMatching(schema));
 */
export function returnValidator(options: Omit<LintOptions, 'profile'> & { profile?: ReturnProfile | undefined } = {}): StandardSchemaV1<ReturnRequest, ReturnRequest> {
  const settled = lintOptionsOf(checkOptions('returnValidator', options, ['profile', 'rules'], () => 'return'));
  return validator<ReturnRequest>((value) => lintReturn(value, settled));
}
