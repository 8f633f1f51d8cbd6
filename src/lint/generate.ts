/**
 * Generates the structural walk of a compiled schema as JavaScript source, the way ajv
 * compiles JSON Schema: one function per object and array, leaves inlined, members read
 * at constant keys, so that every read and call site stays monomorphic. Two kinds:
 *
 * - validity tests (`f0`, `f1`, ...): `true` only when the closures would report nothing;
 * - reporting walks (`r0`, `r1`, ...): the closures' walk, same problems in the same
 *   order. Each object lists its keys once (`for...in`); a member is checked inline and
 *   only a member that fails is handed to its closure, which reports it. An object that
 *   is not plain (another prototype, or a member that reads as defined but is not an own
 *   enumerable key) is handed whole to its closure and the walk is marked `exotic`.
 *
 * Where code cannot be generated (a Content-Security-Policy without 'unsafe-eval'), the
 * engine keeps the closures of compile.ts, which give the same output more slowly.
 */
import { metaOf, unwrapSchema } from '../schema/actions';
import { codePointLength } from '../schema/predicates';
import { checksOf, type AnySchema, type Check, type Compiled, type Valid, type Walk } from './compile';

// Picklists up to this size compare inline; larger ones use a Set.
const INLINE_OPTIONS = 8;

let available: boolean | undefined;
let allowed: boolean | 'auto' = 'auto';

/**
 * Sets whether the engine may generate code (see `configureEngine`). With `false` the
 * `new Function` probe never runs, so a strict Content-Security-Policy reports nothing.
 *
 * @param codegen `true`, `false` or `'auto'` (probe once, the default).
 * @example setCodegen(false);
 */
export function setCodegen(codegen: boolean | 'auto'): void {
  allowed = codegen;
  if (codegen === false) available = false;
  else available = undefined;
}

/**
 * Tells whether code can be generated here (`new Function` is not blocked by a CSP).
 *
 * @returns `true` in Node and in pages that allow 'unsafe-eval', unless turned off by `configureEngine`.
 * @example if (!canGenerateCode()) console.warn('lint runs on closures');
 */
export function canGenerateCode(): boolean {
  if (allowed === false) return false;
  if (available === undefined) {
    try {
      available = new Function('return 1')() === 1;
    } catch {
      available = false;
    }
  }
  return available;
}

/** Walks a failing member with its closure at path `key` (one call keeps the generated code small). */
function fail(check: Check, key: string | number, value: unknown, walk: Walk): void {
  walk.path.push(key);
  check(value, walk);
  walk.path.pop();
}

/** The `seen` bit of member `i`: variable and mask. */
function bit(i: number): { v: string; mask: number } {
  return { v: `s${i >> 5}`, mask: (1 << (i & 31)) | 0 };
}

/** Code that declares the seen bits of `count` members and sets them from `for...in` keys. */
function keyScan(keys: readonly string[], onOther: string): string[] {
  const lines: string[] = [];
  for (let v = 0; v <= (keys.length - 1) >> 5; v++) lines.push(`  let s${v} = 0;`);
  lines.push('  for (const k in d) {', '    switch (k) {');
  keys.forEach((key, i) => {
    const { v, mask } = bit(i);
    lines.push(`      case ${JSON.stringify(key)}: ${v} |= ${mask}; break;`);
  });
  lines.push(`      default: ${onOther}`, '    }', '  }');
  return lines;
}

const unseen = (i: number) => {
  const { v, mask } = bit(i);
  return `(${v} & ${mask}) === 0`;
};

class Generator {
  /** Names and values handed to the generated code (helpers, tests, sets, closures). */
  readonly names: string[] = ['isArray', 'getProto', 'OBJECT_PROTO', 'cpl', 'isFiniteNumber', 'fail'];
  readonly values: unknown[] = [Array.isArray, Object.getPrototypeOf, Object.prototype, codePointLength, Number.isFinite, fail];
  private readonly byValue = new Map<unknown, string>();
  /** Validity function of each object and array schema node. */
  private readonly validOf = new Map<AnySchema, number>();
  readonly validNodes: AnySchema[] = [];
  readonly validBodies: string[] = [];
  /** Reporting function of each compiled object or array occurrence. */
  private readonly reportOf = new Map<Compiled, number>();
  readonly reportBodies: string[] = [];

  /** The name under which `value` reaches the generated code. */
  param(value: unknown, prefix: string): string {
    let name = this.byValue.get(value);
    if (name === undefined) {
      name = `${prefix}${this.names.length}`;
      this.byValue.set(value, name);
      this.names.push(name);
      this.values.push(value);
    }
    return name;
  }

  /** Code that is true when present value `x` (a variable name) is valid against `node` (unwrapped). */
  expr(node: AnySchema, x: string): string {
    if (metaOf(node).responseOnly) return 'false';
    switch (node.type) {
      case 'array':
      case 'strict_object':
      case 'object':
      case 'loose_object':
        return `f${this.validFn(node)}(${x})`;
      default:
        return this.leaf(node, x);
    }
  }

  private leaf(node: AnySchema, x: string): string {
    const parts: string[] = [];
    switch (node.type) {
      case 'string':
        parts.push(`typeof ${x} === "string"`);
        break;
      case 'number':
        parts.push(`typeof ${x} === "number" && isFiniteNumber(${x})`);
        break;
      case 'boolean':
        parts.push(`typeof ${x} === "boolean"`);
        break;
      case 'picklist': {
        const options = node.options as readonly string[];
        parts.push(
          options.length <= INLINE_OPTIONS
            ? `(${options.map((o) => `${x} === ${JSON.stringify(o)}`).join(' || ') || 'false'})`
            : `${this.param(new Set(options), 'set')}.has(${x})`,
        );
        break;
      }
      default:
        parts.push('true');
    }
    parts.push(...this.checks(node, x));
    // Always parenthesised: callers negate it.
    return `(${parts.join(' && ')})`;
  }

  /** The field checks of `node` on `x`, as code. */
  checks(node: AnySchema, x: string): string[] {
    return checksOf(node).map((check) =>
      check.rule === 'max-length' && typeof check.requirement === 'number'
        ? `(${x}.length <= ${check.requirement} || cpl(${x}) <= ${check.requirement})`
        : `${this.param(check.test, 'test')}(${x})`,
    );
  }

  // ---- validity tests --------------------------------------------------------------

  /** The index of the validity function of an object or array node, generated on first use. */
  validFn(node: AnySchema): number {
    let index = this.validOf.get(node);
    if (index !== undefined) return index;
    index = this.validNodes.length;
    this.validOf.set(node, index);
    this.validNodes.push(node);
    this.validBodies.push('');
    this.validBodies[index] = node.type === 'array' ? this.validArray(node) : this.validObject(node);
    return index;
  }

  private validTail(node: AnySchema): string {
    return `  return ${['true', ...this.checks(node, 'd')].join(' && ')};`;
  }

  private validArray(node: AnySchema): string {
    const item = unwrapNode(node.item!);
    return [
      '  if (!isArray(d)) return false;',
      '  for (let i = 0; i < d.length; i++) {',
      '    const e = d[i];',
      `    if (e === undefined || e === null || !${this.expr(item, 'e')}) return false;`,
      '  }',
      this.validTail(node),
    ].join('\n');
  }

  private validObject(node: AnySchema): string {
    const entries = Object.entries(node.entries ?? {});
    const lines = [
      '  if (d === null || typeof d !== "object" || isArray(d)) return false;',
      '  const p = getProto(d);',
      '  if (p !== OBJECT_PROTO && p !== null) return false;',
      ...keyScan(
        entries.map(([key]) => key),
        node.type === 'strict_object' ? 'return false;' : 'break;',
      ),
      '  let m;',
    ];
    entries.forEach(([key, schema], i) => {
      const { node: inner, optional, nullable } = unwrapSchema(schema);
      lines.push(`  m = d[${JSON.stringify(key)}];`);
      if (metaOf(inner).responseOnly) {
        // Any value of a response member is reported, null included.
        lines.push(optional ? '  if (m !== undefined) return false;' : '  return false;');
        return;
      }
      // A value that is read must come from an own enumerable key.
      const bad = `${unseen(i)} || ${nullable ? `(m !== null && !${this.expr(inner, 'm')})` : `m === null || !${this.expr(inner, 'm')}`}`;
      lines.push(optional ? `  if (m !== undefined && (${bad})) return false;` : `  if (m === undefined || ${bad}) return false;`);
    });
    lines.push(this.validTail(node));
    return lines.join('\n');
  }

  // ---- reporting walks -------------------------------------------------------------

  /** The index of the reporting function of a compiled object or array, generated on first use. */
  reportFn(c: Compiled): number {
    let index = this.reportOf.get(c);
    if (index !== undefined) return index;
    index = this.reportBodies.length;
    this.reportOf.set(c, index);
    this.reportBodies.push('');
    this.reportBodies[index] = c.shape!.kind === 'array' ? this.reportArray(c) : this.reportObject(c);
    return index;
  }

  /** Code that reports the field checks of `c` on `d` when one fails. */
  private reportTail(c: Compiled): string[] {
    const checks = this.checks(c.node, 'd');
    if (checks.length === 0) return [];
    return [`  if (!(${checks.join(' && ')})) ${this.param(c.reportChecks, 'rc')}(d, w);`];
  }

  /** Code that walks present, non-null value `x` of compiled occurrence `c` at the current path. */
  private walkPresent(c: Compiled, x: string, token: string, onInvalid: string): string {
    if (c.shape) return `path.push(${token}); r${this.reportFn(c)}(${x}, w); path.pop();`;
    return `if (!${this.expr(c.node, x)}) ${onInvalid}`;
  }

  private reportArray(c: Compiled): string {
    const shape = c.shape as Extract<Compiled['shape'], { kind: 'array' }>;
    const item = shape.item;
    const itemCheck = `fail(${this.param(item.check, 'ck')}, i, e, w);`;
    return [
      `  if (!isArray(d)) { ${this.param(shape.wrongType, 'wt')}(d, w); return; }`,
      '  const path = w.path;',
      '  for (let i = 0; i < d.length; i++) {',
      '    const e = d[i];',
      `    if (e === undefined || e === null) { path.push(i); ${this.param(shape.reportEmpty, 'em')}(e, w); path.pop(); }`,
      `    else ${item.shape ? `{ ${this.walkPresent(item, 'e', 'i', '')} }` : `if (!${this.expr(item.node, 'e')}) ${itemCheck}`}`,
      '  }',
      ...this.reportTail(c),
    ].join('\n');
  }

  private reportObject(c: Compiled): string {
    const shape = c.shape as Extract<Compiled['shape'], { kind: 'object' }>;
    const check = this.param(c.check as Check, 'ck');
    const entryReport = this.param(shape.reportEntry, 're');
    const keys = shape.entries.map((e) => e.key);
    const lines = [
      `  if (d === null || typeof d !== "object" || isArray(d)) { ${this.param(shape.wrongType, 'wt')}(d, w); return; }`,
      '  const p = getProto(d);',
      `  if (p !== OBJECT_PROTO && p !== null) { w.exotic = true; ${check}(d, w); return; }`,
      '  let extra = false;',
      ...keyScan(keys, 'extra = true;'),
    ];
    if (keys.length > 0) {
      // A member that reads as defined without an own enumerable key (inherited, hidden): the closures decide.
      const hidden = keys.map((key, i) => `(${unseen(i)} && d[${JSON.stringify(key)}] !== undefined)`).join(' ||\n    ');
      lines.push(`  if (${hidden}) { w.exotic = true; ${check}(d, w); return; }`);
    }
    lines.push('  const path = w.path;', '  let m;');
    shape.entries.forEach((entry, i) => {
      const token = JSON.stringify(entry.key);
      const report = `${entryReport}(${i}, m, w);`;
      // A present value that fails goes straight to the member's check, as the closure walk does.
      const failing = `fail(${this.param(entry.check, 'ck')}, ${token}, m, w);`;
      lines.push(`  m = d[${token}];`);
      const present = `if (m !== undefined && m !== null) { ${this.walkPresent(entry, 'm', token, failing)} }`;
      // Absent or null where that is allowed needs nothing; otherwise the closure reports it.
      const absentOk = entry.optional;
      const nullOk = entry.nullable;
      const rest = absentOk && nullOk ? '' : absentOk ? ` else if (m === null) ${report}` : nullOk ? ` else if (m === undefined) ${report}` : ` else ${report}`;
      lines.push(`  ${present}${rest}`);
    });
    if (shape.strict) lines.push(`  if (extra) ${this.param(shape.reportExtra, 'ex')}(d, w);`);
    lines.push(...this.reportTail(c));
    return lines.join('\n');
  }
}

function unwrapNode(schema: AnySchema): AnySchema {
  return unwrapSchema(schema).node;
}

/** Compiles the generated functions and returns those named `${prefix}0`, `${prefix}1`, ... */
function build<T>(g: Generator, count: number, prefix: 'f' | 'r'): T[] | undefined {
  const source = [
    '"use strict";',
    ...g.validBodies.map((body, i) => `function f${i}(d) {\n${body}\n}`),
    ...g.reportBodies.map((body, i) => `function r${i}(d, w) {\n${body}\n}`),
    `return [${Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(', ')}];`,
  ].join('\n');
  try {
    return new Function(...g.names, source)(...g.values) as T[];
  } catch {
    return undefined;
  }
}

/**
 * Generates the validity tests of every object and array schema under `root`.
 *
 * @param root A valibot schema from `src/schema/`.
 * @returns The test of each object and array node, or `undefined` when code cannot be generated.
 * @example const tests = generateValidity(ReturnRequestSchema); tests?.get(ReturnRequestSchema)?.(payload);
 */
export function generateValidity(root: AnySchema): Map<AnySchema, Valid> | undefined {
  if (!canGenerateCode()) return undefined;
  const g = new Generator();
  g.validFn(unwrapNode(root));
  const fns = build<Valid>(g, g.validBodies.length, 'f');
  if (!fns) return undefined;
  const out = new Map<AnySchema, Valid>();
  g.validNodes.forEach((node, i) => out.set(node, fns[i]!));
  return out;
}

/**
 * Generates the reporting walk of a compiled root (an object or array occurrence).
 *
 * @param root The compiled root from `compileChecker`.
 * @returns The walk of a present value, or `undefined` when code cannot be generated.
 * @example const walk = generateReporter(checker.root!); walk?.(payload, { path: [], out, levels, fast: true });
 */
export function generateReporter(root: Compiled): Check | undefined {
  if (!canGenerateCode() || !root.shape) return undefined;
  const g = new Generator();
  g.reportFn(root);
  const fns = build<Check>(g, 1, 'r');
  return fns?.[0];
}
