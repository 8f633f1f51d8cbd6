/**
 * Compiles a valibot schema of `src/spec/` into a checker that walks a payload
 * once and reports the structural rules (required, type, enum, max-length,
 * unknown-field, spelling, ... and every fulfilkit field check) with exact
 * JSON Pointers. Compiled once per kind and version; a valid payload allocates
 * nothing but the path stack's pushes.
 */
import type * as v from 'valibot';
import { codePointLength, metaOf, type FieldCheck, type FieldMeta } from '../spec/actions';
import type { Problem, RuleLevel } from './types';
import { toPointer } from './pointer';

/** Levels by rule id for one lint call ('off' or absent = not reported). */
export type Levels = Readonly<Record<string, RuleLevel | undefined>>;

/** Mutable state of one walk. */
export interface Walk {
  /** Reference tokens of the value being checked. */
  readonly path: (string | number)[];
  /** Problems found so far. */
  readonly out: Problem[];
  /** Level of each rule in this call. */
  readonly levels: Levels;
}

/** A compiled check of a present value (never `undefined`). */
export type Check = (value: unknown, walk: Walk) => void;

interface Compiled {
  readonly check: Check;
  readonly optional: boolean;
  readonly nullable: boolean;
  /** The member appears only in responses. */
  readonly responseOnly: boolean;
}

/** Context of a compilation: the version named in messages. */
export interface CompileContext {
  /** Version label used in messages, e.g. `v1.1`, or `the return request`. */
  readonly label: string;
}

/** Adds a problem at the current path (plus an optional extra token) if its rule is on. */
export function report(
  walk: Walk,
  rule: string,
  message: string,
  extraToken?: string | number,
  extra?: Pick<Problem, 'params' | 'fix'>,
): void {
  const level = walk.levels[rule];
  if (level === undefined || level === 'off') return;
  let path = toPointer(walk.path);
  if (extraToken !== undefined) path += toPointer([extraToken]);
  const problem: Problem = { rule, severity: level, path, message };
  if (extra?.params) problem.params = extra.params;
  if (extra?.fix) problem.fix = extra.fix;
  walk.out.push(problem);
}

/** JSON type name of a value, for messages. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** Plain JSON object test (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

type AnySchema = v.GenericSchema & {
  readonly wrapped?: AnySchema;
  readonly entries?: Record<string, AnySchema>;
  readonly item?: AnySchema;
  readonly options?: readonly unknown[];
  readonly pipe?: readonly (AnySchema | FieldCheck<unknown> | { kind: 'metadata'; metadata: Record<string, unknown> })[];
};

function checksOf(schema: AnySchema): FieldCheck<unknown>[] {
  const out: FieldCheck<unknown>[] = [];
  for (const item of schema.pipe ?? []) {
    if (item.kind === 'validation' && (item as FieldCheck<unknown>).type === 'fulfilkit_check') {
      out.push(item as FieldCheck<unknown>);
    } else if (item.kind === 'schema' && item !== schema) {
      // A pipe nested in a pipe (v.pipe(v.pipe(v.string(), a), b)) keeps its own checks.
      out.push(...checksOf(item as AnySchema));
    }
  }
  return out;
}

function fieldMessage(check: FieldCheck<unknown>, name: string, value: unknown, ctx: CompileContext): string {
  switch (check.rule) {
    case 'max-length':
      return `${name} is ${codePointLength(value as string)} characters long; the limit is ${String(check.requirement)}.`;
    case 'numeric-text':
      return `${name} must be numeric text such as "${String(check.requirement)}".`;
    case 'date-format':
      return `${name} must be a real date in the format ${String(check.requirement)}.`;
    case 'key-charset':
      return `${name} may contain only letters, digits, ".", "_" and "-" in ${ctx.label}.`;
    case 'currency-code':
      return `${name} must be an uppercase ISO 4217 currency code.`;
    case 'country-code':
      return `${name} must be an uppercase ${String(check.requirement)} country code.`;
    case 'locale-format':
      return `${name} must have the form ll-CC, for example de-DE.`;
    case 'email-format':
      return `${name} must be an e-mail address of the form local@domain.`;
    case 'url-format':
      return `${name} must be an absolute http or https URL.`;
    case 'items-present':
      return `The ${name} list must not be empty.`;
  }
}

function fieldParams(check: FieldCheck<unknown>, value: unknown): Problem['params'] {
  if (check.rule === 'max-length') return { limit: check.requirement as number, length: codePointLength(value as string) };
  return { expected: String(check.requirement) };
}

/**
 * Compiles `schema` (a member named `name`) into a checker.
 */
function compileNode(schema: AnySchema, name: string, ctx: CompileContext): Compiled {
  let optional = false;
  let nullable = false;
  let node = schema;
  for (;;) {
    if (node.type === 'optional' || node.type === 'exact_optional') optional = true;
    else if (node.type === 'nullable') nullable = true;
    else if (node.type === 'nullish') (optional = true), (nullable = true);
    else break;
    node = node.wrapped!;
  }
  return { check: compileBase(node, name, ctx), optional, nullable, responseOnly: metaOf(node).responseOnly === true };
}

function compileBase(node: AnySchema, name: string, ctx: CompileContext): Check {
  const meta = metaOf(node);
  const checks = checksOf(node);
  const inner = compileType(node, name, meta, ctx);
  const withChecks: Check =
    checks.length === 0
      ? inner
      : (value, walk) => {
          // A value of the wrong type gets one `type` problem, nothing more.
          if (inner(value, walk) === false) return;
          for (const check of checks) {
            if (!check.test(value)) {
              report(walk, check.rule, fieldMessage(check, name, value, ctx), undefined, {
                params: fieldParams(check, value),
              });
            }
          }
        };
  if (meta.responseOnly) {
    return (value, walk) => {
      report(walk, 'response-only', `${name} appears only in responses; the operator does not read it in a request.`);
      withChecks(value, walk);
    };
  }
  return withChecks;
}

/** Returns a check that answers `false` when the value has the wrong JSON type. */
function compileType(node: AnySchema, name: string, meta: FieldMeta, ctx: CompileContext): (value: unknown, walk: Walk) => boolean | void {
  const typeProblem = (expected: string) => (value: unknown, walk: Walk) => {
    report(walk, 'type', `${name} must be ${expected}, not ${jsonTypeOf(value)}.`, undefined, { params: { expected } });
    return false;
  };
  switch (node.type) {
    case 'string': {
      const wrong = typeProblem('a string');
      return (value, walk) => (typeof value === 'string' ? true : wrong(value, walk));
    }
    case 'number': {
      const wrong = typeProblem('a number');
      return (value, walk) => (typeof value === 'number' && Number.isFinite(value) ? true : wrong(value, walk));
    }
    case 'boolean': {
      const wrong = typeProblem('a boolean');
      return (value, walk) => (typeof value === 'boolean' ? true : wrong(value, walk));
    }
    case 'picklist': {
      const options = node.options as readonly string[];
      const allowed = new Set<string>(options);
      const ambiguous = new Set<string>(meta.ambiguous ?? []);
      const wrong = typeProblem('a string');
      const list = options.join(', ');
      const ambiguousList = [...ambiguous].join(', ');
      return (value, walk) => {
        if (typeof value !== 'string') return wrong(value, walk);
        if (allowed.has(value)) return true;
        if (ambiguous.has(value)) {
          // Name the constant set, never the payload value itself (house rule on messages).
          report(
            walk,
            'ambiguous-value',
            `${name} uses a value (one of ${ambiguousList}) that the spec's guidance text names but its enumeration (${list}) does not; whether the operator accepts it is not shown.`,
            undefined,
            { params: { allowed: options, ambiguous: [...ambiguous] } },
          );
        } else {
          report(walk, 'enum', `${name} must be one of ${list} in ${ctx.label}.`, undefined, { params: { allowed: options } });
        }
        return true;
      };
    }
    case 'array': {
      const item = compileNode(node.item!, name, ctx);
      const wrong = typeProblem('an array');
      return (value, walk) => {
        if (!Array.isArray(value)) return wrong(value, walk);
        const path = walk.path;
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          const el: unknown = value[i];
          if (el === undefined || el === null) {
            report(walk, 'type', `Each entry of ${name} must not be ${el === null ? 'null' : 'empty'}.`);
          } else {
            item.check(el, walk);
          }
          path.pop();
        }
        return true;
      };
    }
    case 'strict_object':
    case 'object':
    case 'loose_object':
      return compileObject(node, name, meta, ctx);
    default:
      return () => true;
  }
}

function compileObject(node: AnySchema, name: string, meta: FieldMeta, ctx: CompileContext): (value: unknown, walk: Walk) => boolean {
  const objectName = meta.name ?? name;
  const strict = node.type === 'strict_object';
  const keys = Object.keys(node.entries ?? {});
  const entries = keys.map((key) => ({ key, ...compileNode(node.entries![key]!, key, ctx) }));
  const known = new Set(keys);
  const spelling = meta.spelling ?? {};
  const laterVersion = meta.laterVersion ?? {};
  const byKey = new Map(entries.map((e) => [e.key, e]));
  return (value, walk) => {
    if (!isObject(value)) {
      report(walk, 'type', `${name} must be an object, not ${jsonTypeOf(value)}.`, undefined, { params: { expected: 'an object' } });
      return false;
    }
    const path = walk.path;
    for (const entry of entries) {
      const member = Object.prototype.hasOwnProperty.call(value, entry.key) ? value[entry.key] : undefined;
      if (member === undefined) {
        if (!entry.optional) report(walk, 'required', `${entry.key} is required in ${objectName}.`, entry.key);
        continue;
      }
      if (member === null && !entry.nullable) {
        if (entry.responseOnly) {
          // A response member sent as null is still a response member in a request.
          report(walk, 'response-only', `${entry.key} appears only in responses; the operator does not read it in a request.`, entry.key);
        } else if (entry.optional) {
          report(walk, 'type', `${entry.key} must not be null; leave it out instead.`, entry.key);
        } else {
          report(walk, 'required', `${entry.key} is required in ${objectName} and must not be null.`, entry.key);
        }
        continue;
      }
      if (member === null) continue;
      path.push(entry.key);
      entry.check(member, walk);
      path.pop();
    }
    if (!strict) return true;
    for (const key in value) {
      if (known.has(key) || !Object.prototype.hasOwnProperty.call(value, key)) continue;
      const to = Object.prototype.hasOwnProperty.call(spelling, key) ? spelling[key] : undefined;
      if (to !== undefined) {
        report(walk, 'spelling', `${key} is the spelling of the spec's example body; the schema member is ${to}.`, key, {
          params: { to },
          fix: { kind: 'rename-member', to },
        });
        // Check the content as the schema member it stands for, unless that member is also present.
        const target = byKey.get(to);
        const member = value[key];
        if (target && !Object.prototype.hasOwnProperty.call(value, to) && member !== null && member !== undefined) {
          path.push(key);
          target.check(member, walk);
          path.pop();
        }
        continue;
      }
      const since = Object.prototype.hasOwnProperty.call(laterVersion, key) ? laterVersion[key] : undefined;
      if (since !== undefined) {
        report(walk, 'version-field', `${key} exists from v${since} on; it is not a member of ${objectName} in ${ctx.label}.`, key, {
          params: { since },
        });
        continue;
      }
      report(walk, 'unknown-field', `${key} is not a member of ${objectName} in ${ctx.label}.`, key);
    }
    return true;
  };
}

/**
 * Compiles a root schema into a checker of a whole payload.
 *
 * @param schema A valibot object schema from `src/spec/`.
 * @param rootName Name of the root in messages.
 * @param ctx Compile context (version label).
 * @returns A function that checks a payload and appends problems to `walk.out`.
 */
export function compileSchema(schema: v.GenericSchema, rootName: string, ctx: CompileContext): Check {
  return compileNode(schema as AnySchema, rootName, ctx).check;
}
