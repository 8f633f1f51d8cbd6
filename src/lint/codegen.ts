/**
 * The generated backend of the walk: a plan's walk description (walk-ops.ts) emitted as
 * JavaScript, the way ajv compiles a JSON Schema: one function per object and array node,
 * leaves inlined, members read at constant keys, so that every read and call site stays
 * monomorphic. It reports through the same functions as the closure backend (walk.ts).
 *
 * Code is built with code.ts: values reach the generated code as named parameters, strings
 * as literals; nothing of a payload ever becomes code.
 */
import { _, joinCode, Module, type Block, type Code } from './code';
import { isPlainObject, jsonTypeOf, ownCopy } from './json';
import type { BoundVisitor, Plan, WalkFn } from './plan';
import type { ReportSite } from './report';
import { emptyEntry, extraMembers, reportSite, wrapperMissing } from './walk';
import type { CheckOp, MemberOp, ValueOp } from './walk-ops';

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

/** What the generated code reads by name. */
const HELPERS = {
  isArray: Array.isArray,
  getProto: Object.getPrototypeOf,
  OBJECT: Object,
  OBJECT_PROTO: Object.prototype,
  isFiniteNumber: Number.isFinite,
  isPlainObject,
  jsonTypeOf,
  ownCopy,
  reportSite,
  emptyEntry,
  extraMembers,
  wrapperMissing,
  ahead: (): void => {},
} as const;

/** The generated code of one plan. */
class Generator {
  private readonly module = new Module(HELPERS);
  private readonly h = Object.fromEntries(Object.keys(HELPERS).map((name) => [name, this.module.global(name)])) as Record<keyof typeof HELPERS, Code>;

  constructor(private readonly plan: Plan) {}

  /**
   * The module's source. Each plan's is its own (the header names the engine, the source
   * name numbers the plans of one name): V8 compiles equal `new Function` source once, and
   * two plans sharing compiled code share its feedback (measured: a fifth slower).
   */
  source(): string {
    const { sourceHeader, sourceName, ops } = this.plan;
    return this.module.source(this.fn(ops.root), sourceHeader, sourceName);
  }

  build(): WalkFn | undefined {
    return this.module.compile(this.source()) as WalkFn | undefined;
  }

  /** Reports the problem of a site (if a rule that runs claims it), with the detail its message values read. */
  private report(b: Block, site: ReportSite | undefined, w: Code, detail?: Code): void {
    if (site !== undefined) b.line(_`${this.h.reportSite}(${w}, ${this.module.value(site, 'R')}${detail === undefined ? _`` : _`, ${detail}`})`);
  }

  private wrongType(b: Block, op: ValueOp, x: Code, w: Code): void {
    this.report(b, op.wrongType, w, _`${this.h.jsonTypeOf}(${x})`);
  }

  /** Calls the visitors of a node on `x`. A visitor that throws ends the walk (see instance.ts `run`). */
  private visit(b: Block, visitors: readonly BoundVisitor[] | undefined, x: Code, w: Code): void {
    for (const { fn, context, slot } of visitors ?? []) {
      const state = slot < 0 ? _`undefined` : _`${w}.states[${slot}]`;
      b.line(_`${this.module.value(fn, 'V')}(${x}, ${this.module.value(context, 'C')}, ${state})`);
    }
  }

  /** Walks present value `x` (neither undefined nor null) at its node: type first, then the rest. */
  private value(b: Block, op: ValueOp, x: Code, w: Code): void {
    const { node } = op;
    const { type } = node;
    if (type === 'object' || type === 'array') {
      b.line(_`${this.fn(op)}(${x}, ${w})`);
      return;
    }
    const h = this.h;
    const wrong =
      type === 'record'
        ? _`!${h.isPlainObject}(${x})`
        : type === 'number'
          ? _`typeof ${x} !== "number" || !${h.isFiniteNumber}(${x})`
          : type === 'any'
            ? undefined
            : _`typeof ${x} !== ${type === 'boolean' ? 'boolean' : 'string'}`;
    const rest = (b: Block) => {
      const guard = this.guard(b, op);
      this.checks(b, op.first, x, w, guard);
      this.rest(b, op, x, w, guard);
    };
    if (wrong === undefined) rest(b);
    else b.if(wrong, (b) => this.wrongType(b, op, x, w), rest);
  }

  /**
   * The guard of a value's `blankOnly` checks: the first check before them that
   * `rejectsBlank`, and a local set when it fails (only then can the value be blank, so
   * only then do they run). Measured side by side on a valid 500-item order: without the
   * guard, 6 % slower.
   */
  private guard(b: Block, op: ValueOp): Guard | undefined {
    if (!op.last.some((check) => check.def.blankOnly)) return undefined;
    const by = [...op.first, ...op.checks].find((check) => check.def.rejectsBlank?.(check.arg) === true);
    return by && { by, failed: b.let('f', _`false`) };
  }

  /** Writes checks at value `x`: each its rule's code, or a call of its test. */
  private checks(b: Block, ops: readonly CheckOp[], x: Code, w: Code, guard: Guard | undefined): void {
    for (const op of ops) {
      const { def, arg } = op;
      const fail = (b: Block, detail?: Code) => {
        if (guard?.by === op) b.line(_`${guard.failed} = true`);
        this.report(b, op.failed, w, detail);
      };
      const write = (b: Block) => {
        const use = (value: unknown) => this.module.value(value, 'T');
        if (def.code) def.code({ b, x, arg, fail, use });
        else b.if(_`!${use(def.test)}(${x}, ${use(arg)})`, fail);
      };
      if (def.blankOnly && guard !== undefined) b.if(guard.failed, write);
      else write(b);
    }
  }

  /** What follows the first checks (and an array's entries): the pipe checks, the visitors, the last checks. */
  private rest(b: Block, op: ValueOp, x: Code, w: Code, guard: Guard | undefined, enter = true): void {
    this.checks(b, op.checks, x, w, guard);
    if (enter) this.visit(b, op.enter, x, w);
    this.visit(b, op.exit, x, w);
    this.checks(b, op.last, x, w, guard);
  }

  /** Walks a member whose value (undefined when absent) is in `x`. */
  private member(b: Block, member: MemberOp, x: Code, w: Code): void {
    b.if(
      _`${x} === undefined`,
      (b) => this.report(b, member.missing, w),
      (b) =>
        b.if(
          _`${x} === null`,
          (b) => this.report(b, member.null, w),
          (b) => this.value(b, member.value, x, w),
        ),
    );
  }

  /** The name of the function that walks an object or array node, generated on first use. */
  private fn(op: ValueOp): Code {
    return this.module.function(`w${op.node.id}`, ['d', 'w'], (b, [d, w]) => (op.node.type === 'array' ? this.array(b, op, d!, w!) : this.object(b, op, d!, w!)));
  }

  private object(b: Block, op: ValueOp, d: Code, w: Code): void {
    const h = this.h;
    const members = op.members!;
    const wrong = (b: Block) => {
      this.wrongType(b, op, d, w);
      b.return();
    };
    b.if(_`${d} === null || typeof ${d} !== "object" || ${h.isArray}(${d})`, wrong);
    // isPlainObject, its common case first: reading `constructor` first lets the compiler know
    // the object's shape when a node sees few shapes (without it, a valid 500-item order lints
    // about a fifth slower). A prototype of another realm can hold
    // enumerable members that for...in lists: the walk reads a copy of the own ones.
    b.if(_`${d}.constructor !== ${h.OBJECT} || ${h.getProto}(${d}) !== ${h.OBJECT_PROTO}`, (b) => {
      b.if(_`!${h.isPlainObject}(${d})`, wrong);
      b.if(_`${h.getProto}(${d}) !== null`, (b) => b.line(_`${d} = ${h.ownCopy}(${d})`));
    });
    this.checks(b, op.first, d, w, undefined);
    const extra = op.node.strict ? b.let('extra') : undefined;
    // Each member's value, read in the key loop (undefined when the loop does not list it),
    // and whether the loop listed it, as bits.
    const values = members.map(() => b.let('x'));
    const seen = members.length === 0 ? [] : Array.from({ length: ((members.length - 1) >> 5) + 1 }, () => b.let('s', _`0`));
    const bit = (i: number) => [seen[i >> 5]!, (1 << (i & 31)) | 0] as const;
    // One pass over the own keys (for...in lists own keys when Object.prototype is plain, see
    // plan.ts): a value read as d[k] there is read by the loop's own field index.
    b.for(_`const k in ${d}`, (b) =>
      b.switch(
        _`k`,
        members.map((member, i) => [member.key, _`${bit(i)[0]} |= ${bit(i)[1]}; ${values[i]!} = ${d}[k]; break;`] as const),
        extra && _`(${extra} ??= []).push(k);`,
      ),
    );
    // Ask early for the objects and arrays this one holds: testing a value's type reads its
    // first word, so the processor fetches them from memory while the walk checks this
    // object's other members. The call never happens for JSON; it keeps the compiler from
    // dropping the test. Measured side by side: a valid 5-item order lints 7 % faster.
    members.forEach((member, i) => {
      if (member.value.node.type === 'object' || member.value.node.type === 'array') b.if(_`typeof ${values[i]!} === "function"`, (b) => b.line(_`${h.ahead}(${values[i]!})`));
    });
    if (op.wrapper >= 0) {
      // A null wrapper is absent, as a missing one (presence: missing or null).
      const [s, mask] = bit(op.wrapper);
      b.if(_`(${s} & ${mask}) === 0 || ${values[op.wrapper]!} === null`, (b) => b.line(_`${h.wrapperMissing}(${w})`).return());
    }
    if ((op.enter || op.exit) && members.length > 0) {
      // Visitors read members directly: give them a copy without a hidden or inherited member.
      const hidden = members.map((member, i) => _`((${bit(i)[0]} & ${bit(i)[1]}) === 0 && ${d}[${member.key}] !== undefined)`);
      b.if(joinCode(hidden, '||', _`false`), (b) => b.line(_`${d} = ${h.ownCopy}(${d})`));
    }
    this.visit(b, op.enter, d, w);
    members.forEach((member, i) => this.member(b, member, values[i]!, w));
    if (extra) b.if(_`${extra} !== undefined`, (b) => b.line(_`${h.extraMembers}(${w}, ${this.module.value(op, 'O')}, ${d}, ${extra})`));
    this.rest(b, op, d, w, undefined, false);
  }

  private array(b: Block, op: ValueOp, d: Code, w: Code): void {
    const h = this.h;
    const item = op.item!;
    b.if(_`!${h.isArray}(${d})`, (b) => {
      this.wrongType(b, op, d, w);
      b.return();
    });
    this.checks(b, op.first, d, w, undefined);
    this.visit(b, op.enter, d, w);
    const idx = b.let('idx', _`${w}.idx`, 'const');
    const i = b.name('i');
    b.for(_`let ${i} = 0; ${i} < ${d}.length; ${i}++`, (b) => {
      b.line(_`${idx}[${op.node.depth}] = ${i}`);
      const e = b.let('e', _`${d}[${i}]`, 'const');
      b.if(_`${e} === undefined || ${e} === null`, (b) => b.line(_`${h.emptyEntry}(${w}, ${this.module.value(op, 'O')}, ${e})`), (b) => this.value(b, item, e, w));
    });
    this.rest(b, op, d, w, undefined, false);
  }
}

/** The guard of `blankOnly` checks (see `Generator.guard`). */
interface Guard {
  readonly by: CheckOp;
  readonly failed: Code;
}

/**
 * Generates the walk of a plan.
 *
 * @param plan The plan (its walk description).
 * @returns The walk of a whole payload, or undefined when code cannot be compiled here.
 * @example const walk = generateWalk(plan); walk?.(payload, w); // w: a Walk whose states the engine's run has made
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
