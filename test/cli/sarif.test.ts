/**
 * The SARIF log as code-scanning services read it: valid against the SARIF 2.1.0 schema,
 * rules with help, a tool with its home page, results with regions and fingerprints.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Ajv04 from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { RULES, RULE_DOCS } from '../../rules/index';
import { HOMEPAGE, RULES_URI } from '../../src/cli/formatters/sarif';
import { set, validOrder } from '../fixtures';
import { cli, ROOT, tempFiles } from './_run';

const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
const wrong = (ref: string) => set(order(ref), '/clientRequest/order/shipServiceLevel', 'XXX');

interface SarifResult {
  ruleId: string;
  locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number; startColumn?: number } } }[];
  partialFingerprints: Record<string, string>;
}

async function sarifOf(files: Record<string, string>, args: string[] = Object.keys(files)) {
  const out = await cli(['lint', '-f', 'sarif', ...args], { cwd: tempFiles(files) });
  return JSON.parse(out.stdout);
}

const corpus = {
  'o.ndjson': [order('A'), wrong('B'), '{broken', set(order('C'), '/clientRequest/order/shipServiceLevel', 'PUO')].map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join('\n') + '\n',
  'one.json': JSON.stringify(wrong('D'), null, 2),
  'many.json': JSON.stringify([order('E'), wrong('F')], null, 2),
};

describe('sarif', () => {
  it('validates against the SARIF 2.1.0 JSON schema', async () => {
    const schema = createRequire(import.meta.url)('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
    // The schema's language-tag pattern is not valid in Unicode mode: compile patterns without it.
    const validate = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false }).compile(schema);
    const log = await sarifOf(corpus);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.runs[0].results.length).toBeGreaterThanOrEqual(5);
    // A broken log must fail the same check, or the check proves nothing.
    expect(validate({ ...log, runs: [{ ...log.runs[0], columnKind: 'bytes' }] })).toBe(false);
  });

  it('names the tool with its version, semantic version and home page (package.json homepage)', async () => {
    const { driver } = (await sarifOf(corpus)).runs[0].tool;
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; homepage: string };
    expect(HOMEPAGE).toBe(pkg.homepage.replace(/#.*$/, ''));
    expect(driver).toMatchObject({ name: 'fulfilkit', version: pkg.version, semanticVersion: pkg.version, informationUri: HOMEPAGE });
  });

  it('gives every rule a Pascal name, its docs as descriptions and help, and a help URI', async () => {
    const { rules } = (await sarifOf(corpus)).runs[0].tool.driver;
    expect(rules.map((r: { id: string }) => r.id)).toEqual(RULES.map((r) => r.meta.id));
    for (const rule of rules) {
      const docs = RULE_DOCS[rule.id]!;
      // The SARIF validator's friendly-name rule (SARIF2012): a Pascal identifier.
      expect(rule.name).toMatch(/^(\p{Lu}[\p{Ll}\p{Nd}]+)+$/u);
      expect(rule.shortDescription.text).toBe(docs.description);
      expect(rule.fullDescription.text).toBe(docs.rationale);
      expect(rule.help.text).toContain(docs.rationale);
      expect(rule.help.markdown).toContain(`(${RULES_URI})`);
      expect(rule.helpUri).toBe(RULES_URI);
    }
    expect(rules.find((r: { id: string }) => r.id === 'max-length').name).toBe('MaxLength');
  });

  it('places results in .json files too (region with line and column)', async () => {
    const log = await sarifOf(corpus);
    const results = log.runs[0].results as SarifResult[];
    const inOne = results.find((r) => r.locations[0]!.physicalLocation.artifactLocation.uri === 'one.json')!;
    const text = corpus['one.json'];
    const before = text.slice(0, text.indexOf('"shipServiceLevel"'));
    expect(inOne.locations[0]!.physicalLocation.region).toEqual({ startLine: before.split('\n').length, startColumn: before.length - before.lastIndexOf('\n') });
    for (const r of results) expect(r.locations[0]!.physicalLocation.region?.startColumn).toBeGreaterThan(0);
  });

  it('fingerprints each result, the same from run to run, and not moved by a payload added above', async () => {
    const first = (await sarifOf(corpus)).runs[0].results as SarifResult[];
    const again = (await sarifOf(corpus)).runs[0].results as SarifResult[];
    const prints = (results: SarifResult[]) => results.map((r) => r.partialFingerprints['fulfilkit/v1']);
    expect(prints(first).every((p) => /^[0-9a-f]{32}$/.test(p!))).toBe(true);
    expect(new Set(prints(first)).size).toBe(first.length);
    expect(prints(again)).toEqual(prints(first));
    // A clean payload added at the top of the NDJSON file moves every line, not the fingerprints.
    const shifted = (await sarifOf({ ...corpus, 'o.ndjson': JSON.stringify(order('Z')) + '\n' + corpus['o.ndjson'] })).runs[0].results as SarifResult[];
    expect(shifted.map((r) => r.locations[0]!.physicalLocation.region!.startLine)).not.toEqual(first.map((r) => r.locations[0]!.physicalLocation.region!.startLine));
    expect(prints(shifted)).toEqual(prints(first));
    // So does a clean element added at the top of a .json array: the alert's index moves, not its fingerprint.
    const array = (await sarifOf({ ...corpus, 'many.json': JSON.stringify([order('Y'), order('E'), wrong('F')], null, 2) })).runs[0].results as SarifResult[];
    expect(prints(array)).toEqual(prints(first));
  });

  it('tells apart two payloads that share a requestReference (the later one is a duplicate): their alike results get fingerprints of their own', async () => {
    const results = (await sarifOf({ 'd.ndjson': [wrong('R'), wrong('R'), wrong('S')].map((p) => JSON.stringify(p)).join('\n') + '\n' })).runs[0].results as SarifResult[];
    const prints = results.map((r) => r.partialFingerprints['fulfilkit/v1']);
    // enum on each of the three, duplicate-request-reference on the second.
    expect(results.map((r) => r.ruleId)).toEqual(['enum', 'enum', 'duplicate-request-reference', 'enum']);
    expect(new Set(prints).size).toBe(prints.length);
  });

  it('names each place in the payload as a value of the data (not program code), and the root by no name', async () => {
    const log = await sarifOf({ ...corpus, 'root.ndjson': '[1]\n' });
    const results = log.runs[0].results as (SarifResult & { locations: { logicalLocations?: { fullyQualifiedName: string; kind: string }[] }[] })[];
    const logical = results.flatMap((r) => r.locations[0]!.logicalLocations ?? []);
    expect(logical.length).toBeGreaterThan(0);
    expect(new Set(logical.map((l) => l.kind))).toEqual(new Set(['value']));
    expect(logical.every((l) => l.fullyQualifiedName.startsWith('/'))).toBe(true);
    const root = results.find((r) => r.locations[0]!.physicalLocation.artifactLocation.uri === 'root.ndjson')!;
    expect(root.locations[0]!.logicalLocations).toBeUndefined();
  });
});
