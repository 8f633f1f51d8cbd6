/**
 * JUnit XML, for CI systems that show test reports.
 */
import type { LintResult } from '../result';
import { summaryLine } from '../result';
import { defineFormatter } from './define-formatter';

// Characters XML 1.0 does not allow (controls other than tab, LF, CR; lone surrogates; U+FFFE/F).
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Escapes text for an XML attribute value or element content; characters XML cannot hold
 * become U+FFFD.
 *
 * @param text Any text.
 * @returns The escaped text.
 * @example escapeXml('a < "b"'); // 'a &lt; &quot;b&quot;'
 */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * JUnit XML (the ESLint junit layout): one `<testsuite>` per payload with problems, named
 * by its source, with one `<testcase>` per problem holding a `<failure>` (type `error` or
 * `warning`). Clean payloads are not listed (a corpus of millions would list millions of
 * passing cases); the footer closes the document after a comment with the summary line.
 *
 * @example
 * writeFileSync('fulfilkit.xml', junit(results, options));
 */
export const junit = defineFormatter({
  header: () => '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="fulfilkit">\n',
  result(result: LintResult) {
    const name = escapeXml(result.source);
    const failures = result.problems.length;
    let out = `<testsuite name="${name}" tests="${failures}" failures="${failures}" errors="0">\n`;
    for (const p of result.problems) {
      const pointer = p.path === '' ? '(root)' : p.path;
      out +=
        `<testcase classname="${name}" name="${escapeXml(`${pointer} ${p.rule}`)}">` +
        `<failure type="${p.severity === 'error' ? 'error' : 'warning'}" message="${escapeXml(p.message)}">` +
        `${escapeXml(`${p.severity === 'error' ? 'Error' : 'Warning'} - ${p.message} (${p.rule}) at ${pointer}`)}</failure></testcase>\n`;
    }
    return out + '</testsuite>\n';
  },
  // The summary line holds no "--", so it is a valid comment.
  footer: (options) => `<!-- fulfilkit: ${escapeXml(summaryLine(options.summary))} -->\n</testsuites>\n`,
});
