/**
 * Builds the console (`GET /` of `fulfilkit serve`) into dist/console/: index.html,
 * console.css and one minified ES module, console.js (esbuild, browser, es2022). Run by
 * `npm run build` after tsup; prints the script's size and its gzip -9 size.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = join(ROOT, 'src', 'console');

/**
 * Builds the console into `outdir`.
 *
 * @param {{ outdir?: string }} [options] Where to write (default dist/console/).
 * @returns {Promise<{ outdir: string, files: string[], bytes: number, gzipBytes: number }>} What was written, and console.js's size raw and gzipped.
 */
export async function buildConsole({ outdir = join(ROOT, 'dist', 'console') } = {}) {
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    entryPoints: [join(SOURCE, 'main.ts')],
    outfile: join(outdir, 'console.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  const script = result.outputFiles[0];
  writeFileSync(script.path, script.contents);
  for (const file of ['index.html', 'console.css']) copyFileSync(join(SOURCE, file), join(outdir, file));
  return { outdir, files: ['index.html', 'console.css', 'console.js'], bytes: script.contents.length, gzipBytes: gzipSync(script.contents, { level: 9 }).length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { outdir, bytes, gzipBytes } = await buildConsole();
  process.stdout.write(`console: ${outdir} (console.js ${(bytes / 1024).toFixed(1)} KB, gzip -9 ${(gzipBytes / 1024).toFixed(1)} KB)\n`);
}
