/**
 * Checks (or, with UPDATE_README=1, rewrites) a generated section of the README: the
 * text between `<!-- name:start -->` and `<!-- name:end -->`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const README = fileURLToPath(new URL('../README.md', import.meta.url));

/**
 * Expects the README section `name` to hold exactly `body`.
 *
 * @param name The section's marker name.
 * @param body The expected text between the markers.
 * @example expectSection('rules', rulesMarkdownTable(RULES));
 */
export function expectSection(name: string, body: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = readFileSync(README, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  expect(from, `README section ${name}`).toBeGreaterThan(-1);
  expect(to).toBeGreaterThan(from);
  const expected = `${start}\n${body}\n${end}`;
  const actual = text.slice(from, to + end.length);
  if (process.env.UPDATE_README === '1' && actual !== expected) {
    writeFileSync(README, text.slice(0, from) + expected + text.slice(to + end.length));
    return;
  }
  expect(actual).toBe(expected);
}
