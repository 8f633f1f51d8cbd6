/**
 * Strict Content-Security-Policy in a real headless Chromium (the Debian `chromium`
 * package; .ci/run installs it). A page served from 127.0.0.1 with
 * `Content-Security-Policy: script-src 'self'` loads a browser bundle of the published
 * dist (esbuild, from the packed tarball), lints a valid and an invalid order, and
 * records every `securitypolicyviolation` event:
 *
 * - with `configureEngine({ codegen: false })`: no violation, lint works;
 * - without it (control): the engine's one `new Function` probe is reported, lint still
 *   works (it falls back to closures), so the test can tell the two apart.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedConsumer } from '../../scripts/packed.mjs';
import { set, validOrder } from '../fixtures';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CSP = "script-src 'self'";
const BROWSER_TIMEOUT_MS = 90_000;

const VALID = validOrder('1.1');
const INVALID = set(validOrder('1.1'), '/clientRequest/partner/0/personData/firstName', 'x'.repeat(21));

let server: Server;
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
  valid = lintOrder(${JSON.stringify(VALID)}, { version: '1.1' }).map((p) => p.rule + ' ' + p.path);
  invalid = lintOrder(${JSON.stringify(INVALID)}, { version: '1.1' }).map((p) => p.rule + ' ' + p.path);
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

/** Loads a page in a fresh headless Chromium and returns the DOM it ends with. */
function dumpDom(url: string): Promise<string> {
  const profile = mkdtempSync(join(tmpdir(), 'fulfilkit-chromium-'));
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    `--user-data-dir=${profile}`,
    // Wait until the page is idle (its fetches and timers done), then print the DOM.
    '--virtual-time-budget=20000',
    '--dump-dom',
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(CHROMIUM, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), BROWSER_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      rmSync(profile, { recursive: true, force: true });
      if (code === 0) resolve(out);
      else reject(new Error(`chromium exited with ${code}: ${err.slice(-2000)}`));
    });
  });
}

async function runPage(strict: boolean) {
  const dom = await dumpDom(`${origin}/${strict ? 'strict' : 'control'}.html`);
  const m = /<pre id="result">([^<]*)<\/pre>/.exec(dom);
  expect(m, `the page wrote no result:\n${dom.slice(0, 2000)}`).not.toBeNull();
  const text = m![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>');
  return JSON.parse(text) as { violations: string[]; valid: string[] | null; invalid: string[] | null; error: string | null };
}

beforeAll(async () => {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`).toBe(true);
  bundle = await bundleFromTarball();
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe(`headless Chromium under Content-Security-Policy: ${CSP}`, () => {
  it('configureEngine({ codegen: false }): no securitypolicyviolation, and lint works', async () => {
    const result = await runPage(true);
    expect(result.error).toBeNull();
    expect(result.violations).toEqual([]);
    expect(result.valid).toEqual([]);
    expect(result.invalid).toEqual(['max-length /clientRequest/partner/0/personData/firstName']);
  });

  it('control: without it, the new Function probe is reported (and lint still works)', async () => {
    const result = await runPage(false);
    expect(result.error).toBeNull();
    expect(result.violations.length).toBeGreaterThan(0);
    expect(result.violations.every((v) => v.startsWith('script-src') && v.endsWith('eval'))).toBe(true);
    expect(result.valid).toEqual([]);
    expect(result.invalid).toEqual(['max-length /clientRequest/partner/0/personData/firstName']);
  });
});
