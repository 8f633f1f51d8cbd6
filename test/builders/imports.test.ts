/**
 * Import cost: the date-fns barrel (`'date-fns'`) loads every date-fns function, about
 * 100 ms of import time for the two the builders use. Each function is imported by
 * its subpath instead (issue 10).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('date-fns imports', () => {
  it('never imports the date-fns barrel, only subpaths such as date-fns/parseISO', () => {
    const offenders = sources(SRC).filter((file) => /from\s+['"]date-fns['"]/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('still uses date-fns for ISO 8601 text (a subpath import, not a copy)', () => {
    const dates = readFileSync(join(SRC, 'builders/_lib/dates.ts'), 'utf8');
    expect(dates).toMatch(/from 'date-fns\/parseISO'/);
  });
});
