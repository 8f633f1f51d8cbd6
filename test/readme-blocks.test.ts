/**
 * Every TypeScript block of the README is type-checked against the source, and every one
 * that can run offline is run, as written (issue 24, item 2). How a block says it is not
 * run, and what it may assume, is in test/_readme-blocks.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, type ClientProfile, type OrderRequestV1_2 } from '../src/index';
import { readmeBlocks, runBlock, typeErrors, type ReadmeBlock } from './_readme-blocks';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BLOCKS = readmeBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'));
/** Where runs write their modules: inside the repository, so that vitest resolves `fulfilkit` and node_modules. */
const RUN_DIR = join(ROOT, 'test', `.readme-blocks-${process.pid}`);

const profile: ClientProfile = { client: 'ACME', clientCode: 'ACME' };
const payload = buildOrder({
  version: '1.1', profile, externalMessageReference: 'WEB-10001', currency: 'EUR', shipServiceLevel: 'STD',
  billTo: { firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@example.com', locale: 'de-DE', address: 'Hauptstrasse 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
  lines: [{ sku: 'MUG-RED', quantity: 2, unitPrice: '10.00', taxFactor: '1.19' }],
});
const broken = structuredClone(payload);
broken.clientRequest.partner[0]!.personData.firstName = 'J'.repeat(27);

/** The values of the names blocks declare (`declare const payload: unknown;`), by name. */
const GIVEN: Record<string, unknown> = {
  payload,
  profile,
  fmsProfile: { ...profile, fms: true, orderDiscountSku: 'ACME_DISCOUNT', weeeSku: 'ACME_WEEE' },
  broken,
  myMapper: (order: OrderRequestV1_2) => order.clientRequest.requestHeader.requestReference,
};

const label = (b: ReadmeBlock) => `line ${b.line} (${b.heading})`;
const checked = BLOCKS.filter((b) => b.mode !== 'skip');
const runs = BLOCKS.filter((b) => b.mode === 'run');

let errors = new Map<number, string[]>();
beforeAll(() => {
  errors = typeErrors(ROOT, checked);
});
afterAll(() => rmSync(RUN_DIR, { recursive: true, force: true }));

describe('README: every TypeScript block type-checks against the source', () => {
  it.each(checked.map((b) => [label(b), b] as const))('%s', (_label, block) => {
    expect(errors.get(block.line), `README ${label(block)}:\n${errors.get(block.line)?.join('\n')}`).toEqual([]);
  });
});

describe('README: every block that can run offline runs', () => {
  it.each(runs.map((b) => [label(b), b] as const))('%s', async (_label, block) => {
    // A block may write files (the OpenAPI one does): they land in a temp folder.
    const cwd = process.cwd();
    const scratch = mkdtempSync(join(tmpdir(), 'fulfilkit-readme-'));
    process.chdir(scratch);
    try {
      await runBlock(block, RUN_DIR, GIVEN);
    } finally {
      process.chdir(cwd);
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe('README: what is not run, and why', () => {
  it('exempts no block from type-checking', () => {
    expect(BLOCKS.filter((b) => b.mode === 'skip').map((b) => `${label(b)}: ${b.reason}`)).toEqual([]);
  });

  it('runs every block but the builders’ JSDoc examples, the real-operator call and the rule module', () => {
    const notRun = BLOCKS.filter((b) => b.mode !== 'run');
    expect([...new Set(notRun.map((b) => b.reason))]).toEqual([
      'test/builders/examples.test.ts runs each example, with the payload it needs',
      "it calls the operator's real API with your credentials",
      'a rule is a module of this repository; it runs once it is in rules/index.ts',
    ]);
  });

  it.each([
    ['the simulator example', "await simulator.listen()"],
    ['the MSW example', "from 'fulfilkit/msw'"],
  ])('runs %s verbatim: its own imports, nothing declared or prepended', (_name, marker) => {
    const block = BLOCKS.find((b) => b.code.includes(marker))!;
    expect(block).toMatchObject({ mode: 'run', preamble: '', folder: '' });
    expect(block.code).not.toMatch(/^declare /m);
  });
});

describe('the checker and runner themselves', () => {
  const readme = [
    '# Title',
    '```ts',
    "import { lintOrder } from 'fulfilkit';",
    "lintOrder({}, { version: '9.9' });", // line 4: no such version
    '```',
    '## Next',
    '<!-- check-only: shown, not run',
    'preamble:',
    'declare const n: number;',
    '-->',
    '```typescript',
    "import { notAnExport } from 'fulfilkit';", // line 12: no such export
    'const twice: string = n * 2;', // line 13: a number is no string
    '```',
    '<!-- not-checked: pseudo-code -->',
    '```ts',
    'for each order: lint it',
    '```',
    'A comment before a section applies to every block in it:',
    '<!-- check-only: generated',
    'folder: rules/',
    '-->',
    '<!-- gen:start -->',
    '```ts',
    "import { defineRule } from '../src/lint/define-rule';",
    'defineRule;',
    '```',
    '<!-- gen:end -->',
    '```sh',
    'npm test',
    '```',
    '',
  ].join('\n');
  const blocks = readmeBlocks(readme);

  it('finds each ts block, its line, its heading and its directive', () => {
    expect(blocks.map(({ line, heading, mode, reason, folder, preamble }) => ({ line, heading, mode, reason, folder, preamble }))).toEqual([
      { line: 3, heading: 'Title', mode: 'run', reason: '', folder: '', preamble: '' },
      { line: 12, heading: 'Next', mode: 'check', reason: 'shown, not run', folder: '', preamble: 'declare const n: number;\n' },
      { line: 17, heading: 'Next', mode: 'skip', reason: 'pseudo-code', folder: '', preamble: '' },
      { line: 25, heading: 'Next', mode: 'check', reason: 'generated', folder: 'rules', preamble: '' },
    ]);
  });

  it('fails a block that stops compiling, at its README line', () => {
    const found = typeErrors(ROOT, blocks.filter((b) => b.mode !== 'skip'));
    expect(found.get(3)).toEqual([expect.stringMatching(/^line 4: .*'"9\.9"'/)]);
    expect(found.get(12)).toEqual([
      expect.stringMatching(/^line 12: Module '"fulfilkit"' has no exported member 'notAnExport'/),
      expect.stringMatching(/^line 13: Type 'number' is not assignable to type 'string'/),
    ]);
    // Checked in rules/: its relative import resolves.
    expect(found.get(25)).toEqual([]);
  });

  it('runs a block with the given values of its declared names, and fails when it throws', async () => {
    const dir = join(RUN_DIR, 'self');
    const block = (line: number, code: string): ReadmeBlock => ({ line, heading: '', code, mode: 'run', reason: '', folder: '', preamble: '' });
    const check = 'declare const n: number;\nif (n !== 2) throw new Error(`n is ${n}`);\n';
    await expect(runBlock(block(1, check), dir, { n: 2 })).resolves.toBeUndefined();
    await expect(runBlock(block(2, check), dir, { n: 3 })).rejects.toThrow('n is 3');
    await expect(runBlock(block(3, check), dir, {})).rejects.toThrow('README line 3 declares n');
    await expect(runBlock(block(4, "import { splitBundleDiscount } from 'fulfilkit';\nsplitBundleDiscount(['1.00'], '2.00', 'EUR');\n"), dir, {})).rejects.toThrow(RangeError);
  });
});
