/**
 * JUnit XML, for CI systems that show test reports.
 */
import { createRequire } from 'node:module';
import type { XMLBuilder } from 'fast-xml-parser';
import { escapeControlsForXml } from '../escape';
import type { LintResult } from '../result';
import { incomplete, INTERRUPTED, omittedCount, omittedLine, plural, summaryLine } from '../result';
import { defineFormatter } from './define-formatter';

// The builder escapes markup (`&`, `<`, `>`, quotes). Before it, `x` writes controls, bidi
// controls and what XML 1.0 cannot hold even as a character reference (lone surrogates,
// U+FFFE, U+FFFF) as `\u{..}`, as the terminal formats do: the document parses, and a
// newline in a member name does not turn into a space as attribute values do.
let builder: XMLBuilder | undefined;

/**
 * The XML builder, loaded with the first JUnit report: no other format or command pays for
 * it. Its CommonJS build, synchronously (the formatter's parts are synchronous); it also loads
 * in a fifth of the time of its ES module build, which is many files.
 */
function xml(): XMLBuilder {
  if (builder) return builder;
  const { XMLBuilder: Builder } = createRequire(import.meta.url)('fast-xml-parser') as typeof import('fast-xml-parser');
  return (builder = new Builder({ ignoreAttributes: false, attributeNamePrefix: '@_', commentPropName: '#comment', format: true, indentBy: '  ', suppressEmptyNode: false }));
}
const x = escapeControlsForXml;
const ROOT_END = '</testsuites>\n';

/**
 * The most suite XML a run holds. The root element carries the totals, so the document is
 * written at the end, and holds what it lists until then: past this, problems are counted,
 * not listed (two million problems took 2.7 GB and ended in "Invalid string length").
 */
const LISTED_BYTES = 16 << 20;

/** A run's suites so far, what was not listed, and when it started. */
interface JunitState {
  readonly started: number;
  readonly suites: Uint8Array[];
  bytes: number;
  tests: number;
  unlisted: { problems: number; payloads: number };
}

/** Seconds, as JUnit writes them. */
const seconds = (s: number) => s.toFixed(3);

/** One `<testsuite>`: a failing testcase per problem, and one for the problems not listed. */
function testsuite(result: LintResult): { xml: string; tests: number } {
  const name = x(result.source);
  const file = result.file === '<stdin>' ? {} : { '@_file': x(result.file) };
  const testcase: object[] = result.problems.map((p) => {
    const pointer = p.path === '' ? '(root)' : p.path;
    const type = p.severity === 'error' ? 'error' : 'warning';
    return {
      '@_classname': name,
      '@_name': x(`${pointer} ${p.rule}`),
      ...file,
      ...(p.line === undefined ? {} : { '@_line': p.line }),
      '@_time': '0',
      failure: { '@_type': type, '@_message': x(p.message), '#text': x(`${type === 'error' ? 'Error' : 'Warning'} - ${p.message} (${p.rule}) at ${pointer}`) },
    };
  });
  const more = omittedCount(result);
  if (more > 0) {
    const text = `${plural(more, 'more problem')} not listed (--max-problems-per-payload).`;
    const line = omittedLine(result);
    testcase.push({ '@_classname': name, '@_name': '(more problems)', ...file, ...(line === undefined ? {} : { '@_line': line }), '@_time': '0', failure: { '@_type': 'omitted', '@_message': text, '#text': text } });
  }
  const tests = testcase.length;
  return { xml: xml().build({ testsuite: { '@_name': name, '@_tests': tests, '@_failures': tests, '@_errors': 0, '@_time': '0', ...file, testcase } }), tests };
}

/**
 * JUnit XML (the ESLint junit layout), written with fast-xml-parser's `XMLBuilder`: one
 * `<testsuite>` per payload with problems, named by its source, with one `<testcase>` per
 * problem (its `file` and `line`) holding a `<failure>` (type `error` or `warning`), and past
 * `--max-problems-per-payload` one more failing testcase, "(more problems)", whose failure
 * (type `omitted`) says how many. An interrupted or faulted run adds a last suite, "(run)",
 * with an `<error>` testcase (type `interrupted` or `fault`) for each reason. `<testsuites>`
 * carries the totals (`tests`, `failures`, `errors`) and the run's `time` in seconds
 * (`options.time`; a merged report's is merge's own); lint time is not measured per payload, so
 * suites and cases say `time="0"`. Clean payloads are not listed (a corpus of millions would
 * list millions of passing cases). The totals come first in the document, so it is written
 * whole at the end: it holds the listed problems' XML until then, up to 16 MiB; the payloads
 * after that are counted in one last suite, "(not listed)" (json and sarif stream millions
 * of problems). A comment with the summary line ends it.
 *
 * @example
 * writeFileSync('fulfilkit.xml', junit(results, options));
 */
export const junit = defineFormatter({
  state: (): JunitState => ({ started: performance.now(), suites: [], bytes: 0, tests: 0, unlisted: { problems: 0, payloads: 0 } }),
  header: () => '',
  result(result, _index, _options, state) {
    const built = state.bytes < LISTED_BYTES ? testsuite(result) : undefined;
    if (built && state.bytes + built.xml.length <= LISTED_BYTES) {
      // As UTF-8 bytes: the builder's text is a tree of pieces, several times its length in memory.
      state.suites.push(Buffer.from(built.xml));
      state.bytes += built.xml.length;
      state.tests += built.tests;
    } else {
      state.bytes = LISTED_BYTES;
      state.unlisted.problems += result.problems.length + omittedCount(result);
      state.unlisted.payloads++;
    }
    return '';
  },
  footer(options, state) {
    const { problems, payloads } = state.unlisted;
    if (payloads > 0) {
      const text = `${plural(problems, 'more problem')} of ${plural(payloads, 'payload')} not listed: a JUnit report lists up to 16 MiB of test cases (--format json or sarif lists every one).`;
      const failure = { '@_type': 'omitted', '@_message': text, '#text': text };
      state.suites.push(Buffer.from(xml().build({ testsuite: { '@_name': '(not listed)', '@_tests': 1, '@_failures': 1, '@_errors': 0, '@_time': '0', testcase: [{ '@_classname': '(not listed)', '@_name': '(more problems)', '@_time': '0', failure }] } }) as string));
      state.tests++;
    }
    // An interrupted or faulted run is an error of the run itself, which CI shows as such.
    const errors = incomplete(options.summary).map((text) => ({ '@_classname': 'fulfilkit', '@_name': '(run)', '@_time': '0', error: { '@_type': text === INTERRUPTED ? 'interrupted' : 'fault', '@_message': x(text), '#text': x(text) } }));
    if (errors.length > 0) state.suites.push(Buffer.from(xml().build({ testsuite: { '@_name': '(run)', '@_tests': errors.length, '@_failures': 0, '@_errors': errors.length, '@_time': '0', testcase: errors } }) as string));
    const failures = state.tests;
    const time = options.time ?? (performance.now() - state.started) / 1000;
    const root = xml().build({ testsuites: { '@_name': 'fulfilkit', '@_tests': failures + errors.length, '@_failures': failures, '@_errors': errors.length, '@_time': seconds(time), '#text': '' } }) as string;
    const comment = xml().build({ '#comment': ` fulfilkit: ${x(summaryLine(options.summary))} ` }) as string;
    return `<?xml version="1.0" encoding="UTF-8"?>\n${root.slice(0, -ROOT_END.length)}\n${Buffer.concat(state.suites).toString()}${comment}${ROOT_END}`;
  },
});
