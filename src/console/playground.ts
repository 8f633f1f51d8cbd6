/**
 * The playground's work, without the DOM: split the editor's text into payloads (one JSON
 * document, or NDJSON), lint them as the CLI does, locate each problem in the text, and
 * apply fixes by renaming keys in the text (the rest of the text stays as typed).
 */
import { renameMembers } from '../cli/json-text';
import { fixPayload } from '../lint/apply-fixes';
import { problemOf } from '../lint/report';
import { lintBatch } from '../index';
import type { ClientProfile, PayloadKind, Problem } from '../lint/types';
import type { OrderVersion } from '../schema/tables';
import { positionsOf } from '../cli/locate';
import { memberSpan, type TextSpan } from './member-span';

/** What the playground lints with. */
export interface PlaygroundSettings {
  /** The payload kind, or `auto`: by shape (`rma` → return, else order), as the CLI detects it. */
  readonly kind: PayloadKind | 'auto';
  /** The order version. */
  readonly version: OrderVersion;
  /** The client profile, when one is given. */
  readonly profile?: ClientProfile;
}

/** One payload of the text. */
export interface PayloadText {
  /** Offset of its text in the editor. */
  readonly start: number;
  /** Its text. */
  readonly text: string;
  /** Whether it parsed. */
  readonly parsed: boolean;
  /** The parsed value. */
  readonly value?: unknown;
  /** Offset of the parse error in `text`, when it did not parse and the engine said where. */
  readonly errorAt?: number;
}

/** A problem with its place in the editor's text. */
export interface LocatedProblem {
  /** The problem (rule `parse` for text that is not JSON). */
  readonly problem: Problem;
  /** Index of its payload (an NDJSON line's payload; 0 for a JSON document). */
  readonly payload: number;
  /** Its member's span in the editor's text. */
  readonly span: TextSpan;
  /** 1-based line of the span's start in the editor. */
  readonly line: number;
  /** 1-based column of the span's start in the editor. */
  readonly column: number;
}

/** What a lint of the editor's text found. */
export interface PlaygroundResult {
  /** `json`: one document; `ndjson`: one payload a line. */
  readonly format: 'json' | 'ndjson';
  /** The payloads, in text order. */
  readonly payloads: readonly PayloadText[];
  /** Every problem, payload by payload, in the engine's order. */
  readonly problems: readonly LocatedProblem[];
}

const isBlank = (line: string) => line.trim() === '';

function parse(text: string, start: number): PayloadText {
  try {
    return { start, text, parsed: true, value: JSON.parse(text) };
  } catch (error) {
    // Only the offset is taken from the engine's message: the rest may quote the payload.
    const at = /at position (\d+)/.exec(error instanceof Error ? error.message : '');
    return { start, text, parsed: false, ...(at ? { errorAt: Number(at[1]) } : {}) };
  }
}

/**
 * Splits the editor's text into payloads: one JSON document, or NDJSON (several lines,
 * the first a whole JSON object; blank lines skipped).
 *
 * @param text The editor's text.
 * @returns The format and the payloads.
 * @example splitPayloads('{"a":1}\n{"a":2}').payloads.length; // 2
 */
export function splitPayloads(text: string): { format: 'json' | 'ndjson'; payloads: PayloadText[] } {
  const whole = parse(text, 0);
  const lines = text.split('\n');
  const filled = lines.filter((line) => !isBlank(line));
  const first = filled[0] === undefined ? undefined : parse(filled[0], 0);
  const ndjson = !whole.parsed && filled.length > 1 && first?.parsed === true && first.value !== null && typeof first.value === 'object' && !Array.isArray(first.value);
  if (!ndjson) return { format: 'json', payloads: [whole] };
  const payloads: PayloadText[] = [];
  let offset = 0;
  for (const line of lines) {
    if (!isBlank(line)) payloads.push(parse(line, offset));
    offset += line.length + 1;
  }
  return { format: 'ndjson', payloads };
}

const kindOf = (value: unknown, settings: PlaygroundSettings): PayloadKind => {
  if (settings.kind !== 'auto') return settings.kind;
  return value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, 'rma') ? 'return' : 'order';
};

/** The problems of each payload (a `parse` error for one that is not JSON), cross-payload rules included per kind. */
function problemsOf(payloads: readonly PayloadText[], format: 'json' | 'ndjson', settings: PlaygroundSettings): Problem[][] {
  const out: Problem[][] = payloads.map((p) => {
    if (p.parsed) return [];
    // The problem's line and column say where; the message never quotes the text.
    const what = format === 'ndjson' ? 'The line' : 'The input';
    const message = isBlank(p.text) ? `${what} is empty.` : `${what} is not valid JSON.`;
    return [problemOf('parse', 'error', '', message)];
  });
  for (const kind of ['order', 'return'] as const) {
    const indexes = payloads.flatMap((p, i) => (p.parsed && kindOf(p.value, settings) === kind ? [i] : []));
    if (indexes.length === 0) continue;
    const base = settings.profile ? { profile: settings.profile } : {};
    const options = kind === 'order' ? { ...base, kind, version: settings.version } : { ...base, kind };
    const found = lintBatch(
      indexes.map((i) => payloads[i]!.value),
      options,
    );
    indexes.forEach((i, n) => out[i]!.push(...(found[n] ?? [])));
  }
  return out;
}

/**
 * Lints the editor's text and locates every problem in it.
 *
 * @param text The editor's text (JSON or NDJSON).
 * @param settings Kind, version and profile.
 * @returns The payloads and the located problems; never throws.
 * @example lintText('{}', { kind: 'order', version: '1.1' }).problems[0]?.problem.rule; // 'wrapper'
 */
export function lintText(text: string, settings: PlaygroundSettings): PlaygroundResult {
  const { format, payloads } = splitPayloads(text);
  const problems = problemsOf(payloads, format, settings).flatMap((list, i) => {
    const payload = payloads[i]!;
    return list.map((problem): LocatedProblem => {
      const found = payload.parsed ? memberSpan(payload.text, problem.path) : undefined;
      const at = payload.start + (found?.start ?? payload.errorAt ?? 0);
      const span = { start: at, end: found ? payload.start + found.end : at, exact: found?.exact ?? false };
      return { problem, payload: i, span, ...positionsOf(text, [at])[0]! };
    });
  });
  return { format, payloads, problems };
}

/**
 * Applies every fix the problems carry (today: `spelling` renames) to the editor's text,
 * renaming keys only, so the rest of the text stays as typed.
 *
 * @param text The editor's text.
 * @param settings Kind, version and profile.
 * @returns The fixed text and how many members were renamed.
 * @example fixText('{"clientRequest":{"payment":{"transactionId":"T"}}}', { kind: 'order', version: '1.1' }).fixed; // 1
 */
export function fixText(text: string, settings: PlaygroundSettings): { text: string; fixed: number } {
  const { format, payloads } = splitPayloads(text);
  const problems = problemsOf(payloads, format, settings);
  let fixed = 0;
  let out = '';
  let copied = 0;
  payloads.forEach((payload, i) => {
    if (!payload.parsed) return;
    const { renames } = fixPayload(payload.value, problems[i]!);
    if (renames.length === 0) return;
    fixed += renames.length;
    out += text.slice(copied, payload.start) + renameMembers(payload.text, renames);
    copied = payload.start + payload.text.length;
  });
  return { text: out + text.slice(copied), fixed };
}
