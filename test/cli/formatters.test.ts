import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { RULES, RULE_DOCS } from '../../rules/index';
import { escapeMarkdown } from '../../src/cli/escape';
import { colorWanted } from '../../src/cli/formatters/color';
import { escapeData, escapeProperty, github, SUMMARY_PROBLEMS } from '../../src/cli/formatters/github';
import { FORMATTERS } from '../../src/cli/formatters/index';
import { json } from '../../src/cli/formatters/json';
import { junit } from '../../src/cli/formatters/junit';
import { sarif } from '../../src/cli/formatters/sarif';
import { stylish } from '../../src/cli/formatters/stylish';
import type { FormatOptions } from '../../src/cli/formatters/types';
import type { LintResult } from '../../src/cli/result';
import { cli } from './_run';
import { scratchDir } from '../_scratch';

const results: LintResult[] = [
  {
    source: 'orders.ndjson:3',
    file: 'orders.ndjson',
    line: 3,
    kind: 'order',
    // An NDJSON line's problems carry their column; the line is the result's.
    problems: [
      { rule: 'enum', severity: 'error', path: '/clientRequest/order/shipServiceLevel', message: 'shipServiceLevel must be one of STD, EXP, ECO, PUD in v1.1.', column: 417 },
      { rule: 'spelling', severity: 'warn', path: '/clientRequest/payment/transactionId', message: 'transactionId is an example-body spelling.', column: 88 },
    ],
  },
  { source: 'batch.json#/1', file: 'batch.json', index: 1, kind: null, problems: [{ rule: 'parse', severity: 'error', path: '', message: 'The input is not valid JSON.', line: 12, column: 5 }] },
];
const options: FormatOptions = {
  summary: { payloads: 5, errors: 2, warnings: 1, byRule: { spelling: 1, enum: 1, parse: 1 } },
  rules: RULES,
  toolVersion: '9.9.9',
};

describe('stylish', () => {
  it('groups by source with path, severity, message and rule, then a summary line', () => {
    const text = stylish(results, options);
    expect(text).toContain('\norders.ndjson:3\n');
    // Each problem opens at its member: file:line:column.
    expect(text).toMatch(/ {2}orders\.ndjson:3:417 +\/clientRequest\/order\/shipServiceLevel\s+error\s+shipServiceLevel must be one of .*\s+enum\n/);
    expect(text).toMatch(/ {2}orders\.ndjson:3:88 +\/clientRequest\/payment\/transactionId\s+warning\s+.*spelling\n/);
    expect(text).toMatch(/ {2}batch\.json:12:5 +\(root\)\s+error\s+The input is not valid JSON\.\s+parse/);
    expect(text.trimEnd().split('\n').pop()).toBe('✖ 3 problems (2 errors, 1 warning) in 5 payloads.');
    expect(text).not.toContain('\u001b[');
  });

  it('aligns the columns of one source', () => {
    const lines = stylish(results, options).split('\n').filter((l) => l.startsWith('  orders'));
    expect(lines[0]!.indexOf('/clientRequest')).toBe(lines[1]!.indexOf('/clientRequest'));
    expect(lines[0]!.indexOf('error')).toBe(lines[1]!.indexOf('warning'));
  });

  it('says so when there are no problems', () => {
    expect(stylish([], { ...options, summary: { payloads: 2, errors: 0, warnings: 0, byRule: {} } })).toBe('✔ No problems in 2 payloads.\n');
  });

  it('colours only when asked, with util.styleText\'s codes whatever process.stdout is', () => {
    const coloured = stylish(results, { ...options, color: true });
    expect(coloured).toContain('\u001b[31merror\u001b[39m');
    expect(coloured).toContain('\u001b[4morders.ndjson:3\u001b[24m');
    expect(coloured.replace(/\u001b\[\d+m/g, '')).toBe(stylish(results, options));
  });

  it.each([
    [true, {}, false, true],
    [false, { FORCE_COLOR: '1' }, true, false],
    [undefined, {}, true, true],
    [undefined, {}, false, false],
    [undefined, { NO_COLOR: '1' }, true, false],
    [undefined, { NO_COLOR: '' }, true, true],
    [undefined, { FORCE_COLOR: '1' }, false, true],
    [undefined, { FORCE_COLOR: '0' }, true, true],
    [undefined, { FORCE_COLOR: '0' }, false, false],
    [undefined, { NO_COLOR: '1', FORCE_COLOR: '1' }, true, false],
  ])('colour: flag %j, env %j, terminal %j -> %j (--color wins, then NO_COLOR, then FORCE_COLOR)', (flag, env, isTTY, wanted) => {
    expect(colorWanted(flag, env, isTTY)).toBe(wanted);
  });
});

describe('json', () => {
  it('prints one document with results and a summary sorted by rule', () => {
    const doc = JSON.parse(json(results, options));
    // The file and the line or element, and each problem's line and column in the file.
    expect(doc.results).toEqual([
      { source: 'orders.ndjson:3', file: 'orders.ndjson', line: 3, kind: 'order', problems: results[0]!.problems.map((p) => ({ ...p, line: 3 })) },
      { source: 'batch.json#/1', file: 'batch.json', index: 1, kind: null, problems: results[1]!.problems },
    ]);
    expect(doc.summary).toEqual({ payloads: 5, errors: 2, warnings: 1, byRule: { enum: 1, parse: 1, spelling: 1 } });
    expect(Object.keys(doc.summary.byRule)).toEqual(['enum', 'parse', 'spelling']);
  });
});

describe('sarif', () => {
  const log = JSON.parse(sarif(results, options));
  const run = log.runs[0];

  it('is a SARIF 2.1.0 log with the rules as the tool driver', () => {
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    expect(run.tool.driver.name).toBe('fulfilkit');
    expect(run.tool.driver.version).toBe('9.9.9');
    expect(run.tool.driver.rules).toHaveLength(RULES.length);
    const unknownField = run.tool.driver.rules.find((r: { id: string }) => r.id === 'unknown-field');
    expect(unknownField.defaultConfiguration.level).toBe('warning');
    expect(unknownField.shortDescription.text).toBe(RULE_DOCS['unknown-field']!.description);
  });

  it('has one result per problem with level, message, file, line and pointer', () => {
    expect(run.results).toHaveLength(3);
    const [first, second, third] = run.results;
    expect(first).toMatchObject({
      ruleId: 'enum',
      level: 'error',
      message: { text: 'shipServiceLevel must be one of STD, EXP, ECO, PUD in v1.1.' },
      locations: [
        {
          physicalLocation: { artifactLocation: { uri: 'orders.ndjson' }, region: { startLine: 3, startColumn: 417 } },
          logicalLocations: [{ fullyQualifiedName: '/clientRequest/order/shipServiceLevel' }],
        },
      ],
    });
    expect(run.tool.driver.rules[first.ruleIndex].id).toBe('enum');
    expect(second.level).toBe('warning');
    // An element of a top-level array: the pointer is into the file, the position too.
    expect(third.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'batch.json' }, region: { startLine: 12, startColumn: 5 } });
    expect(third.locations[0].logicalLocations[0].fullyQualifiedName).toBe('/1');
  });

  it('encodes file names as URI references', () => {
    const out = JSON.parse(sarif([{ ...results[1]!, file: 'my dir\\a b.json' }], options));
    expect(out.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('my%20dir/a%20b.json');
  });

  // encodeURI left `#`, `?` and `:` raw: `a b#c%?.json` read as `a b` with a fragment, `x:y.json` as a URI of scheme `x`.
  it.each([
    ['a b#c%?.json', 'a%20b%23c%25%3F.json'],
    ['x:y.json', 'x%3Ay.json'],
    ['dir/[1]&;=.json', 'dir/%5B1%5D%26%3B%3D.json'],
    ['/srv/in#1/a.json', 'file:///srv/in%231/a.json'],
    ['C:\\in put\\a?.json', 'file:///C:/in%20put/a%3F.json'],
  ])('the URI of %j names that file and no other: %s', (file, uri) => {
    const out = JSON.parse(sarif([{ ...results[1]!, file }], options));
    const written: string = out.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri;
    expect(written).toBe(uri);
    const resolved = new URL(written, 'file:///repo/');
    expect([resolved.search, resolved.hash]).toEqual(['', '']);
    expect(decodeURIComponent(resolved.pathname)).toBe(file.startsWith('/') ? file : file.startsWith('C:') ? '/' + file.replace(/\\/g, '/') : '/repo/' + file);
  });
});

describe('github', () => {
  it('prints one workflow command per problem, with file, line and title', () => {
    const lines = github(results, options).trimEnd().split('\n');
    expect(lines).toEqual([
      '::error file=orders.ndjson,line=3,col=417,title=fulfilkit enum::/clientRequest/order/shipServiceLevel: shipServiceLevel must be one of STD, EXP, ECO, PUD in v1.1.',
      '::warning file=orders.ndjson,line=3,col=88,title=fulfilkit spelling::/clientRequest/payment/transactionId: transactionId is an example-body spelling.',
      '::error file=batch.json,line=12,col=5,title=fulfilkit parse::/1: The input is not valid JSON.',
    ]);
  });

  it('escapes data and properties as the runner expects', () => {
    expect(escapeData('50% done\r\nnext')).toBe('50%25 done%0D%0Anext');
    expect(escapeProperty('a,b:c%\n')).toBe('a%2Cb%3Ac%25%0A');
    const odd = github([{ ...results[1]!, file: 'dir,x/a:b.json', problems: [{ rule: 'parse', severity: 'error', path: '', message: 'line one\nline two' }] }], options);
    // Controls are escaped before the workflow escapes: no newline of a payload or a file name reaches the log.
    expect(odd).toBe('::error file=dir%2Cx/a%3Ab.json,title=fulfilkit parse::/1: line one\\u{a}line two\n');
  });

  it('names no file for stdin', () => {
    expect(github([{ source: '<stdin>:2', file: '<stdin>', line: 2, kind: 'order', problems: results[0]!.problems.slice(0, 1) }], options)).toMatch(/^::error line=2,col=417,title=/);
  });

  describe('with $GITHUB_STEP_SUMMARY', () => {
    const summaryFile = () => join(scratchDir('fulfilkit-summary-'), 'summary.md');

    it('appends a Markdown summary: the counts by rule and severity, the problems as a table', () => {
      const path = summaryFile();
      const out = github(results, { ...options, env: { GITHUB_STEP_SUMMARY: path } });
      // The annotations are unchanged.
      expect(out).toBe(github(results, options));
      const md = readFileSync(path, 'utf8');
      expect(md).toContain('### fulfilkit\n\n✖ 3 problems (2 errors, 1 warning) in 5 payloads.\n');
      expect(md).toContain('| Rule | Severity | Problems |\n| --- | --- | ---: |\n| enum | error | 1 |\n| parse | error | 1 |\n| spelling | warning | 1 |\n');
      expect(md).toContain('| orders.ndjson:3:417 | /clientRequest/order/shipServiceLevel | error | shipServiceLevel must be one of STD, EXP, ECO, PUD in v1.1. | enum |\n');
      expect(md).toContain('| batch.json:12:5 | /1 | error | The input is not valid JSON. | parse |\n');
      // A second run adds its own summary (GitHub shows every step's).
      github(results, { ...options, env: { GITHUB_STEP_SUMMARY: path } });
      expect(readFileSync(path, 'utf8')).toBe(md + md);
    });

    it('escapes what Markdown would act on: pipes, backticks, HTML, links, controls', () => {
      const path = summaryFile();
      const hostile = { ...results[1]!, file: 'a|b`<img src=x onerror=alert(1)>`.json', problems: [{ rule: 'parse', severity: 'error' as const, path: '/[x](javascript:y)*_~', message: 'line\n| --- |', line: 1, column: 1 }] };
      github([hostile], { ...options, env: { GITHUB_STEP_SUMMARY: path } });
      const row = readFileSync(path, 'utf8').split('\n').find((l) => l.includes('img'))!;
      expect(row).toBe('| a\\|b\\`&lt;img src=x onerror=alert(1)&gt;\\`.json:1:1 | /1/\\[x\\](javascript:y)\\*\\_\\~ | error | line\\\\u{a}\\| --- \\| | parse |');
      // Five cells, as the header has: no pipe of the input opened another.
      expect(row.split(/(?<!\\)\|/).length - 2).toBe(5);
      expect(escapeMarkdown('# 1. <b>')).toBe('\\# 1. &lt;b&gt;');
      expect(escapeMarkdown('12) x')).toBe('12\\) x');
    });

    it(`lists the first ${SUMMARY_PROBLEMS} problems and says how many there were`, () => {
      const path = summaryFile();
      const many = Array.from({ length: 30 }, (_, i) => ({ ...results[0]!, source: `orders.ndjson:${i + 1}`, line: i + 1 }));
      github(many, { ...options, summary: { payloads: 30, errors: 30, warnings: 30, byRule: { enum: 30, spelling: 30 } }, env: { GITHUB_STEP_SUMMARY: path } });
      const md = readFileSync(path, 'utf8');
      expect(md).toContain(`The first ${SUMMARY_PROBLEMS} problems of 60:`);
      expect(md.split('\n').filter((l) => l.startsWith('| orders.ndjson:'))).toHaveLength(SUMMARY_PROBLEMS);
    });

    it('gives a rule whose problems were none of them listed (past --max-problems-per-payload) a severity cell all the same', () => {
      const path = summaryFile();
      github(results, { ...options, summary: { ...options.summary, errors: options.summary.errors + 4, byRule: { ...options.summary.byRule, 'unknown-field': 4 }, omitted: 4 }, env: { GITHUB_STEP_SUMMARY: path } });
      expect(readFileSync(path, 'utf8')).toContain('| unknown-field | not listed | 4 |\n');
    });

    it('warns in the log when the summary file cannot be written', () => {
      const out = github(results, { ...options, env: { GITHUB_STEP_SUMMARY: join(tmpdir(), 'no-such-dir-fulfilkit', 'x', 'summary.md') } });
      expect(out.trimEnd().split('\n').pop()).toBe('::warning title=fulfilkit::Cannot write the step summary to $GITHUB_STEP_SUMMARY (ENOENT).');
    });
  });
});

describe('junit', () => {
  const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'testsuite' || name === 'testcase' }).parse(xml);

  it('has a testsuite per payload with problems and a failing testcase per problem, with its file and line', () => {
    const xml = junit(results, options);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="fulfilkit" tests="3" failures="3" errors="0" time="')).toBe(true);
    const suites = parse(xml).testsuites.testsuite;
    expect(suites.map((s: Record<string, string>) => [s['@_name'], s['@_tests'], s['@_failures'], s['@_errors'], s['@_time']])).toEqual([
      ['orders.ndjson:3', '2', '2', '0', '0'],
      ['batch.json#/1', '1', '1', '0', '0'],
    ]);
    const cases = suites.flatMap((s: { testcase: unknown[] }) => s.testcase);
    expect(cases.map((c: Record<string, string>) => [c['@_file'], c['@_line']])).toEqual([['orders.ndjson', '3'], ['orders.ndjson', '3'], ['batch.json', '12']]);
    expect(cases[1]).toMatchObject({ '@_name': '/clientRequest/payment/transactionId spelling', failure: { '@_type': 'warning', '@_message': 'transactionId is an example-body spelling.' } });
    expect(xml).toContain('<!-- fulfilkit: ✖ 3 problems (2 errors, 1 warning) in 5 payloads. -->\n</testsuites>\n');
  });

  it('puts the totals and the run\'s time in seconds on <testsuites>', () => {
    const capped: LintResult = { ...results[0]!, omitted: { errors: 3, warnings: 0, byRule: { enum: 3 } } };
    const root = parse(junit([capped, results[1]!], options)).testsuites;
    expect(root).toMatchObject({ '@_name': 'fulfilkit', '@_tests': '4', '@_failures': '4', '@_errors': '0' });
    expect(root['@_time']).toMatch(/^\d+\.\d{3}$/);
    expect(parse(junit([], options)).testsuites['@_tests']).toBe('0');
  });

  it('lists up to 16 MiB of test cases, then counts the rest in one last suite: memory stays bounded', () => {
    // Each payload's suite is about 600 bytes: 40,000 of them pass 16 MiB.
    const many = Array.from({ length: 40_000 }, (_, i) => ({ ...results[0]!, source: `orders.ndjson:${i + 1}`, line: i + 1 }));
    const xml = junit(many, options);
    expect(XMLValidator.validate(xml)).toBe(true);
    const root = parse(xml).testsuites;
    const suites = root.testsuite as { '@_name': string; testcase: { failure: Record<string, string> }[] }[];
    const listed = suites.length - 1;
    expect(Buffer.byteLength(xml)).toBeLessThan(17 << 20);
    expect(listed).toBeGreaterThan(10_000);
    expect(listed).toBeLessThan(40_000);
    const last = suites[suites.length - 1]!;
    expect(last['@_name']).toBe('(not listed)');
    const unlisted = 40_000 - listed;
    expect(last.testcase[0]!.failure['@_message']).toBe(`${(2 * unlisted).toLocaleString('en-US')} more problems of ${unlisted.toLocaleString('en-US')} payloads not listed: a JUnit report lists up to 16 MiB of test cases (--format json or sarif lists every one).`);
    expect(root['@_tests']).toBe(String(2 * listed + 1));
  });

  it('escapes markup, and writes controls and characters XML cannot hold as \\u{..}', () => {
    const odd: LintResult = { ...results[1]!, file: 'a<&"\'>.json', source: 'a<&"\'>.json#/1', problems: [{ rule: 'parse', severity: 'error', path: '/x\u0000y\u001b\ud800\uffff', message: `<a href="x">&'</a> 😀\t\n\u202e` }] };
    const xml = junit([odd], options);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('file="a&lt;&amp;&quot;&apos;&gt;.json"');
    const testcase = parse(xml).testsuites.testsuite[0].testcase[0];
    expect(testcase['@_name']).toBe('/x\\u{0}y\\u{1b}\\u{d800}\\u{ffff} parse');
    expect(testcase.failure['@_message']).toBe(`<a href="x">&'</a> 😀\\u{9}\\u{a}\\u{202e}`);
  });
});

describe('every formatter streams', () => {
  it.each(Object.keys(FORMATTERS))('%s: header, each result and footer joined are the whole output', (name) => {
    const f = FORMATTERS[name as keyof typeof FORMATTERS];
    // JUnit's <testsuites time> is the wall time of each run: two runs differ there only.
    const runTime = (xml: string) => xml.replace(/(<testsuites [^>]*time=")\d+\.\d{3}"/, '$1"');
    const parts = f.header(options) + results.map((r, i) => f.result(r, i, options)).join('') + f.footer(options);
    expect(runTime(parts)).toBe(runTime(f(results, options)));
  });

  it('json and sarif stay one document with no results', () => {
    const empty = { ...options, summary: { payloads: 0, errors: 0, warnings: 0, byRule: {} } };
    expect(JSON.parse(json([], empty)).results).toEqual([]);
    expect(JSON.parse(sarif([], empty)).runs[0].results).toEqual([]);
  });
});

describe('formats through the CLI', () => {
  it('--format json prints one parsable document', async () => {
    const out = await cli(['lint', '--format', 'json', 'examples/order-v1.1-invalid.json']);
    const doc = JSON.parse(out.stdout);
    expect(doc.results[0].source).toBe('examples/order-v1.1-invalid.json');
    expect(doc.summary.errors).toBeGreaterThan(0);
  });

  it('--format sarif lists the problems of every input', async () => {
    const out = await cli(['lint', '--format', 'sarif', 'examples/orders.ndjson']);
    expect(out.code).toBe(1);
    const log = JSON.parse(out.stdout);
    expect(log.version).toBe('2.1.0');
    const parse = log.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'parse');
    // Where the parser stopped, as the message says.
    const column = Number(/column (\d+)/.exec(parse.message.text)![1]);
    expect(parse.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'examples/orders.ndjson' }, region: { startLine: 4, startColumn: column } });
  });
});

describe('a payload with problems past --max-problems-per-payload', () => {
  const capped: LintResult = { ...results[0]!, omitted: { errors: 1233, warnings: 1, byRule: { enum: 1233, spelling: 1 } } };
  const summary = { payloads: 5, errors: 1235, warnings: 2, byRule: { enum: 1234, spelling: 2, parse: 1 }, omitted: 1234 };
  const cappedOptions: FormatOptions = { ...options, summary };

  it('stylish says how many more it has, and the summary how many are not listed', () => {
    const text = stylish([capped], cappedOptions);
    expect(text).toMatch(/ spelling\n {2}\.\.\. and 1,234 more problems\n/);
    expect(text.trimEnd().split('\n').pop()).toBe('✖ 1,237 problems (1,235 errors, 2 warnings) in 5 payloads; 1,234 not listed (--max-problems-per-payload).');
  });

  it('json has "omitted" on the result and in the summary', () => {
    const doc = JSON.parse(json([capped, results[1]!], cappedOptions));
    expect(doc.results[0].omitted).toBe(1234);
    expect(doc.results[0].problems).toHaveLength(2);
    expect('omitted' in doc.results[1]).toBe(false);
    expect(doc.summary.omitted).toBe(1234);
  });

  it('sarif puts the count on the payload\'s last result and a note on the invocation', () => {
    const log = JSON.parse(sarif([capped], cappedOptions));
    const listed = log.runs[0].results;
    expect(listed.map((r: { properties?: unknown }) => r.properties)).toEqual([undefined, { omitted: 1234 }]);
    expect(log.runs[0].invocations[0].toolExecutionNotifications).toEqual([
      { level: 'note', message: { text: "1,234 problems past --max-problems-per-payload not listed; the run's summary counts them." } },
    ]);
  });

  it('github adds one notice for the payload', () => {
    const lines = github([capped], cappedOptions).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('::notice file=orders.ndjson,line=3,title=fulfilkit::1,234 more problems in this payload not listed (--max-problems-per-payload).');
  });

  it('junit adds one failing testcase that says how many, and stays valid XML', () => {
    const xml = junit([capped], cappedOptions);
    expect(XMLValidator.validate(xml)).toBe(true);
    const suite = new XMLParser({ ignoreAttributes: false }).parse(xml).testsuites.testsuite;
    expect(suite).toMatchObject({ '@_name': 'orders.ndjson:3', '@_tests': '3', '@_failures': '3', '@_errors': '0' });
    expect(suite.testcase[2]).toMatchObject({ '@_classname': 'orders.ndjson:3', '@_name': '(more problems)', failure: { '@_type': 'omitted', '@_message': '1,234 more problems not listed (--max-problems-per-payload).' } });
  });

  it('junit and github place the count of a JSON document (no NDJSON line) at its last problem listed', () => {
    const document: LintResult = { ...capped, source: 'order.json', file: 'order.json', line: undefined, problems: capped.problems.map((p, i) => ({ ...p, line: 10 + i, column: 5 })) };
    const suite = new XMLParser({ ignoreAttributes: false }).parse(junit([document], cappedOptions)).testsuites.testsuite;
    expect(suite.testcase[2]).toMatchObject({ '@_name': '(more problems)', '@_file': 'order.json', '@_line': String(10 + capped.problems.length - 1) });
    expect(github([document], cappedOptions).trimEnd().split('\n')[2]).toBe(`::notice file=order.json,line=${10 + capped.problems.length - 1},title=fulfilkit::1,234 more problems in this payload not listed (--max-problems-per-payload).`);
  });
});

describe('an interrupted or faulted run', () => {
  // Text of a fault names a file, which may hold anything: it cannot forge a line or a tag.
  const fault = 'Cannot read a\n::error::x<b>%.gz: the gzip data ends early.';
  const broken: FormatOptions = { ...options, summary: { ...options.summary, interrupted: true, faults: [fault] } };

  it('junit: a (run) suite with an <error> for each, counted in errors', () => {
    const root = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'testsuite' || name === 'testcase' }).parse(junit(results, broken)).testsuites;
    expect(root).toMatchObject({ '@_tests': '5', '@_failures': '3', '@_errors': '2' });
    const run = root.testsuite.at(-1);
    expect(run['@_name']).toBe('(run)');
    expect(run.testcase.map((c: { error: Record<string, string> }) => [c.error['@_type'], c.error['@_message']])).toEqual([
      ['interrupted', 'The run was interrupted before the end of its input; the report lists what was linted before.'],
      ['fault', 'Cannot read a\\u{a}::error::x<b>%.gz: the gzip data ends early.'],
    ]);
    // A complete run has none.
    expect(junit(results, options)).toContain('errors="0"');
    expect(junit(results, options)).not.toContain('<error');
  });

  it('github: an ::error annotation for each, escaped to one line', () => {
    const lines = github(results, broken).trimEnd().split('\n').slice(-2);
    expect(lines).toEqual(['::error title=fulfilkit::The run was interrupted before the end of its input; the report lists what was linted before.', '::error title=fulfilkit::Cannot read a\\u{a}::error::x<b>%25.gz: the gzip data ends early.']);
    expect(github(results, options)).not.toContain('title=fulfilkit::');
  });

  it('sarif: a failed execution with a notification for each', () => {
    const invocation = JSON.parse(sarif(results, broken)).runs[0].invocations[0];
    expect(invocation.executionSuccessful).toBe(false);
    expect(invocation.toolExecutionNotifications.map((n: { message: { text: string } }) => n.message.text)).toEqual(['The run was interrupted before the end of its input; the report lists what was linted before.', fault]);
  });
});
