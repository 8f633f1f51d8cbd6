/**
 * Text taken from a payload or a file name (member names in JSON Pointers, file names) is
 * never written raw to a terminal or a CI log: a newline would forge a line of output (or a
 * GitHub workflow command), an escape sequence would drive the terminal (colours, OSC 8
 * links, the title), a bidi override would show text in another order than it is.
 */

// C0 and C1 controls, DEL, the line and paragraph separators, and the bidi embeddings,
// overrides and isolates (U+202A-U+202E, U+2066-U+2069).
const UNSAFE = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
// A lone surrogate: a terminal shows each as U+FFFD, so two different member names would print alike.
const LONE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const HAS_UNSAFE = new RegExp(`[${UNSAFE}]|${LONE}`);
const ALL_UNSAFE = new RegExp(`[${UNSAFE}]|${LONE}`, 'g');
// The same, plus what XML 1.0 cannot hold even as a character reference: U+FFFE, U+FFFF.
const NOT_XML = new RegExp(`[${UNSAFE}\\ufffe\\uffff]|${LONE}`, 'g');
// What JSON.stringify leaves raw that a terminal or an editor would act on; found only inside strings.
const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const codePoint = (c: string): string => `\\u{${c.charCodeAt(0).toString(16)}}`;

/**
 * Escapes the characters a terminal or a log viewer would act on: C0 and C1 controls
 * (newline and tab included), DEL, U+2028, U+2029 and the bidi controls, each as `\u{..}`
 * (hexadecimal code point), and lone surrogates the same way (printed, each would be U+FFFD).
 * Every other character, backslashes included, stays as it is.
 *
 * @param text Any text.
 * @returns The text, safe to print on one line.
 * @example escapeControls('x\n::error::forged'); // 'x\\u{a}::error::forged'
 */
export function escapeControls(text: string): string {
  return HAS_UNSAFE.test(text) ? text.replace(ALL_UNSAFE, codePoint) : text;
}

/**
 * Writes one line to stderr (or any sink), its controls escaped: every message the CLI
 * prints goes through here, so that a file name, an option value or an error's text cannot
 * forge a line or drive the terminal, whichever message carries it. Escaping twice changes
 * nothing (an escaped line holds no control).
 *
 * @param sink Where to write (the CLI's stderr).
 * @param line The line, without its newline.
 * @example writeLine(process.stderr, `fulfilkit: Cannot read ${file}.`);
 */
export function writeLine(sink: { write(text: string): unknown }, line: string): void {
  sink.write(`${escapeControls(line)}\n`);
}

/**
 * `escapeControls`, plus what XML 1.0 cannot carry at all (U+FFFE, U+FFFF), also as
 * `\u{..}`; markup characters are left to the XML escaping.
 *
 * @param text Any text.
 * @returns Text that an XML 1.0 document can hold, on one line.
 * @example escapeControlsForXml('a\u0001\ud800'); // 'a\\u{1}\\u{d800}'
 */
export function escapeControlsForXml(text: string): string {
  return text.replace(NOT_XML, codePoint);
}

/**
 * `JSON.stringify`, with DEL, the C1 controls, U+2028, U+2029 and the bidi controls written
 * as `\uXXXX` escapes too (it already escapes C0 controls and lone surrogates): the text
 * parses to the same value and is safe to show in a terminal.
 *
 * @param value A JSON value.
 * @returns Its JSON text.
 * @example jsonText({ path: '/a\u202e' }); // '{"path":"/a\\u202e"}'
 */
export function jsonText(value: unknown): string {
  const text = JSON.stringify(value);
  return text.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// What Markdown would read as markup inside a line of text: emphasis, code, links, tables, strike-through, escapes.
const MARKDOWN_PUNCTUATION = /[\\`*_[\]|~]/g;
const HTML_CHARACTERS: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Escapes text for one line of GitHub-flavoured Markdown (a paragraph or a table cell):
 * controls as `escapeControls` writes them, `&`, `<` and `>` as HTML entities (no tag or
 * comment reaches the page), backslashes, backticks, `*`, `_`, `[`, `]`, `|` and `~` with a
 * backslash (no emphasis, code span, link or extra table cell), and what would open a block
 * at the start (`#`, `+`, `-`, `=`, `1.`, `1)`), escaped too.
 *
 * @param text Any text.
 * @returns Text that renders as itself, on one line.
 * @example escapeMarkdown('a|b <i>`x`</i>\n'); // 'a\\|b &lt;i&gt;\\`x\\`&lt;/i&gt;\\\\u{a}'
 */
export function escapeMarkdown(text: string): string {
  return escapeControls(text)
    .replace(/[&<>]/g, (c) => HTML_CHARACTERS[c]!)
    .replace(MARKDOWN_PUNCTUATION, '\\$&')
    .replace(/^(\s*)([#+=-])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2');
}
