/**
 * Every value and every type a public entry point exports (functions, classes, constants,
 * interfaces, type aliases) has JSDoc with an `@example`: users read them in their editor's
 * hover and copy them. The entries are tsup's (one list: a new subpath is checked here too).
 * Whether each example runs and type-checks was audited by hand (the values' once, the
 * types' when they were written); this keeps the examples from going missing.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ENTRIES } from '../tsup.config';
import { ROOT } from './cli/_run';

/**
 * Each export of each entry, a value (function, class, constant) or a type (interface or type
 * alias, e.g. a union of string literals; a name that is a value too is a value): where it is
 * declared and whether its JSDoc has an example. The types openapi-typescript writes into
 * src/schema/generated/ are not exported themselves: the payload types are aliases of them,
 * documented in src/schema/.
 */
function exportsOf(): { entry: string; name: string; value: boolean; where: string; example: boolean }[] {
  const files = Object.values(ENTRIES).map((file) => join(ROOT, file));
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const program = ts.createProgram(files, config!.options);
  const checker = program.getTypeChecker();
  const out: { entry: string; name: string; value: boolean; where: string; example: boolean }[] = [];
  for (const [entry, file] of Object.entries(ENTRIES)) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(join(ROOT, file))!)!;
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const value = (target.flags & ts.SymbolFlags.Value) !== 0;
      if (!value && !(target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))) continue;
      const declaration = target.declarations![0]!;
      // A constant's JSDoc sits on its statement.
      const host = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
      const tags = ts.getJSDocTags(host).concat(ts.getJSDocTags(declaration));
      const source = declaration.getSourceFile();
      const line = source.getLineAndCharacterOfPosition(declaration.getStart()).line + 1;
      out.push({ entry, name: symbol.name, value, where: `${source.fileName.slice(ROOT.length)}:${line}`, example: tags.some((tag) => tag.tagName.text === 'example') });
    }
  }
  return out;
}

describe('JSDoc of the public API', () => {
  const all = exportsOf();
  const values = all.filter((e) => e.value);
  const types = all.filter((e) => !e.value);

  it('finds the exports of every entry', () => {
    expect(new Set(values.map((v) => v.entry))).toEqual(new Set(Object.keys(ENTRIES)));
    expect(values.map((v) => v.name)).toEqual(expect.arrayContaining(['lintOrder', 'buildOrder', 'RULES', 'validOrderArbitrary', 'simulatorHandlers']));
  });

  it('gives every exported value an @example', () => {
    expect(values.filter((v) => !v.example).map((v) => `${v.entry}: ${v.name} (${v.where})`)).toEqual([]);
  });

  it('gives every exported type an @example', () => {
    expect(types.map((t) => t.name)).toEqual(expect.arrayContaining(['Problem', 'OrderRequest', 'InvalidCase', 'MatcherOutcome', 'SimulatorHandlersOptions']));
    expect(types.filter((t) => !t.example).map((t) => `${t.entry}: ${t.name} (${t.where})`)).toEqual([]);
  });
});
