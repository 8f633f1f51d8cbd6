/**
 * SARIF 2.1.0 output, for code-scanning dashboards, written a result at a time.
 */
import { createHash } from 'node:crypto';
import { RULE_DOCS } from '../../../rules/index';
import type { Rule } from '../../lint/define-rule';
import type { Severity } from '../../lint/types';
import { escapeMarkdown, jsonText } from '../escape';
import { incomplete, omittedCount, plural, sortedSummary } from '../result';
import { defineFormatter } from './define-formatter';

/** The project's home page (package.json `homepage`, without its fragment; a test keeps them equal). */
export const HOMEPAGE = 'https://github.com/fulfilkit/fulfilkit';
/** Where the rules are documented (the README's rule table). */
export const RULES_URI = `${HOMEPAGE}#rules`;

const level = (severity: Severity) => (severity === 'error' ? 'error' : 'warning');

/** `max-length` → `MaxLength`: the rule's friendly name, a Pascal identifier as SARIF viewers expect. */
const pascalName = (id: string) => id.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');

/** A rule as a SARIF reportingDescriptor: its docs as descriptions and help, the rule table as helpUri. */
function descriptor(rule: Rule) {
  const { id } = rule.meta;
  const docs = Object.prototype.hasOwnProperty.call(RULE_DOCS, id) ? RULE_DOCS[id] : undefined;
  const description = docs?.description ?? id;
  const rationale = docs?.rationale ?? description;
  return {
    id,
    name: pascalName(id),
    shortDescription: { text: description },
    fullDescription: { text: rationale },
    help: {
      text: `${description}\n\n${rationale}\n\nRules: ${RULES_URI}`,
      markdown: `**${escapeMarkdown(description)}**\n\n${escapeMarkdown(rationale)}\n\nSee [the rules of fulfilkit](${RULES_URI}) (\`${id}\`).`,
    },
    helpUri: RULES_URI,
    defaultConfiguration: { level: level(rule.meta.severity) },
    properties: { kinds: rule.meta.kinds, ...(rule.meta.fmsOnly ? { fmsOnly: true } : {}) },
  };
}

/**
 * What a result is, wherever it is: the rule, the file, the pointer into its payload and the
 * payload's requestReference (no line number, no element index, no message: a payload added
 * above, or a reworded message, keeps the alerts below it; only a payload that repeats an
 * earlier one's reference adds its place). A payload without a known reference is told apart
 * by how many of the same key came before it in input order.
 */
function identity(rule: string, uri: string, pointer: string, reference: string | undefined): string {
  // The key of a payload without a reference is the one fingerprints had before references counted.
  return reference === undefined ? `${rule}\u0000${uri}\u0000${pointer}` : `${rule}\u0000${uri}\u0000${pointer}\u0000${JSON.stringify(reference)}`;
}

/** A result's fingerprint: its identity and how many results of that identity came before. */
function fingerprint(key: string, occurrence: number): string {
  return createHash('sha256').update(`${key}\u0000${occurrence}`).digest('hex').slice(0, 32);
}

/**
 * The artifact URI of a file as given: forward slashes, each segment percent-encoded
 * (controls, bidi controls, and `#`, `?`, `:` and `%`, which would make the rest a fragment,
 * a query or a scheme); stdin has no file.
 */
function artifactUri(file: string): string {
  if (file === '<stdin>') return 'stdin';
  const slashed = file.replace(/\\/g, '/');
  const path = (text: string) => text.split('/').map(encodeURIComponent).join('/');
  // A Windows drive path or a POSIX absolute path becomes a file: URI; a relative one stays relative.
  if (/^[A-Za-z]:\//.test(slashed)) return 'file:///' + slashed.slice(0, 2) + path(slashed.slice(2));
  if (slashed.startsWith('/')) return 'file://' + path(slashed);
  return path(slashed);
}

/**
 * Keys of results without a reference remembered at most (65,536, some 10 MB): past that, a
 * payload without a reference is told apart by its place in the file, as a repeated
 * reference is, so memory stays flat when every payload has new pointers (unknown members).
 */
const MAX_SEEN_KEYS = 1 << 16;

/** What a run remembers: each rule's index in the tool's rules, and the results so far by rule, file and pointer (for the fingerprints). */
interface SarifState {
  readonly ruleIndex: ReadonlyMap<string, number>;
  /** The batch rules: a payload they report repeats an earlier payload's reference. */
  readonly batchRules: ReadonlySet<string>;
  /** Results without a reference so far, by rule, file and pointer (at most `MAX_SEEN_KEYS`). */
  readonly seen: Map<string, number>;
}

/**
 * A SARIF 2.1.0 log: the tool (`name`, `version`, `semanticVersion`, `informationUri`) and
 * its rules in `tool.driver.rules` (a Pascal `name`, the docs as descriptions and `help`,
 * `helpUri` the README's rule table); one result per problem with the file as
 * `artifactLocation.uri`, the member's line and column as `region.startLine` and
 * `startColumn` (UTF-16 code units: `columnKind`), the JSON Pointer into the file as the
 * logical location, and `partialFingerprints` that stay the same from run to run and from
 * one run to its shards merged (rule, file, pointer, the payload's requestReference and
 * occurrence; not the line, unless the run has met 65,536 keys of payloads without a
 * reference: later ones are told apart by their place). The footer adds an invocation (`executionSuccessful` is false
 * when the run was interrupted or a fault left it incomplete, a notification for each) and the summary as the
 * run's `properties`. Past `--max-problems-per-payload`, the last result listed for a
 * payload carries `properties.omitted` (how many more it has), and the invocation a note
 * with the total. Strings are JSON-escaped with `jsonText`, so they parse back exactly.
 *
 * @example
 * writeFileSync('fulfilkit.sarif', sarif(results, options));
 */
export const sarif = defineFormatter({
  header(options) {
    const driver = { name: 'fulfilkit', version: options.toolVersion, semanticVersion: options.toolVersion, informationUri: HOMEPAGE, rules: options.rules.map(descriptor) };
    return `{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"tool":${jsonText({ driver })},"columnKind":"utf16CodeUnits","results":[\n`;
  },
  state: (options): SarifState => ({
    ruleIndex: new Map(options.rules.map((rule, i) => [rule.meta.id, i])),
    batchRules: new Set(options.rules.filter((rule) => rule.meta.scope === 'batch').map((rule) => rule.meta.id)),
    seen: new Map(),
  }),
  result(result, index, _options, { ruleIndex, batchRules, seen }) {
    const uri = artifactUri(result.file);
    // A payload with a reference is told apart by it: its results are counted within it alone, so
    // memory stays flat however many payloads a run has. One whose reference repeats an earlier
    // payload's (a batch rule reports it) adds its place in the file, or the two would share alerts.
    const reference = result.requestReference;
    const repeated = reference !== undefined && result.problems.some((p) => batchRules.has(p.rule));
    const place = `${result.line ?? result.index ?? ''}`;
    const full = reference === undefined && seen.size >= MAX_SEEN_KEYS;
    const who = reference === undefined ? (full ? `\u0000${place}` : undefined) : repeated ? `${reference}\u0000${place}` : reference;
    const counts = who === undefined ? seen : new Map<string, number>();
    // Pointers are into the file: an element of a top-level array is prefixed by its index.
    const prefix = result.index === undefined ? '' : '/' + result.index;
    const last = result.problems.length - 1;
    const more = omittedCount(result);
    let out = '';
    for (let i = 0; i <= last; i++) {
      const p = result.problems[i]!;
      const ruleAt = ruleIndex.get(p.rule);
      const pointer = prefix + p.path;
      // Fingerprinted by the pointer inside its payload, as an NDJSON line's: an element added above keeps the alerts below.
      const key = identity(p.rule, uri, p.path, who);
      const occurrence = counts.get(key) ?? 0;
      counts.set(key, occurrence + 1);
      const region = p.line === undefined ? undefined : p.column === undefined ? { startLine: p.line } : { startLine: p.line, startColumn: p.column };
      out += (index === 0 && i === 0 ? '' : ',\n') + jsonText({
        ruleId: p.rule,
        ...(ruleAt === undefined ? {} : { ruleIndex: ruleAt }),
        level: level(p.severity),
        message: { text: p.message },
        // SARIF's kind for a place in data is `value` (`member` is program code); the root has no name.
        locations: [{ physicalLocation: { artifactLocation: { uri }, ...(region ? { region } : {}) }, ...(pointer === '' ? {} : { logicalLocations: [{ fullyQualifiedName: pointer, kind: 'value' }] }) }],
        partialFingerprints: { 'fulfilkit/v1': fingerprint(key, occurrence) },
        ...(i === last && more > 0 ? { properties: { omitted: more } } : {}),
      });
    }
    return out;
  },
  footer(options) {
    const { omitted } = options.summary;
    const reasons = incomplete(options.summary);
    const notes = [
      ...(omitted ? [{ level: 'note', message: { text: `${plural(omitted, 'problem')} past --max-problems-per-payload not listed; the run's summary counts them.` } }] : []),
      ...reasons.map((text) => ({ level: 'error', message: { text } })),
    ];
    const invocation = { executionSuccessful: reasons.length === 0, ...(notes.length > 0 ? { toolExecutionNotifications: notes } : {}) };
    return `\n],"invocations":[${jsonText(invocation)}],"properties":${jsonText({ summary: sortedSummary(options.summary) })}}]}\n`;
  },
});
