/**
 * JUnit XML, for CI systems that show test reports.
 */
import { escapeControlsForXml } from '../escape';
import type { LintResult } from '../result';
import { omittedCount, plural, summaryLine } from '../result';
import { defineFormatter } from './define-formatter';

/**
 * Escapes text for an XML attribute value or element content. Controls, bidi controls and
 * what XML 1.0 cannot hold even as a character reference (most C0 controls, lone
 * surrogates, U+FFFE, U+FFFF) are written `\u{..}` as in the terminal formats
 * (`escapeControlsForXml`): the document parses, and a newline in a member name does not
 * turn into a space as attribute values do.
 *
 * @param text Any text.
 * @returns The escaped text.
 * @example escapeXml('a < "b"\u0001'); // 'a &lt; &quot;b&quot;\\u{1}'
 */
export function escapeXml(text: string): string {
  return escapeControlsForXml(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * JUnit XML (the ESLint junit layout): one `<testsuite>` per payload with problems, named
 * by its source, with one `<testcase>` per problem holding a `<failure>` (type `error` or
 * `warning`), and past `--max-problems-per-payload` one more failing testcase, "(more
 * problems)", whose failure (type `omitted`) says how many. Clean payloads are not listed (a
 * corpus of millions would list millions of passing cases); the footer closes the document
 * after a comment with the summary line.
 *
 * @example
 * writeFileSync('fulfilkit.xml', junit(results, options));
 */
export const junit = defineFormatter({
  header: () => '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="fulfilkit">\n',
  result(result: LintResult) {
    const name = escapeXml(result.source);
    const more = omittedCount(result);
    const failures = result.problems.length + (more > 0 ? 1 : 0);
    let out = `<testsuite name="${name}" tests="${failures}" failures="${failures}" errors="0">\n`;
    for (const p of result.problems) {
      const pointer = p.path === '' ? '(root)' : p.path;
      out +=
        `<testcase classname="${name}" name="${escapeXml(`${pointer} ${p.rule}`)}">` +
        `<failure type="${p.severity === 'error' ? 'error' : 'warning'}" message="${escapeXml(p.message)}">` +
        `${escapeXml(`${p.severity === 'error' ? 'Error' : 'Warning'} - ${p.message} (${p.rule}) at ${pointer}`)}</failure></testcase>\n`;
    }
    if (more > 0) {
      const text = `${plural(more, 'more problem')} not listed (--max-problems-per-payload).`;
      out += `<testcase classname="${name}" name="(more problems)"><failure type="omitted" message="${text}">${text}</failure></testcase>\n`;
    }
    return out + '</testsuite>\n';
  },
  // A comment cannot hold "--" (the summary line may name --max-problems-per-payload).
  footer: (options) => `<!-- fulfilkit: ${escapeXml(summaryLine(options.summary)).replace(/--/g, '- -')} -->\n</testsuites>\n`,
});
