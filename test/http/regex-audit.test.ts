/**
 * ReDoS audit (issue 7, item 10; widened in issue 21, item 4): every regular expression
 * in src/ and rules/ (literals, `new RegExp` and `RegExp()` calls), and every pattern of
 * the spec's tables, is listed here with the input that would hurt it most. Each is timed
 * on that input at 25,000 and 200,000 characters, as a ratio measured in the same run
 * (public entry points: against a benign input of the same length). A new regular
 * expression anywhere in src/ or rules/ fails the first test until it is listed with its
 * worst case.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { buildOrder, formatOrderDateTime, formatReturnDateTime } from '../../src/builders/index';
import { describeInventory, send } from '../../src/http/index';
import { DATE_PATTERNS, HTTP_URL_PATTERN } from '../../src/schema/patterns';
import { isEmailText, isHttpUrl } from '../../src/schema/predicates';
import * as tables from '../../src/schema/tables';
import { cartInput, JANE } from '../builders/_inputs';
import { GROWTH, MAX_SLOWDOWN, growth, slowdown } from './_timing';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = ['src', 'rules'];
const N = 100_000;
/** Input size of the growth tests: 25,000 and 200,000 characters. */
const SMALL = 25_000;

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Regular expression literals and `new RegExp(...)` / `RegExp(...)` calls of a folder, as written. */
function regexesIn(folder: string): string[] {
  const found: string[] = [];
  for (const file of sources(join(ROOT, folder))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) found.push(node.getText());
      if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && node.expression.getText() === 'RegExp') found.push(node.getText());
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** A regular expression with its worst input and a benign input of the same length. */
interface Case {
  readonly hostile: (n: number) => string;
  readonly benign: (n: number) => string;
}

const digits = (n: number) => '1'.repeat(n);
const letters = (n: number) => 'a'.repeat(n);
/** A run of one character: the most replacements (or partial matches) a one-character pattern meets. */
const run = (text: string) => ({ hostile: (n: number) => text.repeat(Math.ceil(n / text.length)), benign: letters });
/** A run of characters the pattern accepts, then one it refuses at the end. */
const thenFail = (text: string, last = '!') => ({ hostile: (n: number) => `${text.repeat(Math.ceil(n / text.length))}${last}`, benign: letters });
/**
 * Every literal of src/ and rules/, by its text. The hostile inputs are the classic
 * ones: long runs that match a quantified part and then fail at the end, so a
 * backtracking engine retries from every position. The benign inputs make the pattern
 * read the whole text once (mostly a match), the linear baseline.
 */
const LITERALS: Readonly<Record<string, Case>> = {
  // src/http (header values, Content-Type), src/simulator/options.ts (client keys)
  '/^[\\x21-\\x7e](?:[\\x20-\\x7e]*[\\x21-\\x7e])?$/': { hostile: (n) => `a${' '.repeat(n)}\u0001`, benign: letters },
  '/[/+]json\\b/i': { hostile: (n) => '/jsonx'.repeat(n / 6), benign: letters },
  // src/http/send.ts: a hand-made request's header names (caller input)
  "/^[!#$%&'*+\\-.^_`|~0-9A-Za-z]+$/": thenFail('a', ' '),
  // src/money (messages, decimal text)
  '/\\{(\\w+)\\}/g': { hostile: (n) => `{${letters(n)}`, benign: letters },
  '/^0*$/': { hostile: (n) => `${'0'.repeat(n)}1`, benign: (n) => '0'.repeat(n) },
  '/^([0-9]+)(?:\\.0+)?$/': { hostile: (n) => `${digits(n / 2)}.${'0'.repeat(n / 2)}x`, benign: digits },
  // src/simulator: the request's Content-Type (caller input), the version of a path
  '/^application\\/(?:[\\w.+-]+\\+)?json\\s*(?:;|$)/i': { hostile: (n) => `application/${'a+'.repeat(n / 2)}json${' '.repeat(8)}x`, benign: letters },
  '/\\./g': run('.'),
  // src/simulator/received.ts: query parameters of a received URL (caller input)
  '/([&;])/': run('&;'),
  // src/lint: JSON Pointer escapes and array indexes (payload keys), message templates, docs tables
  '/~/g': run('~'),
  '/\\//g': run('/'),
  '/~0/g': run('~'),
  '/~1/g': run('~'),
  '/^(0|[1-9]\\d*)$/': thenFail('1', 'x'),
  '/\\{\\{(\\w+)\\}\\}/': { hostile: (n) => `{{${letters(n)}`, benign: letters },
  '/\\|/g': run('|'),
  // src/schema/predicates.ts (URLs in payloads)
  '/^https?:\\/\\/[^/?#\\\\]/i': { hostile: (n) => `http:${'/'.repeat(n)}`, benign: letters },
  '/[\\s\\x00-\\x1f\\x7f-\\x9f\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]/': { hostile: letters, benign: letters },
  // src/cli: flag values, file paths, JSON.parse messages, formatter escapes (payload text)
  '/^\\d+$/': thenFail('1', 'x'),
  '/^(\\d+)([KMG]?)i?B?$/i': thenFail('1', 'x'),
  '/^(\\d+)\\.(tmp|fixed)$/': thenFail('1', '.tmpx'),
  '/^([1-9]\\d{0,5})\\/([1-9]\\d{0,5})$/': { hostile: digits, benign: letters },
  '/at position (\\d+)/': run('at position x'),
  '/%/g': run('%'),
  '/\\r/g': run('\r'),
  '/\\n/g': run('\n'),
  '/:/g': run(':'),
  '/,/g': run(','),
  '/\\\\/g': run('\\'),
  '/^[A-Za-z]:\\//': { hostile: letters, benign: letters },
  '/[\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]/g': run('\u202e'),
  // src/cli/escape.ts (Markdown and XML of payload text), merge-command.ts (report sources),
  // inputs.ts (file names), serve-command.ts (host, token), src/console/serve-assets.ts (its folder)
  '/[&<>]/g': run('&'),
  // src/lint/checks/geo-country-names.ts (the combining marks of a country name, decomposed)
  '/[\\u0300-\\u036f]/g': run('e\u0301'),
  // src/lint/code.ts (the sourceURL of a generated walk, from a version's name)
  '/[^\\w.-]/g': run('!'),
  // src/lint/code.ts (the generated walk: statement ends, comment lines, function names)
  '/[;}]$/': run(';x'),
  '/[\\r\\n\\u2028\\u2029]/g': run('\n'),
  '/[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]/': run('a'),
  // src/cli/fix-output.ts: --fix refuses a descriptor's path (command-line input)
  '/^(?:\\/proc\\/(?:self|thread-self|\\d+)(?:\\/task\\/\\d+)?\\/fd|\\/dev\\/fd)$/': { hostile: (n) => `/proc/${digits(n)}/task/${digits(n)}x`, benign: letters },
  '/^\\/dev\\/(?:stdin|stdout|stderr)$/': run('/dev/'),
  // src/schema/echo.ts: an echo body's member names as XML names (payload input)
  '/^[A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u0486\\u0488-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD][-.0-9A-Z_a-z\\u00B7\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u037D\\u037F-\\u0486\\u0488-\\u1FFF\\u200C\\u200D\\u203F\\u2040\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD]*(?::[A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u0486\\u0488-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD][-.0-9A-Z_a-z\\u00B7\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u037D\\u037F-\\u0486\\u0488-\\u1FFF\\u200C\\u200D\\u203F\\u2040\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD]*)?$/': { hostile: (n) => `a${'a:'.repeat(n / 2)}!`, benign: letters },
  '/^[a-z]\\w*$/': thenFail('a'),
  '/[\\\\`*_[\\]|~]/g': run('*'),
  '/^(\\s*)([#+=-])/': { hostile: (n) => `${' '.repeat(n)}x`, benign: letters },
  '/^(\\s*\\d+)([.)])/': { hostile: (n) => `${' '.repeat(n / 2)}${digits(n / 2)}x`, benign: letters },
  '/#\\/(\\d+)$/': { hostile: (n) => '#/1'.repeat(n / 3) + 'x', benign: letters },
  '/:(\\d+)$/': { hostile: (n) => ':1'.repeat(n / 2) + 'x', benign: letters },
  '/^[A-Za-z_$][\\w$]*$/': thenFail('a', '-'),
  '/\\.gz$/': run('.gzx'),
  '/\\/?$/': run('/x'),
  '/^127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}$/': { hostile: (n) => `127.0.0.${digits(n)}`, benign: letters },
  '/^[\\x21-\\x7e]+$/': thenFail('a', ' '),
  '/^[a-z0-9-]+\\.(js|css)$/': thenFail('a', '.jsx'),
  // src/testing/arbitraries.ts: fast-check generates from these; nothing runs them on input, yet they are linear too
  '/^[a-z0-9][a-z0-9._+-]{0,20}$/': { hostile: letters, benign: letters },
  '/^[a-z0-9-]{1,20}$/': { hostile: letters, benign: letters },
  '/^\\+[1-9][0-9]{1,3} [0-9]{4,10}$/': { hostile: (n) => `+1 ${digits(n)}`, benign: letters },
  '/^0[0-9]{5,12}$/': { hostile: (n) => `0${digits(n)}`, benign: letters },
  '/^[A-Z0-9-]{1,30}$/': run('A'),
  '/^[A-Z]{2}[0-9]{8,12}$/': { hostile: (n) => `AB${digits(n)}`, benign: letters },
  '/^[0-9A-Z]{3,10}$/': run('A'),
  '/^[A-Z_]{1,20}$/': run('A'),
  '/^[0-9]{6}$/': { hostile: digits, benign: letters },
  '/^[0-9]{4}$/': { hostile: digits, benign: letters },
  '/^[A-Z]{6}[0-9]{2}[A-Z][0-9]{2}[A-Z][0-9]{3}[A-Z]$/': run('A'),
  // src/simulator/control/proxy.ts (percent-escapes of a request path; one unreserved character)
  '/%([0-9A-Fa-f]{2})/g': run('%41'),
  '/^[A-Za-z0-9._~-]$/': { hostile: letters, benign: letters },
  // src/builders/_lib/dates.ts (a UTC offset's separator)
  '/[.:]/': run('1'),
  // src/cli/config.ts (config patterns that can never match: a `..` segment, a drive letter)
  '/(?:^|[/{,])\\.\\.(?:$|[/},])/': run('.'),
  '/^[A-Za-z]:[\\\\/]/': { hostile: letters, benign: letters },
  // src/cli/merge-command.ts (rule ids and member names read from a report)
  '/^[a-z0-9-]{1,64}$/': thenFail('a'),
  '/^[\\w$-]{1,64}$/': thenFail('a', '!'),
};

/** The control characters of src/cli/escape.ts (UNSAFE), as its `new RegExp` calls build them. */
const UNSAFE = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
/** Its lone surrogates (LONE). */
const LONE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';

/** `new RegExp(...)` calls, by their text, with the pattern they build (arbitraries: max 50). */
const BUILT: Readonly<Record<string, { pattern: RegExp } & Case>> = {
  'new RegExp(`[${UNSAFE}]|${LONE}`)': { pattern: new RegExp(`[${UNSAFE}]|${LONE}`), ...run('a') },
  "new RegExp(`[${UNSAFE}]|${LONE}`, 'g')": { pattern: new RegExp(`[${UNSAFE}]|${LONE}`, 'g'), ...run('\udc00') },
  "new RegExp(`[${UNSAFE}\\\\ufffe\\\\uffff]|${LONE}`, 'g')": { pattern: new RegExp(`[${UNSAFE}\\ufffe\\uffff]|${LONE}`, 'g'), ...run('\udc00') },
  'new RegExp(`^[A-Za-z0-9][A-Za-z0-9._-]{0,${max - 1}}$`)': { pattern: /^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/, hostile: letters, benign: letters },
  'new RegExp(`^[A-Za-z0-9][A-Za-z0-9._ #/-]{0,${max - 1}}$`)': { pattern: /^[A-Za-z0-9][A-Za-z0-9._ #/-]{0,49}$/, hostile: letters, benign: letters },
};

/** The spec's patterns (tables.ts), by name: listed by their text too. */
const TABLE_PATTERNS: readonly [string, RegExp, Case][] = [
  ['KEY_CHARSET', tables.KEY_CHARSET, { hostile: (n) => `${letters(n)}!`, benign: letters }],
  ['AMOUNT_VALUE', tables.AMOUNT_VALUE, { hostile: (n) => `-${digits(n / 2)}.${digits(n / 2)}x`, benign: digits }],
  ['UNSIGNED_DECIMAL', tables.UNSIGNED_DECIMAL, { hostile: (n) => `${digits(n / 2)}.${digits(n / 2)}x`, benign: digits }],
  ['LOCALE', tables.LOCALE, { hostile: (n) => 'de-DE'.repeat(n / 5), benign: letters }],
  ['EMAIL', tables.EMAIL, { hostile: (n) => `a@${'b.'.repeat(n / 2)} `, benign: (n) => `a@${'b.'.repeat(n / 2)}c` }],
  ['EMAIL (no @)', tables.EMAIL, { hostile: (n) => `${letters(n)} `, benign: (n) => `${letters(n - 3)}@b.c` }],
  ['DATE_TIME_OFFSET', tables.DATE_TIME_OFFSET.pattern, { hostile: digits, benign: letters }],
  ['DATE_TIME_UTC', tables.DATE_TIME_UTC.pattern, { hostile: digits, benign: letters }],
  ['DATE_ONLY', tables.DATE_ONLY.pattern, { hostile: digits, benign: letters }],
];

/**
 * The JSON Schema patterns (src/schema/patterns.ts: text, not literals, so the scan above
 * cannot see them), as a validator compiles them (unicode mode). Schema validators run them
 * on request bodies: each is listed with the inputs that would hurt it most.
 */
const url = (text: string) => (n: number) => `https://${text.repeat(Math.ceil(n / text.length))}`;
const SCHEMA_PATTERNS: readonly [string, string, Case][] = [
  ...[...DATE_PATTERNS].map(([name, pattern]): [string, string, Case] => [`date ${name}`, pattern, { hostile: digits, benign: letters }]),
  ['URL: labels that end in a number, then a refused character', HTTP_URL_PATTERN, { hostile: (n) => `${url('1.')(n)}x!`, benign: letters }],
  ['URL: empty labels before a number', HTTP_URL_PATTERN, { hostile: (n) => `${url('.')(n)}1!`, benign: letters }],
  ['URL: hexadecimal labels', HTTP_URL_PATTERN, { hostile: (n) => `${url('0x.')(n)}!`, benign: letters }],
  ['URL: zeros (IPv4 numbers), then a letter', HTTP_URL_PATTERN, { hostile: (n) => `${url('0')(n)}x!`, benign: letters }],
  ['URL: xn-- labels', HTTP_URL_PATTERN, { hostile: (n) => `${url('xn--.')(n)}1!`, benign: letters }],
  ['URL: user info of many @', HTTP_URL_PATTERN, { hostile: (n) => url(':@')(n), benign: letters }],
  ['URL: a port of zeros', HTTP_URL_PATTERN, { hostile: (n) => `https://a:${'0'.repeat(n)}x`, benign: letters }],
  ['URL: an unclosed IPv6 address', HTTP_URL_PATTERN, { hostile: (n) => `https://[${'1:'.repeat(n / 2)}`, benign: letters }],
  ['URL: a host, then a percent sign', HTTP_URL_PATTERN, { hostile: (n) => `${url('a')(n)}%`, benign: letters }],
  ['URL: non-ASCII labels, then a refused character', HTTP_URL_PATTERN, { hostile: (n) => `${url('a.ä')(n)}|`, benign: letters }],
  ['URL: controls in the path, then a space', HTTP_URL_PATTERN, { hostile: (n) => `https://a/${'\u0001'.repeat(n)} `, benign: letters }],
  ['URL: controls after the host, then a letter', HTTP_URL_PATTERN, { hostile: (n) => `https://a${'\u0001'.repeat(n)}x`, benign: letters }],
];

/** Runs a literal the way its code does: a global pattern through replace, others through test. */
function runner(literal: string): (input: string) => void {
  const body = literal.slice(1, literal.lastIndexOf('/'));
  const flags = literal.slice(literal.lastIndexOf('/') + 1);
  const pattern = new RegExp(body, flags);
  return flags.includes('g') ? (input) => void input.replace(pattern, '') : (input) => void pattern.test(input);
}

describe('regular expressions reachable by a hostile string', () => {
  it('every regular expression in src/ and rules/ is listed with its worst case', () => {
    const found = [...new Set(FOLDERS.flatMap(regexesIn))].sort();
    const listed = [...Object.keys(LITERALS), ...Object.keys(BUILT), ...new Set(TABLE_PATTERNS.map(([, pattern]) => String(pattern)))];
    expect(found).toEqual(listed.sort());
  });

  it('the measurement catches a quadratic pattern (the old baseUrl trim, /\\/+$/)', () => {
    const trim = /\/+$/;
    expect(growth((n) => { const input = `${'/'.repeat(n)}x`; return () => void input.replace(trim, ''); }, 1_000, GROWTH.factor)).toBeGreaterThan(GROWTH.max);
  });

  it.each(Object.entries(LITERALS))('%s stays linear on its worst input', (literal, { hostile }) => {
    const run = runner(literal);
    expect(growth((n) => { const input = hostile(n); return () => run(input); }, SMALL, GROWTH.factor)).toBeLessThan(GROWTH.max);
  });

  it.each(Object.entries(BUILT))('%s stays linear on its worst input', (_text, { pattern, hostile }) => {
    const apply = pattern.global ? (input: string) => void input.replace(pattern, '') : (input: string) => void pattern.test(input);
    expect(growth((n) => { const input = hostile(n); return () => apply(input); }, SMALL, GROWTH.factor)).toBeLessThan(GROWTH.max);
  });

  it.each(TABLE_PATTERNS)('%s stays linear on its worst input', (_name, pattern, { hostile }) => {
    expect(growth((n) => { const input = hostile(n); return () => void pattern.test(input); }, SMALL, GROWTH.factor)).toBeLessThan(GROWTH.max);
  });

  it.each(SCHEMA_PATTERNS)('%s stays linear on its worst input', (_name, source, { hostile }) => {
    const pattern = new RegExp(source, 'u');
    expect(growth((n) => { const input = hostile(n); return () => void pattern.test(input); }, SMALL, GROWTH.factor)).toBeLessThan(GROWTH.max);
  });
});

describe('public entry points on hostile text (worst case vs a benign input of the same length)', () => {
  const credentials = { clientConfigId: 'cid', clientAuthKey: 'cak', subscriptionKey: 'sub' };

  it('a baseUrl with a long run of slashes before the last segment (was quadratic: /\\/+$/)', () => {
    const bad = `https://api.example.test/${'/'.repeat(N)}x`;
    const good = `https://api.example.test/${'a'.repeat(N)}x`;
    const call = (baseUrl: string) => () => void describeInventory({ baseUrl, credentials });
    expect(slowdown(call(bad), call(good))).toBeLessThan(MAX_SLOWDOWN);
    // Trailing slashes are still dropped.
    expect(describeInventory({ baseUrl: `https://api.example.test/base${'/'.repeat(N)}`, credentials }).url).toBe(
      'https://api.example.test/base/productapi/v1/inventory',
    );
  });

  it('date-time text that date-fns parseISO reads in quadratic time is refused by its length first', () => {
    const bad = `2026-01-01T${'+'.repeat(N)}\nZ`;
    const good = `2026-01-01T${'1'.repeat(N)}0Z`;
    const call = (text: string) => () => {
      expect(() => formatReturnDateTime(text)).toThrow(RangeError);
      expect(() => formatOrderDateTime(text, '1.2')).toThrow(RangeError);
    };
    expect(slowdown(call(bad), call(good))).toBeLessThan(MAX_SLOWDOWN);
  });

  it('buildOrder with a huge e-mail address, locale and wanted delivery date', () => {
    const call = (text: string) => () => {
      for (const billTo of [{ ...JANE, email: text }, { ...JANE, locale: text }, { ...JANE, city: text }]) {
        expect(() => buildOrder(cartInput('1.1', { billTo }))).toThrow(RangeError);
      }
      expect(() => buildOrder(cartInput('1.1', { wantedDeliveryDate: text }))).toThrow(RangeError);
    };
    expect(slowdown(call(`a@${'b.'.repeat(N / 2)} `), call(letters(N + 3)))).toBeLessThan(MAX_SLOWDOWN);
  });

  it('the shared predicates the builders call: isEmailText and isHttpUrl', () => {
    // Two inputs of each kind, alternated, so that an answer kept for one input could not hide the cost of the next.
    const alternate = (test: (s: string) => boolean, make: (tail: string) => string) => {
      const inputs = [make('x'), make('y')];
      let i = 0;
      return () => void test(inputs[i++ % 2] as string);
    };
    const cases: [(tail: string) => string, (tail: string) => string][] = [
      [(t) => `a@${'b.'.repeat(N / 2)}${t} `, (t) => `a@${'b.'.repeat(N / 2)}${t}c`],
      [(t) => `http://${letters(N)}${t} `, (t) => `http://${letters(N)}${t}a`],
      [(t) => `http://${'/'.repeat(N)}${t}`, (t) => `http://${letters(N)}${t}`],
    ];
    for (const [bad, good] of cases) {
      expect(slowdown(alternate(isEmailText, bad), alternate(isEmailText, good))).toBeLessThan(MAX_SLOWDOWN);
      expect(slowdown(alternate(isHttpUrl, bad), alternate(isHttpUrl, good))).toBeLessThan(MAX_SLOWDOWN);
    }
  });

  it('send reads a hostile Content-Type header in linear time', async () => {
    const respond = (type: string) => async () => ({ status: 200, headers: new Headers({ 'content-type': type }), text: async () => '{}' });
    const request = describeInventory({ baseUrl: 'https://api.example.test', credentials });
    const time = async (type: string) => {
      const fetch = respond(type);
      const start = performance.now();
      for (let i = 0; i < 20; i++) await send(request, { fetch });
      return performance.now() - start;
    };
    await time('application/json');
    const bad = '/jsonx'.repeat(N / 6);
    const good = 'a'.repeat(bad.length);
    expect((await time(bad)) / Math.max(await time(good), 1e-3)).toBeLessThan(MAX_SLOWDOWN);
  });
});
