/**
 * The playground's work, without the DOM: split the editor's text into payloads (one JSON
 * document, the elements of a top-level array, or NDJSON) as `fulfilkit lint` reads stdin,
 * lint them as the CLI does (at most MAX_LISTED problems listed a payload), locate each
 * problem where the CLI does, in one pass over the text, and apply fixes by renaming keys in
 * the text (the rest of the text stays as typed).
 */
import { detectKind, looksLikeLines } from '../cli/detect';
import { parseStop } from '../cli/json-syntax';
import { renameMembers, skipSpace, skipValue } from '../cli/json-text';
import { isBlank } from '../cli/lines';
import { memberOffsets, positionsOf } from '../cli/locate';
import { errorsOf, fewerErrorsAs, isTried, otherVersionsThan, type OtherVersionErrors } from '../cli/other-version';
import { memberRenames } from '../lint/apply-fixes';
import { batchFactsOf, createBatchState, type BatchState } from '../lint/batch';
import { lintBounded, type BoundedProblems } from '../lint/engine';
import { problemOf } from '../lint/report';
import type { ClientProfile, LintOptions, LintOrderOptions, PayloadKind, Problem } from '../lint/types';
import type { OrderVersion } from '../schema/tables';
import { hasMember, spanEnd, type TextSpan } from './member-span';

/** Problems listed a payload at most, the rest counted: the CLI's default `--max-problems-per-payload`, as `POST /_fulfilkit/lint`. */
export const MAX_LISTED = 1000;

/** What the playground lints with. */
export interface PlaygroundSettings {
  /** The payload kind, or `auto`: by shape (`clientRequest` → order, `rma` → return, else order), as the CLI detects it. */
  readonly kind: PayloadKind | 'auto';
  /** The order version. */
  readonly version: OrderVersion;
  /** The client profile, when one is given. */
  readonly profile?: ClientProfile;
}

/** How the text holds its payloads: one JSON document, a top-level array of them, or one a line. */
export type TextFormat = 'json' | 'array' | 'ndjson';

/** One payload of the text. */
export interface PayloadText {
  /** Offset of its first character in the editor's text. */
  readonly start: number;
  /** Offset just past its last character. */
  readonly end: number;
  /** Whether it parsed. */
  readonly parsed: boolean;
  /** The parsed value. */
  readonly value?: unknown;
  /** Text that did not parse: where it stops being JSON (an offset in the editor's text) and what is wrong. */
  readonly error?: { readonly at: number; readonly message: string };
}

/** A problem with its place in the editor's text. */
export interface LocatedProblem {
  /** The problem (rule `parse` for text that is not JSON). */
  readonly problem: Problem;
  /** Index of its payload (an NDJSON line's, an array element's; 0 for a JSON document). */
  readonly payload: number;
  /** Its member's span in the editor's text (a parse problem: empty, where the text stops being JSON). */
  readonly span: TextSpan;
  /** 1-based line of the span's start, as `fulfilkit lint` gives it. */
  readonly line: number;
  /** 1-based column of the span's start, in UTF-16 code units, as `fulfilkit lint` gives it. */
  readonly column: number;
}

/** Problems of a payload counted but not listed (past MAX_LISTED). */
export interface OmittedProblems {
  /** Index of the payload. */
  readonly payload: number;
  /** Errors not listed. */
  readonly errors: number;
  /** Warnings not listed. */
  readonly warnings: number;
}

/** What a lint of the editor's text found. */
export interface PlaygroundResult {
  /** How the text holds its payloads. */
  readonly format: TextFormat;
  /** The payloads, in text order. */
  readonly payloads: readonly PayloadText[];
  /** The listed problems, payload by payload, in the engine's order. */
  readonly problems: readonly LocatedProblem[];
  /** The payloads with problems not listed, in payload order. */
  readonly omitted: readonly OmittedProblems[];
  /** Errors in all, listed or not. */
  readonly errors: number;
  /** Warnings in all, listed or not. */
  readonly warnings: number;
  /** The first order found to have fewer errors as another version (see `OtherVersion`). */
  readonly otherVersion?: OtherVersion;
}

/** An order that has fewer errors as another version than the one chosen: it may be of that version. */
export interface OtherVersion extends OtherVersionErrors {
  /** Index of the payload. */
  readonly payload: number;
}

/** A payload from `start` to `end` of the text, parsed; text that is not JSON is placed as the CLI places it. */
function payloadAt(text: string, start: number, end: number, what: 'The input' | 'The line'): PayloadText {
  const own = text.slice(start, end);
  try {
    return { start, end, parsed: true, value: JSON.parse(own) };
  } catch {
    // The engine's message is not used: it may quote the payload, and it often gives no position.
    const stop = parseStop(own);
    const message = stop.blank ? `${what} is empty.` : `${what} is not valid JSON${stop.why}.`;
    return { start, end, parsed: false, error: { at: start + stop.offset, message } };
  }
}

/** The non-blank lines of the text from `from` on, each a payload (a CR before the LF is no part of it). */
function linesOf(text: string, from: number): PayloadText[] {
  const payloads: PayloadText[] = [];
  for (let start = from; start < text.length; ) {
    const lf = text.indexOf('\n', start);
    const next = lf === -1 ? text.length : lf + 1;
    let end = lf === -1 ? text.length : lf;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    if (!isBlank(text.slice(start, end))) payloads.push(payloadAt(text, start, end, 'The line'));
    start = next;
  }
  return payloads;
}

/** The elements of the top-level array that starts at or after `from`, each a payload. */
function elementsOf(text: string, from: number, values: readonly unknown[]): PayloadText[] {
  let i = skipSpace(text, from) + 1; // past '['
  return values.map((value) => {
    i = skipSpace(text, i);
    if (text.charCodeAt(i) === 44) i = skipSpace(text, i + 1);
    const start = i;
    i = skipValue(text, i);
    return { start, end: i, parsed: true, value };
  });
}

/**
 * Splits the editor's text into payloads as `fulfilkit lint` reads stdin: one JSON document
 * (a top-level array: each element a payload), or, when the text is not one document but
 * several non-blank lines of which one is a JSON object, NDJSON (blank lines skipped). A
 * leading byte-order mark is no part of the text, as for the CLI.
 *
 * @param text The editor's text.
 * @returns The format and the payloads.
 * @example splitPayloads('{"a":1}\n{"a":2}').payloads.length; // 2
 */
export function splitPayloads(text: string): { format: TextFormat; payloads: PayloadText[] } {
  const from = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const whole = payloadAt(text, from, text.length, 'The input');
  if (!whole.parsed) return looksLikeLines(text.slice(from)) ? { format: 'ndjson', payloads: linesOf(text, from) } : { format: 'json', payloads: [whole] };
  return Array.isArray(whole.value) ? { format: 'array', payloads: elementsOf(text, from, whole.value) } : { format: 'json', payloads: [whole] };
}

/** Lints one payload as the CLI does: the first MAX_LISTED problems, the rest counted. */
/** The options of each kind, one object per kind: the engine caches its rule plan per options object. */
function lintOptions(settings: PlaygroundSettings): { readonly order: LintOrderOptions; readonly return: LintOptions } {
  const base = settings.profile ? { profile: settings.profile } : {};
  return { order: { ...base, version: settings.version }, return: base };
}

function payloadLinter(options: ReturnType<typeof lintOptions>): (value: unknown, kind: PayloadKind) => BoundedProblems {
  return (value, kind) => lintBounded(kind, value, options[kind], { maxProblems: MAX_LISTED, warnings: true });
}

const kindOf = (value: unknown, settings: PlaygroundSettings): PayloadKind => (settings.kind === 'auto' ? detectKind(value) : settings.kind);

/** What `problemsOf` found: each payload's listed problems and unlisted counts, and an order that may be of another version. */
interface Found {
  readonly payloads: { problems: Problem[]; errors: number; warnings: number }[];
  readonly otherVersion?: OtherVersion;
}

/**
 * Each payload's listed problems (a `parse` error for one that is not JSON), batch rules
 * included, and the counts of those not listed. The 1st, 2nd, 4th, 8th, ... order with errors
 * is linted again as the other versions, as `fulfilkit lint` does, until one has fewer.
 */
function problemsOf(payloads: readonly PayloadText[], settings: PlaygroundSettings): Found {
  const options = lintOptions(settings);
  const lint = payloadLinter(options);
  const states: Partial<Record<PayloadKind, BatchState>> = {};
  const others = otherVersionsThan(options.order);
  let otherVersion: OtherVersion | undefined;
  let errorOrders = 0;
  const perPayload = payloads.map((payload, i) => {
    if (!payload.parsed) return { problems: [problemOf('parse', 'error', '', payload.error!.message)], errors: 0, warnings: 0 };
    const kind = kindOf(payload.value, settings);
    const found = lint(payload.value, kind);
    const errors = kind === 'order' && otherVersion === undefined ? errorsOf(found) : 0;
    if (errors > 0 && isTried(++errorOrders)) {
      const best = fewerErrorsAs(payload.value, errors, others);
      if (best) otherVersion = { payload: i, errors, version: best.version, versionErrors: best.errors };
    }
    const batch = (states[kind] ??= createBatchState({ kind })).next(batchFactsOf(payload.value, kind));
    // The batch problems come after the payload's own and within its cap, as the CLI lists them.
    const listed = found.problems.concat(batch);
    const past = listed.splice(MAX_LISTED);
    const pastErrors = past.filter((p) => p.severity === 'error').length;
    return { problems: listed, errors: (found.omitted?.errors ?? 0) + pastErrors, warnings: (found.omitted?.warnings ?? 0) + past.length - pastErrors };
  });
  return otherVersion ? { payloads: perPayload, otherVersion } : { payloads: perPayload };
}

/**
 * Lints the editor's text and locates every listed problem in it: line and column as
 * `fulfilkit lint` gives them (a member's key, an element's first character, a missing
 * member's parent object `{`; text that is not JSON at its first character that cannot
 * continue it), found in one scan of each payload and one pass over the text.
 *
 * @param text The editor's text (JSON, a JSON array of payloads, or NDJSON).
 * @param settings Kind, version and profile.
 * @returns The payloads, the located problems and the counts of those not listed; never throws.
 * @example lintText('{}', { kind: 'order', version: '1.1' }).problems[0]?.problem.rule; // 'wrapper'
 */
export function lintText(text: string, settings: PlaygroundSettings): PlaygroundResult {
  const { format, payloads } = splitPayloads(text);
  const { payloads: found, otherVersion } = problemsOf(payloads, settings);
  const placed: Omit<LocatedProblem, 'line' | 'column'>[] = [];
  const omitted: OmittedProblems[] = [];
  // A missing member's span is its parent's value, shared by its siblings: each end found once.
  const ends = new Map<number, number>();
  let errors = 0;
  let warnings = 0;
  found.forEach(({ problems, errors: pastErrors, warnings: pastWarnings }, i) => {
    const payload = payloads[i]!;
    if (pastErrors + pastWarnings > 0) omitted.push({ payload: i, errors: pastErrors, warnings: pastWarnings });
    errors += pastErrors;
    warnings += pastWarnings;
    if (problems.length === 0) return;
    const offsets = payload.parsed ? memberOffsets(text, problems.map((p) => p.path), payload.start) : undefined;
    problems.forEach((problem, k) => {
      if (problem.severity === 'error') errors++;
      else warnings++;
      if (!offsets) {
        const at = payload.error!.at;
        placed.push({ problem, payload: i, span: { start: at, end: at, exact: true } });
        return;
      }
      const start = offsets[k]!;
      let end = ends.get(start);
      if (end === undefined) ends.set(start, (end = spanEnd(text, start)));
      placed.push({ problem, payload: i, span: { start, end, exact: hasMember(payload.value, problem.path) } });
    });
  });
  const positions = positionsOf(text, placed.map((p) => p.span.start));
  const problems = placed.map((p, k): LocatedProblem => ({ ...p, ...positions[k]! }));
  return { format, payloads, problems, omitted, errors, warnings, ...(otherVersion ? { otherVersion } : {}) };
}

/**
 * Applies every fix the problems carry (today: `spelling` renames) to the editor's text, as
 * `fulfilkit lint --fix` does (each payload linted again after its renames, until no listed
 * problem has a fix), renaming keys only, so the rest of the text stays as typed.
 *
 * @param text The editor's text.
 * @param settings Kind, version and profile.
 * @returns The fixed text and how many members were renamed.
 * @example fixText('{"clientRequest":{"payment":{"transactionId":"T"}}}', { kind: 'order', version: '1.1' }).fixed; // 1
 */
export function fixText(text: string, settings: PlaygroundSettings): { text: string; fixed: number } {
  const lint = payloadLinter(lintOptions(settings));
  let fixed = 0;
  let out = '';
  let copied = 0;
  for (const payload of splitPayloads(text).payloads) {
    if (!payload.parsed) continue;
    const kind = kindOf(payload.value, settings);
    let value = payload.value;
    let edited: string | undefined;
    for (let found = lint(value, kind).problems; found.some((p) => p.fix !== undefined); found = lint(value, kind).problems) {
      const renames = memberRenames(value, found);
      if (renames.length === 0) break;
      fixed += renames.length;
      edited = renameMembers(edited ?? text.slice(payload.start, payload.end), renames);
      value = JSON.parse(edited);
    }
    if (edited === undefined) continue;
    out += text.slice(copied, payload.start) + edited;
    copied = payload.end;
  }
  return { text: out + text.slice(copied), fixed };
}
