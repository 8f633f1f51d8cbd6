/**
 * `fulfilkit merge`: the json reports of several lint runs (the shards of a corpus, or any
 * runs) made one report, in any format.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { RULES } from '../../rules/index';
import { UsageError } from './errors';
import { EXIT } from './exit-codes';
import { colorWanted } from './formatters/color';
import { FORMAT_NAMES, FORMATTERS, type FormatName } from './formatters/index';
import { openOutputFile } from './destinations';
import type { CliIo } from './io';
import { OutputSink } from './output';
import { ioReason, readTextFile, stripBom } from './profile';
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
      // Collected, so that one given twice is refused rather than the last winning silently.
      options: {
        format: { type: 'string', short: 'f', multiple: true },
        'output-file': { type: 'string', short: 'o', multiple: true },
        'max-warnings': { type: 'string', multiple: true },
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
  const { values: given, positionals } = parsed;
  const once = (name: 'format' | 'output-file' | 'max-warnings'): string | undefined => {
    const all = given[name];
    if (all !== undefined && all.length > 1) throw new UsageError(`merge: option --${name} is given more than once; give it once.`);
    return all?.[0];
  };
  const values = { ...given, format: once('format'), 'output-file': once('output-file'), 'max-warnings': once('max-warnings') };
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

/** A result as read. */
type ReportResult = v.InferOutput<typeof resultSchema>;

/** `results[3].problems[0].severity`: the member an issue is about. */
function memberName(issue: v.BaseIssue<unknown>): string {
  let name = '';
  for (const item of issue.path ?? []) {
    const key = item.key;
    name += typeof key === 'number' ? `[${key}]` : typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key) ? `${name === '' ? '' : '.'}${key}` : `[${JSON.stringify(String(key))}]`;
  }
  return name;
}

/** The member an issue is about, and what is wrong with it, as a usage error naming the report. */
function notAReport(file: string, issue: v.BaseIssue<unknown>, prefix = ''): UsageError {
  const name = memberName(issue);
  const member = prefix === '' || name === '' || name.startsWith('[') ? prefix + name : `${prefix}.${name}`;
  const missing = issue.type === 'object' && issue.received === 'undefined' && member !== '';
  const what = missing ? 'is missing' : `must be ${issue.message}`;
  return new UsageError(`The report ${file} is not a fulfilkit json report: ${member === '' ? 'the document' : member} ${what}.`);
}

/** Checks a value against a schema; throws `notAReport` naming its first wrong member. */
function checked<S extends v.GenericSchema>(schema: S, value: unknown, file: string, prefix?: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { abortEarly: true });
  if (result.success) return result.output;
  throw notAReport(file, result.issues[0], prefix);
}

/** A report read, or to read: its summary, and how its results are read again. */
type Layout = 'lines' | 'whole';

/** The report is not laid out as `fulfilkit lint --format json` writes it (one result a line). */
class NotLines extends Error {}

/** Lines longer than this end the reading a line at a time (a result lists at most what one payload had). */
const MAX_REPORT_LINE = 64 << 20;
/** A report that is not one result a line is read whole only up to this size. */
const MAX_WHOLE_REPORT = 32 << 20;
const RESULTS_OPEN = '{"results":[';
const SUMMARY_OPEN = '],"summary":';

/** The lines of a file, decoded, each at most `MAX_REPORT_LINE` long (else `NotLines`). */
async function* linesOf(path: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const text = rest + decoder.write(chunk as Buffer);
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      yield text.slice(start, text.charCodeAt(nl - 1) === 13 && nl > start ? nl - 1 : nl);
      start = nl + 1;
    }
    rest = text.slice(start);
    if (rest.length > MAX_REPORT_LINE) throw new NotLines();
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}

/**
 * Reads a report a result at a time, as `fulfilkit lint --format json` writes it: memory
 * holds one result, whatever the report's size.
 *
 * @throws {NotLines} The report is laid out otherwise (or cut short).
 */
async function readLines(path: string, file: string, each?: (result: LintResult) => Promise<void>): Promise<LintSummary> {
  let n = -1;
  let summary: LintSummary | undefined;
  for await (const raw of linesOf(path)) {
    const line = n === -1 ? stripBom(raw) : raw;
    if (n === -1) {
      if (line !== RESULTS_OPEN) throw new NotLines();
      n = 0;
    } else if (summary !== undefined || line.startsWith(SUMMARY_OPEN)) {
      if (summary !== undefined) {
        if (line.trim() !== '') throw new NotLines();
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(`{${line.slice(SUMMARY_OPEN.length - '"summary":'.length)}`);
      } catch {
        throw new NotLines();
      }
      summary = checked(v.object({ summary: summarySchema }), value, file).summary as LintSummary;
    } else if (line !== '') {
      let value: unknown;
      try {
        value = JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line);
      } catch {
        throw new NotLines();
      }
      const result = checked(resultSchema, value, file, `results[${n++}]`);
      await each?.(resultOf(result));
    }
  }
  if (summary === undefined) throw new NotLines();
  return summary;
}

/**
 * Reads and checks one report: a result a line when it is laid out as lint writes it, else
 * whole (up to `MAX_WHOLE_REPORT`). `each` gets every result, in order, once all are checked
 * when `layout` is known from a first reading.
 *
 * @throws {UsageError} Naming the file and the first member that is wrong.
 */
async function readReport(path: string, file: string, each?: (result: LintResult) => Promise<void>, layout?: Layout): Promise<{ summary: LintSummary; layout: Layout }> {
  try {
    if (layout !== 'whole') {
      try {
        return { summary: await readLines(path, file, each), layout: 'lines' };
      } catch (error) {
        if (!(error instanceof NotLines)) throw error;
      }
    }
    const content = await readTextFile(path, `the report ${file}`, MAX_WHOLE_REPORT, 'and is not laid out a result a line, as fulfilkit lint --format json writes it');
    let value: unknown;
    try {
      value = JSON.parse(stripBom(content));
    } catch {
      throw new UsageError(`The report ${file} is not valid JSON (merge reads the reports of fulfilkit lint --format json).`);
    }
    const report = checked(reportSchema, value, file);
    for (const result of report.results) await each?.(resultOf(result));
    return { summary: report.summary as LintSummary, layout: 'whole' };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`Cannot read ${file}: ${ioReason(error)}.`);
  }
}

/** The file and position of a result read back (reports before `file` was written: from its source). */
function resultOf(r: ReportResult): LintResult {
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

/** Where the merged report goes: stdout, or a file opened now (after every report was checked). */
async function openOutput(file: string | undefined, cwd: string, io: CliIo): Promise<{ sink: OutputSink; close(): Promise<void> }> {
  if (file === undefined) return { sink: new OutputSink(io.stdout, 'stdout'), close: async () => {} };
  const { target, name, close } = await openOutputFile(file, cwd);
  return { sink: new OutputSink(target, name), close };
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
  // First every report is checked (nothing is written if one is not a report), then each is
  // read again and written a result at a time: memory holds one result, not the reports.
  const read: { summary: LintSummary; layout: Layout }[] = [];
  for (const file of args.reports) read.push(await readReport(resolve(cwd, file), file));

  const summaries = read.map((r) => r.summary);
  for (const warning of shardWarnings(summaries)) io.stderr.write(`fulfilkit: warning: ${warning}\n`);
  const summary = sumSummaries(summaries);
  const toStdout = args.outputFile === undefined;
  const formatter = FORMATTERS[args.format];
  const env = io.env ?? {};
  const color = args.format === 'stylish' && colorWanted(args.color, env, toStdout && io.stdout.isTTY === true) && (toStdout || args.color === true);
  const options = { summary, rules: RULES, toolVersion: packageVersion(), color, env };
  const output = await openOutput(args.outputFile, cwd, io);
  const sink = output.sink;
  sink.write(formatter.header(options));
  let index = 0;
  const write = async (result: LintResult) => {
    sink.write(formatter.result(result, index++, options));
    if (index % 256 === 0) await sink.flush();
  };
  for (let k = 0; k < args.reports.length && !sink.failure; k++) await readReport(resolve(cwd, args.reports[k]!), args.reports[k]!, write, read[k]!.layout);
  sink.write(formatter.footer(options));
  await sink.flush();
  await output.close();
  if (sink.failure) {
    if (sink.closedByReader) return EXIT.closedByReader;
    throw new UsageError(`Cannot write ${sink.name}: ${sink.failure.reason}.`);
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
