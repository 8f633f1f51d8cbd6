import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as money from '../../src/money';

const SOURCE = fileURLToPath(new URL('../../src/money/', import.meta.url));
const publicFiles = readdirSync(SOURCE).filter((f) => f.endsWith('.ts') && f !== 'index.ts');

describe('the money barrel', () => {
  it('exports one function per public file, named as its file', () => {
    const names = publicFiles.map((f) => f.replace(/\.ts$/, '')).sort();
    expect(Object.keys(money).sort()).toEqual(names);
    for (const name of names) expect(typeof (money as Record<string, unknown>)[name]).toBe('function');
  });

  it('lists its exports alphabetically', () => {
    const barrel = readFileSync(`${SOURCE}index.ts`, 'utf8');
    const sources = [...barrel.matchAll(/from '\.\/([\w/]+)'/g)].map((m) => m[1] as string);
    const publicSources = sources.filter((s) => !s.startsWith('_lib/'));
    expect(publicSources).toEqual([...publicSources].sort());
  });

  it.each(publicFiles)('documents the export of %s with summary, @param, @returns, @throws and @example', (file) => {
    const text = readFileSync(`${SOURCE}${file}`, 'utf8');
    const doc = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export function/.exec(text)?.[1] ?? '';
    for (const tag of ['@param', '@returns', '@throws', '@example']) expect(doc, `${file} ${tag}`).toContain(tag);
  });

  it('never touches binary floating point: no parseFloat, toFixed or Math in the money code', () => {
    const files = [...publicFiles, ...readdirSync(`${SOURCE}_lib`).map((f) => `_lib/${f}`)];
    for (const file of files) {
      expect(readFileSync(`${SOURCE}${file}`, 'utf8'), file).not.toMatch(/parseFloat|parseInt|toFixed|toPrecision|Math\./);
    }
  });
});
