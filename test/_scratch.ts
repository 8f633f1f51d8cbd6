/**
 * Scratch folders of a test file, removed when the file's tests are done: a run of the
 * suite leaves nothing behind in the system's temp folder (the memory tests write
 * hundreds of megabytes there).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

// Imported at the top of a test file, this registers on the file's suite.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A fresh folder in the system's temp folder, removed after the test file.
 *
 * @param prefix The start of its name, e.g. `fulfilkit-cli-`.
 * @returns Its absolute path.
 */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
