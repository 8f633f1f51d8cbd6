/**
 * Extracts the JSDoc summary and `@example` of exported functions from source text,
 * so that the README can repeat every builder's example (a test keeps them in sync).
 */

/** One documented function. */
export interface DocumentedFunction {
  /** The function's name. */
  readonly name: string;
  /** The first sentence of its JSDoc. */
  readonly summary: string;
  /** The `@example` block, without the comment markers. */
  readonly example: string;
}

/**
 * Reads `export function <name>` declarations and their JSDoc from TypeScript source.
 *
 * @param source The text of a `.ts` file.
 * @returns The exported functions that have a JSDoc with an `@example`.
 * @example documentedFunctions(readFileSync('src/builders/buildOrder.ts', 'utf8'))[0].name; // 'buildOrder'
 */
export function documentedFunctions(source: string): DocumentedFunction[] {
  const out: DocumentedFunction[] = [];
  const pattern = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export function (\w+)/g;
  for (const match of source.matchAll(pattern)) {
    const lines = match[1]!.split('\n').map((l) => l.replace(/^\s*\* ?/, ''));
    while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
    const at = lines.findIndex((l) => l.startsWith('@example'));
    if (at === -1) continue;
    const end = lines.findIndex((l, i) => i > at && l.startsWith('@'));
    const example = lines
      .slice(at + 1, end === -1 ? undefined : end)
      .join('\n')
      .trim();
    const stop = lines.findIndex((l) => l.trim() === '' || l.startsWith('@'));
    const summary = lines.slice(0, stop === -1 ? undefined : stop).join(' ').trim();
    out.push({ name: match[2]!, summary, example });
  }
  return out;
}

/**
 * Renders documented functions as README sections.
 *
 * @param functions The functions, in the order to show.
 * @returns Markdown: a heading, the summary and the example of each.
 * @example functionsMarkdown([{ name: 'f', summary: 'Does f.', example: 'f();' }]);
 */
export function functionsMarkdown(functions: readonly DocumentedFunction[]): string {
  return functions.map((f) => `#### \`${f.name}\`\n\n${f.summary}\n\n\`\`\`ts\n${f.example}\n\`\`\``).join('\n\n');
}
