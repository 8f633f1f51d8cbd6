/**
 * Where a text stops being JSON (`jsonSyntaxStop`), and the `parse` problem placed there:
 * V8's "Unexpected token" messages give no position, and the problem was placed at the end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSyntaxStop } from '../../src/cli/json-syntax';
import { createUnitLinter, parseFailure, unpackUnitResult, type UnitSettings } from '../../src/cli/lint-unit';

/** What `JSON.parse` makes of a text: ok, or its error and the position it gives (if any). */
function v8(text: string): { ok: true } | { ok: false; message: string; position?: number } {
  try {
    JSON.parse(text);
    return { ok: true };
  } catch (error) {
    const message = (error as Error).message;
    // Only V8's own "... JSON at position N" (an "Unexpected token" message quotes the input, which may hold the words).
    const at = message.startsWith('Unexpected token') ? -1 : message.lastIndexOf(' at position ');
    return at < 0 ? { ok: false, message } : { ok: false, message, position: Number.parseInt(message.slice(at + 13), 10) };
  }
}

/** A valid JSON prefix: some text after it makes JSON. V8 agrees: it parses, or runs out of text there. */
function isJsonPrefix(text: string): boolean {
  const r = v8(text);
  return r.ok || r.message === 'Unexpected end of JSON input' || r.position === text.length;
}

const spaced = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 1, '\t', ' \r\n ')).map(([value, space]) => JSON.stringify(value, null, space) ?? 'null');
/** Characters that break JSON, or continue it in another way. */
const ODD = ['{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\n', '0', '1', '-', '+', '.', 'e', 'E', 't', 'f', 'n', 'u', 'x', 'a', '\u0001', 'é', '\u00a0', '😀', "'"];

describe('jsonSyntaxStop', () => {
  it('finds nothing wrong in JSON', () => {
    fc.assert(fc.property(spaced, (text) => {
      expect(jsonSyntaxStop(text)).toBe(-1);
    }));
    for (const text of ['0', '-0.5e+10', '"\\u00e9\\n"', ' [ ] ', '{"":{}}', '"\ud800"', '1E-2']) expect(jsonSyntaxStop(text)).toBe(-1);
  });

  it('stops where V8 does when V8 says, and always after the longest JSON prefix (one character changed or cut)', () => {
    const broken = spaced.chain((text) =>
      fc.oneof(
        fc.tuple(fc.nat(text.length), fc.constantFrom(...ODD)).map(([at, c]) => text.slice(0, at) + c + text.slice(at + 1)),
        fc.tuple(fc.nat(text.length), fc.constantFrom(...ODD)).map(([at, c]) => text.slice(0, at) + c + text.slice(at)),
        fc.nat(text.length).map((at) => text.slice(0, at)),
      ),
    );
    let positioned = 0;
    let unpositioned = 0;
    fc.assert(
      fc.property(broken, (text) => {
        const parsed = v8(text);
        if (parsed.ok) return;
        const offset = jsonSyntaxStop(text);
        if (parsed.position !== undefined) {
          positioned++;
          expect(offset).toBe(parsed.position);
        } else unpositioned++;
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(offset).toBeLessThanOrEqual(text.length);
        expect(isJsonPrefix(text.slice(0, offset))).toBe(true);
        // And it is the longest: its character does not continue it.
        if (offset < text.length) expect(isJsonPrefix(text.slice(0, offset + 1))).toBe(false);
      }),
      { numRuns: 2000 },
    );
    // Both kinds of message were met.
    expect(positioned).toBeGreaterThan(50);
    expect(unpositioned).toBeGreaterThan(50);
  });

  it.each([
    ['{"a": tru, "b": 1}', 9],
    ['{"a": nul}', 9],
    ['[1,]', 3],
    ['[1 2]', 3],
    ['{"a":1,}', 7],
    [']', 0],
    ['[.5]', 1],
    ['[+1]', 1],
    ['01', 1],
    ['-01', 2],
    ['1.x', 2],
    ['1e', 2],
    ['"\\x"', 2],
    ['"\\u12g4"', 5],
    ['"a\u0001"', 2],
    ['"ab', 3],
    ['truex', 4],
    ['true false', 5],
    ['\u00a0 1', 0],
    ['[{"a": [1, {"b": ]}]}]', 17],
    ['[}', 1],
    ['{]', 1],
    ['', 0],
  ])('%j stops at %i', (text, offset) => {
    expect(jsonSyntaxStop(text)).toBe(offset);
  });

  it('is linear in the nesting (a depth counted, not recursed)', () => {
    expect(jsonSyntaxStop('[' + '{"a":['.repeat(100_000) + ']}'.repeat(100_000) + '}')).toBe(1 + 800_000);
    const deep = '['.repeat(1_000_000);
    expect(jsonSyntaxStop(deep)).toBe(deep.length);
    expect(jsonSyntaxStop(deep + 'x')).toBe(deep.length);
  });
});

describe('the parse problem of a text that is not JSON', () => {
  const failure = (text: string, multiline = true) => {
    let error: unknown;
    try {
      JSON.parse(text);
    } catch (e) {
      error = e;
    }
    return parseFailure(text, error, 'The input', multiline);
  };

  it.each([
    // The report's cases: a bare word (211 lines, the typo on line 3), a word cut short, a stray `]`, a trailing comma.
    ['a bare word', `{\n  "clientRequest": {\n    "order": { "shipServiceLevel": EXP },\n${'    "x": 1,\n'.repeat(205)}    "item": []\n  }\n}\n`, 3, 36, 'The input is not valid JSON (line 3, column 36).'],
    ['a word cut short', '{"a": tru, "b": 1}', 1, 10, 'The input is not valid JSON (line 1, column 10).'],
    ['a stray ]', '{\n  "a": [1, 2]]\n}', 2, 14, 'The input is not valid JSON (line 2, column 14).'],
    // The two commonest hand-editing slips are named (structural characters only, never the text).
    ['a trailing comma', '[\n  {"a": 1},\n]', 3, 1, 'The input is not valid JSON: a comma stands before the closing bracket (line 3, column 1).'],
    ['a trailing comma in an object', '{"a": 1 , }', 1, 11, 'The input is not valid JSON: a comma stands before the closing bracket (line 1, column 11).'],
    ['single quotes', "{'a': 1}", 1, 2, 'The input is not valid JSON: strings take double quotes, not single ones (line 1, column 2).'],
    // Invisible in an editor: the byte-order mark of a second file joined to the first (`cat a.json b.json`).
    ['a byte-order mark inside', '[{"a": 1},\n\ufeff{"b": 2}]', 2, 1, 'The input is not valid JSON: a byte-order mark (U+FEFF) stands there, as when files that start with one are joined (line 2, column 1).'],
    ['a closing bracket after a value (no comma before it)', '{"a": 1}}', 1, 9, 'The input is not valid JSON (line 1, column 9).'],
    ['a missing colon (V8 gives its position)', '{\n  "a" 1\n}', 2, 7, 'The input is not valid JSON (line 2, column 7).'],
    // Ends too early: at the end of its last character, not past its final line end.
    ['a text cut short', '{\n  "a": [1,\n', 2, 11, 'The input is not valid JSON: it ends too early (line 2, column 11).'],
  ])('places %s where the text stops being JSON, and says so', (_name, text, line, column, message) => {
    expect(failure(text)).toEqual({ message, position: { line, column } });
  });

  it('names a byte-order mark that starts an NDJSON line after the first', () => {
    expect(failure('\ufeff{"a": 1}', false)).toEqual({ message: 'The input is not valid JSON: a byte-order mark (U+FEFF) stands there, as when files that start with one are joined (column 1).', position: { line: 0, column: 1 } });
  });

  it('gives an NDJSON line its column', () => {
    expect(failure('{"a": tru, "b": 1}', false)).toEqual({ message: 'The input is not valid JSON (column 10).', position: { line: 0, column: 10 } });
    expect(failure('{"a": [1', false)).toEqual({ message: 'The input is not valid JSON: it ends too early (column 9).', position: { line: 0, column: 9 } });
  });

  it('trusts no "at position" quoted from the input', () => {
    expect(failure('["at position 2", tru]', false).position.column).toBe(22);
  });

  it('places the same way in a line parsed lazily (a long line) and in a document', () => {
    const settings: UnitSettings = { version: '1.1', rules: {}, fix: false, quiet: false, batch: false, lazyJson: { textBytes: 64, arrayBytes: 32, batchItems: 4, batchBytes: 32, objectMembers: 1000, allMembers: 4000, depth: 512 } };
    const line = `{"clientRequest": {"item": [${Array.from({ length: 40 }, (_, i) => i).join(', ')}, tru]}}`;
    const lint = createUnitLinter(settings);
    const problem = (unit: Parameters<typeof lint>[0]) => unpackUnitResult(lint(unit)).found[0]!.problems[0]!;
    const column = line.indexOf('tru') + 4;
    expect(problem({ type: 'lines', bytes: Buffer.from(line) })).toMatchObject({ rule: 'parse', column, message: `The line is not valid JSON (column ${column}).` });
    expect(problem({ type: 'document', bytes: Buffer.from(`\n${line}`), fallbackToLines: false })).toMatchObject({ rule: 'parse', line: 2, column, message: `The input is not valid JSON (line 2, column ${column}).` });
  });
});
