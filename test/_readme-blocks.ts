/**
 * The README's TypeScript blocks, found, type-checked and run (test/readme-blocks.test.ts).
 *
 * Every ```ts block is type-checked against the source (`fulfilkit` and its subpaths map to
 * src/ through tsconfig.json's `paths`) and then run, unless an HTML comment right before it
 * says otherwise. The comment may also stand right before a `<!-- name:start -->` marker: it
 * then applies to every block up to `<!-- name:end -->` (a generated section). Its lines:
 *
 * - `check-only: <why>`: type-checked, not run;
 * - `not-checked: <why>`: neither (an exemption the test lists);
 * - `folder: rules/`: checked as a file of that folder (relative imports resolve from there);
 * - `preamble:` and the lines after it: code put before the block.
 *
 * A block that names values defined elsewhere declares them (`declare const payload: unknown;`);
 * a run gives each declared name the value of the same name in GIVEN.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

/** One ```ts block of the README. */
export interface ReadmeBlock {
  /** The README line of the block's first code line (1-based). */
  readonly line: number;
  /** The heading of the README section the block is in ('' before the first). */
  readonly heading: string;
  /** The block's code, as written. */
  readonly code: string;
  /** `run`: checked and run; `check`: checked only; `skip`: neither. */
  readonly mode: 'run' | 'check' | 'skip';
  /** Why a block is not run (or not checked); '' for `run`. */
  readonly reason: string;
  /** The folder, relative to the repository, the block is checked in. */
  readonly folder: string;
  /** Code put before the block (from its directive); '' for none. */
  readonly preamble: string;
}

const FENCE = /^```(?:ts|typescript)[ \t]*\n([\s\S]*?)^```[ \t]*$/gm;
/** An HTML comment that ends the text (only white space after it). */
const TRAILING_COMMENT = /<!--((?:(?!-->)[\s\S])*)-->\s*$/;
const SECTION_START = /<!-- ([\w-]+):start -->/g;

/** The directive of a comment's text; undefined when it holds none. */
function directiveOf(comment: string | undefined): Omit<ReadmeBlock, 'line' | 'heading' | 'code'> | undefined {
  if (comment === undefined) return undefined;
  const lines = comment.split('\n');
  const at = lines.findIndex((l) => l.trim() === 'preamble:');
  const head = (at === -1 ? lines : lines.slice(0, at)).join('\n');
  const preamble = at === -1 ? '' : `${lines.slice(at + 1).join('\n').trim()}\n`;
  const mode = /^\s*(check-only|not-checked):\s*(.+)$/m.exec(head);
  const folder = /^\s*folder:\s*(\S+?)\/?\s*$/m.exec(head)?.[1] ?? '';
  if (mode === null && folder === '' && preamble === '') return undefined;
  return {
    mode: mode === null ? 'run' : mode[1] === 'check-only' ? 'check' : 'skip',
    reason: mode?.[2]!.trim() ?? '',
    folder,
    preamble,
  };
}

/** The directive of the section (`<!-- name:start -->` … `:end -->`) that holds `index`, if any. */
function sectionDirective(text: string, index: number) {
  let found: string | undefined;
  for (const start of text.matchAll(SECTION_START)) {
    const end = text.indexOf(`<!-- ${start[1]}:end -->`, start.index);
    if (start.index < index && end > index) found = TRAILING_COMMENT.exec(text.slice(0, start.index))?.[1];
  }
  return directiveOf(found);
}

/**
 * Every ```ts (or ```typescript) block of a README, with its directive.
 *
 * @param text The README's text.
 * @returns The blocks, in order.
 * @example readmeBlocks('```ts\nconst a = 1;\n```\n')[0]; // { line: 2, code: 'const a = 1;\n', mode: 'run', ... }
 */
export function readmeBlocks(text: string): ReadmeBlock[] {
  return [...text.matchAll(FENCE)].map((match) => {
    const own = directiveOf(TRAILING_COMMENT.exec(text.slice(0, match.index))?.[1]);
    const directive = own ?? sectionDirective(text, match.index) ?? { mode: 'run' as const, reason: '', folder: '', preamble: '' };
    const before = text.slice(0, match.index);
    // Headings outside code: a `# comment` line of a shell block is none.
    const heading = [...before.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/^#{1,6} (.+)$/gm)].at(-1)?.[1] ?? '';
    return { line: before.split('\n').length + 1, heading, code: match[1]!, ...directive };
  });
}

/** `declare const name…` or `declare function name…`, one line each. */
const DECLARE = /^declare (?:const|function) (\w+)\b.*;[ \t]*(?:\/\/.*)?$/gm;

/** The block's module: its preamble (less the declarations of names the block defines itself), then its code. */
function source(block: ReadmeBlock): string {
  const preamble = block.preamble.replace(DECLARE, (line, name: string) => (new RegExp(`^(?:const|let|var|function) ${name}\\b`, 'm').test(block.code) ? '' : line));
  return preamble + block.code;
}

/** The name of the module a block is checked and run as. */
function fileName(root: string, block: ReadmeBlock): string {
  return join(root, block.folder || 'test', `readme-block-${block.line}.ts`);
}

/**
 * Type-checks blocks in one program with the repository's tsconfig.json, each block a
 * module of its own (a virtual file; nothing is written).
 *
 * @param root The repository folder (where tsconfig.json is).
 * @param blocks The blocks to check.
 * @returns Per block line, its errors as `line N: message` (README lines); [] when it checks.
 * @example typeErrors(root, readmeBlocks(readme)).get(53); // []
 */
export function typeErrors(root: string, blocks: readonly ReadmeBlock[]): Map<number, string[]> {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  // A user's `strict` project, as the README's reader has: noUncheckedIndexedAccess is not part of it.
  const options: ts.CompilerOptions = { ...parsed.options, noUncheckedIndexedAccess: false, noEmit: true, moduleDetection: ts.ModuleDetectionKind.Force };
  const sources = new Map(blocks.map((b) => [resolve(fileName(root, b)), source(b)]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => sources.has(resolve(name)) || fileExists.call(host, name);
  host.readFile = (name) => sources.get(resolve(name)) ?? readFile.call(host, name);
  host.getSourceFile = (name, language, ...rest) => {
    const source = sources.get(resolve(name));
    return source === undefined ? getSourceFile.call(host, name, language, ...rest) : ts.createSourceFile(name, source, language, true);
  };
  const program = ts.createProgram([...sources.keys()], options, host);
  const errors = new Map<number, string[]>();
  for (const block of blocks) {
    const file = program.getSourceFile(resolve(fileName(root, block)))!;
    const preambleLines = block.preamble.split('\n').length - 1;
    const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    errors.set(
      block.line,
      diagnostics.map((d) => {
        const at = d.start === undefined ? 0 : file.getLineAndCharacterOfPosition(d.start).line;
        const where = at < preambleLines ? `preamble line ${at + 1}` : `line ${block.line + at - preambleLines}`;
        return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      }),
    );
  }
  return errors;
}

/** The global a run reads declared names from. */
const GIVEN_KEY = '__fulfilkitReadmeGiven';

/**
 * Runs a block as an ES module through vitest's own loader (so `fulfilkit` resolves to src/
 * as in every test): written to `dir`, imported, its top-level awaits awaited. Each declared
 * name takes the value of that name in `given`.
 *
 * @param block The block.
 * @param dir A folder inside the repository for the module file.
 * @param given The values of declared names.
 * @returns When the module has run; rejects with what it threw.
 * @example await runBlock(block, join(root, 'test', '.readme-run'), { payload });
 */
export async function runBlock(block: ReadmeBlock, dir: string, given: Record<string, unknown>): Promise<void> {
  const code = source(block).replace(DECLARE, (_line, name: string) => `const ${name} = (globalThis as any).${GIVEN_KEY}('${name}');`);
  const file = join(dir, `readme-block-${block.line}.ts`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, code);
  const holder = globalThis as unknown as Record<string, unknown>;
  holder[GIVEN_KEY] = (name: string) => {
    if (!Object.hasOwn(given, name)) throw new Error(`README line ${block.line} declares ${name}: give it a value in the test's GIVEN`);
    return given[name];
  };
  try {
    await import(/* @vite-ignore */ file);
  } finally {
    delete holder[GIVEN_KEY];
    rmSync(file, { force: true });
  }
}
