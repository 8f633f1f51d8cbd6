/**
 * A consumer's declaration emit (`declaration: true`, as a library or a monorepo package that
 * uses fulfilkit compiles): every type that fulfilkit's exported types use must be exported
 * from an entry point too, or the consumer's inferred types cannot be named (TS2742 against
 * the built package, "cannot be named without a reference to .../dist/types-<hash>.js"; TS4023).
 * Against src/ the compiler names such a type by a relative path into the sources instead:
 * the emitted declarations must name every fulfilkit type through `fulfilkit` or
 * `fulfilkit/<entry>` (the tsconfig's paths), never by a path.
 */
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const FILE = join(ROOT, 'test', 'types', 'declaration-emit-consumer.ts');

// Inferred types of values built from fulfilkit's API (the audit's decl/d1.ts, and more).
const CONSUMER = `
import { createSimulator, defineRule, isRequestStatus, type ReportDescriptor, type RuleContext, type RuleDocs } from 'fulfilkit';
import { toBeValidOrder } from 'fulfilkit/vitest';

export const noTestSkus = defineRule({
  meta: { id: 'no-test-skus', severity: 'error', kinds: ['order'], messages: { test: 'A test SKU must not reach the operator.' }, appliesTo: (f) => f.keyCharset },
  visitors: { 'item[]': (item, context) => { if (String(item.sku).startsWith('TEST-')) context.report({ messageId: 'test', at: ['sku'] }); } },
});
export const featuresOf = (c: RuleContext) => c.features;
export const reporter = (c: RuleContext) => c.report;
export const appliesTo = noTestSkus.meta.appliesTo;
export const visitors = noTestSkus.visitors;
export const visitor = noTestSkus.visitors?.['item[]'];
export const batch = noTestSkus.batch;
export const dataOf = (d: ReportDescriptor) => d.data;
export const exampleOf = (docs: RuleDocs) => docs.invalid;
export const matcherThis = (c: ThisParameterType<typeof toBeValidOrder>) => c;
export const sim = createSimulator();
export const received = sim.received();
export const statusOf = (value: unknown) => (isRequestStatus(value, '1.1') ? value : undefined);
`;

/** The consumer's emitted declarations and the compiler's diagnostics. */
function emit(): { text: string; errors: string[] } {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const options: ts.CompilerOptions = { ...parsed.options, noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: join(ROOT, 'decl-out') };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => resolve(name) === FILE || fileExists.call(host, name);
  host.readFile = (name) => (resolve(name) === FILE ? CONSUMER : readFile.call(host, name));
  host.getSourceFile = (name, language, ...rest) => (resolve(name) === FILE ? ts.createSourceFile(name, CONSUMER, language, true) : getSourceFile.call(host, name, language, ...rest));
  let text = '';
  // Nothing is written: the one output is kept in memory.
  host.writeFile = (_name, data) => {
    text += data;
  };
  const program = ts.createProgram([FILE], options, host);
  const file = program.getSourceFile(FILE)!;
  const result = program.emit(file, undefined, undefined, true);
  const errors = [...program.getSemanticDiagnostics(file), ...result.diagnostics].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]!);
  return { text, errors };
}

describe('declaration emit of a consumer', () => {
  it('names every fulfilkit type through an entry point (none is reachable only by a path into the package)', () => {
    const { text, errors } = emit();
    expect(errors).toEqual([]);
    expect(text).toContain('export declare const featuresOf');
    // import("fulfilkit").X is fine; import("../../src/...").X is a type no entry exports.
    expect(text.match(/import\("\.[^"]*"\)\.\w+/g) ?? []).toEqual([]);
  }, 60_000);
});
