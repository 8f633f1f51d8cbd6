import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { RULES, RULE_DOCS } from '../../rules/index';
import { escapeData, escapeProperty, github } from '../../src/cli/formatters/github';
import { FORMATTERS } from '../../src/cli/formatters/index';
import { json } from '../../src/cli/formatters/json';
import { escapeXml, junit } from '../../src/cli/formatters/junit';
import { sarif } from '../../src/cli/formatters/sarif';
import { stylish } from '../../src/cli/formatters/stylish';
import type { FormatOptions } from '../../src/cli/formatters/types';
import type { LintResult } from '../../src/cli/result';
import { cli } from './_run';

const results: LintResult[] = [
  {
    source: 'orders.ndjson:3',
    file: 'orders.ndjson',
    line: 3,
    kind: 'order',
    problems: [
      { rule: 'enum', severity: 'error', path: '/clientRequest/order/shipServiceLevel', message: 'shipServiceLevel must be one of STD, EXP, ECO, PUD in v1.1.' },
      { rule: 'spelling', severity: 'warn', path: '/clientRequest/payment/transactionId', message: 'transactionId is an example-body spelling.' },
    ],
  },
  { source: 'batch.json#/1', file: 'batch.json', index: 1, kind: null, problems: [{ rule: 'parse', severity: 'error', path: '', message: 'The input is not valid JSON.' }] },
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
    expect(text).toMatch(/\/clientRequest\/order\/shipServiceLevel\s+error\s+shipServiceLevel must be one of .*\s+enum\n/);
    expect(text).toMatch(/\/clientRequest\/payment\/transactionId\s+warning\s+.*spelling\n/);
    expect(text).toMatch(/\(root\)\s+error\s+The input is not valid JSON\.\s+parse/);
    expect(text.trimEnd().split('\n').pop()).toBe('✖ 3 problems (2 errors, 1 warning) in 5 payloads.');
    expect(text).not.toContain('\u001b[');
  });

  it('aligns the columns of one source', () => {
    const lines = stylish(results, options).split('\n').filter((l) => l.startsWith('  /'));
    expect(lines[0]!.indexOf('error')).toBe(lines[1]!.indexOf('warning'));
  });

  it('says so when there are no problems', () => {
    expect(stylish([], { ...options, summary: { payloads: 2, errors: 0, warnings: 0, byRule: {} } })).toBe('✔ No problems in 2 payloads.\n');
  });

  it('colours only when asked', () => {
    expect(stylish(results, { ...options, color: true })).toContain('\u001b[31m');
  });
});

describe('json', () => {
  it('prints one document with results and a summary sorted by rule', () => {
    const doc = JSON.parse(json(results, options));
    expect(doc.results).toEqual([
      { source: 'orders.ndjson:3', kind: 'order', problems: results[0]!.problems },
      { source: 'batch.json#/1', kind: null, problems: results[1]!.problems },
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
          physicalLocation: { artifactLocation: { uri: 'orders.ndjson' }, region: { startLine: 3 } },
          logicalLocations: [{ fullyQualifiedName: '/clientRequest/order/shipServiceLevel' }],
        },
      ],
    });
    expect(run.tool.driver.rules[first.ruleIndex].id).toBe('enum');
    expect(second.level).toBe('warning');
    // An element of a top-level array: the pointer is into the file, no line.
    expect(third.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'batch.json' } });
    expect(third.locations[0].logicalLocations[0].fullyQualifiedName).toBe('/1');
  });

  it('encodes file names as URI references', () => {
    const out = JSON.parse(sarif([{ ...results[1]!, file: 'my dir\\a b.json' }], options));
    expect(out.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('my%20dir/a%20b.json');
  });
});

describe('github', () => {
  it('prints one workflow command per problem, with file, line and title', () => {
    const lines = github(results, options).trimEnd().split('\n');
    expect(lines).toEqual([
      '::error file=orders.ndjson,line=3,title=fulfilkit enum::/clientRequest/order/shipServiceLevel: shipServiceLevel must be one of STD, EXP, ECO, PUD in v1.1.',
      '::warning file=orders.ndjson,line=3,title=fulfilkit spelling::/clientRequest/payment/transactionId: transactionId is an example-body spelling.',
      '::error file=batch.json,title=fulfilkit parse::/1: The input is not valid JSON.',
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
    expect(github([{ source: '<stdin>:2', file: '<stdin>', line: 2, kind: 'order', problems: results[0]!.problems.slice(0, 1) }], options)).toMatch(/^::error line=2,title=/);
  });
});

describe('junit', () => {
  it('has a testsuite per payload with problems and a failing testcase per problem', () => {
    const xml = junit(results, options);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="fulfilkit">\n')).toBe(true);
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml).toContain('<failure type="warning" message="transactionId is an example-body spelling.">');
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
  });

  it('escapes markup, and writes controls and characters XML cannot hold as \\u{..}', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
    expect(escapeXml('a\u0000b\u001bc\ud800\uffff')).toBe('a\\u{0}b\\u{1b}c\\u{d800}\\u{ffff}');
    expect(escapeXml('😀\t\n\u202e')).toBe('😀\\u{9}\\u{a}\\u{202e}');
  });
});

describe('every formatter streams', () => {
  it.each(Object.keys(FORMATTERS))('%s: header, each result and footer joined are the whole output', (name) => {
    const f = FORMATTERS[name as keyof typeof FORMATTERS];
    const parts = f.header(options) + results.map((r, i) => f.result(r, i, options)).join('') + f.footer(options);
    expect(parts).toBe(f(results, options));
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
    expect(parse.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'examples/orders.ndjson' }, region: { startLine: 4 } });
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
    expect(xml).toContain('<testsuite name="orders.ndjson:3" tests="3" failures="3" errors="0">');
    expect(xml).toContain('<testcase classname="orders.ndjson:3" name="(more problems)"><failure type="omitted" message="1,234 more problems not listed (--max-problems-per-payload).">');
    expect(XMLValidator.validate(xml)).toBe(true);
  });
});
