/**
 * Compiles a valibot schema of `src/schema/` into a checker that walks a payload
 * once and reports the structural rules (required, type, enum, max-length,
 * unknown-field, spelling, ... and every fulfilkit field check) with exact
 * JSON Pointers. Compiled once per kind and version, as closures:
 *
 * - `check`: the reporting walk, the reference for what is reported and in which order;
 * - `valid`: a test that allocates nothing and is `true` only when `check` would report
 *   nothing; the walk skips subtrees that pass it;
 * - `shape`: the parts generate.ts calls from generated code (which does the same walk
 *   faster and hands every member that fails back to these closures).
 */
import type * as v from 'valibot';
import { metaOf, unwrapSchema, type FieldCheck, type FieldMeta } from '../schema/actions';
import { codePointLength } from '../schema/predicates';
import type { Problem, RuleLevel } from './types';
import { escapeToken, toPointer } from './pointer';

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
  /** Subtrees may be skipped when their validity test passes (see `objectPrototypeIsPlain`). */
  readonly fast?: boolean;
  /**
   * Set by generated code when it handed an object to the closures because it is not
   * plain (another prototype, or a member that is read but not an own enumerable key).
   */
  exotic?: boolean;
}

/** A compiled check of a present value (never `undefined`). */
export type Check = (value: unknown, walk: Walk) => void;

/**
 * A compiled validity test of a present value: `true` only when its check would report
 * nothing at all. It allocates nothing; a `false` sends the walk to the reporting check.
 */
export type Valid = (value: unknown) => boolean;

/** A compiled schema: its reporting check and its validity test. */
export interface Checker {
  /** Reports every structural problem of a value, in document order. */
  readonly check: Check;
  /** Tells, without reporting, that `check` would report nothing. */
  readonly valid: Valid;
  /** The compiled root, for generated code. */
  readonly root?: Compiled;
}

/** One compiled occurrence of a schema: a member (or array entry) with its checks. */
export interface Compiled {
  /** The schema without its optional/nullable wrappers. */
  readonly node: AnySchema;
  /** Reports every problem of a present value (type, content, field checks). */
  readonly check: Check;
  /** Tells, without reporting, that `check` would report nothing. */
  readonly valid: Valid;
  /** Reports the failed field checks of a value of the right type (the tail of `check`). */
  readonly reportChecks: Check;
  /** The member may be absent. */
  readonly optional: boolean;
  /** The member may be null. */
  readonly nullable: boolean;
  /** The member appears only in responses. */
  readonly responseOnly: boolean;
  /** Members or entries of an object or array schema, for generated code (absent for response-only nodes). */
  readonly shape: ObjectShape | ArrayShape | undefined;
}

/** A compiled member of an object schema. */
export interface Entry extends Compiled {
  /** The member name. */
  readonly key: string;
}

/** The parts of an object check that generated code calls. */
export interface ObjectShape {
  readonly kind: 'object';
  /** Unknown members are reported. */
  readonly strict: boolean;
  readonly entries: readonly Entry[];
  /** Reports a value that is not an object. */
  readonly wrongType: Check;
  /** Reports member `index` whose value is `member` (undefined when absent) as the closure walk does. */
  readonly reportEntry: (index: number, member: unknown, walk: Walk) => void;
  /** Reports the members the schema does not define (spelling, version-field, unknown-field). */
  readonly reportExtra: Check;
}

/** The parts of an array check that generated code calls. */
export interface ArrayShape {
  readonly kind: 'array';
  readonly item: Compiled;
  /** Reports a value that is not an array. */
  readonly wrongType: Check;
  /** Reports a null or undefined entry at the current path. */
  readonly reportEmpty: Check;
}

const OBJECT_PROTOTYPE = Object.prototype;
const getPrototypeOf = Object.getPrototypeOf;
const NEVER: Valid = () => false;

/** A validity test inside the reporting walk: a value that throws when read is walked and reported as before. */
function passes(valid: Valid, value: unknown): boolean {
  try {
    return valid(value);
  } catch {
    return false;
  }
}

/**
 * Tells whether `Object.prototype` has no enumerable members. Validity tests and
 * generated checks take the keys `for...in` lists as own keys; an enumerable member
 * added to `Object.prototype` would be listed too, so the engine then walks with the
 * closures only (which read own members).
 */
export function objectPrototypeIsPlain(): boolean {
  for (const _ in OBJECT_PROTOTYPE) return false;
  return true;
}

/** Context of a compilation: the version named in messages. */
export interface CompileContext {
  /** Version label used in messages, e.g. `v1.1`, or `the return request`. */
  readonly label: string;
  /** Generated validity tests of object and array nodes (generate.ts), used instead of closures. */
  readonly generated?: ReadonlyMap<AnySchema, Valid>;
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
  if (extraToken !== undefined) path += '/' + escapeToken(extraToken);
  const problem: Problem = { rule, severity: level, path, message };
  if (extra?.params) problem.params = extra.params;
  if (extra?.fix) problem.fix = extra.fix;
  walk.out.push(problem);
}

/** A message per JSON type name, built on first use. */
function typeMessages(make: (type: string) => string): (type: string) => string {
  const made = new Map<string, string>();
  return (type) => {
    let message = made.get(type);
    if (message === undefined) {
      message = make(type);
      made.set(type, message);
    }
    return message;
  };
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

/** A valibot schema as the compiler reads it. */
export type AnySchema = v.GenericSchema & {
  readonly wrapped?: AnySchema;
  readonly entries?: Record<string, AnySchema>;
  readonly item?: AnySchema;
  readonly options?: readonly unknown[];
  readonly pipe?: readonly (AnySchema | FieldCheck<unknown> | { kind: 'metadata'; metadata: Record<string, unknown> })[];
};

/** The fulfilkit field checks in a schema's pipe, nested pipes included. */
export function checksOf(schema: AnySchema): FieldCheck<unknown>[] {
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

function fieldMessage(check: FieldCheck<unknown>, name: string, value: unknown, ctx: CompileContext, length: number): string {
  switch (check.rule) {
    case 'max-length':
      return `${name} is ${length} characters long; the limit is ${String(check.requirement)}.`;
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

function fieldParams(check: FieldCheck<unknown>, length: number): Problem['params'] {
  if (check.rule === 'max-length') return { limit: check.requirement as number, length };
  return { expected: String(check.requirement) };
}

/**
 * Compiles `schema` (a member named `name`) into a checker.
 */
function compileNode(schema: AnySchema, name: string, ctx: CompileContext): Compiled {
  const { node, optional, nullable } = unwrapSchema(schema);
  return compileBase(node, name, ctx, optional, nullable);
}

function compileBase(node: AnySchema, name: string, ctx: CompileContext, optional: boolean, nullable: boolean): Compiled {
  const meta = metaOf(node);
  const checks = checksOf(node);
  const { check: inner, valid: innerValid, shape } = compileType(node, name, meta, ctx);
  const tests = checks.map((c) => c.test);
  const generated = ctx.generated?.get(node);
  const valid: Valid = meta.responseOnly
    ? NEVER
    : generated
      ? generated
      : tests.length === 0
        ? innerValid
        : tests.length === 1
          ? ((test) => (value: unknown) => innerValid(value) && test(value))(tests[0]!)
          : (value) => {
              if (!innerValid(value)) return false;
              for (let i = 0; i < tests.length; i++) if (!tests[i]!(value)) return false;
              return true;
            };
  // Messages name the member and the requirement, never the value: built once (max-length gives a length).
  const messages = checks.map((check) => (check.rule === 'max-length' ? '' : fieldMessage(check, name, undefined, ctx, 0)));
  const reportChecks: Check = (value, walk) => {
    for (let i = 0; i < checks.length; i++) {
      const check = checks[i]!;
      if (!check.test(value)) {
        // The length is counted once, for the message and the params of max-length.
        const length = check.rule === 'max-length' ? codePointLength(value as string) : 0;
        report(walk, check.rule, check.rule === 'max-length' ? fieldMessage(check, name, value, ctx, length) : messages[i]!, undefined, {
          params: fieldParams(check, length),
        });
      }
    }
  };
  const withChecks: Check =
    checks.length === 0
      ? inner
      : (value, walk) => {
          // A value of the wrong type gets one `type` problem, nothing more.
          if (inner(value, walk) === false) return;
          reportChecks(value, walk);
        };
  const responseOnly = meta.responseOnly === true;
  const responseOnlyMessage = `${name} appears only in responses; the operator does not read it in a request.`;
  const check: Check = responseOnly
    ? (value, walk) => {
        report(walk, 'response-only', responseOnlyMessage);
        withChecks(value, walk);
      }
    : withChecks;
  return { node, check, valid, reportChecks, optional, nullable, responseOnly, shape: responseOnly ? undefined : shape };
}

type TypeCheck = (value: unknown, walk: Walk) => boolean | void;

interface CompiledType {
  readonly check: TypeCheck;
  readonly valid: Valid;
  readonly shape?: ObjectShape | ArrayShape;
}

/** Returns a check that answers `false` when the value has the wrong JSON type, and its validity test. */
function compileType(node: AnySchema, name: string, meta: FieldMeta, ctx: CompileContext): CompiledType {
  const typeProblem = (expected: string) => {
    const byType = typeMessages((type) => `${name} must be ${expected}, not ${type}.`);
    return (value: unknown, walk: Walk) => {
      report(walk, 'type', byType(jsonTypeOf(value)), undefined, { params: { expected } });
      return false;
    };
  };
  switch (node.type) {
    case 'string': {
      const wrong = typeProblem('a string');
      return {
        check: (value, walk) => (typeof value === 'string' ? true : wrong(value, walk)),
        valid: (value) => typeof value === 'string',
      };
    }
    case 'number': {
      const wrong = typeProblem('a number');
      return {
        check: (value, walk) => (typeof value === 'number' && Number.isFinite(value) ? true : wrong(value, walk)),
        valid: (value) => typeof value === 'number' && Number.isFinite(value),
      };
    }
    case 'boolean': {
      const wrong = typeProblem('a boolean');
      return {
        check: (value, walk) => (typeof value === 'boolean' ? true : wrong(value, walk)),
        valid: (value) => typeof value === 'boolean',
      };
    }
    case 'picklist': {
      const options = node.options as readonly string[];
      const allowed = new Set<string>(options);
      const ambiguous = new Set<string>(meta.ambiguous ?? []);
      const wrong = typeProblem('a string');
      const list = options.join(', ');
      const ambiguousList = [...ambiguous].join(', ');
      const ambiguousMessage = `${name} uses a value (one of ${ambiguousList}) that the spec's guidance text names but its enumeration (${list}) does not; whether the operator accepts it is not shown.`;
      const enumMessage = `${name} must be one of ${list} in ${ctx.label}.`;
      const check: TypeCheck = (value, walk) => {
        if (typeof value !== 'string') return wrong(value, walk);
        if (allowed.has(value)) return true;
        if (ambiguous.has(value)) {
          // Name the constant set, never the payload value itself (house rule on messages).
          report(walk, 'ambiguous-value', ambiguousMessage, undefined, { params: { allowed: options, ambiguous: [...ambiguous] } });
        } else {
          report(walk, 'enum', enumMessage, undefined, { params: { allowed: options } });
        }
        return true;
      };
      return { check, valid: (value) => typeof value === 'string' && allowed.has(value) };
    }
    case 'array': {
      const item = compileNode(node.item!, name, ctx);
      const itemValid = item.valid;
      const wrong = typeProblem('an array');
      const nullEntry = `Each entry of ${name} must not be null.`;
      const emptyEntry = `Each entry of ${name} must not be empty.`;
      const reportEmpty: Check = (el, walk) => {
        report(walk, 'type', el === null ? nullEntry : emptyEntry);
      };
      const check: TypeCheck = (value, walk) => {
        if (!Array.isArray(value)) return wrong(value, walk);
        const path = walk.path;
        const fast = walk.fast === true;
        for (let i = 0; i < value.length; i++) {
          const el: unknown = value[i];
          if (el === undefined || el === null) {
            path.push(i);
            reportEmpty(el, walk);
            path.pop();
          } else if (!fast || !passes(itemValid, el)) {
            path.push(i);
            item.check(el, walk);
            path.pop();
          }
        }
        return true;
      };
      const valid: Valid = (value) => {
        if (!Array.isArray(value)) return false;
        for (let i = 0; i < value.length; i++) {
          const el: unknown = value[i];
          if (el === undefined || el === null || !itemValid(el)) return false;
        }
        return true;
      };
      return { check, valid, shape: { kind: 'array', item, wrongType: wrong, reportEmpty } };
    }
    case 'strict_object':
    case 'object':
    case 'loose_object':
      return compileObject(node, name, meta, ctx);
    default:
      return { check: () => true, valid: () => true };
  }
}

function compileObject(node: AnySchema, name: string, meta: FieldMeta, ctx: CompileContext): CompiledType {
  const objectName = meta.name ?? name;
  const strict = node.type === 'strict_object';
  const keys = Object.keys(node.entries ?? {});
  const entries: Entry[] = keys.map((key) => ({ key, ...compileNode(node.entries![key]!, key, ctx) }));
  const known = new Set(keys);
  const spelling = meta.spelling ?? {};
  const laterVersion = meta.laterVersion ?? {};
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const notObject = typeMessages((type) => `${name} must be an object, not ${type}.`);
  const wrongType = (value: unknown, walk: Walk): false => {
    report(walk, 'type', notObject(jsonTypeOf(value)), undefined, { params: { expected: 'an object' } });
    return false;
  };
  // Messages of each member's problems, built once.
  const entryMessages = entries.map((entry) => ({
    required: `${entry.key} is required in ${objectName}.`,
    responseOnly: `${entry.key} appears only in responses; the operator does not read it in a request.`,
    notNull: `${entry.key} must not be null; leave it out instead.`,
    requiredNotNull: `${entry.key} is required in ${objectName} and must not be null.`,
  }));
  const messagesOf = new Map(entries.map((entry, i) => [entry, entryMessages[i]!]));
  /** Reports one member; `fast` lets a valid value pass without its check. */
  const entryProblems = (entry: Entry, member: unknown, walk: Walk, fast: boolean): void => {
    if (member === undefined) {
      if (!entry.optional) report(walk, 'required', messagesOf.get(entry)!.required, entry.key);
      return;
    }
    if (member === null && !entry.nullable) {
      const messages = messagesOf.get(entry)!;
      if (entry.responseOnly) {
        // A response member sent as null is still a response member in a request.
        report(walk, 'response-only', messages.responseOnly, entry.key);
      } else if (entry.optional) {
        report(walk, 'type', messages.notNull, entry.key);
      } else {
        report(walk, 'required', messages.requiredNotNull, entry.key);
      }
      return;
    }
    if (member === null || (fast && passes(entry.valid, member))) return;
    walk.path.push(entry.key);
    entry.check(member, walk);
    walk.path.pop();
  };
  const reportExtra: Check = (value, walk) => {
    const object = value as Record<string, unknown>;
    const path = walk.path;
    for (const key in object) {
      if (known.has(key) || !Object.prototype.hasOwnProperty.call(object, key)) continue;
      const to = Object.prototype.hasOwnProperty.call(spelling, key) ? spelling[key] : undefined;
      if (to !== undefined) {
        report(walk, 'spelling', `${key} is the spelling of the spec's example body; the schema member is ${to}.`, key, {
          params: { to },
          fix: { kind: 'rename-member', to },
        });
        // Check the content as the schema member it stands for, unless that member is also present.
        const target = byKey.get(to);
        const member = object[key];
        if (target && !Object.prototype.hasOwnProperty.call(object, to) && member !== null && member !== undefined) {
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
  };
  const check: TypeCheck = (value, walk) => {
    if (!isObject(value)) return wrongType(value, walk);
    const fast = walk.fast === true;
    for (const entry of entries) {
      const member = Object.prototype.hasOwnProperty.call(value, entry.key) ? value[entry.key] : undefined;
      entryProblems(entry, member, walk, fast);
    }
    if (strict) reportExtra(value, walk);
    return true;
  };
  const shape: ObjectShape = {
    kind: 'object',
    strict,
    entries,
    wrongType,
    reportEntry: (index, member, walk) => entryProblems(entries[index]!, member, walk, false),
    reportExtra,
  };
  return { check, valid: objectValid(entries, strict), shape };
}

/**
 * The validity test of an object: plain (prototype `Object.prototype` or `null`), every
 * own enumerable key a member of the schema (in a strict object), every member present
 * where required, not null unless nullable, not response-only, and valid. A member that
 * reads as defined must be an own enumerable key: an inherited or hidden one is left to
 * the reporting check.
 */
function objectValid(entries: readonly Entry[], strict: boolean): Valid {
  const count = entries.length;
  const keys = entries.map((e) => e.key);
  const indexOf = new Map(keys.map((key, i) => [key, i]));
  const valids = entries.map((e) => (e.responseOnly ? NEVER : e.valid));
  const required = entries.map((e) => !e.optional);
  const nullable = entries.map((e) => e.nullable);
  return (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    const proto: unknown = getPrototypeOf(value);
    if (proto !== OBJECT_PROTOTYPE && proto !== null) return false;
    const object = value as Record<string, unknown>;
    const seen: boolean[] = new Array<boolean>(count).fill(false);
    for (const key in object) {
      const i = indexOf.get(key);
      if (i === undefined) {
        if (strict) return false;
        continue;
      }
      seen[i] = true;
    }
    for (let i = 0; i < count; i++) {
      const member = object[keys[i]!];
      if (member === undefined) {
        if (required[i]) return false;
        continue;
      }
      if (!seen[i]) return false;
      if (member === null) {
        if (!nullable[i]) return false;
        continue;
      }
      if (!valids[i]!(member)) return false;
    }
    return true;
  };
}

/**
 * Compiles a root schema into a checker of a whole payload.
 *
 * @param schema A valibot object schema from `src/schema/`.
 * @param rootName Name of the root in messages.
 * @param ctx Compile context (version label).
 * @returns A function that checks a payload and appends problems to `walk.out`.
 */
export function compileSchema(schema: v.GenericSchema, rootName: string, ctx: CompileContext): Check {
  return compileNode(schema as AnySchema, rootName, ctx).check;
}

/**
 * Compiles a root schema into its reporting check and its validity test. Walk with
 * `fast: true` (when `objectPrototypeIsPlain()`) to skip valid subtrees.
 *
 * @param schema A valibot object schema from `src/schema/`.
 * @param rootName Name of the root in messages.
 * @param ctx Compile context (version label).
 * @returns The check and the validity test of a present value, and the compiled root.
 * @example const { check, valid } = compileChecker(ReturnRequestSchema, 'payload', { label: 'the return request' });
 */
export function compileChecker(schema: v.GenericSchema, rootName: string, ctx: CompileContext): Checker {
  const root = compileNode(schema as AnySchema, rootName, ctx);
  return { check: root.check, valid: root.valid, root };
}
