/**
 * SARIF 2.1.0 output, for code-scanning dashboards.
 */
import { RULE_DOCS } from '../../../rules/index';
import type { Severity } from '../../lint/types';
import type { LintResult } from '../result';
import type { FormatOptions } from './types';

const level = (severity: Severity) => (severity === 'error' ? 'error' : 'warning');

/** The artifact URI of a file as given: forward slashes, percent-encoded; stdin has no file. */
function artifactUri(file: string): string {
  if (file === '<stdin>') return 'stdin';
  const slashed = file.replace(/\\/g, '/');
  // A Windows drive path or a POSIX absolute path becomes a file: URI; a relative one stays relative.
  if (/^[A-Za-z]:\//.test(slashed)) return 'file:///' + encodeURI(slashed);
  if (slashed.startsWith('/')) return 'file://' + encodeURI(slashed);
  return encodeURI(slashed);
}

/**
 * Formats results as a SARIF 2.1.0 log: the rules in `tool.driver.rules`, one result
 * per problem with the file as `artifactLocation.uri`, the NDJSON line as
 * `region.startLine`, and the JSON Pointer into the file as the logical location.
 *
 * @param results The payloads with problems.
 * @param options The rule registry and tool version.
 * @returns The SARIF JSON text, ending with a newline.
 * @example
 * writeFileSync('fulfilkit.sarif', sarif(results, options));
 */
export function sarif(results: readonly LintResult[], options: FormatOptions): string {
  const ruleIndex = new Map<string, number>();
  const rules = options.rules.map((rule, i) => {
    ruleIndex.set(rule.meta.id, i);
    return {
      id: rule.meta.id,
      shortDescription: { text: rule.meta.description },
      fullDescription: { text: RULE_DOCS[rule.meta.id]?.rationale ?? rule.meta.description },
      defaultConfiguration: { level: level(rule.meta.severity) },
      properties: { kinds: rule.meta.kinds, ...(rule.meta.fmsOnly ? { fmsOnly: true } : {}) },
    };
  });
  const sarifResults = [];
  for (const result of results) {
    const uri = artifactUri(result.file);
    // Pointers are into the file: an element of a top-level array is prefixed by its index.
    const prefix = result.index === undefined ? '' : '/' + result.index;
    for (const p of result.problems) {
      const physicalLocation = result.line === undefined
        ? { artifactLocation: { uri } }
        : { artifactLocation: { uri }, region: { startLine: result.line } };
      const index = ruleIndex.get(p.rule);
      sarifResults.push({
        ruleId: p.rule,
        ...(index === undefined ? {} : { ruleIndex: index }),
        level: level(p.severity),
        message: { text: p.message },
        locations: [{ physicalLocation, logicalLocations: [{ fullyQualifiedName: prefix + p.path, kind: 'member' }] }],
      });
    }
  }
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'fulfilkit', version: options.toolVersion, rules } },
        results: sarifResults,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
