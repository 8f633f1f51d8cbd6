/**
 * How the simulator's core routes the console (src/console/serve-assets.ts, mocked here: the
 * built files are test/console's business): only where the control API is on, before the
 * token check (a browser cannot send a token to load a page), HEAD without a body, and
 * nothing else of the control API or the operator's paths is served as a page.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const asked: string[] = [];
vi.mock('../../src/console/serve-assets', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/console/serve-assets')>();
  return {
    ...actual,
    consoleAsset: async (pathname: string) => {
      asked.push(pathname);
      return { body: new TextEncoder().encode('<!doctype html>'), contentType: 'text/html; charset=utf-8', headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': actual.CONSOLE_CSP } };
    },
  };
});

const { createSimulator } = await import('../../src/simulator/create-simulator');
const BASE = 'http://127.0.0.1:4010';

beforeEach(() => {
  asked.length = 0;
});

describe('the console route', () => {
  it('serves / and its files before the control token is asked for, HEAD without a body', async () => {
    const simulator = createSimulator({ control: { token: 'secret-token' } });
    const page = await simulator.handle(new Request(`${BASE}/`));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toBe('<!doctype html>');
    const head = await simulator.handle(new Request(`${BASE}/_fulfilkit/console/console.js`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    // The control API itself still wants the token.
    expect((await simulator.handle(new Request(`${BASE}/_fulfilkit/received`))).status).toBe(401);
    expect(asked).toEqual(['/', '/_fulfilkit/console/console.js']);
    expect(simulator.received()).toEqual([]);
  });

  it('is not there without the control API, and never asked for operator paths or other methods', async () => {
    const plain = createSimulator();
    expect((await plain.handle(new Request(`${BASE}/`))).status).toBe(404);
    const controlled = createSimulator({ control: {} });
    await controlled.handle(new Request(`${BASE}/productapi/v1/inventory`));
    await controlled.handle(new Request(`${BASE}/_fulfilkit/console/../../package.json`));
    await controlled.handle(new Request(`${BASE}/`, { method: 'POST', body: '{}' }));
    expect(asked).toEqual([]);
  });
});
