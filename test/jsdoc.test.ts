/**
 * Every value a public entry point exports (functions, classes, constants) has JSDoc with an
 * `@example`: users read them in their editor's hover and copy them. The entries are tsup's
 * (one list: a new subpath is checked here too). Whether each example runs and type-checks
 * was audited once by hand; this keeps the examples from going missing.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ENTRIES } from '../tsup.config';
import { ROOT } from './cli/_run';

/** Each exported value of each entry: where it is declared and whether its JSDoc has an example. */
function exportedValues(): { entry: string; name: string; where: string; example: boolean }[] {
  const files = Object.values(ENTRIES).map((file) => join(ROOT, file));
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const program = ts.createProgram(files, config!.options);
  const checker = program.getTypeChecker();
  const out: { entry: string; name: string; where: string; example: boolean }[] = [];
  for (const [entry, file] of Object.entries(ENTRIES)) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(join(ROOT, file))!)!;
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      if (!(target.flags & ts.SymbolFlags.Value)) continue;
      const declaration = target.declarations![0]!;
      // A constant's JSDoc sits on its statement.
      const host = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
      const tags = ts.getJSDocTags(host).concat(ts.getJSDocTags(declaration));
      const source = declaration.getSourceFile();
      const line = source.getLineAndCharacterOfPosition(declaration.getStart()).line + 1;
      out.push({ entry, name: symbol.name, where: `${source.fileName.slice(ROOT.length)}:${line}`, example: tags.some((tag) => tag.tagName.text === 'example') });
    }
  }
  return out;
}

describe('JSDoc of the public API', () => {
  const values = exportedValues();

  it('finds the exports of every entry', () => {
    expect(new Set(values.map((v) => v.entry))).toEqual(new Set(Object.keys(ENTRIES)));
    expect(values.map((v) => v.name)).toEqual(expect.arrayContaining(['lintOrder', 'buildOrder', 'RULES', 'validOrderArbitrary', 'simulatorHandlers']));
  });

  it('gives every exported value an @example', () => {
    expect(values.filter((v) => !v.example).map((v) => `${v.entry}: ${v.name} (${v.where})`)).toEqual([]);
  });
});
