/**
 * The walk of walk.ts as generated JavaScript, the way ajv compiles a JSON Schema: one
 * function per object and array node of the tree, leaves inlined, members read at constant
 * keys, so that every read and call site stays monomorphic. It reports through the same
 * functions as the closures (walk.ts) and calls the same visitors, so both give the same
 * problems; a property test holds them equal.
 *
 * Code is built with a small helper (`Code`): values reach the generated code as named
 * parameters, strings as JSON literals; nothing of a payload ever becomes code.
 */
import type { FieldCheck } from '../schema/actions';
import { codePointLength } from '../schema/predicates';
import { isBlankText, isPlainObject, ownCopy } from './json';
import type { BoundVisitor, Plan, WalkFn } from './plan';
import type { TreeMember, TreeNode } from './tree';
import { reportAt, reportSite, type ReportKind } from './report';
import { blank, checkKind, emptyEntry, findingOfCheck, extraMembers, missingKind, nullKind, picklistFailed, responseOnly, tooLong, wrapperMissing, wrongType } from './walk';

// Picklists up to this size compare inline; larger ones use a Set.
const INLINE_OPTIONS = 8;

/**
 * Tells whether code can be compiled here: `new Function` is not blocked by a
 * Content-Security-Policy. An engine asks once (plan.ts), unless configured not to.
 *
 * @returns `true` in Node and in pages that allow 'unsafe-eval'.
 * @example if (!canCompile()) console.warn('lint runs on closures');
 */
export function canCompile(): boolean {
  try {
    return new Function('return 1')() === 1;
  } catch {
    return false;
  }
}

/** Names and literals for generated code. */
class Code {
  /** Parameter names of the generated module, and their values. */
  readonly names: string[] = [];
  readonly values: unknown[] = [];
  private readonly byValue = new Map<unknown, string>();
  readonly functions: string[] = [];

  /** The parameter name under which `value` reaches the generated code. */
  ref(value: unknown, prefix: string): string {
    let name = this.byValue.get(value);
    if (name === undefined) {
      name = `${prefix}${this.names.length}`;
      this.byValue.set(value, name);
      this.names.push(name);
      this.values.push(value);
    }
    return name;
  }

  /** A string literal. */
  static str(value: string): string {
    return JSON.stringify(value);
  }

  /**
   * The source of a module of the functions that returns the one named `entry`: a header
   * comment first, its `sourceURL` last (stack traces and debuggers name it).
   */
  source(entry: string, header: string, sourceName: string): string {
    return ['"use strict";', header, ...this.functions, `return ${entry};`, `//# sourceURL=${sourceName}`].join('\n');
  }

  /** Compiles a module's source; undefined when compiling fails. */
  compile(source: string): ((...args: unknown[]) => void) | undefined {
    try {
      return new Function(...this.names, source)(...this.values) as (...args: unknown[]) => void;
    } catch {
      return undefined;
    }
  }
}

const HELPERS = {
  isArray: Array.isArray,
  getProto: Object.getPrototypeOf,
  OBJECT: Object,
  OBJECT_PROTO: Object.prototype,
  isFiniteNumber: Number.isFinite,
  cpl: codePointLength,
  isBlankText,
  isPlainObject,
  ownCopy,
  wrongType,
  reportAt,
  responseOnly,
  emptyEntry,
  tooLong,
  picklistFailed,
  blank,
  extraMembers,
  wrapperMissing,
  ahead: (): void => {},
} as const;

class Generator {
  private readonly code = new Code();
  private readonly done = new Set<TreeNode>();

  constructor(private readonly plan: Plan) {
    for (const [name, value] of Object.entries(HELPERS)) {
      this.code.names.push(name);
      this.code.values.push(value);
    }
  }

  /**
   * The module's source. Each plan's is its own (the header names the engine, the source
   * name numbers the plans of one name): V8 compiles equal `new Function` source once, and
   * two plans sharing compiled code share its feedback (measured: a fifth slower).
   */
  source(): string {
    const { sourceHeader, sourceName } = this.plan;
    return this.code.source(this.fn(this.plan.tree.root), sourceHeader, sourceName);
  }

  build(): WalkFn | undefined {
    return this.code.compile(this.source()) as WalkFn | undefined;
  }

  private node(node: TreeNode): string {
    return this.code.ref(node, 'N');
  }

  /**
   * Code that calls the visitors of a node on `x`. A visitor that throws (a hostile value
   * read) ends the walk, as a throwing read of the walk itself does (see instance.ts `run`).
   */
  private visitors(list: readonly BoundVisitor[] | undefined, x: string): string {
    if (!list) return '';
    const calls = list.map(({ fn, context, slot }) => `${this.code.ref(fn, 'V')}(${x}, ${this.code.ref(context, 'C')}, ${slot < 0 ? 'undefined' : `w.states[${slot}]`});`);
    return calls.join('\n');
  }

  /**
   * An expression of the JSON Pointer of `node`, as `pathOf` builds it: its template's text
   * with the walk's index stack in the slots. Evaluated only when a problem is reported.
   */
  private path(node: TreeNode): string {
    const pointer = node.pointer;
    const parts = [Code.str(pointer[0] as string)];
    for (let i = 1; i < pointer.length; i += 2) {
      parts.push(`w.idx[${pointer[i] as number}]`);
      if (pointer[i + 1] !== '') parts.push(Code.str(pointer[i + 1] as string));
    }
    // Past the limit of a bounded call a problem is only counted: its path is not built (see report.ts).
    return parts.length === 1 ? parts[0]! : `(w.full ? '' : ${parts.join(' + ')})`;
  }

  /** Code that reports a problem of `kind` at its node; '' when its rule is off in this plan. */
  private report(kind: ReportKind | undefined): string {
    const site = kind === undefined ? undefined : reportSite(this.plan, kind);
    return site === undefined ? '' : `reportAt(w, ${this.code.ref(site, 'R')}, ${this.path(site.kind.node)});`;
  }

  /** The field checks of `node` that run in this plan. */
  private activeChecks(node: TreeNode): FieldCheck<unknown>[] {
    return node.checks.filter((check) => this.plan.claims[findingOfCheck(check)] !== undefined);
  }

  /**
   * Code that runs the field checks of `node` on `x` (of the right type). When `guard` is
   * one of them, its failure also sets `f` (see `value`).
   */
  private checks(node: TreeNode, x: string, guard?: FieldCheck<unknown>): string[] {
    return this.activeChecks(node).map((check) => {
      if (check.maxLength !== undefined) {
        // The length in code points is counted once: for the test and for the message.
        const max = check.maxLength;
        return `if (${x}.length > ${max} && (n = cpl(${x})) > ${max}) tooLong(w, ${this.node(node)}, n, ${this.path(node)});`;
      }
      const failed = this.report(checkKind(this.plan, node, check));
      return `if (!${this.code.ref(check.test, 'T')}(${x})) ${check === guard ? `{ f = true; ${failed} }` : failed}`;
    });
  }

  /**
   * Code that reports `blank-value` for string `x` when it is blank (`blank`: the report).
   * With `guarded`, only a value that failed a test rejecting every blank string (`f`, see
   * `value`) can be blank: a value that passed one is not, and is not read again.
   */
  private blankTest(x: string, blank: string, guarded: boolean): string {
    if (!blank) return '';
    // A value that starts with a visible ASCII character is not blank: decided inline;
    // anything else is left to isBlankText (Unicode white space).
    const test = `(${x}.length === 0 || (c = ${x}.charCodeAt(0)) <= 32 || c >= 127) && isBlankText(${x})`;
    return `if (${guarded ? 'f && ' : ''}${test}) ${blank}`;
  }

  /**
   * Code that walks present value `x` (neither undefined nor null) at `node`; `blank` is
   * the `blank-value` report of a string of the right type (a picklist's or a string's),
   * when its member is required.
   */
  private value(node: TreeNode, x: string, blank = ''): string {
    const n = this.node(node);
    const enter = this.plan.enter[node.id];
    const exit = this.plan.exit[node.id];
    const visit = [this.visitors(enter, x), this.visitors(exit, x)].filter(Boolean).join('\n');
    const wrong = `wrongType(w, ${n}, ${x}, ${this.path(node)});`;
    switch (node.type) {
      case 'object':
      case 'array':
        return `${this.fn(node)}(${x}, w);`;
      case 'record':
        return `if (!isPlainObject(${x})) ${wrong} else { ${visit} }`;
      case 'any':
        return visit;
      case 'number':
        return `if (typeof ${x} !== "number" || !isFiniteNumber(${x})) ${wrong} else { ${[...this.checks(node, x), visit].join('\n')} }`;
      case 'boolean':
        return `if (typeof ${x} !== "boolean") ${wrong} else { ${[...this.checks(node, x), visit].join('\n')} }`;
      case 'string': {
        // A check that fails every blank string guards the blank test (see blankTest).
        const guard = blank ? this.activeChecks(node).find((check) => check.rejectsBlank) : undefined;
        const lines = [guard ? 'let f = false;' : '', ...this.checks(node, x, guard), visit, this.blankTest(x, blank, guard !== undefined)];
        return `if (typeof ${x} !== "string") ${wrong} else { ${lines.filter(Boolean).join('\n')} }`;
      }
      case 'picklist': {
        const options = node.options!;
        const test =
          options.length <= INLINE_OPTIONS
            ? `(${options.map((o) => `${x} === ${Code.str(o)}`).join(' || ') || 'false'})`
            : `${this.code.ref(new Set(options), 'S')}.has(${x})`;
        const inEnum = this.plan.claims.notAllowed !== undefined || this.plan.claims.ambiguous !== undefined;
        // A value among the options (none of them blank) is not blank (see blankTest).
        const guarded = blank !== '' && inEnum && !options.some(isBlankText);
        const failed = `picklistFailed(w, ${n}, ${x}, ${this.path(node)});`;
        const lines = [
          guarded ? 'let f = false;' : '',
          inEnum ? `if (!${test}) ${guarded ? `{ f = true; ${failed} }` : failed}` : '',
          ...this.checks(node, x),
          visit,
          this.blankTest(x, blank, guarded),
        ];
        return `if (typeof ${x} !== "string") ${wrong} else { ${lines.filter(Boolean).join('\n')} }`;
      }
    }
  }

  /** Code that walks a member whose value is in `m`. */
  private member(member: TreeMember): string {
    const lines: string[] = [];
    const absent = member.required ? this.report(missingKind(this.plan, member)) : '';
    const isNull = member.nullable ? '' : this.report(nullKind(this.plan, member));
    const present: string[] = [];
    if (member.responseOnly && this.plan.claims.responseOnly !== undefined) present.push(`responseOnly(w, ${this.node(member.node)}, m);`);
    const blank = member.required && this.plan.claims.blank !== undefined ? `blank(w, ${this.node(member.node)});` : '';
    present.push(this.value(member.node, 'm', blank));
    lines.push(`if (m === undefined) { ${absent} } else if (m === null) { ${isNull} } else { ${present.join('\n')} }`);
    return lines.join('\n');
  }

  /** The name of the function that walks an object or array node, generated on first use. */
  private fn(node: TreeNode): string {
    const name = `w${node.id}`;
    if (this.done.has(node)) return name;
    this.done.add(node);
    const body = node.type === 'array' ? this.array(node) : this.object(node);
    this.code.functions.push(`function ${name}(d, w) {\n${body}\n}`);
    return name;
  }

  private object(node: TreeNode): string {
    const n = this.node(node);
    const members = node.members!;
    const enter = this.plan.enter[node.id];
    const exit = this.plan.exit[node.id];
    const bits = (i: number) => ({ v: `s${i >> 5}`, mask: (1 << (i & 31)) | 0 });
    const lines = [
      `if (d === null || typeof d !== "object" || isArray(d)) { wrongType(w, ${n}, d, ${this.path(node)}); return; }`,
      // isPlainObject, its common case first. Reading `constructor` first lets the compiler
      // know the object's shape when a node sees few shapes (payloads of one producer, whose
      // keys come in one order): the prototype read then costs nothing (about 10 % of a
      // valid 5-item order). A node whose objects come in many key orders pays one load more.
      // A prototype of another realm can hold enumerable members that for...in lists: the walk reads a copy of the own ones.
      `if (d.constructor !== OBJECT || getProto(d) !== OBJECT_PROTO) { if (!isPlainObject(d)) { wrongType(w, ${n}, d, ${this.path(node)}); return; } if (getProto(d) !== null) d = ownCopy(d); }`,
      node.strict ? 'let extra;' : '',
    ];
    for (let v = 0; v <= (members.length - 1) >> 5; v++) lines.push(`let s${v} = 0;`);
    // Each member's value, read in the key loop (undefined when the loop does not list it).
    if (members.length > 0) lines.push(`let ${members.map((_, i) => `x${i}`).join(', ')};`);
    // One pass over the own keys (for...in lists own keys when Object.prototype is plain, see
    // plan.ts). A value read there as d[k] is read by the key loop's own field index, with
    // no lookup by name, however many shapes the objects of this node have.
    lines.push('for (const k in d) {', '  switch (k) {');
    members.forEach((member, i) => {
      const { v, mask } = bits(i);
      lines.push(`    case ${Code.str(member.key)}: ${v} |= ${mask}; x${i} = d[k]; break;`);
    });
    // The members the schema does not define, in order, for extraMembers (strict objects only).
    if (node.strict) lines.push('    default: (extra ??= []).push(k);');
    lines.push('  }', '}');
    // Ask early for the objects and arrays this one holds: testing a value's type reads its
    // first word, and the processor fetches the values from memory while the walk checks
    // this object's other members (payloads read from memory lint 5-8 % faster; in the
    // cache, no change). The call never happens for JSON; it keeps the compiler from
    // dropping the test.
    const ahead = members.flatMap((member, i) => (member.node.type === 'object' || member.node.type === 'array' ? [`if (typeof x${i} === "function") ahead(x${i});`] : []));
    if (ahead.length > 0) lines.push(ahead.join(' '));
    const { root, wrapper } = this.plan.tree;
    const held = node === root && wrapper !== undefined ? members.findIndex((member) => member.key === wrapper) : -1;
    if (held >= 0) {
      // The key loop lists own enumerable members: without the wrapper, that is the payload's one problem.
      const { v, mask } = bits(held);
      lines.push(`if ((${v} & ${mask}) === 0) { wrapperMissing(w); return; }`);
    }
    if ((enter || exit) && members.length > 0) {
      // Visitors read members directly: give them a copy without a hidden or inherited member.
      const hidden = members.map((member, i) => {
        const { v, mask } = bits(i);
        return `((${v} & ${mask}) === 0 && d[${Code.str(member.key)}] !== undefined)`;
      });
      lines.push(`if (${hidden.join(' || ')}) d = ownCopy(d);`);
    }
    lines.push(this.visitors(enter, 'd'));
    lines.push('let m, c, n;');
    members.forEach((member, i) => {
      lines.push(`m = x${i};`);
      lines.push(this.member(member));
    });
    if (node.strict) lines.push(`if (extra !== undefined) extraMembers(w, ${n}, d, extra);`);
    lines.push(this.visitors(exit, 'd'));
    return lines.filter(Boolean).join('\n');
  }

  private array(node: TreeNode): string {
    const n = this.node(node);
    const item = node.item!;
    return [
      `if (!isArray(d)) { wrongType(w, ${n}, d, ${this.path(node)}); return; }`,
      this.visitors(this.plan.enter[node.id], 'd'),
      'const idx = w.idx;',
      'let n;',
      'for (let i = 0; i < d.length; i++) {',
      `  idx[${node.depth}] = i;`,
      '  const e = d[i];',
      `  if (e === undefined || e === null) emptyEntry(w, ${this.node(item)}, e);`,
      `  else { ${this.value(item, 'e')} }`,
      '}',
      ...this.checks(node, 'd'),
      this.visitors(this.plan.exit[node.id], 'd'),
    ]
      .filter(Boolean)
      .join('\n');
  }
}

/**
 * Generates the walk of a plan.
 *
 * @param plan The plan (tree, levels, visitors).
 * @returns The walk of a whole payload, or undefined when code cannot be compiled here.
 * @example const walk = generateWalk(plan); walk?.(payload, new Walk(plan, profile));
 */
export function generateWalk(plan: Plan): WalkFn | undefined {
  return new Generator(plan).build();
}

/**
 * The source of a plan's generated walk, as `generateWalk` compiles it.
 *
 * @param plan The plan.
 * @returns The JavaScript text (a function body; its free names are the module's parameters).
 * @example console.log(walkSource(plan)); // "use strict"; ... //# sourceURL=fulfilkit-walk-order-1.1.js
 */
export function walkSource(plan: Plan): string {
  return new Generator(plan).source();
}
