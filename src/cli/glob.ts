/**
 * Glob patterns (`corpus/*.ndjson`, `**\/drafts/`, `{a,b}.json`) matched without regular
 * expressions: a pattern comes from the command line or a config file, and no regular
 * expression built from caller input may backtrack. Matching is linear in the path for each
 * `*`: the classic wildcard walk that only ever returns to the last star.
 *
 * Syntax: `*` any characters but `/`; `?` one character but `/`; `[abc]`, `[a-z]`, `[!a]`
 * (or `[^a]`) one character of a class; `**` as a whole segment, any number of segments;
 * `{a,b}` alternatives (nestable); `\` takes the next character literally. A trailing `/`
 * matches folders only. Dot files match like any other name (ESLint's `dot: true`).
 */
import { UsageError } from './errors';
import { escapeControls } from './escape';

type Token =
  | { readonly type: 'char'; readonly char: string }
  | { readonly type: 'any' }
  | { readonly type: 'star' }
  | { readonly type: 'class'; readonly negated: boolean; readonly ranges: readonly (readonly [string, string])[] };

/** A segment: `**`, or the tokens of one path segment. */
type Segment = 'globstar' | readonly Token[];

/** A compiled glob pattern. */
export interface Glob {
  /** The pattern as written. */
  readonly pattern: string;
  /** Matches folders only (the pattern ends with `/`). */
  readonly folderOnly: boolean;
  /** The leading segments without wildcards (`corpus/2026` of `corpus/2026/*.ndjson`), or `''`. */
  readonly base: string;
  /** Whether the pattern can match below more than one level (it has `**`). */
  readonly deep: boolean;
  /** How many segments follow `base` (the depth of a match below it, without `**`). */
  readonly depth: number;
  /**
   * Tests a `/`-separated path relative to where the pattern applies.
   *
   * @param path E.g. `corpus/a.ndjson`.
   * @returns Whether the pattern matches it.
   */
  match(path: string): boolean;
  /**
   * Tests a path relative to `base`.
   *
   * @param path E.g. `a.ndjson` for `corpus/*.ndjson`.
   * @returns Whether the rest of the pattern matches it.
   */
  matchBelowBase(path: string): boolean;
}

// A pattern with more alternatives than this is refused: its expansion would cost more than it helps.
const MAX_ALTERNATIVES = 256;
const MAGIC = new Set(['*', '?', '[', '{']);

/**
 * True when a command-line argument is a glob pattern (it holds `*`, `?`, `[` or `{`).
 *
 * @param text An argument.
 * @returns Whether it has wildcards.
 * @example hasMagic('corpus/*.ndjson'); // true
 */
export function hasMagic(text: string): boolean {
  for (const char of text) if (MAGIC.has(char)) return true;
  return false;
}

/** Expands `{a,b}` alternatives, innermost last; braces without a comma stay as they are. */
function expandBraces(pattern: string, where: string): string[] {
  let out = [pattern];
  for (let i = 0; i < out.length; ) {
    const alternatives = firstAlternatives(out[i]!);
    if (!alternatives) {
      i++;
      continue;
    }
    out.splice(i, 1, ...alternatives);
    if (out.length > MAX_ALTERNATIVES) throw new UsageError(`${where} has more than ${MAX_ALTERNATIVES} alternatives ({a,b}).`);
  }
  return out;
}

/** The patterns of the first `{...,...}` group of a pattern, or undefined when it has none. */
function firstAlternatives(pattern: string): string[] | undefined {
  for (let open = 0; open < pattern.length; open++) {
    if (pattern[open] === '\\') {
      open++;
      continue;
    }
    if (pattern[open] !== '{') continue;
    let depth = 0;
    const commas: number[] = [];
    for (let i = open; i < pattern.length; i++) {
      const c = pattern[i];
      if (c === '\\') i++;
      else if (c === '{') depth++;
      else if (c === ',' && depth === 1) commas.push(i);
      else if (c === '}' && --depth === 0) {
        if (commas.length === 0) break;
        const head = pattern.slice(0, open);
        const tail = pattern.slice(i + 1);
        const cuts = [open, ...commas, i];
        return cuts.slice(1).map((cut, k) => head + pattern.slice(cuts[k]! + 1, cut) + tail);
      }
    }
  }
  return undefined;
}

/** The tokens of one segment. */
function tokenize(segment: string): Token[] {
  const chars = [...segment];
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\' && i + 1 < chars.length) tokens.push({ type: 'char', char: chars[++i]! });
    else if (c === '*') {
      if (tokens.at(-1)?.type !== 'star') tokens.push({ type: 'star' });
    } else if (c === '?') tokens.push({ type: 'any' });
    else if (c === '[') {
      const cls = charClass(chars, i);
      if (cls) {
        tokens.push(cls.token);
        i = cls.end;
      } else tokens.push({ type: 'char', char: c });
    } else tokens.push({ type: 'char', char: c });
  }
  return tokens;
}

/** A `[...]` class starting at `start`, or undefined when it is not closed (then `[` is literal). */
function charClass(chars: readonly string[], start: number): { token: Token; end: number } | undefined {
  let i = start + 1;
  const negated = chars[i] === '!' || chars[i] === '^';
  if (negated) i++;
  const ranges: [string, string][] = [];
  for (let first = true; i < chars.length; first = false) {
    let c = chars[i]!;
    if (c === ']' && !first) return { token: { type: 'class', negated, ranges }, end: i };
    if (c === '\\' && i + 1 < chars.length) c = chars[++i]!;
    if (chars[i + 1] === '-' && i + 2 < chars.length && chars[i + 2] !== ']') {
      let to = chars[i + 2]!;
      i += 2;
      if (to === '\\' && i + 1 < chars.length) to = chars[++i]!;
      ranges.push([c, to]);
    } else ranges.push([c, c]);
    i++;
  }
  return undefined;
}

function matchesToken(token: Token, char: string): boolean {
  switch (token.type) {
    case 'char':
      return token.char === char;
    case 'any':
      return true;
    case 'class': {
      const inside = token.ranges.some(([from, to]) => char >= from && char <= to);
      return inside !== token.negated;
    }
    default:
      return false;
  }
}

/**
 * The wildcard walk, on any sequence: `star` items match any run, the others one element.
 * On a mismatch it returns to the last star only, so it never takes more than
 * (items x elements) steps.
 */
function walk<P, E>(pattern: readonly P[], elements: readonly E[], isStar: (p: P) => boolean, one: (p: P, e: E) => boolean): boolean {
  let p = 0;
  let e = 0;
  let star = -1;
  let resume = 0;
  while (e < elements.length) {
    if (p < pattern.length && isStar(pattern[p]!)) {
      star = p++;
      resume = e;
    } else if (p < pattern.length && one(pattern[p]!, elements[e]!)) {
      p++;
      e++;
    } else if (star >= 0) {
      p = star + 1;
      e = ++resume;
    } else return false;
  }
  while (p < pattern.length && isStar(pattern[p]!)) p++;
  return p === pattern.length;
}

const matchSegment = (tokens: readonly Token[], name: string): boolean =>
  walk(tokens, [...name], (t) => t.type === 'star', matchesToken);

const matchSegments = (segments: readonly Segment[], path: readonly string[]): boolean =>
  walk(segments, path, (s) => s === 'globstar', (s, name) => s !== 'globstar' && matchSegment(s, name));

/** The segments of a path, without empty ones and `.` (`./a//b` is `a/b`). */
export function pathSegments(path: string): string[] {
  return path.split('/').filter((s) => s !== '' && s !== '.');
}

/**
 * Compiles a glob pattern.
 *
 * @param pattern The pattern, `/`-separated.
 * @param where How messages name it: a config member (`ignores[0]`), or `The pattern "..."`.
 * @returns The compiled glob.
 * @throws {UsageError} On an empty pattern, one with too many alternatives, or a reversed range (`[z-a]`).
 * @example compileGlob('**\/*.ndjson', 'ignores[0]').match('a/b.ndjson'); // true
 */
export function compileGlob(pattern: string, where: string): Glob {
  if (pattern.trim() === '') throw new UsageError(`${where} is an empty pattern.`);
  const folderOnly = pattern.endsWith('/');
  const alternatives = expandBraces(pattern, where).map((alternative) =>
    pathSegments(alternative).map((s): Segment => (s === '**' ? 'globstar' : tokenize(s))),
  );
  // A range no character falls in (`[z-a]`): its class, and so the pattern, can never match.
  const reversed = alternatives.flat().flatMap((segment) => (segment === 'globstar' ? [] : segment)).flatMap((token) => (token.type === 'class' ? token.ranges.filter(([from, to]) => from > to) : []))[0];
  if (reversed) throw new UsageError(`${where} has the range ${escapeControls(`[${reversed[0]}-${reversed[1]}]`)}, which no character falls in: write ${escapeControls(`[${reversed[1]}-${reversed[0]}]`)}.`);
  // The base: leading segments without wildcards, the same in every alternative.
  const plain = pathSegments(pattern);
  let baseLength = 0;
  while (baseLength < plain.length - 1 && !hasMagic(plain[baseLength]!) && !plain[baseLength]!.includes('\\')) baseLength++;
  const below = alternatives.map((segments) => segments.slice(baseLength));
  return {
    pattern,
    folderOnly,
    base: (pattern.startsWith('/') ? '/' : '') + plain.slice(0, baseLength).join('/'),
    deep: below.some((segments) => segments.includes('globstar')),
    depth: Math.max(...below.map((segments) => segments.length)),
    match: (path) => alternatives.some((segments) => matchSegments(segments, pathSegments(path))),
    matchBelowBase: (path) => below.some((segments) => matchSegments(segments, pathSegments(path))),
  };
}
