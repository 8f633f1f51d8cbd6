/**
 * Strict Content-Security-Policy in a real headless Chromium, the one npm installs
 * (`@sparticuz/chromium`, driven by `playwright-core`; see ./_chromium.ts). A page served
 * from 127.0.0.1 with `Content-Security-Policy: script-src 'self'` loads a browser bundle of
 * the published dist (esbuild, from the packed tarball), lints a valid and an invalid order,
 * and records every `securitypolicyviolation` event:
 *
 * - with `configureEngine({ codegen: false })`: no violation, and the problems equal Node's;
 * - without it (control): the engine's one `new Function` probe is reported, lint still
 *   works (it falls back to closures), so the test can tell the two apart.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOrder } from 'fulfilkit';
import { packedConsumer } from '../../scripts/packed.mjs';
import { set, validOrder } from '../fixtures';
import { launchChromium, npmChromium } from './_chromium';

const CSP = "script-src 'self'";
const BROWSER_TIMEOUT_MS = 60_000;
/** How long teardown may wait for the browser to quit before it is killed. */
const CLOSE_TIMEOUT_MS = 5_000;

const VALID = validOrder('1.1');
const INVALID = set(validOrder('1.1'), '/clientRequest/partner/0/personData/firstName', 'x'.repeat(21));
/** What Node reports for the two orders, as plain data (the page's result is JSON too). */
const inNode = (order: unknown) => JSON.parse(JSON.stringify(lintOrder(order, { version: '1.1' })));

let server: Server | undefined;
let browser: Browser | undefined;
let origin: string;
let bundle: string;

/** The page's script: it must be a file of this origin (the CSP forbids inline scripts). */
function appScript(strict: boolean): string {
  return `import { configureEngine, lintOrder } from '/fulfilkit.js';
const violations = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ' ' + e.blockedURI));
let error = null;
let valid = null;
let invalid = null;
try {
  ${strict ? 'configureEngine({ codegen: false });' : ''}
  valid = lintOrder(${JSON.stringify(VALID)}, { version: '1.1' });
  invalid = lintOrder(${JSON.stringify(INVALID)}, { version: '1.1' });
} catch (e) {
  error = String(e);
}
// Violation events are queued as tasks: let them arrive before reporting.
await new Promise((resolve) => setTimeout(resolve, 200));
document.getElementById('result').textContent = JSON.stringify({ violations, valid, invalid, error });
`;
}

async function bundleFromTarball(): Promise<string> {
  const { consumer } = packedConsumer();
  // The consumer project's esbuild, resolving 'fulfilkit' as an app's bundler would.
  const esbuild = await import(join(consumer, 'node_modules', 'esbuild', 'lib', 'main.js'));
  const entry = join(consumer, 'csp-entry.js');
  writeFileSync(entry, "export { configureEngine, lintOrder } from 'fulfilkit';\n");
  const result = await esbuild.build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'silent' });
  return result.outputFiles[0].text as string;
}

/** Loads the page in a fresh tab and returns what its script wrote. */
async function runPage(strict: boolean) {
  const page = await browser!.newPage();
  try {
    await page.goto(`${origin}/${strict ? 'strict' : 'control'}.html`, { timeout: BROWSER_TIMEOUT_MS });
    const text = await page.waitForFunction(() => document.getElementById('result')?.textContent || null, undefined, { timeout: BROWSER_TIMEOUT_MS });
    return JSON.parse((await text.jsonValue()) as string) as { violations: string[]; valid: unknown[] | null; invalid: unknown[] | null; error: string | null };
  } finally {
    await page.close();
  }
}

/** Settles when `promise` does or after `ms`, whichever is first; never rejects. */
async function within(promise: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise?.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

beforeAll(async () => {
  const [chromium, built] = await Promise.all([npmChromium(), bundleFromTarball()]);
  bundle = built;
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const send = (type: string, body: string) => {
      res.writeHead(200, { 'Content-Type': type, 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (path === '/strict.html' || path === '/control.html') {
      const name = path.slice(1, -5);
      send('text/html; charset=utf-8', `<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/${name}.js"></script></head><body><pre id="result"></pre></body></html>`);
    } else if (path === '/strict.js' || path === '/control.js') send('text/javascript', appScript(path === '/strict.js'));
    else if (path === '/fulfilkit.js') send('text/javascript', bundle);
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchChromium(chromium, BROWSER_TIMEOUT_MS);
}, 300_000);

afterAll(async () => {
  // Bounded: a browser that does not quit in time is left to Playwright, which kills it when
  // this worker exits; kept-alive sockets are dropped so the server closes at once.
  await within(browser?.close(), CLOSE_TIMEOUT_MS);
  server?.closeAllConnections();
  await within(server && new Promise((resolve) => server!.close(resolve)), CLOSE_TIMEOUT_MS);
}, 3 * CLOSE_TIMEOUT_MS);

describe(`headless Chromium under Content-Security-Policy: ${CSP}`, () => {
  it('lints in Node as the pages expect: the valid order is clean, the invalid one has its max-length problem', () => {
    expect(inNode(VALID)).toEqual([]);
    expect(inNode(INVALID).map((p: { rule: string; path: string }) => `${p.rule} ${p.path}`)).toEqual(['max-length /clientRequest/partner/0/personData/firstName']);
  });

  it('configureEngine({ codegen: false }): no securitypolicyviolation, and the problems equal Node\'s', async () => {
    const result = await runPage(true);
    expect(result.error).toBeNull();
    expect(result.violations).toEqual([]);
    expect(result.valid).toEqual(inNode(VALID));
    expect(result.invalid).toEqual(inNode(INVALID));
  });

  it('control: without it, the new Function probe is reported (and lint still works)', async () => {
    const result = await runPage(false);
    expect(result.error).toBeNull();
    expect(result.violations.length).toBeGreaterThan(0);
    expect(result.violations.every((v) => v.startsWith('script-src') && v.endsWith('eval'))).toBe(true);
    expect(result.valid).toEqual(inNode(VALID));
    expect(result.invalid).toEqual(inNode(INVALID));
  });
});
