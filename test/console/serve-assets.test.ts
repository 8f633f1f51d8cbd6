import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildConsole, ROOT } from '../../scripts/build-console.mjs';
import { CONSOLE_CSP, consoleAsset } from '../../src/console/serve-assets';
import { scratchDir } from '../_scratch';

let root: string;
let dir: URL;

beforeAll(async () => {
  root = scratchDir('fulfilkit-console-');
  await buildConsole({ outdir: join(root, 'console') });
  // A file beside the console's folder that no request may reach.
  writeFileSync(join(root, 'secret.js'), 'secret');
  dir = pathToFileURL(join(root, 'console'));
}, 60_000);

describe('consoleAsset', () => {
  it.each([
    ['/', 'text/html; charset=utf-8', '<textarea id="payload"'],
    ['/_fulfilkit/console/console.js', 'text/javascript; charset=utf-8', 'codegen'],
    ['/_fulfilkit/console/console.css', 'text/css; charset=utf-8', '[role="tab"]'],
  ])('%s: its file, its type and the strict headers', async (path, type, content) => {
    const asset = await consoleAsset(path, { dir });
    expect(asset?.contentType).toBe(type);
    expect(asset?.headers).toEqual({
      'Content-Type': type,
      'Content-Security-Policy': CONSOLE_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    if (path !== '/_fulfilkit/console/console.js') expect(new TextDecoder().decode(asset!.body)).toContain(content);
  });

  it('the CSP is the pinned one: scripts, styles and fetches from this origin only; no framing, no forms, no base', () => {
    expect(CONSOLE_CSP).toBe("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
  });

  it.each([
    '/index.html',
    '/_fulfilkit/console/',
    '/_fulfilkit/console/index.html',
    '/_fulfilkit/console/../secret.js',
    '/_fulfilkit/console/%2e%2e/secret.js',
    '/_fulfilkit/console/..%2fsecret.js',
    '/_fulfilkit/console/sub/console.js',
    '/_fulfilkit/console/missing.js',
    '/_fulfilkit/console/CONSOLE.JS',
    '/_fulfilkit/orders',
    '/fulfilment/api/v1.1/order',
  ])('%s is not a console file: undefined', async (path) => {
    expect(await consoleAsset(path, { dir })).toBeUndefined();
  });

  it('a folder without a built console gives undefined, not an error', async () => {
    expect(await consoleAsset('/', { dir: pathToFileURL(join(root, 'nowhere')) })).toBeUndefined();
  });
});

describe('scripts/build-console.mjs', () => {
  it('writes the page, its style and one script that names no network address', async () => {
    const out = join(root, 'again');
    const { files, gzipBytes } = await buildConsole({ outdir: out });
    expect(files.sort()).toEqual(['console.css', 'console.js', 'index.html']);
    const script = (await consoleAsset('/_fulfilkit/console/console.js', { dir: pathToFileURL(out) }))!;
    const text = new TextDecoder().decode(script.body);
    expect(text).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    // The README states the script's gzip -9 size: it must stay true (to the nearest KB).
    const stated = /one script of (\d+) KB gzip -9/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(stated).not.toBeNull();
    expect(Math.abs(Number(stated![1]) - gzipBytes / 1024)).toBeLessThanOrEqual(1);
  });
});
