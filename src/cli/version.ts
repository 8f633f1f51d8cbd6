/**
 * The package version, read from package.json at run time.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * Finds fulfilkit's package.json above this module (src/cli/ in development, dist/ when
 * built) and returns its version.
 *
 * @returns The version, or `0.0.0` when no package.json is found.
 */
export function packageVersion(): string {
  if (cached !== undefined) return cached;
  cached = '0.0.0';
  try {
    let dir = dirname(fileURLToPath(import.meta.url));
    for (let depth = 0; depth < 5; depth++) {
      try {
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
        if (pkg.name === 'fulfilkit' && typeof pkg.version === 'string') {
          cached = pkg.version;
          break;
        }
      } catch {
        // No package.json at this level: look one up.
      }
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  } catch {
    // Not loaded from a file URL (an unusual bundle): keep the fallback.
  }
  return cached;
}
