/**
 * The module graph of src/ and rules/ (read from the import and export-from lines): no
 * cycle among the imports that run, and the engine (src/lint) knows no rule: it never
 * imports rules/, and only the old paths kept for importers elsewhere reach the default
 * engine (src/default-engine.ts), which wires the rules in.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** One import or export-from of a module: the module it names, and whether only types come from it. */
interface Edge {
  readonly to: string;
  readonly typeOnly: boolean;
}

// `import x from './a'`, `import { type A, b } from './a'`, `export * from './a'`, `import './a'`.
const IMPORT = /^[ \t]*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^[ \t]*import\s+['"]([^'"]+)['"]/gm;

/** A module's code without its comments (block, JSDoc and line comments). */
function codeOf(file: string): string {
  return readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function sourceFiles(): string[] {
  return ['src', 'rules'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.m?ts$/.test(file) && !file.endsWith('.d.ts') && !file.endsWith('.d.mts'))
      .map((file) => join(ROOT, dir, file)),
  );
}

/** The file a relative specifier names (`./a` is a.ts or a/index.ts); undefined for a package. */
function resolved(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')].find((file) => existsSync(file) && statSync(file).isFile());
}

/**
 * The edges of a module's source.
 *
 * @param from The module's path.
 * @param text Its source.
 */
function edgesOf(from: string, text: string): Edge[] {
  const edges: Edge[] = [];
  for (const [, typeKeyword, clause, spec, bare] of text.matchAll(IMPORT)) {
    const to = resolved(from, (spec ?? bare)!);
    if (to === undefined) continue;
    // `import { type A, type B } from` brings types only, as `import type` does.
    const names = clause !== undefined && /^\{[^}]*\}$/.test(clause.trim()) ? clause.replace(/[{}]/g, '').split(',').map((s) => s.trim()).filter(Boolean) : [];
    edges.push({ to, typeOnly: typeKeyword !== undefined || (names.length > 0 && names.every((name) => name.startsWith('type '))) });
  }
  return edges;
}

function graphOf(files: readonly string[], withTypes: boolean): Map<string, string[]> {
  return new Map(files.map((file) => [file, edgesOf(file, readFileSync(file, 'utf8')).filter((e) => withTypes || !e.typeOnly).map((e) => e.to)]));
}

/** Every cycle a depth-first search meets. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** The modules a module reaches through imports that run. */
function reach(graph: ReadonlyMap<string, readonly string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const todo = [from];
  while (todo.length > 0) {
    for (const next of graph.get(todo.pop()!) ?? []) if (!seen.has(next)) todo.push((seen.add(next), next));
  }
  return seen;
}

const FILES = sourceFiles();
const RUNTIME = graphOf(FILES, false);
const inRules = (file: string) => relative(ROOT, file).startsWith('rules/');
const inLint = (file: string) => relative(ROOT, file).startsWith('src/lint/');

/**
 * Old paths of the default engine's functions, kept while modules outside the engine
 * import them from there (each re-exports src/default-engine.ts or src/rule-docs.ts).
 */
const OLD_PATHS = ['src/lint/batch.ts', 'src/lint/docs.ts', 'src/lint/engine.ts', 'src/lint/index.ts'];

describe('the module graph', () => {
  it('reads the imports of every module (the parser finds what it should)', () => {
    expect(FILES.length).toBeGreaterThan(100);
    const sample = (text: string) => edgesOf(join(ROOT, 'src/lint/x.ts'), text).map((e) => `${relative(ROOT, e.to)}${e.typeOnly ? ' (types)' : ''}`);
    expect(sample("import { walkSource } from './codegen';\nimport type { Rule } from './define-rule';\nimport { type Plan, type WalkFn } from './plan';\nexport { lintOrder } from '../default-engine';\nimport * as v from 'valibot';"))
      .toEqual(['src/lint/codegen.ts', 'src/lint/define-rule.ts (types)', 'src/lint/plan.ts (types)', 'src/default-engine.ts']);
  });

  it('has no cycle among the imports that run', () => {
    expect(cyclesOf(RUNTIME).map((cycle) => cycle.map((file) => relative(ROOT, file)).join(' -> '))).toEqual([]);
    // The search finds one when there is one.
    expect(cyclesOf(new Map([['a', ['b']], ['b', ['c', 'd']], ['c', ['a']], ['d', []]]))).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('keeps rules/ out of the engine: no src/lint module imports rules/, even types', () => {
    const all = graphOf(FILES, true);
    const offenders = FILES.filter(inLint).filter((file) => all.get(file)!.some(inRules));
    expect(offenders.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('lets only the old paths of src/lint reach the rules, through the default engine, and they only re-export', () => {
    const reaching = FILES.filter(inLint).filter((file) => [...reach(RUNTIME, file)].some(inRules));
    expect(reaching.map((file) => relative(ROOT, file)).sort()).toEqual(OLD_PATHS);
    for (const path of OLD_PATHS) {
      const code = readFileSync(join(ROOT, path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').trim();
      for (const statement of code.split(';').map((s) => s.trim()).filter(Boolean)) expect(statement, path).toMatch(/^export (type )?(\{[^}]*\}|\*) from '[^']+'$/);
    }
    // And nothing in the engine imports them.
    const importers = FILES.filter(inLint).filter((file) => RUNTIME.get(file)!.some((to) => OLD_PATHS.includes(relative(ROOT, to))));
    expect(importers.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('names no rule id in the engine or the schema: the walk reports findings and the schema names check keywords, which rules claim (comments aside)', () => {
    const ids = readdirSync(join(ROOT, 'rules')).filter((file) => file.endsWith('.ts') && file !== 'index.ts').map((file) => file.slice(0, -3));
    expect(ids).toContain('max-length');
    const named = FILES.filter((file) => inLint(file) || file.startsWith(join(ROOT, 'src', 'schema'))).flatMap((file) => {
      const code = codeOf(file);
      return ids.filter((id) => new RegExp(`['"\`]${id}['"\`]`).test(code)).map((id) => `${relative(ROOT, file)}: ${id}`);
    });
    expect(named).toEqual([]);
  });

  it('builds Problems in one place: report.ts (problemOf); no other module writes a { rule, severity, path } literal', () => {
    // An object literal with rule, severity and path members whose severity is a value (not a schema of one: `{ enum }`, `v.picklist`).
    const literal = /\{\s*rule\s*[:,][^;}]*?\bseverity\s*(?:,|:\s*(?![\s{]|v\.))[^;}]*?\bpath\s*[:,]/;
    expect(literal.test("[{ rule: 'parse', severity: level, path: '', message }]")).toBe(true);
    expect(literal.test('{ rule, severity, path, message: m }')).toBe(true);
    expect(literal.test("push({\n  rule: a ? 'required' : 'type',\n  severity: 'error',\n  path: `/${key}`,\n  message,\n})")).toBe(true);
    expect(literal.test('interface P {\n  rule: string;\n  severity: S;\n  path: string;\n}')).toBe(false);
    expect(literal.test("v.object({ rule: text, severity: v.picklist(['error', 'warn']), path: text })")).toBe(false);
    expect(literal.test('for (const { rule, severity, state } of active) check(state, (path) => path);')).toBe(false);
    const offenders = FILES.filter((file) => !file.endsWith(join('src', 'lint', 'report.ts'))).filter((file) => literal.test(codeOf(file)));
    expect(offenders.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it("keeps the lint workers' module to the unit linter: no command, formatter, simulator, HTTP client or XML writer to load in each worker", () => {
    const worker = join(ROOT, 'src/cli/lint-worker.ts');
    const reached = [worker, ...reach(RUNTIME, worker)];
    expect(reached.map((file) => relative(ROOT, file))).toContain('src/cli/lint-unit.ts');
    const heavy = (file: string) => /^src\/(simulator|http|openapi|cli\/formatters)\/|^src\/cli\/(main|lint-command|merge-command|serve-command|proxy-command)\.ts$/.test(relative(ROOT, file));
    expect(reached.filter(heavy).map((file) => relative(ROOT, file))).toEqual([]);
    // Packages (and Node modules) they import, types aside.
    const packages = new Set(reached.flatMap((file) => [...codeOf(file).matchAll(IMPORT)].filter(([, type, clause]) => type === undefined && !/^\{\s*type\s/.test(clause ?? '')).map(([, , , spec, bare]) => (spec ?? bare)!).filter((spec) => !spec.startsWith('.'))));
    expect(packages).toContain('node:worker_threads');
    for (const name of ['fast-xml-parser', 'node:http', 'node:https', 'node:zlib', 'msw']) expect(packages).not.toContain(name);
    // The bin would: the check can fail.
    const bin = join(ROOT, 'src/cli/main.ts');
    expect([bin, ...reach(RUNTIME, bin)].some(heavy)).toBe(true);
  });

  it('loads no XML module when the bin starts: the JUnit writer and the echo interface load fast-xml-parser when first used', () => {
    // Its ES module build is many files, a fifth of a one-file lint's time; only a JUnit report or an echo needs it.
    const bin = join(ROOT, 'src/cli/main.ts');
    const reached = [bin, ...reach(RUNTIME, bin)];
    expect(reached.map((file) => relative(ROOT, file))).toContain('src/cli/formatters/junit.ts');
    const imported = (file: string) => [...codeOf(file).matchAll(IMPORT)].filter(([, type, clause]) => type === undefined && !/^\{\s*type\s/.test(clause ?? '')).map(([, , , spec, bare]) => spec ?? bare);
    expect(reached.filter((file) => imported(file).includes('fast-xml-parser')).map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('wires the rules in the default engine, which the public entry exports', () => {
    const entry = readFileSync(join(ROOT, 'src/index.ts'), 'utf8');
    expect(entry).toMatch(/export \{[^}]*\blintOrder\b[^}]*\} from '\.\/default-engine'/);
    expect(RUNTIME.get(join(ROOT, 'src/default-engine.ts'))!.map((file) => relative(ROOT, file))).toContain('rules/index.ts');
  });
});
