/**
 * SARIF 2.1.0 output, for code-scanning dashboards, written a result at a time.
 */
import { RULE_DOCS } from '../../../rules/index';
import type { Severity } from '../../lint/types';
import { jsonText } from '../escape';
import { omittedCount, plural, sortedSummary } from '../result';
import { defineFormatter } from './define-formatter';
import type { FormatOptions } from './types';

const level = (severity: Severity) => (severity === 'error' ? 'error' : 'warning');

/** The artifact URI of a file as given: forward slashes, percent-encoded (controls and bidi controls too); stdin has no file. */
function artifactUri(file: string): string {
  if (file === '<stdin>') return 'stdin';
  const slashed = file.replace(/\\/g, '/');
  // A Windows drive path or a POSIX absolute path becomes a file: URI; a relative one stays relative.
  if (/^[A-Za-z]:\//.test(slashed)) return 'file:///' + encodeURI(slashed);
  if (slashed.startsWith('/')) return 'file://' + encodeURI(slashed);
  return encodeURI(slashed);
}

// The rule index of each rule id, per registry (the registry is fixed for a run).
const indexes = new WeakMap<readonly unknown[], Map<string, number>>();

function ruleIndex(options: FormatOptions): Map<string, number> {
  let map = indexes.get(options.rules);
  if (!map) {
    map = new Map(options.rules.map((rule, i) => [rule.meta.id, i]));
    indexes.set(options.rules, map);
  }
  return map;
}

/**
 * A SARIF 2.1.0 log: the rules in `tool.driver.rules`, one result per problem with the
 * file as `artifactLocation.uri`, the NDJSON line as `region.startLine`, and the JSON
 * Pointer into the file as the logical location. The footer adds an invocation
 * (`executionSuccessful` is false when the run was interrupted) and the summary as the
 * run's `properties`. Past `--max-problems-per-payload`, the last result listed for a
 * payload carries `properties.omitted` (how many more it has), and the invocation a note
 * with the total. Strings are JSON-escaped with `jsonText`, so they parse back exactly.
 *
 * @example
 * writeFileSync('fulfilkit.sarif', sarif(results, options));
 */
export const sarif = defineFormatter({
  header(options) {
    const rules = options.rules.map((rule) => ({
      id: rule.meta.id,
      shortDescription: { text: RULE_DOCS[rule.meta.id]?.description ?? rule.meta.id },
      fullDescription: { text: RULE_DOCS[rule.meta.id]?.rationale ?? rule.meta.id },
      defaultConfiguration: { level: level(rule.meta.severity) },
      properties: { kinds: rule.meta.kinds, ...(rule.meta.fmsOnly ? { fmsOnly: true } : {}) },
    }));
    const tool = { driver: { name: 'fulfilkit', version: options.toolVersion, rules } };
    return `{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"tool":${JSON.stringify(tool)},"results":[\n`;
  },
  result(result, index, options) {
    const uri = artifactUri(result.file);
    // Pointers are into the file: an element of a top-level array is prefixed by its index.
    const prefix = result.index === undefined ? '' : '/' + result.index;
    const physicalLocation = result.line === undefined ? { artifactLocation: { uri } } : { artifactLocation: { uri }, region: { startLine: result.line } };
    const indexOf = ruleIndex(options);
    const last = result.problems.length - 1;
    const more = omittedCount(result);
    let out = '';
    for (let i = 0; i <= last; i++) {
      const p = result.problems[i]!;
      const ruleAt = indexOf.get(p.rule);
      out += (index === 0 && i === 0 ? '' : ',\n') + jsonText({
        ruleId: p.rule,
        ...(ruleAt === undefined ? {} : { ruleIndex: ruleAt }),
        level: level(p.severity),
        message: { text: p.message },
        locations: [{ physicalLocation, logicalLocations: [{ fullyQualifiedName: prefix + p.path, kind: 'member' }] }],
        ...(i === last && more > 0 ? { properties: { omitted: more } } : {}),
      });
    }
    return out;
  },
  footer(options) {
    const { omitted } = options.summary;
    const notes = omitted
      ? [{ level: 'note', message: { text: `${plural(omitted, 'problem')} past --max-problems-per-payload not listed; the run's summary counts them.` } }]
      : [];
    const invocation = { executionSuccessful: options.summary.interrupted !== true, ...(notes.length > 0 ? { toolExecutionNotifications: notes } : {}) };
    return `\n],"invocations":[${jsonText(invocation)}],"properties":${jsonText({ summary: sortedSummary(options.summary) })}}]}\n`;
  },
});
