/**
 * The README's rule table is generated from the rules' metadata; this test keeps it
 * in sync (run `UPDATE_README=1 npx vitest run test/readme.test.ts` to rewrite it).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES } from '../rules/index';
import { rulesMarkdownTable } from '../src/lint/docs';
import { documentedFunctions, functionsMarkdown } from './_docs-examples';
import { expectSection } from './_readme';
import * as build from '../src/builders/index';

const README = fileURLToPath(new URL('../README.md', import.meta.url));
const START = '<!-- rules:start -->';
const END = '<!-- rules:end -->';

/** Every exported builder with its JSDoc example, in the barrel's order. */
function builderDocs() {
  const dir = fileURLToPath(new URL('../src/builders/', import.meta.url));
  const docs = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .flatMap((f) => documentedFunctions(readFileSync(dir + f, 'utf8')));
  const exported = Object.entries(build).filter(([, value]) => typeof value === 'function').map(([name]) => name);
  return { docs: docs.filter((d) => exported.includes(d.name)), exported };
}

describe('README', () => {
  it('opens with its title, one sentence, then the install-and-demo command and the test command', () => {
    const [title, blank, sentence, blank2, fence, first, second, close] = readFileSync(README, 'utf8').split('\n');
    expect([title, blank, blank2, fence, close]).toEqual(['# fulfilkit', '', '', '```sh', '```']);
    expect(sentence).toMatch(/^[A-Z][^.!?]*\.$/);
    expect(first).toMatch(/^npm install && npm run demo\s+#/);
    expect(second).toMatch(/^npm test\s+#/);
  });

  it('has the rule table generated from the rules metadata', () => {
    const text = readFileSync(README, 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const expected = `${START}\n${rulesMarkdownTable(RULES)}\n${END}`;
    const actual = text.slice(start, end + END.length);
    if (process.env.UPDATE_README === '1' && actual !== expected) {
      writeFileSync(README, text.slice(0, start) + expected + text.slice(end + END.length));
      return;
    }
    expect(actual).toBe(expected);
  });

  it('repeats the JSDoc example of every exported builder', () => {
    const { docs, exported } = builderDocs();
    // Every exported builder is documented with an example.
    expect(docs.map((d) => d.name).sort()).toEqual([...exported].sort());
    expectSection('builders', functionsMarkdown(docs));
  });

  it('lists every rule id in the table', () => {
    const table = rulesMarkdownTable(RULES);
    for (const rule of RULES) expect(table).toContain(`\`${rule.meta.id}\``);
    expect(table.split('\n')).toHaveLength(RULES.length + 2);
  });
});
