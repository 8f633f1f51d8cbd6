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
import { blank, checkKind, emptyEntry, extraMembers, missingKind, nullKind, picklistFailed, responseOnly, tooLong, wrapperMissing, wrongType } from './walk';

// Picklists up to this size compare inline; larger ones use a Set.
const INLINE_OPTIONS = 8;

let probed: boolean | undefined;
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
  probed = codegen === false ? false : undefined;
}

/**
 * Tells whether code can be generated here (`new Function` is not blocked by a CSP).
 *
 * @returns `true` in Node and in pages that allow 'unsafe-eval', unless turned off by `configureEngine`.
 * @example if (!canGenerateCode()) console.warn('lint runs on closures');
 */
export function canGenerateCode(): boolean {
  if (allowed === false) return false;
  if (probed === undefined) {
    try {
      probed = new Function('return 1')() === 1;
    } catch {
      probed = false;
    }
  }
  return probed;
}

/** Generated modules so far (see `Code.compile`). */
let modules = 0;
/**
 * A token of this copy of the engine. A process can hold two copies (the ESM and the
 * CommonJS build, or two versions of fulfilkit): their first walks would have the same
 * source, and V8 would give them one compiled code.
 */
const INSTANCE = Math.random().toString(36).slice(2, 10);

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
   * Compiles the functions; returns the one named `entry`, or undefined when compiling fails.
   * `what` names the module in its first line (`walk`, `states`, `renewer`, `overrides`).
   */
  compile(entry: string, what = 'walk'): ((...args: unknown[]) => void) | undefined {
    // Each module gets source of its own. V8 caches compiled `new Function` source: two plans
    // with the same code (another profile or rule overrides, same checks, or the same plan in
    // another copy of the engine) would share their functions' feedback, and none of them
    // could be optimized for its own constants (measured: up to a fifth slower). The same
    // holds for two plans' state makers, whose call sites would see each other's factories.
    const source = ['"use strict";', `// ${what} ${INSTANCE}.${++modules}`, ...this.functions, `return ${entry};`].join('\n');
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

  build(): WalkFn | undefined {
    const entry = this.fn(this.plan.tree.root);
    return this.code.compile(entry) as WalkFn | undefined;
  }

  private node(node: TreeNode): string {
    return this.code.ref(node, 'N');
  }

  /**
   * Code that calls the visitors of a node on `x`. A visitor that throws (a hostile value
   * read) ends the walk, as a throwing read of the walk itself does (see engine.ts).
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
  private report(kind: ReportKind): string {
    const site = reportSite(this.plan, kind);
    return site === undefined ? '' : `reportAt(w, ${this.code.ref(site, 'R')}, ${this.path(kind.node)});`;
  }

  /** The field checks of `node` that run in this plan. */
  private activeChecks(node: TreeNode): FieldCheck<unknown>[] {
    return node.checks.filter((check) => this.plan.levels[check.rule] !== undefined);
  }

  /**
   * Code that runs the field checks of `node` on `x` (of the right type). When `guard` is
   * one of them, its failure also sets `f` (see `value`).
   */
  private checks(node: TreeNode, x: string, guard?: FieldCheck<unknown>): string[] {
    return this.activeChecks(node).map((check) => {
      if (check.rule === 'max-length' && typeof check.requirement === 'number') {
        // The length in code points is counted once: for the test and for the message.
        const max = check.requirement;
        return `if (${x}.length > ${max} && (n = cpl(${x})) > ${max}) tooLong(w, ${this.node(node)}, n, ${this.path(node)});`;
      }
      const failed = this.report(checkKind(node, check));
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
        const inEnum = this.plan.levels.enum !== undefined || this.plan.levels['ambiguous-value'] !== undefined;
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
    const absent = member.required ? this.report(missingKind(member)) : '';
    const isNull = member.nullable ? '' : this.report(nullKind(member));
    const present: string[] = [];
    if (member.responseOnly && this.plan.levels['response-only'] !== undefined) present.push(`responseOnly(w, ${this.node(member.node)}, m);`);
    const blank = member.required && this.plan.levels['blank-value'] !== undefined ? `blank(w, ${this.node(member.node)});` : '';
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
 * Generates the maker of the rules' states of one lint call: one array literal of factory
 * calls, each call site with one target (a loop over the factories calls them all from one
 * site, which V8 cannot inline: about a tenth of a microsecond per lint call).
 *
 * @param factories The rules' state factories, by state slot.
 * @returns The maker, or undefined when code cannot be compiled here.
 * @example const make = generateStateMaker([() => ({ seen: 0 })]); make?.(); // [{ seen: 0 }]
 */
export function generateStateMaker(factories: readonly (() => unknown)[]): (() => unknown[]) | undefined {
  const code = new Code();
  const calls = factories.map((make) => `${code.ref(make, 'F')}()`);
  code.functions.push(`function makeStates() { return [${calls.join(', ')}]; }`);
  return code.compile('makeStates', 'states') as (() => unknown[]) | undefined;
}

/**
 * Generates the test that a rule overrides object still has the given entries: as many
 * enumerable members, and each key with its value (read by name: an inline-cached read,
 * where a loop over the keys reads each member through the key).
 *
 * @param keys The keys, as the object listed them.
 * @param values Their values.
 * @returns The test (for objects whose enumerable members are all their own), or undefined
 *   when code cannot be compiled here or a value is undefined (reading a missing key by
 *   name gives undefined too).
 * @example generateEntriesTest(['enum'], ['warn'])?.({ enum: 'warn' }); // true
 */
export function generateEntriesTest(keys: readonly string[], values: readonly unknown[]): ((overrides: object) => boolean) | undefined {
  if (!canGenerateCode() || values.includes(undefined)) return undefined;
  const code = new Code();
  // A text value is a literal in the code (one compare with a constant), any other a reference.
  const tests = keys.map((key, i) => {
    const value = values[i];
    return ` && o[${Code.str(key)}] === ${typeof value === 'string' ? Code.str(value) : code.ref(value, 'V')}`;
  });
  code.functions.push(`function unchanged(o) {\nlet n = 0;\nfor (const k in o) n++;\nreturn n === ${keys.length}${tests.join('')};\n}`);
  return code.compile('unchanged', 'overrides') as ((overrides: object) => boolean) | undefined;
}

/**
 * Generates the renewer of the rules' states: it readies the states of a finished lint call
 * for the next call by setting each member back to the value its factory gives (a member
 * that starts as an empty array gets a new one), one plain assignment per member, so a
 * lint call need not make them anew (see `run` in engine.ts). A rule's state is the members its factory gives; visitors add none (a test
 * holds every rule to that).
 *
 * @param factories The rules' state factories, by state slot.
 * @returns The renewer, or undefined when code cannot be compiled here or a factory gives a
 *   state it cannot reset so (not a plain object, or a member that starts as another object).
 * @example const renew = generateStateRenewer([() => ({ seen: 0 })]); renew?.([{ seen: 3 }]); // [{ seen: 0 }]
 */
export function generateStateRenewer(factories: readonly (() => unknown)[]): ((states: unknown[]) => unknown[]) | undefined {
  const lines: string[] = [];
  for (let slot = 0; slot < factories.length; slot++) {
    const state = factories[slot]!();
    if (!isPlainObject(state) || Object.getOwnPropertySymbols(state).length > 0) return undefined;
    lines.push(`t = s[${slot}];`);
    for (const key of Object.keys(state)) {
      const first = literal(state[key]);
      if (first === undefined) return undefined;
      lines.push(`t[${Code.str(key)}] = ${first};`);
    }
  }
  const code = new Code();
  code.functions.push(`function renewStates(s) { let t;\n${lines.join('\n')}\nreturn s; }`);
  return code.compile('renewStates', 'renewer') as ((states: unknown[]) => unknown[]) | undefined;
}

/** The source of a state member's first value: a primitive, or a new empty array; undefined for anything else. */
function literal(value: unknown): string | undefined {
  switch (typeof value) {
    case 'undefined':
      return 'void 0';
    case 'boolean':
      return String(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'string':
      return Code.str(value);
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) && value.length === 0 && Object.getPrototypeOf(value) === Array.prototype ? '[]' : undefined;
    default:
      return undefined;
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
