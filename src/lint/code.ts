/**
 * A small helper that builds JavaScript for the generated walk, the way ajv's `CodeGen`
 * does: code is made only by the `_` template and the builders below, so a string or a
 * number interpolated into code always lands as a literal, a value of the engine (a node,
 * a visitor, a report site) as a named parameter, and a local under a name its scope made.
 * Nothing of a payload ever becomes code: the generator sees only the plan.
 */

/** A piece of JavaScript, made by `_`, a `Block` or a `Module` (never from a bare string). */
export class Code {
  /** @param text The code (private to this file: see `_`). */
  private constructor(readonly text: string) {}

  /** @internal Makes code from text this file has checked or built. */
  static of(text: string): Code {
    return new Code(text);
  }
}

/** What a template may interpolate: code as it is, anything else as a literal. */
export type Interpolated = Code | string | number | boolean | undefined;

function literal(value: Interpolated): string {
  if (value instanceof Code) return value.text;
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean' || value === undefined) return String(value);
  throw new TypeError('No literal for this value');
}

/**
 * Code from a template: interpolated code stays code; a string becomes a string literal, a
 * number or boolean its literal.
 *
 * @example _`if (${x}.length > ${35}) report(${'name'});` // if (x0.length > 35) report("name");
 */
export function _(parts: TemplateStringsArray, ...values: Interpolated[]): Code {
  let text = parts[0]!;
  for (let i = 0; i < values.length; i++) text += literal(values[i]) + parts[i + 1]!;
  return Code.of(text);
}

/**
 * Joins pieces of code with an operator (`||`, `+`), or gives `empty` for none.
 *
 * @example joinCode([_`a`, _`b`], '||', _`false`) // a || b
 */
export function joinCode(pieces: readonly Code[], operator: '||' | '&&' | '+', empty: Code): Code {
  return pieces.length === 0 ? empty : Code.of(pieces.map((piece) => piece.text).join(` ${operator} `));
}

/** The prefixes of local names (lower case: a local never meets a module parameter). */
export type Local = 'x' | 's' | 'n' | 'i' | 'e' | 'c' | 'f' | 'extra' | 'idx';

/** The statements of a function body; a nested block's are indented. Locals are named by the function. */
export class Block {
  private readonly lines: string[] = [];

  /** @param names The function's locals: how many of each prefix it has named. */
  constructor(private readonly names = new Map<string, number>()) {}

  /** A fresh local name of the function (`x0`, `x1`, ...). */
  name(prefix: Local): Code {
    const n = this.names.get(prefix) ?? 0;
    this.names.set(prefix, n + 1);
    return Code.of(prefix + n);
  }

  /** Adds a statement (a `;` is added when missing). */
  line(code: Code): this {
    const text = code.text;
    this.lines.push(/[;}]$/.test(text) ? text : text + ';');
    return this;
  }

  /** Declares a fresh local (`let`, or `const` with an initial value). */
  let(prefix: Local, init?: Code, kind: 'let' | 'const' = 'let'): Code {
    const name = this.name(prefix);
    this.line(init === undefined ? _`${Code.of(kind)} ${name}` : _`${Code.of(kind)} ${name} = ${init}`);
    return name;
  }

  /** `if (test) { then } else { otherwise }`; an empty branch is left out. */
  if(test: Code, then: (b: Block) => void, otherwise?: (b: Block) => void): this {
    const yes = this.inner(then);
    const no = otherwise ? this.inner(otherwise) : [];
    if (yes.length === 0) return no.length === 0 ? this : this.if(_`!(${test})`, otherwise!);
    this.wrap(_`if (${test}) {`, yes);
    if (no.length > 0) {
      // The if block's closing `}` becomes `} else {`.
      this.lines.pop();
      this.wrap(_`} else {`, no);
    }
    return this;
  }

  /** A loop: `for (head) { body }`. */
  for(head: Code, body: (b: Block) => void): this {
    return this.wrap(_`for (${head}) {`, this.inner(body));
  }

  /** `switch (subject)`: each case a string and its statements (which end with `break`), and a default. */
  switch(subject: Code, cases: readonly (readonly [string, Code])[], otherwise?: Code): this {
    const lines = cases.map(([label, body]) => _`case ${label}: ${body}`.text);
    if (otherwise) lines.push(_`default: ${otherwise}`.text);
    return this.wrap(_`switch (${subject}) {`, lines.map(indent));
  }

  /** `return;` */
  return(): this {
    return this.line(_`return`);
  }

  /** The body's text, indented as a function's. */
  get text(): string {
    return this.lines.map(indent).join('\n');
  }

  /** The lines `fill` writes, indented, in a block of the same function. */
  private inner(fill: (b: Block) => void): string[] {
    const block = new Block(this.names);
    fill(block);
    return block.lines.map(indent);
  }

  private wrap(head: Code, body: readonly string[]): this {
    this.lines.push(head.text, ...body, '}');
    return this;
  }
}

function indent(line: string): string {
  return '  ' + line;
}

/**
 * A module of generated functions: the values it reads arrive as named parameters, its
 * functions are defined once each, and it compiles to the function named `entry`.
 */
export class Module {
  private readonly names: string[] = [];
  private readonly values: unknown[] = [];
  private readonly byValue = new Map<unknown, Code>();
  private readonly functions = new Map<string, string>();

  /** @param globals Values the code reads by their own names (helpers). */
  constructor(globals: Readonly<Record<string, unknown>>) {
    for (const [name, value] of Object.entries(globals)) {
      this.names.push(name);
      this.values.push(value);
    }
  }

  /** The parameter under which `value` reaches the code (an upper-case prefix: never a local's). */
  value(value: unknown, prefix: 'N' | 'O' | 'R' | 'V' | 'C' | 'T' | 'S'): Code {
    let name = this.byValue.get(value);
    if (name === undefined) {
      name = Code.of(`${prefix}${this.names.length}`);
      this.byValue.set(value, name);
      this.names.push(name.text);
      this.values.push(value);
    }
    return name;
  }

  /** A global helper by its name (it must be one of the module's globals). */
  global(name: string): Code {
    if (!this.names.includes(name)) throw new TypeError(name);
    return Code.of(name);
  }

  /**
   * Defines a function once (a later call with the same name only names it): `fill` writes
   * its body, with `params` in its scope.
   */
  function(name: string, params: readonly string[], fill: (b: Block, params: Code[]) => void): Code {
    if (!/^[a-z]\w*$/.test(name)) throw new TypeError(name);
    if (!this.functions.has(name)) {
      this.functions.set(name, '');
      const body = new Block();
      fill(body, params.map((param) => Code.of(param)));
      this.functions.set(name, `function ${name}(${params.join(', ')}) {\n${body.text}\n}`);
    }
    return Code.of(name);
  }

  /** The module's source: its header comment first, then its functions, the entry returned, and its `sourceURL` last. */
  source(entry: Code, header: string, sourceName: string): string {
    const comment = '// ' + header.replace(/[\r\n\u2028\u2029]/g, ' ');
    return ['"use strict";', comment, ...this.functions.values(), `return ${entry.text};`, `//# sourceURL=${sourceName.replace(/[^\w.-]/g, '_')}`].join('\n');
  }

  /** Compiles the source; undefined when code cannot be compiled here. */
  compile(source: string): unknown {
    try {
      return new Function(...this.names, source)(...this.values);
    } catch {
      return undefined;
    }
  }
}
