/**
 * `fulfilkit merge`: the json reports of several lint runs (the shards of a corpus, or any
 * runs) made one report, in any format.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { RULES } from '../../rules/index';
import { UsageError } from './errors';
import { EXIT } from './exit-codes';
import { colorWanted } from './formatters/color';
import { FORMAT_NAMES, FORMATTERS, type FormatName } from './formatters/index';
import type { CliIo } from './io';
import { ioReason, stripBom } from './profile';
import { emptySummary, plural, summaryLine, type LintResult, type LintSummary } from './result';
import { descriptorIdentity, identityOf, refuseInputsAsOutputs, type FileIdentity, type OutputTarget } from './same-file';
import { packageVersion } from './version';

/** Help of `fulfilkit merge`. */
export const MERGE_HELP = `Usage: fulfilkit merge [options] REPORT.json...

Merges the json reports of lint runs (fulfilkit lint --format json: the shards of a
corpus, or any runs) into one report. Results are listed in the order of the
arguments; the summary sums payloads, errors, warnings, problems by rule, problems
not listed and fixes (the shard of each report is dropped: the merged report covers
them all; a shard missing or given twice is named on stderr).

Options:
  -f, --format stylish|json|sarif|github|junit
                              Output format (default stylish)
  -o, --output-file FILE      Write the report to FILE instead of stdout (never one
                              of the reports)
  --max-warnings N            Exit 1 when there are more than N warnings
  --color, --no-color         Force colours on or off (default: on for a terminal)
  -h, --help                  Show this help

Exit codes: 0 no errors; 1 errors (or more warnings than --max-warnings);
2 usage, a report that cannot be read or is not a fulfilkit json report.
`;

/** The arguments of `fulfilkit merge`. */
interface MergeArgs {
  readonly reports: readonly string[];
  readonly format: FormatName;
  readonly outputFile?: string;
  readonly maxWarnings?: number;
  readonly color?: boolean;
  readonly help: boolean;
}

/** Parses merge's own arguments (`node:util` parseArgs: `--name value`, `--name=value`, `-f json`). */
function mergeArgs(argv: readonly string[]): MergeArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string', short: 'f' },
        'output-file': { type: 'string', short: 'o' },
        'max-warnings': { type: 'string' },
        color: { type: 'boolean' },
        'no-color': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // Its messages name the option as given (never file content); say it our way.
    const message = error instanceof Error ? error.message.split('\n')[0]!.replace(/\. To specify a positional argument.*$/, '') : 'bad arguments';
    throw new UsageError(`merge: ${message.replace(/\.$/, '')}. See fulfilkit merge --help.`);
  }
  const { values, positionals } = parsed;
  const format = values.format ?? 'stylish';
  if (!(FORMAT_NAMES as readonly string[]).includes(format)) throw new UsageError(`merge --format: expected one of ${FORMAT_NAMES.join(', ')}.`);
  let maxWarnings: number | undefined;
  if (values['max-warnings'] !== undefined) {
    if (!/^\d+$/.test(values['max-warnings'])) throw new UsageError('merge --max-warnings: expected a whole number.');
    maxWarnings = Number(values['max-warnings']);
  }
  if (values.color && values['no-color']) throw new UsageError('merge: --color and --no-color cannot be combined.');
  const color = values.color ? true : values['no-color'] ? false : undefined;
  return {
    reports: positionals,
    format: format as FormatName,
    ...(values['output-file'] !== undefined ? { outputFile: values['output-file'] } : {}),
    ...(maxWarnings !== undefined ? { maxWarnings } : {}),
    ...(color !== undefined ? { color } : {}),
    help: values.help === true,
  };
}

// The shape of a json report; messages say what a member must be, never what it holds.
const COUNT = 'a whole number (0 or more)';
const count = v.pipe(v.number(COUNT), v.integer(COUNT), v.minValue(0, COUNT));
const POSITIVE = 'a whole number (1 or more)';
const positive = v.pipe(v.number(POSITIVE), v.integer(POSITIVE), v.minValue(1, POSITIVE));
const text = v.string('a string');
const problemSchema = v.object(
  {
    rule: text,
    severity: v.picklist(['error', 'warn'], '"error" or "warn"'),
    path: text,
    message: text,
    params: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.array(v.string())]), 'an object of strings, numbers and lists of strings')),
    fix: v.optional(v.object({ kind: v.literal('rename-member', '"rename-member"'), to: text }, 'a fix object')),
    line: v.optional(positive),
    column: v.optional(positive),
  },
  'a problem object',
);
const resultSchema = v.object(
  {
    source: text,
    file: v.optional(text),
    line: v.optional(positive),
    index: v.optional(count),
    kind: v.nullable(v.picklist(['order', 'return'], '"order", "return" or null')),
    problems: v.pipe(v.array(problemSchema, 'a list of problems'), v.minLength(1, 'a list of at least one problem')),
    omitted: v.optional(count),
  },
  'a result object',
);
const summarySchema = v.object(
  {
    payloads: count,
    errors: count,
    warnings: count,
    byRule: v.record(v.string(), count, 'an object of counts by rule'),
    omitted: v.optional(count),
    fixed: v.optional(count),
    shard: v.optional(v.object({ index: positive, count: positive, otherPayloads: count }, 'a shard object')),
    interrupted: v.optional(v.boolean('true or false')),
  },
  'a summary object',
);
const reportSchema = v.object({ results: v.array(resultSchema, 'a list of results'), summary: summarySchema }, 'a fulfilkit json report object');

/** A json report as read. */
type Report = v.InferOutput<typeof reportSchema>;

/** `results[3].problems[0].severity`: the member an issue is about. */
function memberName(issue: v.BaseIssue<unknown>): string {
  let name = '';
  for (const item of issue.path ?? []) {
    const key = item.key;
    name += typeof key === 'number' ? `[${key}]` : typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key) ? `${name === '' ? '' : '.'}${key}` : `[${JSON.stringify(String(key))}]`;
  }
  return name;
}

/**
 * Reads and checks one report.
 *
 * @throws {UsageError} Naming the file and the first member that is wrong.
 */
async function readReport(path: string, file: string): Promise<Report> {
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${ioReason(error)}.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(stripBom(content));
  } catch {
    throw new UsageError(`The report ${file} is not valid JSON (merge reads the reports of fulfilkit lint --format json).`);
  }
  const checked = v.safeParse(reportSchema, value, { abortEarly: true });
  if (checked.success) return checked.output;
  const issue = checked.issues[0];
  const member = memberName(issue);
  const missing = issue.type === 'object' && issue.received === 'undefined' && member !== '';
  const what = missing ? 'is missing' : `must be ${issue.message}`;
  throw new UsageError(`The report ${file} is not a fulfilkit json report: ${member === '' ? 'the document' : member} ${what}.`);
}

/** The file and position of a result read back (reports before `file` was written: from its source). */
function resultOf(r: Report['results'][number]): LintResult {
  let { file } = r;
  let { line, index } = r;
  if (file === undefined) {
    const lineAt = /:(\d+)$/.exec(r.source);
    const indexAt = /#\/(\d+)$/.exec(r.source);
    if (line === undefined && lineAt) line = Number(lineAt[1]);
    if (index === undefined && indexAt) index = Number(indexAt[1]);
    file = lineAt ? r.source.slice(0, lineAt.index) : indexAt ? r.source.slice(0, indexAt.index) : r.source;
  }
  return {
    source: r.source,
    file,
    ...(line !== undefined ? { line } : {}),
    ...(index !== undefined ? { index } : {}),
    kind: r.kind,
    problems: r.problems,
    ...(r.omitted ? { omitted: r.omitted } : {}),
  };
}

/**
 * Sums summaries: payloads, errors, warnings, problems by rule, problems not listed and
 * fixes add up; `interrupted` holds if any run was interrupted. Shards are dropped (the sum
 * covers them all).
 *
 * @param summaries The summaries of the reports.
 * @returns Their sum.
 * @example sumSummaries([{ payloads: 2, errors: 1, warnings: 0, byRule: { enum: 1 } }, { payloads: 3, errors: 0, warnings: 1, byRule: { totals: 1 } }]); // { payloads: 5, errors: 1, warnings: 1, byRule: { enum: 1, totals: 1 } }
 */
export function sumSummaries(summaries: readonly LintSummary[]): LintSummary {
  const sum = emptySummary();
  for (const s of summaries) {
    sum.payloads += s.payloads;
    sum.errors += s.errors;
    sum.warnings += s.warnings;
    for (const rule of Object.keys(s.byRule)) sum.byRule[rule] = (sum.byRule[rule] ?? 0) + s.byRule[rule]!;
    if (s.omitted) sum.omitted = (sum.omitted ?? 0) + s.omitted;
    if (s.fixed !== undefined) sum.fixed = (sum.fixed ?? 0) + s.fixed;
    if (s.interrupted) sum.interrupted = true;
  }
  return sum;
}

/** What is odd about the shards of the reports: shards of different splits, a shard missing or given twice. */
function shardWarnings(summaries: readonly LintSummary[]): string[] {
  const shards = summaries.flatMap((s) => (s.shard ? [s.shard] : []));
  if (shards.length === 0) return [];
  const counts = new Set(shards.map((s) => s.count));
  if (counts.size > 1 || shards.length < summaries.length) return ['the reports come from different shard splits (or some from unsharded runs); payloads may be counted twice.'];
  const n = shards[0]!.count;
  const seen = new Map<number, number>();
  for (const { index } of shards) seen.set(index, (seen.get(index) ?? 0) + 1);
  const out: string[] = [];
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) out.push(`${plural(missing.length, 'shard')} of ${n} missing: ${missing.map((i) => `${i}/${n}`).join(', ')}.`);
  for (const [index, times] of seen) if (times > 1) out.push(`shard ${index}/${n} is given ${times} times; its payloads are counted ${times} times.`);
  return out;
}

/**
 * Runs `fulfilkit merge`.
 *
 * @param argv The arguments after `merge`.
 * @param io Streams, working directory and environment.
 * @returns The exit code: 0 no errors; 1 errors (or more warnings than `--max-warnings`); 2 usage.
 * @throws {UsageError} On bad arguments, a report that cannot be read or is not a json report, an output that is a report (exit 2).
 * @example await mergeCommand(['shard-1.json', 'shard-2.json', '-f', 'sarif', '-o', 'lint.sarif'], io);
 */
export async function mergeCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = mergeArgs(argv);
  if (args.help) {
    io.stdout.write(MERGE_HELP);
    return EXIT.ok;
  }
  if (args.reports.length === 0) throw new UsageError('merge needs the json reports to merge (fulfilkit merge REPORT.json...).');
  const cwd = io.cwd ?? process.cwd();
  // An output that is one of the reports is refused before anything is read or written.
  const inputs: FileIdentity[] = [];
  for (const file of args.reports) {
    const info = await stat(resolve(cwd, file)).catch(() => undefined);
    const identity = info && identityOf(file, info);
    if (identity) inputs.push(identity);
  }
  const outputs: OutputTarget[] = args.outputFile !== undefined ? [{ name: args.outputFile, path: resolve(cwd, args.outputFile) }] : io.stdoutFd !== undefined ? [{ name: 'stdout', fd: io.stdoutFd }] : [];
  await refuseInputsAsOutputs(outputs, inputs);
  const reports: Report[] = [];
  for (const file of args.reports) reports.push(await readReport(resolve(cwd, file), file));

  const summaries = reports.map((r) => r.summary as LintSummary);
  for (const warning of shardWarnings(summaries)) io.stderr.write(`fulfilkit: warning: ${warning}\n`);
  const summary = sumSummaries(summaries);
  const results = reports.flatMap((r) => r.results.map(resultOf));
  const toStdout = args.outputFile === undefined;
  const formatter = FORMATTERS[args.format];
  const env = io.env ?? {};
  const color = args.format === 'stylish' && colorWanted(args.color, env, toStdout && io.stdout.isTTY === true) && (toStdout || args.color === true);
  const text = formatter(results, { summary, rules: RULES, toolVersion: packageVersion(), color, env });
  if (toStdout) io.stdout.write(text);
  else {
    try {
      await writeFile(resolve(cwd, args.outputFile!), text);
    } catch (error) {
      throw new UsageError(`Cannot write ${args.outputFile!}: ${ioReason(error)}.`);
    }
  }
  // The summary line on stderr, unless the report already ends with it on stdout.
  if (!(args.format === 'stylish' && toStdout)) io.stderr.write(summaryLine(summary) + '\n');
  if (summary.errors > 0) return EXIT.errors;
  if (args.maxWarnings !== undefined && summary.warnings > args.maxWarnings) {
    io.stderr.write(`fulfilkit: ${summary.warnings} warnings, more than --max-warnings ${args.maxWarnings}.\n`);
    return EXIT.errors;
  }
  return EXIT.ok;
}
