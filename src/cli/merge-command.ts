/**
 * `fulfilkit merge`: the json reports of several lint runs (the shards of a corpus, or any
 * runs) made one report, in any format.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isatty } from 'node:tty';
import { resolve } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { RULES } from '../../rules/index';
import { parsePointer } from '../lint/pointer';
import { optionRefusal } from './args';
import { UsageError } from './errors';
import { writeLine } from './escape';
import { EXIT } from './exit-codes';
import { colorWanted } from './formatters/color';
import { FORMAT_NAMES, FORMATTERS, type FormatName } from './formatters/index';
import { openOutputFile, refuseStderrAsInput } from './destinations';
import type { CliIo } from './io';
import { OutputSink } from './output';
import { ioReason, readTextFile, stripBom } from './profile';
import { emptySummary, grouped, plural, summaryLine, type LintResult, type LintSummary } from './result';
import { descriptorIdentity, identityOf, refuseInputsAsOutputs, type FileIdentity, type OutputTarget } from './same-file';
import { packageVersion } from './version';

/** Help of `fulfilkit merge`. */
export const MERGE_HELP = `Usage: fulfilkit merge [options] REPORT.json...

Merges the json reports of lint runs (fulfilkit lint --format json: the shards of a
corpus, or any runs) into one report. The results of the shards of one split are
listed in input order, as one unsharded run lists them; those of other runs, in the
order of the arguments. The summary sums payloads, errors, warnings, problems by
rule, problems not listed and fixes, and lists their faults (the
shard of each report is dropped: the merged report covers them all). A report
named - is read from stdin (once, up to 32 MiB).

Options:
  -f, --format stylish|json|sarif|github|junit
                              Output format (default stylish)
  -o, --output-file FILE      Write the report to FILE instead of stdout (never one
                              of the reports)
  --max-warnings N            Exit 1 when there are more than N warnings
  --color, --no-color         Force colours on or off (default: on for a terminal)
  -h, --help                  Show this help

Exit codes: 0 no errors; 1 errors (or more warnings than --max-warnings);
2 usage, a report that cannot be read, is not a fulfilkit json report or whose
summary contradicts its results; also 2, after writing the whole merged report
(which says so), when a report is of an interrupted or faulted run, or a shard
of the split is missing or given twice (each named on stderr).
`;

/** Why a report that is not a regular file is read whole, and only up to `MAX_WHOLE_REPORT`. */
const NOT_REGULAR = 'and is not a regular file (merge holds a report from a pipe or a device in memory; write it to a file first)';

/**
 * A report piped to stdin (`-`), read whole up to `maxBytes` (a pipe gives its bytes once).
 *
 * @throws {UsageError} When it is longer, naming the limit.
 */
async function readStdinText(io: CliIo, maxBytes: number): Promise<string> {
  const decoder = new StringDecoder('utf8');
  const parts: string[] = [];
  let bytes = 0;
  for await (const chunk of io.stdin) {
    const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    bytes += data.length;
    if (bytes > maxBytes) throw new UsageError(`The report on stdin is larger than ${maxBytes >> 20} MiB ${NOT_REGULAR}.`);
    parts.push(decoder.write(data));
  }
  parts.push(decoder.end());
  return parts.join('');
}

/** The arguments of `fulfilkit merge`. */
interface MergeArgs {
  readonly reports: readonly string[];
  readonly format: FormatName;
  readonly outputFile?: string;
  readonly maxWarnings?: number;
  readonly color?: boolean;
  readonly help: boolean;
}

// Collected, so that one given twice is refused rather than the last winning silently.
const MERGE_OPTIONS = {
  format: { type: 'string', short: 'f', multiple: true },
  'output-file': { type: 'string', short: 'o', multiple: true },
  'max-warnings': { type: 'string', multiple: true },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Parses merge's own arguments (`node:util` parseArgs: `--name value`, `--name=value`, `-f json`). */
function mergeArgs(argv: readonly string[]): MergeArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: MERGE_OPTIONS });
  } catch (error) {
    // In lint's words: the option as written, the nearest known one, the help to run.
    throw optionRefusal(argv, error, MERGE_OPTIONS, () => 'fulfilkit merge --help');
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

// The shape of a json report; messages say what a member must be, never what it holds, and
// every schema has its own (a library's default message would say "Invalid type: Expected ...").
const COUNT = 'a whole number from 0 to 9,007,199,254,740,991';
// Safe integers only: 1e308 is an integer, and two of them add up to Infinity (written as null).
const count = v.pipe(v.number(COUNT), v.safeInteger(COUNT), v.minValue(0, COUNT));
const POSITIVE = 'a whole number from 1 to 9,007,199,254,740,991';
const positive = v.pipe(v.number(POSITIVE), v.safeInteger(POSITIVE), v.minValue(1, POSITIVE));
const text = v.string('a string');
// A rule id is printed by every format: only the shape rule ids have (nothing a terminal acts on).
const RULE_ID = 'a rule id (1 to 64 lowercase letters, digits and hyphens)';
const ruleId = v.pipe(v.string(RULE_ID), v.regex(/^[a-z0-9-]{1,64}$/, RULE_ID));
const PARAM = 'a string, a number or a list of strings';
// RFC 6901, as the library reads pointers.
const POINTER = 'a JSON Pointer ("" or "/" and members, "~" only in "~0" and "~1")';
const isPointer = (path: string) => {
  try {
    parsePointer(path);
    return true;
  } catch {
    return false;
  }
};
const problemSchema = v.object(
  {
    rule: ruleId,
    severity: v.picklist(['error', 'warn'], '"error" or "warn"'),
    path: v.pipe(text, v.check(isPointer, POINTER)),
    message: text,
    params: v.optional(v.record(text, v.union([text, v.number(PARAM), v.array(text, PARAM)], PARAM), 'an object of strings, numbers and lists of strings')),
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
    input: v.optional(count),
    requestReference: v.optional(text),
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
    byRule: v.record(ruleId, count, 'an object of counts by rule'),
    omitted: v.optional(count),
    fixed: v.optional(count),
    shard: v.optional(v.object({ index: positive, count: positive, otherPayloads: count }, 'a shard object')),
    interrupted: v.optional(v.boolean('true or false')),
    faults: v.optional(v.array(text, 'a list of strings')),
  },
  'a summary object',
);
// What follows the results: the summary and the batch rules the run had on.
const tailEntries = { summary: summarySchema, batchRules: v.optional(v.array(ruleId, 'a list of rule ids')) };
const reportSchema = v.object({ results: v.array(resultSchema, 'a list of results'), ...tailEntries }, 'a fulfilkit json report object');
const tailSchema = v.object(tailEntries, 'a summary object');

/** A result as read. */
type ReportResult = v.InferOutput<typeof resultSchema>;

// A member name shown as it is: short, and nothing a terminal acts on.
const PLAIN_KEY = /^[\w$-]{1,64}$/;

/**
 * `results[3].problems[0].severity`: the member an issue is about. A key that is wrong
 * itself (a byRule key that is not a rule id), long or not a plain name is named by its
 * length: a report's keys are not echoed (a 1 MB key made a 1 MB message).
 */
function memberName(issue: v.BaseIssue<unknown>, missing: boolean): string {
  let name = '';
  for (const item of issue.path ?? []) {
    const key = item.key;
    // A key an issue is about is a record's key that is wrong, or an object's member that is missing (named by the schema).
    const wrongKey = item.origin === 'key' && !missing;
    if (typeof key === 'number') name += `[${key}]`;
    else if (typeof key !== 'string' || wrongKey || !PLAIN_KEY.test(key)) name += `[a key of ${plural(String(key).length, 'character')}]`;
    else name += /^[A-Za-z_$][\w$]*$/.test(key) ? `${name === '' ? '' : '.'}${key}` : `["${key}"]`;
  }
  return name;
}

/** The member an issue is about, and what is wrong with it, as a usage error naming the report. */
function notAReport(file: string, issue: v.BaseIssue<unknown>, prefix = ''): UsageError {
  const absent = issue.type === 'object' && issue.received === 'undefined';
  const name = memberName(issue, absent);
  const member = prefix === '' || name === '' || name.startsWith('[') ? prefix + name : `${prefix}.${name}`;
  const missing = absent && member !== '';
  const what = missing ? 'is missing' : `must be ${issue.message}`;
  return new UsageError(`The report ${file} is not a fulfilkit json report: ${member === '' ? 'the document' : member} ${what}.`);
}

/** Checks a value against a schema; throws `notAReport` naming its first wrong member. */
function checked<S extends v.GenericSchema>(schema: S, value: unknown, file: string, prefix?: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { abortEarly: true });
  if (result.success) return result.output;
  throw notAReport(file, result.issues[0], prefix);
}

/** How a report is laid out: a result a line, as lint writes it, or any JSON (read whole). */
type Layout = 'lines' | 'whole';

/**
 * A report to read: its path and name, and its text when it is not a regular file (a pipe,
 * `<(...)`, a FIFO, a device gives its bytes once: it is read once, whole, and kept).
 */
interface ReportSource {
  readonly path: string;
  readonly file: string;
  readonly readOnce: boolean;
  text?: string;
}

/** What a report says after its results. */
type ReportTail = v.InferOutput<typeof tailSchema>;

/** A report checked: what it says after its results, how it is laid out, and whether every result names its input. */
interface Checked extends ReportTail {
  readonly summary: LintSummary;
  readonly layout: Layout;
  readonly placed: boolean;
}

/** The report is not laid out as `fulfilkit lint --format json` writes it (one result a line). */
class NotLines extends Error {}

/**
 * A line of a report longer than `MAX_REPORT_LINE`: it is not read (parsed, a line of that
 * size takes some 14 times its length: 60 MB took 780 MB).
 */
class LongLine extends Error {
  /** @param line Its number, from 1. */
  constructor(readonly line: number) {
    super();
  }
}

/** The longest line read; a result longer than this is refused (some 20,000 problems: lint lists 1,000 a payload unless told otherwise). */
const MAX_REPORT_LINE = 8 << 20;
/** A report that is not one result a line (or not a regular file) is read whole only up to this size. */
const MAX_WHOLE_REPORT = 32 << 20;
/** Reports are read this much at a time: small, since shards are read side by side. */
const READ_BYTES = 64 << 10;
const RESULTS_OPEN = '{"results":[';
const SUMMARY_OPEN = '],"summary":';

/** The lines of a report, decoded, each at most `MAX_REPORT_LINE` long (else `LongLine`). */
async function* linesOf(source: ReportSource): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let lines = 0;
  // The start of a line that spans reads, in pieces: joined once, when its end comes.
  let pending: string[] = [];
  let pendingLength = 0;
  const line = (end: string) => {
    const text = pending.length === 0 ? end : pending.join('') + end;
    pending = [];
    pendingLength = 0;
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  };
  const chunks: AsyncIterable<Buffer | string> | string[] = source.text !== undefined ? [source.text] : createReadStream(source.path, { highWaterMark: READ_BYTES });
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      if (pendingLength + nl - start > MAX_REPORT_LINE) throw new LongLine(lines + 1);
      lines++;
      yield line(text.slice(start, nl));
      start = nl + 1;
    }
    if (start < text.length) {
      pending.push(text.slice(start));
      pendingLength += text.length - start;
    }
    if (pendingLength > MAX_REPORT_LINE) throw new LongLine(lines + 1);
  }
  const last = line(decoder.end());
  if (last.length > MAX_REPORT_LINE) throw new LongLine(lines + 1);
  if (last !== '') yield last;
}

/** What a report's results list: problems by severity and by rule, those counted but not listed, and whether each names its input. */
class Listed {
  errors = 0;
  warnings = 0;
  omitted = 0;
  placed = true;
  readonly byRule = new Map<string, number>();

  add(result: ReportResult): void {
    for (const p of result.problems) {
      if (p.severity === 'error') this.errors++;
      else this.warnings++;
      this.byRule.set(p.rule, (this.byRule.get(p.rule) ?? 0) + 1);
    }
    this.omitted += result.omitted ?? 0;
    if (result.input === undefined) this.placed = false;
  }
}

const KNOWN_RULES = new Set(RULES.map((rule) => rule.meta.id));

/**
 * How a report's summary contradicts its results, if it does. Lint counts exactly what it
 * lists plus what it counts without listing (`omitted`), so a report whose summary says
 * otherwise was edited or forged: `errors: 0` over listed errors would make merge exit 0.
 */
function contradiction(summary: LintSummary, listed: Listed): string | undefined {
  const { errors, warnings } = summary;
  if (listed.errors > errors) return `its summary counts ${plural(errors, 'error')}, its results list ${grouped(listed.errors)}`;
  if (listed.warnings > warnings) return `its summary counts ${plural(warnings, 'warning')}, its results list ${grouped(listed.warnings)}`;
  const omitted = summary.omitted ?? 0;
  if (listed.omitted !== omitted) return `its summary counts ${plural(omitted, 'problem')} not listed, its results ${grouped(listed.omitted)}`;
  const total = errors + warnings;
  const found = listed.errors + listed.warnings + listed.omitted;
  if (found !== total) return `its summary counts ${plural(total, 'problem')}, its results ${grouped(found)} (listed or not)`;
  const byRule = Object.values(summary.byRule).reduce((a, b) => a + b, 0);
  if (byRule !== total) return `its summary counts ${plural(total, 'problem')} but ${grouped(byRule)} by rule`;
  for (const [rule, n] of listed.byRule) {
    const counted = Object.hasOwn(summary.byRule, rule) ? summary.byRule[rule]! : 0;
    // Only a rule this version has is named: a report's own text is not echoed.
    if (n > counted) return `its summary counts ${plural(counted, 'problem')} of ${KNOWN_RULES.has(rule) ? `rule ${rule}` : 'a rule this version does not have'}, its results list ${grouped(n)}`;
  }
  return undefined;
}

/** The summary, once it agrees with the results (else a usage error saying how it does not). */
function consistent(file: string, summary: LintSummary, listed: Listed): LintSummary {
  const why = contradiction(summary, listed);
  if (why !== undefined) throw new UsageError(`The report ${file} contradicts itself: ${why} (merge trusts neither).`);
  return summary;
}

/**
 * A report's results, a line at a time, as `fulfilkit lint --format json` writes them:
 * memory holds one result, whatever the report's size. Returns what follows the results.
 *
 * @throws {NotLines} The report is laid out otherwise (or cut short).
 */
async function* lineResults(source: ReportSource): AsyncGenerator<ReportResult, ReportTail> {
  const { file } = source;
  let n = -1;
  let tail: ReportTail | undefined;
  try {
    for await (const raw of linesOf(source)) {
      const line = n === -1 ? stripBom(raw) : raw;
      if (n === -1) {
        if (line !== RESULTS_OPEN) throw new NotLines();
        n = 0;
      } else if (tail !== undefined || line.startsWith(SUMMARY_OPEN)) {
        if (tail !== undefined) {
          if (line.trim() !== '') throw new NotLines();
          continue;
        }
        let value: unknown;
        try {
          value = JSON.parse(`{${line.slice(SUMMARY_OPEN.length - '"summary":'.length)}`);
        } catch {
          throw new NotLines();
        }
        tail = checked(tailSchema, value, file);
      } else if (line !== '') {
        let value: unknown;
        try {
          value = JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line);
        } catch {
          throw new NotLines();
        }
        yield checked(resultSchema, value, file, `results[${n++}]`);
      }
    }
  } catch (error) {
    if (!(error instanceof LongLine)) throw error;
    // A first line that long: no report laid out a result a line (one written without line breaks).
    if (error.line === 1) throw new NotLines();
    throw new UsageError(
      `The report ${file} has a line longer than ${MAX_REPORT_LINE >> 20} MiB (line ${error.line}), which merge does not read: a result that long lists tens of thousands of problems (lint --max-problems-per-payload, 1,000 by default, bounds them).`,
    );
  }
  if (tail === undefined) throw new NotLines();
  return tail;
}

/** A report's results read whole (any JSON layout, up to `MAX_WHOLE_REPORT`); returns what follows them. */
async function* wholeResults(source: ReportSource): AsyncGenerator<ReportResult, ReportTail> {
  const { file } = source;
  const content = source.text ?? (await readTextFile(source.path, `the report ${file}`, MAX_WHOLE_REPORT, 'and is not laid out a result a line, as fulfilkit lint --format json writes it'));
  let value: unknown;
  try {
    value = JSON.parse(stripBom(content));
  } catch {
    throw new UsageError(`The report ${file} is not valid JSON (merge reads the reports of fulfilkit lint --format json).`);
  }
  const { results, ...tail } = checked(reportSchema, value, file);
  yield* results;
  return tail;
}

/** A failure to read a report, as a usage error naming it (a usage error stays as it is). */
function readFailure(file: string, error: unknown): UsageError {
  if (error instanceof UsageError) return error;
  // Laid out a result a line when first read, not any more.
  if (error instanceof NotLines) return new UsageError(`The report ${file} changed while merge read it; merge it again.`);
  return new UsageError(`Cannot read ${file}: ${ioReason(error)}.`);
}

/**
 * Reads and checks one report: a result a line when it is laid out as lint writes it, else
 * whole (up to `MAX_WHOLE_REPORT`). Nothing of it is kept but what follows its results.
 *
 * @throws {UsageError} Naming the file and the first member that is wrong, or how its summary contradicts its results.
 */
async function checkReport(source: ReportSource): Promise<Checked> {
  const check = async (layout: Layout): Promise<Checked> => {
    const listed = new Listed();
    const results = layout === 'lines' ? lineResults(source) : wholeResults(source);
    let next = await results.next();
    for (; !next.done; next = await results.next()) listed.add(next.value);
    const summary = consistent(source.file, next.value.summary as LintSummary, listed);
    return { ...next.value, summary, layout, placed: listed.placed };
  };
  try {
    try {
      return await check('lines');
    } catch (error) {
      if (!(error instanceof NotLines)) throw error;
    }
    return await check('whole');
  } catch (error) {
    throw readFailure(source.file, error);
  }
}

/** A checked report's results, read again, as lint results. */
async function* resultsOf(source: ReportSource, layout: Layout): AsyncGenerator<LintResult> {
  try {
    for await (const result of layout === 'lines' ? lineResults(source) : wholeResults(source)) yield resultOf(result);
  } catch (error) {
    throw readFailure(source.file, error);
  }
}

// A result's place in its input: its NDJSON line, its element of a top-level array (a document has one).
const placeOf = (r: LintResult) => r.line ?? r.index ?? 0;

/**
 * The results of the reports in the order one unsharded run lists them: the shards of one
 * split read the same inputs, so their results are interleaved by input, then by place in
 * it (each report is in that order already: memory holds one result of each); other reports
 * are listed one after another, in the order of the arguments.
 */
async function* mergedResults(streams: readonly AsyncGenerator<LintResult>[], interleave: boolean): AsyncGenerator<LintResult> {
  if (!interleave) {
    for (const stream of streams) yield* stream;
    return;
  }
  const heads: IteratorResult<LintResult>[] = [];
  try {
    for (const stream of streams) heads.push(await stream.next());
    yield* interleaved(streams, heads);
  } finally {
    // Stopped early (a failed write): every report's file is closed, not only the one read last.
    for (const stream of streams) await stream.return(undefined);
  }
}

/** The heads' smallest (by input, then place in it) taken, and replaced by the next of its report, until all are done. */
async function* interleaved(streams: readonly AsyncGenerator<LintResult>[], heads: IteratorResult<LintResult>[]): AsyncGenerator<LintResult> {
  for (;;) {
    let first = -1;
    for (let k = 0; k < heads.length; k++) {
      const head = heads[k]!;
      if (head.done) continue;
      const best = first === -1 ? undefined : (heads[first]!.value as LintResult);
      // Ties (a shard given twice) keep the order of the arguments.
      if (best === undefined || head.value.input! < best.input! || (head.value.input === best.input && placeOf(head.value) < placeOf(best))) first = k;
    }
    if (first === -1) return;
    yield heads[first]!.value as LintResult;
    heads[first] = await streams[first]!.next();
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
    ...(r.input !== undefined ? { input: r.input } : {}),
    ...(r.requestReference !== undefined ? { requestReference: r.requestReference } : {}),
    kind: r.kind,
    problems: r.problems,
    ...(r.omitted ? { omitted: r.omitted } : {}),
  };
}

/**
 * Sums summaries: payloads, errors, warnings, problems by rule, problems not listed and
 * fixes add up; `interrupted` holds if any run was interrupted; the faults of every run are
 * listed one after another. Shards are dropped (the sum
 * covers them all). Only a summary's own members count (`toString` is a key like any other),
 * and every sum stays a safe integer.
 *
 * @param summaries The summaries of the reports.
 * @returns Their sum.
 * @throws {UsageError} A sum would pass `Number.MAX_SAFE_INTEGER` (it could not be counted exactly).
 * @example sumSummaries([{ payloads: 2, errors: 1, warnings: 0, byRule: { enum: 1 } }, { payloads: 3, errors: 0, warnings: 1, byRule: { totals: 1 } }]); // { payloads: 5, errors: 1, warnings: 1, byRule: { enum: 1, totals: 1 } }
 */
export function sumSummaries(summaries: readonly LintSummary[]): LintSummary {
  const add = (a: number, b: number, what: string): number => {
    const n = a + b;
    if (!Number.isSafeInteger(n)) throw new UsageError(`The reports count more than ${grouped(Number.MAX_SAFE_INTEGER)} ${what} in all; merge cannot add them up exactly.`);
    return n;
  };
  const sum = emptySummary();
  const byRule = new Map<string, number>();
  for (const s of summaries) {
    sum.payloads = add(sum.payloads, s.payloads, 'payloads');
    sum.errors = add(sum.errors, s.errors, 'errors');
    sum.warnings = add(sum.warnings, s.warnings, 'warnings');
    for (const [rule, n] of Object.entries(s.byRule)) byRule.set(rule, add(byRule.get(rule) ?? 0, n, 'problems of one rule'));
    if (s.omitted) sum.omitted = add(sum.omitted ?? 0, s.omitted, 'problems not listed');
    if (s.fixed !== undefined) sum.fixed = add(sum.fixed ?? 0, s.fixed, 'fixes');
    if (s.interrupted) sum.interrupted = true;
    if (s.faults?.length) sum.faults = [...(sum.faults ?? []), ...s.faults];
  }
  add(sum.errors, sum.warnings, 'problems');
  // Own members only: a Map, then an object of own properties (`__proto__` included, as data).
  sum.byRule = Object.fromEntries(byRule);
  return sum;
}

/** How the reports cover a corpus: whether they are the shards of one split, what a warning should say, and what is missing or doubled. */
interface Coverage {
  readonly oneSplit: boolean;
  readonly warnings: readonly string[];
  readonly faults: readonly string[];
}

/** Whether the reports are the shards of one split (all of them, each once), else what is wrong. */
function coverage(summaries: readonly LintSummary[]): Coverage {
  const shards = summaries.flatMap((s) => (s.shard ? [s.shard] : []));
  if (shards.length === 0) return { oneSplit: false, warnings: [], faults: [] };
  const counts = new Set(shards.map((s) => s.count));
  if (counts.size > 1 || shards.length < summaries.length) return { oneSplit: false, warnings: ['the reports come from different shard splits (or some from unsharded runs); payloads may be counted twice.'], faults: [] };
  const n = shards[0]!.count;
  const seen = new Map<number, number>();
  for (const { index } of shards) seen.set(index, (seen.get(index) ?? 0) + 1);
  const faults: string[] = [];
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) faults.push(`${plural(missing.length, 'shard')} of ${n} missing: ${missing.map((i) => `${i}/${n}`).join(', ')}.`);
  for (const [index, times] of seen) if (times > 1) faults.push(`shard ${index}/${n} is given ${times} times; its payloads are counted ${times} times.`);
  return { oneSplit: true, warnings: [], faults };
}

/** The batch rules any run had on (sorted), or `undefined` when no report says (written before reports said). */
function batchRulesOf(checks: readonly Checked[]): string[] | undefined {
  if (checks.every((c) => c.batchRules === undefined)) return undefined;
  return [...new Set(checks.flatMap((c) => c.batchRules ?? []))].sort();
}

/** Why each report is incomplete, one line each, naming the report. */
function incompleteReports(checks: readonly Checked[], sources: readonly ReportSource[]): string[] {
  return checks.flatMap(({ summary }, k) => {
    const file = sources[k]!.file;
    return [...(summary.interrupted ? [`The report ${file} is of an interrupted run: it lists what was linted before the interruption.`] : []), ...(summary.faults ?? []).map((fault) => `The report ${file} is incomplete: ${fault}`)];
  });
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
 * @returns The exit code: 0 no errors; 1 errors (or more warnings than `--max-warnings`); 2 usage, or
 *   a merged report that is incomplete (a run interrupted or faulted, a shard missing or given twice).
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
  const sources: ReportSource[] = [];
  if (args.reports.filter((file) => file === '-').length > 1) throw new UsageError('merge: stdin (-) is named more than once; it can be read once.');
  for (const file of args.reports) {
    if (file === '-') {
      if (io.stdinFd === undefined ? io.stdin.isTTY === true : isatty(io.stdinFd)) throw new UsageError('merge: - reads a report from stdin, which is a terminal: pipe a report to it.');
      sources.push({ path: '-', file: 'stdin', readOnce: true });
      continue;
    }
    const path = resolve(cwd, file);
    const info = await stat(path).catch(() => undefined);
    const identity = info && identityOf(file, info);
    if (identity) inputs.push(identity);
    sources.push({ path, file, readOnce: info !== undefined && !info.isFile() && !info.isDirectory() });
  }
  const outputs: OutputTarget[] = args.outputFile !== undefined ? [{ name: args.outputFile, path: resolve(cwd, args.outputFile) }] : io.stdoutFd !== undefined ? [{ name: 'stdout', fd: io.stdoutFd }] : [];
  await refuseStderrAsInput(io, inputs);
  await refuseInputsAsOutputs(outputs, inputs);
  // First every report is checked (nothing is written if one is not a report), then each is
  // read again and written a result at a time: memory holds one result of each, not the reports.
  // A report that is not a regular file (a pipe, a FIFO) is read once, whole, and kept.
  const checks: Checked[] = [];
  for (const source of sources) {
    if (source.readOnce) source.text = source.path === '-' ? await readStdinText(io, MAX_WHOLE_REPORT) : await readTextFile(source.path, `the report ${source.file}`, MAX_WHOLE_REPORT, NOT_REGULAR);
    checks.push(await checkReport(source));
  }

  const summaries = checks.map((c) => c.summary);
  const summary = sumSummaries(summaries);
  const split = coverage(summaries);
  // The shards of one split read the same inputs, so each meets the same input fault: it is one fault of the run they split.
  if (split.oneSplit && summary.faults) summary.faults = [...new Set(summary.faults)];
  const batchRules = batchRulesOf(checks);
  const warnings = [...split.warnings];
  // Separate runs each compared their own payloads: a duplicate across two of them was never looked for.
  if (checks.length > 1 && !split.oneSplit && batchRules?.length) warnings.push(`the reports are not the shards of one split: ${batchRules.join(', ')} compared the payloads of each run, not those of different runs.`);
  for (const warning of warnings) writeLine(io.stderr, `fulfilkit: warning: ${warning}`);
  // A shard missing or given twice leaves the merged report wrong: it says so, as a fault.
  if (split.faults.length > 0) summary.faults = [...(summary.faults ?? []), ...split.faults];
  const incomplete = [...incompleteReports(checks, sources), ...split.faults];
  // The shards of one split read the same inputs: their results go back in input order.
  const interleave = checks.length > 1 && split.oneSplit && checks.every((c) => c.placed);
  // Without it, places among different runs' inputs mean nothing in one report.
  const keepInput = checks.length === 1 || interleave;
  const toStdout = args.outputFile === undefined;
  const formatter = FORMATTERS[args.format];
  const env = io.env ?? {};
  const color = args.format === 'stylish' && colorWanted(args.color, env, toStdout && io.stdout.isTTY === true) && (toStdout || args.color === true);
  const options = { summary, rules: RULES, toolVersion: packageVersion(), color, env, ...(batchRules ? { batchRules } : {}), warn: (line: string) => writeLine(io.stderr, line) };
  const output = await openOutput(args.outputFile, cwd, io);
  const sink = output.sink;
  sink.write(formatter.header(options));
  let index = 0;
  for await (const result of mergedResults(sources.map((source, k) => resultsOf(source, checks[k]!.layout)), interleave)) {
    if (sink.failure) break;
    const { input: _input, ...placeless } = result;
    sink.write(formatter.result(keepInput ? result : placeless, index++, options));
    if (index % 256 === 0) await sink.flush();
  }
  sink.write(formatter.footer(options));
  await sink.flush();
  await output.close();
  if (sink.failure) {
    if (sink.closedByReader) return EXIT.closedByReader;
    throw new UsageError(`Cannot write ${sink.name}: ${sink.failure.reason}.`);
  }
  // The summary line on stderr, unless the report already ends with it on stdout.
  if (!(args.format === 'stylish' && toStdout)) writeLine(io.stderr, summaryLine(summary));
  // The merged report is whole, and says what it lacks; exit 2, as lint after a fault.
  for (const line of incomplete) writeLine(io.stderr, `fulfilkit: ${line}`);
  if (incomplete.length > 0) return EXIT.failure;
  if (summary.errors > 0) return EXIT.errors;
  if (args.maxWarnings !== undefined && summary.warnings > args.maxWarnings) {
    writeLine(io.stderr, `fulfilkit: ${plural(summary.warnings, 'warning')}, more than --max-warnings ${args.maxWarnings}.`);
    return EXIT.errors;
  }
  return EXIT.ok;
}
