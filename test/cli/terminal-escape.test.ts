/**
 * Text taken from a payload or a file name never reaches a terminal or a CI log raw: member
 * names (in JSON Pointers) and file names carrying newlines, escape sequences, bidi overrides,
 * DEL or C1 controls are escaped in every format, each the way its readers need.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { escapeControls, escapeControlsForXml, jsonText } from '../../src/cli/escape';
import { FORMATTERS } from '../../src/cli/formatters/index';
import { RULES } from '../../rules/index';
import { main } from '../../src/cli/main';
import { Progress, progressLine } from '../../src/cli/progress';
import { summaryLine } from '../../src/cli/result';
import { toPointer } from '../../src/lint/pointer';
import { validOrder } from '../fixtures';
import { cli, tempFiles } from './_run';

// Member names an attacker can put in a payload.
const FORGED = 'x\n::error file=README.md,line=1::forged';
const HOSTILE_KEYS = [
  FORGED,
  '\r::warning::carriage',
  '\u001b[31mred\u001b[0m',
  '\u001b]8;;http://evil.example\u0007click\u001b]8;;\u0007',
  'txt.\u202egnp',
  'del\u007f',
  'csi\u009b31m',
  'isolate\u2066x\u2069',
  'line\u2028sep',
];
// A file name with a newline and a forged command in it.
const EVIL_FILE = 'evil\n::error file=README.md,line=1::forged.ndjson';

// What must never be written raw: C0 (but the newline that ends a line), DEL, C1, U+2028/2029, bidi controls.
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** An order with one unknown member per hostile name (each an `unknown-field` problem at its pointer). */
function hostileOrder(): unknown {
  const order = validOrder('1.1') as { clientRequest: { order: Record<string, unknown> } };
  for (const key of HOSTILE_KEYS) order.clientRequest.order[key] = 1;
  return order;
}

const pointers = HOSTILE_KEYS.map((key) => toPointer(['clientRequest', 'order', key]));

/** A folder holding the hostile order under a hostile file name. */
function hostileInput(): { cwd: string; file: string } {
  const cwd = tempFiles({});
  writeFileSync(join(cwd, EVIL_FILE), JSON.stringify(hostileOrder()) + '\n');
  return { cwd, file: EVIL_FILE };
}

async function lintHostile(format: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const { cwd, file } = hostileInput();
  return cli(['lint', '--format', format, '--rule', 'unknown-field=error', file], { cwd });
}

describe('escapeControls', () => {
  it('writes C0 and C1 controls, DEL, U+2028/2029 and the bidi controls as \\u{..}', () => {
    expect(escapeControls(FORGED)).toBe('x\\u{a}::error file=README.md,line=1::forged');
    expect(escapeControls('\u0000\t\r\u001b\u007f\u0080\u009b\u009f')).toBe('\\u{0}\\u{9}\\u{d}\\u{1b}\\u{7f}\\u{80}\\u{9b}\\u{9f}');
    expect(escapeControls('\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069')).toBe(
      '\\u{2028}\\u{2029}\\u{202a}\\u{202b}\\u{202c}\\u{202d}\\u{202e}\\u{2066}\\u{2067}\\u{2068}\\u{2069}',
    );
  });

  it('writes lone surrogates as \\u{..} (a terminal would show each as U+FFFD, two names alike); pairs stay', () => {
    expect(escapeControls('/a\ud800/b\udc00/c😀/\udc00\ud800')).toBe('/a\\u{d800}/b\\u{dc00}/c😀/\\u{dc00}\\u{d800}');
    expect(escapeControls('\ud800')).not.toBe(escapeControls('\ud801'));
    // As the XML escaping writes them: every format shows one name the same way.
    expect(escapeControls('k\ud800')).toBe(escapeControlsForXml('k\ud800'));
  });

  it('leaves every other character as it is, backslashes and emoji included', () => {
    for (const text of ['', '/clientRequest/item/0/sku', 'C:\\orders\\a.json', 'Grüße 😀 日本', '\u00a0\u200b\u200e', 'a~1b']) expect(escapeControls(text)).toBe(text);
  });

  it('escapes for XML what XML 1.0 cannot hold, lone surrogates included; pairs stay', () => {
    expect(escapeControlsForXml('a\ud800b\udc00c\ufffe\uffff😀\u001b')).toBe('a\\u{d800}b\\u{dc00}c\\u{fffe}\\u{ffff}😀\\u{1b}');
  });

  it('jsonText parses back to the same value and holds no raw control', () => {
    const value = { keys: HOSTILE_KEYS, lone: '\ud800', file: EVIL_FILE };
    const text = jsonText(value);
    expect(JSON.parse(text)).toEqual(value);
    expect(text).not.toMatch(RAW_CONTROL);
  });
});

describe('hostile member names and file names, format by format', () => {
  it('stylish: no raw control on stdout, one line per problem, the names escaped', async () => {
    const out = await lintHostile('stylish');
    expect(out.code).toBe(1);
    expect(out.stdout).not.toMatch(RAW_CONTROL);
    expect(out.stderr).not.toMatch(RAW_CONTROL);
    expect(out.stdout).toContain(`\n${escapeControls(EVIL_FILE)}:1\n`);
    for (const pointer of pointers) expect(out.stdout).toContain(`  ${escapeControls(pointer)} `);
    // The header line of the file, one line per problem, a blank line and the summary.
    const lines = out.stdout.trim().split('\n');
    expect(lines).toHaveLength(1 + HOSTILE_KEYS.length + 2);
    expect(lines.some((line) => line.startsWith('::'))).toBe(false);
  });

  it('github: exactly one workflow command per problem, nothing forged', async () => {
    const out = await lintHostile('github');
    expect(out.stdout).not.toMatch(RAW_CONTROL);
    expect(out.stderr).not.toMatch(RAW_CONTROL);
    const lines = out.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(HOSTILE_KEYS.length);
    for (const line of lines) expect(line).toMatch(/^::error file=evil\\u\{a\}%3A%3Aerror file=README\.md%2Cline=1%3A%3Aforged\.ndjson,line=1,col=\d+,title=fulfilkit unknown-field::/);
    expect(lines[0]).toContain('::/clientRequest/order/x\\u{a}::error file=README.md,line=1::forged: ');
  });

  it('json: parses, and every pointer and the file name round-trip exactly', async () => {
    const out = await lintHostile('json');
    expect(out.stdout).not.toMatch(RAW_CONTROL);
    const doc = JSON.parse(out.stdout) as { results: { source: string; problems: { path: string }[] }[] };
    expect(doc.results[0]!.source).toBe(`${EVIL_FILE}:1`);
    expect(doc.results[0]!.problems.map((p) => p.path)).toEqual(pointers);
  });

  it('sarif: parses, pointers round-trip, the file name is a percent-encoded URI', async () => {
    const out = await lintHostile('sarif');
    expect(out.stdout).not.toMatch(RAW_CONTROL);
    const log = JSON.parse(out.stdout);
    const results = log.runs[0].results as { locations: { physicalLocation: { artifactLocation: { uri: string } }; logicalLocations: { fullyQualifiedName: string }[] }[] }[];
    expect(results.map((r) => r.locations[0]!.logicalLocations[0]!.fullyQualifiedName)).toEqual(pointers);
    const uri = results[0]!.locations[0]!.physicalLocation.artifactLocation.uri;
    expect(uri).toBe(EVIL_FILE.split('/').map(encodeURIComponent).join('/'));
    expect(decodeURIComponent(uri)).toBe(EVIL_FILE);
  });

  it('junit: valid XML with no raw control, the names escaped as \\u{..}', async () => {
    const out = await lintHostile('junit');
    expect(out.stdout).not.toMatch(RAW_CONTROL);
    expect(XMLValidator.validate(out.stdout)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(out.stdout);
    const suite = doc.testsuites.testsuite;
    expect(suite['@_name']).toBe(`${escapeControls(EVIL_FILE)}:1`);
    expect(suite.testcase.map((c: Record<string, string>) => c['@_name'])).toEqual(pointers.map((p) => `${escapeControls(p)} unknown-field`));
  });
});

describe('a rule id from outside (a report merge reads back), format by format', () => {
  // An escape sequence, an OSC 8 link, CR LF forging a workflow command, a right-to-left override.
  const rule = 'r\u001b[31mRED\u001b]8;;http://e.vil\u0007link\u001b]8;;\u0007\r\n::error file=forged.js,line=1::forged\u202eRTL';
  const results = [{ source: 'o.ndjson:1', file: 'o.ndjson', line: 1, kind: 'order' as const, problems: [{ rule, severity: 'error' as const, path: '/p', message: 'm', column: 1 }, { rule: 'enum', severity: 'warn' as const, path: '/q', message: 'n', column: 2 }] }];
  const options = { summary: { payloads: 1, errors: 1, warnings: 1, byRule: { [rule]: 1, enum: 1 } }, rules: RULES, toolVersion: '9.9.9' };

  it.each(Object.keys(FORMATTERS) as (keyof typeof FORMATTERS)[])('%s: no raw control, nothing forged', (format) => {
    const text = FORMATTERS[format](results, options);
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text.split('\n').some((line) => line.startsWith('::error file=forged'))).toBe(false);
  });

  it('stylish: one line per problem, the rule id escaped', () => {
    const lines = FORMATTERS.stylish(results, options).trim().split('\n');
    expect(lines).toHaveLength(1 + 2 + 2);
    expect(lines[1]!.endsWith(`  ${escapeControls(rule)}`)).toBe(true);
  });

  it('github: one workflow command per problem, the title escaped as the message is', () => {
    const lines = FORMATTERS.github(results, options).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(',title=fulfilkit r\\u{1b}[31mRED\\u{1b}]8;;http%3A//e.vil\\u{7}link\\u{1b}]8;;\\u{7}\\u{d}\\u{a}%3A%3Aerror file=forged.js%2Cline=1%3A%3Aforged\\u{202e}RTL::/p: m');
  });
});

describe('a message from outside (a report merge reads back), format by format', () => {
  const message = 'm\u001b[31mRED\u001b]8;;http://e.vil\u0007x\u001b]8;;\u0007\r\n::error file=forged.js,line=1::forged\u202eRTL';
  const results = [{ source: 'o.ndjson:1', file: 'o.ndjson', line: 1, kind: 'order' as const, problems: [{ rule: 'enum', severity: 'error' as const, path: '/p', message, column: 1 }] }];
  const options = { summary: { payloads: 1, errors: 1, warnings: 0, byRule: { enum: 1 } }, rules: RULES, toolVersion: '9.9.9' };

  it.each(Object.keys(FORMATTERS) as (keyof typeof FORMATTERS)[])('%s: no raw control, nothing forged', (format) => {
    const text = FORMATTERS[format](results, options);
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text.split('\n').some((line) => line.startsWith('::error file=forged'))).toBe(false);
  });
});

describe('the summary and the progress line', () => {
  it('hold counts only, and the lines they write carry no raw control', () => {
    expect(summaryLine({ payloads: 3, errors: 2, warnings: 1, byRule: {}, omitted: 5, interrupted: true })).not.toMatch(RAW_CONTROL);
    expect(progressLine({ payloads: 10, problems: 3, bytesDone: 5, totalBytes: 10 }, 1000)).not.toMatch(RAW_CONTROL);
  });

  it('on a terminal, the progress line shows nothing of a hostile file name or payload', async () => {
    const { cwd, file } = hostileInput();
    let stderr = '';
    const code = await main(['lint', '--format', 'json', '--rule', 'unknown-field=error', file], {
      stdin: Readable.from([]),
      stdout: { write: () => true },
      stderr: { write: (s: string) => ((stderr += s), true), isTTY: true },
      cwd,
    });
    expect(code).toBe(1);
    // The progress line's own redraw sequence (carriage return, erase line) is the only control.
    expect(stderr).toContain('fulfilkit: ');
    expect(stderr.split('\r\u001b[K').join('')).not.toMatch(RAW_CONTROL);
  });

  it('a Progress draws escaped lines', () => {
    let written = '';
    const progress = new Progress({ write: (s: string) => ((written += s), true) }, () => ({ payloads: 1, problems: 1, bytesDone: 1 }), 1000);
    progress.start();
    progress.stop();
    expect(written.split('\r\u001b[K').join('')).toMatch(/^fulfilkit: 1 payload, [\d,]+\/s, 1 problem$/);
  });
});
