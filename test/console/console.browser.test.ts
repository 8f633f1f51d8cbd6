/**
 * The console in a real headless Chromium (npm's, see test/browser/_chromium.ts), served with
 * its strict CSP by `consoleAsset` in front of a real simulator: lint, locate, fix and
 * download in the Playground; received requests, orders, advance, live refresh and reset in
 * the Inspector; no CSP violation and no console error all along.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsole } from '../../scripts/build-console.mjs';
import { describeCreateOrder, send } from '../../src/http/index';
import { launchChromium, npmChromium } from '../browser/_chromium';
import { change, set, validOrder } from '../fixtures';
import { connection } from '../simulator/_kit';
import { startConsoleServer, type ConsoleServer } from './_server';

const BROWSER_TIMEOUT_MS = 60_000;
const CLOSE_TIMEOUT_MS = 5_000;
const CR = '/clientRequest';
/** A spelling warning (fixable) and a max-length error. */
const BROKEN = change(validOrder('1.1'), {
  [`${CR}/payment/transactionID`]: undefined,
  [`${CR}/payment/transactionId`]: 'TX-1',
  [`${CR}/partner/0/personData/firstName`]: 'x'.repeat(21),
});

let root: string;
let server: ConsoleServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Console errors, page errors and CSP violations, as text. */
const trouble: string[] = [];

async function within(promise: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise?.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

const sendOrder = (reference: string) =>
  send(describeCreateOrder(set(validOrder('1.1'), `${CR}/requestHeader/requestReference`, reference), { ...connection(server.origin), version: '1.1' }));
const problemTexts = () => page.locator('#problems li').allTextContents();
const cellOf = (reference: string, column: number) => page.locator('#orders tr', { hasText: reference }).locator('td').nth(column);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'fulfilkit-console-'));
  const [chromium] = await Promise.all([npmChromium(), buildConsole({ outdir: join(root, 'console') })]);
  server = await startConsoleServer(join(root, 'console'));
  browser = await launchChromium(chromium, BROWSER_TIMEOUT_MS);
  context = await browser.newContext({ acceptDownloads: true });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') trouble.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => trouble.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    (window as unknown as { cspWatch: boolean }).cspWatch = true;
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
}, 300_000);

afterAll(async () => {
  await within(browser?.close(), CLOSE_TIMEOUT_MS);
  await within(server?.close(), CLOSE_TIMEOUT_MS);
  rmSync(root, { recursive: true, force: true });
}, 3 * CLOSE_TIMEOUT_MS);

describe('the console in headless Chromium', () => {
  it('GET / is the page, with the strict CSP', async () => {
    const response = await page.goto(`${server.origin}/`, { timeout: BROWSER_TIMEOUT_MS });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect.poll(() => page.locator('#version option').count()).toBe(3); // the script ran
    expect(await page.getByRole('tab', { name: 'Playground' }).getAttribute('aria-selected')).toBe('true');
  });

  it('Playground: Lint shows each problem\'s rule id and pointer; a click selects its member in "Payload"', async () => {
    const text = JSON.stringify(BROKEN, null, 2);
    await page.getByLabel('Payload', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Lint' }).click();
    const texts = await problemTexts();
    expect(texts).toHaveLength(2);
    expect(texts.some((t) => t.includes('spelling') && t.includes(`${CR}/payment/transactionId`))).toBe(true);
    expect(texts.some((t) => t.includes('max-length') && t.includes(`${CR}/partner/0/personData/firstName`))).toBe(true);
    await page.locator('#problems button', { hasText: 'spelling' }).click();
    const selected = await page.getByLabel('Payload', { exact: true }).evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd));
    expect(selected).toBe('"transactionId": "TX-1"');
    expect(await page.getByRole('status').first().textContent()).toBe('1 payload: 1 error, 1 warning.');
  });

  it('Playground: Apply fixes renames the member in the text, and its problem is gone', async () => {
    await page.getByRole('button', { name: 'Apply fixes' }).click();
    const texts = await problemTexts();
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('max-length');
    const value = await page.getByLabel('Payload', { exact: true }).inputValue();
    expect(value).toBe(JSON.stringify(BROKEN, null, 2).replace('"transactionId"', '"transactionID"'));
  });

  it('Playground: Download saves the payload as it is in the editor (a blob: link, allowed by the CSP)', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('payload.json');
    const saved = readFileSync(await download.path(), 'utf8');
    expect(saved).toBe(await page.getByLabel('Payload', { exact: true }).inputValue());
  });

  it('Playground: clicking a problem scrolls its member into view in soft-wrapped (minified) text', async () => {
    const order = validOrder('1.1');
    order.clientRequest.item = Array.from({ length: 60 }, (_, i) => ({ ...order.clientRequest.item[0], itemId: String(i + 1) }));
    order.clientRequest.item[50].skuu = 1;
    const editor = page.getByLabel('Payload', { exact: true });
    await editor.fill(JSON.stringify(order));
    await page.getByRole('button', { name: 'Lint' }).click();
    await page.locator('#problems button', { hasText: '/clientRequest/item/50/skuu' }).click();
    const seen = await editor.evaluate((e: HTMLTextAreaElement) => {
      // Where the selection's first line is drawn: the content height of a copy holding the text before it.
      const probe = e.cloneNode() as HTMLTextAreaElement;
      probe.removeAttribute('id');
      Object.assign(probe.style, { position: 'absolute', height: '0', minHeight: '0', width: `${e.offsetWidth}px`, overflowY: 'scroll' });
      probe.value = e.value.slice(0, e.selectionStart);
      document.body.append(probe);
      const style = getComputedStyle(probe);
      const bottom = probe.scrollHeight - Number.parseFloat(style.paddingBottom);
      const top = bottom - Number.parseFloat(style.lineHeight);
      probe.remove();
      return { top, bottom, scrollTop: e.scrollTop, clientHeight: e.clientHeight, selected: e.value.slice(e.selectionStart, e.selectionEnd), wraps: e.scrollHeight > 10 * e.clientHeight };
    });
    expect(seen.selected).toBe('"skuu":1');
    expect(seen.wraps).toBe(true); // one line of text, drawn over many screens
    expect(seen.top).toBeGreaterThanOrEqual(seen.scrollTop);
    expect(seen.bottom).toBeLessThanOrEqual(seen.scrollTop + seen.clientHeight);
  });

  it('Playground: member names in pointers and messages show their controls and bidi overrides escaped, as the CLI prints them', async () => {
    const order = validOrder('1.1');
    order.clientRequest.order['\u202Eecnerefer\u202C'] = 1;
    order.clientRequest.order['tab\u0007bell\u001b[31m'] = 1;
    await page.getByLabel('Payload', { exact: true }).fill(JSON.stringify(order, null, 2));
    await page.getByRole('button', { name: 'Lint' }).click();
    const pointers = await page.locator('#problems .pointer').allTextContents();
    expect(pointers).toContain('/clientRequest/order/\\u{202e}ecnerefer\\u{202c}');
    expect(pointers).toContain('/clientRequest/order/tab\\u{7}bell\\u{1b}[31m');
    expect(await page.locator('#problems').textContent()).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it('Playground: a payload with more than 1000 problems lists 1000 and says how many more there are', async () => {
    const order = validOrder('1.1');
    order.clientRequest.item = Array.from({ length: 1100 }, (_, i) => ({ ...order.clientRequest.item[0], itemId: String(i + 1), skuu: 1 }));
    await page.getByLabel('Payload', { exact: true }).fill(JSON.stringify(order));
    await page.getByRole('button', { name: 'Lint' }).click();
    await expect.poll(() => page.locator('#problems button').count()).toBe(1000);
    expect(await page.locator('#problems li.omitted').textContent()).toMatch(/^\d+ more not listed/);
    expect(await page.locator('#summary').textContent()).toMatch(/not listed\.$/);
  });

  it('Playground: an order of another version than the one chosen is named, and its button lints it as that version', async () => {
    await page.getByLabel('Payload', { exact: true }).fill(JSON.stringify(validOrder('1.2')));
    await page.getByRole('button', { name: 'Lint' }).click();
    const hint = page.locator('#version-hint');
    await expect.poll(() => hint.isVisible()).toBe(true);
    expect(await hint.textContent()).toMatch(/^The order has \d+ errors? as v1\.1 and none as v1\.2: it may be of that version\. Lint as v1\.2$/);
    await hint.getByRole('button', { name: 'Lint as v1.2' }).click();
    expect(await page.locator('#version').inputValue()).toBe('1.2');
    expect(await page.locator('#summary').textContent()).toBe('1 payload: 0 errors, 0 warnings.');
    expect(await hint.isHidden()).toBe(true);
    await page.locator('#version').selectOption('1.1');
  });

  it('Playground: severities keep a contrast of at least 4.5:1 with the page, in the light and the dark scheme', async () => {
    await page.getByLabel('Payload', { exact: true }).fill(JSON.stringify(BROKEN, null, 2));
    await page.getByRole('button', { name: 'Lint' }).click();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const ratios = await page.evaluate(() => {
        const rgb = (color: string) => color.match(/[\d.]+/g)!.slice(0, 3).map(Number);
        const luminance = (color: string) => {
          const [r, g, b] = rgb(color).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        // The first ancestor with a background, else the page's canvas colour in this scheme.
        const backgroundOf = (node: Element | null): string => {
          for (; node; node = node.parentElement) {
            const color = getComputedStyle(node).backgroundColor;
            if (!/^rgba\(.*, 0\)$/.test(color) && color !== 'transparent') return color;
          }
          const canvas = document.createElement('div');
          canvas.style.backgroundColor = 'Canvas';
          document.body.append(canvas);
          const color = getComputedStyle(canvas).backgroundColor;
          canvas.remove();
          return color;
        };
        return ['.severity-error', '.severity-warn'].map((selector) => {
          const node = document.querySelector(selector)!;
          const [a, b] = [luminance(getComputedStyle(node).color), luminance(backgroundOf(node))];
          return { selector, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
        });
      });
      for (const { selector, ratio } of ratios) expect(ratio, `${selector} in the ${colorScheme} scheme`).toBeGreaterThanOrEqual(4.5);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('Playground: a file dropped anywhere on the page (not only on the editor) is loaded and linted; the tab stays', async () => {
    const text = `${JSON.stringify(set(validOrder('1.1'), `${CR}/requestHeader/requestReference`, 'REQ-DROPPED'))}\n${JSON.stringify(BROKEN)}`;
    const url = page.url();
    const prevented = await page.evaluate((content) => {
      const files = new DataTransfer();
      files.items.add(new File([content], 'orders.ndjson', { type: 'application/x-ndjson' }));
      const target = document.querySelector('.results')!;
      const over = new DragEvent('dragover', { dataTransfer: files, bubbles: true, cancelable: true });
      target.dispatchEvent(over);
      const drop = new DragEvent('drop', { dataTransfer: files, bubbles: true, cancelable: true });
      target.dispatchEvent(drop);
      return { over: over.defaultPrevented, drop: drop.defaultPrevented };
    }, text);
    expect(prevented).toEqual({ over: true, drop: true });
    await expect.poll(() => page.getByLabel('Payload', { exact: true }).inputValue()).toBe(text);
    await expect.poll(() => page.locator('#summary').textContent()).toBe('2 payloads: 1 error, 1 warning.');
    expect(page.url()).toBe(url);
  });

  it('Inspector: Refresh shows the received request and the order; advance moves it', async () => {
    const answer = await sendOrder('REQ-CONSOLE-1');
    expect(answer.status).toBe(200);
    await page.getByRole('tab', { name: 'Inspector' }).click();
    expect(await page.locator('#playground').isHidden()).toBe(true);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => cellOf('REQ-CONSOLE-1', 3).textContent()).toBe('created');
    expect(await page.locator('#received').textContent()).toContain('createOrderV1_1');
    await page.getByLabel('Next status for order REQ-CONSOLE-1').selectOption('confirmed');
    await page.getByRole('button', { name: 'Advance order REQ-CONSOLE-1' }).click();
    await expect.poll(() => cellOf('REQ-CONSOLE-1', 3).textContent()).toBe('confirmed');
    expect(server.simulator.orders()[0]?.requestStatus).toBe('confirmed');
    expect(await cellOf('REQ-CONSOLE-1', 4).textContent()).toBe('created → confirmed');
  });

  it('Inspector: offers only the states the simulator accepts (no FMS-only state for a client that is not FMS)', async () => {
    const offered = await page.getByLabel('Next status for order REQ-CONSOLE-1').locator('option').allTextContents();
    expect(offered).toEqual(['released', 'reserved', 'shipped', 'cancelled', 'dplhold']);
  });

  it('Inspector: a refused move (the order moved since the page drew it) shows the server\'s message and the allowed states', async () => {
    // Live off, so that the row keeps its choices while the order moves behind the page's back.
    await page.locator('#live').uncheck();
    await page.getByLabel('Next status for order REQ-CONSOLE-1').selectOption('reserved');
    server.simulator.advance('REQ-CONSOLE-1', 'shipped');
    await page.getByRole('button', { name: 'Advance order REQ-CONSOLE-1' }).click();
    // The server's message, once: it already names the states allowed.
    await expect.poll(() => page.locator('#inspector-status').textContent()).toBe('An order in shipped cannot move to reserved; allowed: none (a final state).');
    expect(server.simulator.orders()[0]?.requestStatus).toBe('shipped');
    // Redrawn after the answer: a shipped order of a client that is not FMS is final.
    await expect.poll(() => cellOf('REQ-CONSOLE-1', 5).textContent()).toBe('final');
    await page.locator('#live').check();
  });

  it('Inspector: refreshed live, without a click', async () => {
    await sendOrder('REQ-CONSOLE-2');
    await expect.poll(() => cellOf('REQ-CONSOLE-2', 3).textContent(), { timeout: 10_000 }).toBe('created');
  });

  it('Inspector: a live refresh asks for the newest 200 requests only, and numbers them as in the whole list', async () => {
    const asked: string[] = [];
    const listen = (request: { url(): string }) => {
      if (request.url().includes('/_fulfilkit/received')) asked.push(new URL(request.url()).search);
    };
    page.on('request', listen);
    try {
      for (let i = 0; i < 210; i++) await fetch(`${server.origin}/productapi/v1/inventory?sku=PAGE-${i}`);
      const total = server.simulator.received().length;
      expect(total).toBeGreaterThan(210);
      await expect.poll(() => page.locator('#received tr').first().locator('td').first().textContent(), { timeout: 10_000 }).toBe(String(total));
      expect(await page.locator('#received tr').count()).toBe(200);
      expect(await page.locator('#received tr').last().locator('td').first().textContent()).toBe(String(total - 199));
      expect(asked.length).toBeGreaterThan(0);
      expect(new Set(asked)).toEqual(new Set(['?newest=200']));
    } finally {
      page.off('request', listen);
    }
  });

  it('Inspector: Reset empties the simulator and the tables', async () => {
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => page.locator('#orders tr').count()).toBe(0);
    expect(server.simulator.orders()).toEqual([]);
  });

  it('the tabs work from the keyboard (arrow keys move between them)', async () => {
    await page.getByRole('tab', { name: 'Inspector' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('tab', { name: 'Playground' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#playground').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Playground');
  });

  it('no CSP violation, no console error or warning, no page error all along', async () => {
    await page.waitForTimeout(200); // violation events arrive as tasks
    expect(await page.evaluate(() => (window as unknown as { cspWatch?: boolean }).cspWatch)).toBe(true);
    // Chromium logs every 4xx fetch; the one 409 is the refused move provoked above.
    const refused = 'console error: Failed to load resource: the server responded with a status of 409 (Conflict)';
    expect(trouble.filter((t) => t === refused)).toHaveLength(1);
    expect(trouble.filter((t) => t !== refused)).toEqual([]);
  });
});
