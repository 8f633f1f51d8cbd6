/**
 * The Inspector when the control API says no, in a real headless Chromium: any answer that
 * is not a success (401, 403, 404, 500) is shown as an error (its status and its message, as
 * text), never drawn as empty tables nor put in the faults editor; a refused token is told
 * apart from a missing one, and live refresh stops after a 401 or 403 until the token
 * changes or Refresh is pressed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsole } from '../../scripts/build-console.mjs';
import { describeCreateOrder, send } from '../../src/http/index';
import { npmChromium } from '../browser/_chromium';
import { set, validOrder } from '../fixtures';
import { connection } from '../simulator/_kit';
import { startConsoleServer, type ConsoleServer } from './_server';

const BROWSER_TIMEOUT_MS = 60_000;
const CLOSE_TIMEOUT_MS = 5_000;
const TOKEN = 's3cret-T';
/** A host name the browser resolves to 127.0.0.1: the control API's DNS-rebinding guard refuses it (403). */
const REBOUND = 'sim.test';
/** More than two live refresh periods (1.5 s each). */
const TWO_PERIODS_MS = 3_600;

let root: string;
let open: ConsoleServer;
let guarded: ConsoleServer;
let browser: Browser;

async function within(promise: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise?.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

const sendOrder = (server: ConsoleServer, reference: string) =>
  send(describeCreateOrder(set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', reference), { ...connection(server.origin), version: '1.1' }));

/** A page on `url` with the Inspector shown; `calls()` counts its control API requests so far. */
async function inspector(url: string): Promise<{ page: Page; calls: () => number }> {
  const context = await browser.newContext();
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/_fulfilkit/') && !request.url().includes('/_fulfilkit/console/')) calls++;
  });
  await page.goto(url, { timeout: BROWSER_TIMEOUT_MS });
  await page.getByRole('tab', { name: 'Inspector' }).click();
  return { page, calls: () => calls };
}

const statusOf = (page: Page) => page.locator('#inspector-status').textContent();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'fulfilkit-console-errors-'));
  const [chromium] = await Promise.all([npmChromium(), buildConsole({ outdir: join(root, 'console') })]);
  [open, guarded] = await Promise.all([startConsoleServer(join(root, 'console')), startConsoleServer(join(root, 'console'), { token: TOKEN })]);
  browser = await playwright.launch({
    executablePath: chromium.executablePath,
    env: chromium.env,
    headless: true,
    chromiumSandbox: false,
    args: ['--disable-gpu', '--disable-dev-shm-usage', `--host-resolver-rules=MAP ${REBOUND} 127.0.0.1`],
    timeout: BROWSER_TIMEOUT_MS,
  });
}, 300_000);

afterAll(async () => {
  await within(browser?.close(), CLOSE_TIMEOUT_MS);
  await within(open?.close(), CLOSE_TIMEOUT_MS);
  await within(guarded?.close(), CLOSE_TIMEOUT_MS);
  rmSync(root, { recursive: true, force: true });
}, 4 * CLOSE_TIMEOUT_MS);

describe('the Inspector when the control API refuses', () => {
  it('403 (the page opened by a host name the guard refuses): the status and the message are shown; no table, no faults drawn; Reset says it failed', async () => {
    expect((await sendOrder(open, 'REQ-403')).status).toBe(200);
    const port = new URL(open.origin).port;
    const { page } = await inspector(`http://${REBOUND}:${port}/`);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => statusOf(page)).toContain('HTTP 403');
    expect(await statusOf(page)).toContain('The Host header does not name this server');
    expect(await page.locator('#orders tr').count()).toBe(0);
    expect(await page.getByLabel('Faults (JSON)').inputValue()).toBe('');
    expect(await page.locator('#updated').textContent()).toBe('');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => statusOf(page)).toContain('Reset failed');
    expect(open.simulator.orders()).toHaveLength(1);
    await page.context().close();
  });

  it.each([404, 500])('%i on one of the reads: shown with its message as text; the tables and the faults keep what they showed', async (code) => {
    const { page } = await inspector(`${open.origin}/`);
    await expect.poll(() => page.locator('#orders tr', { hasText: 'REQ-403' }).count()).toBe(1);
    await expect.poll(() => page.getByLabel('Faults (JSON)').inputValue()).not.toBe('');
    const faults = await page.getByLabel('Faults (JSON)').inputValue();
    await page.locator('#live').uncheck();
    await page.route('**/_fulfilkit/orders', (route) => route.fulfill({ status: code, contentType: 'application/json', body: JSON.stringify({ message: '<b>no</b> \u202Edlrow' }) }));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => statusOf(page)).toBe(`The control API answered HTTP ${code}: <b>no</b> \\u{202e}dlrow`);
    expect(await page.locator('#inspector-status b').count()).toBe(0);
    expect(await page.locator('#orders tr', { hasText: 'REQ-403' }).count()).toBe(1);
    expect(await page.getByLabel('Faults (JSON)').inputValue()).toBe(faults);
    await page.context().close();
  });

  it('401: asks for a token when none was sent, says the token was refused when one was; live refresh stops until the token changes, then works again', async () => {
    await sendOrder(guarded, 'REQ-TOKEN');
    const { page, calls } = await inspector(`${guarded.origin}/`);
    await expect.poll(() => statusOf(page)).toBe('The control API wants a token: enter it in "Control token". Live refresh is paused until the token changes or you press Refresh.');
    let before = calls();
    await page.waitForTimeout(TWO_PERIODS_MS);
    expect(calls()).toBe(before);

    await page.getByRole('textbox', { name: 'Control token' }).fill('wrong');
    await page.getByRole('textbox', { name: 'Control token' }).press('Enter');
    await expect.poll(() => statusOf(page)).toContain('The token was refused (HTTP 401)');
    before = calls();
    await page.waitForTimeout(TWO_PERIODS_MS);
    expect(calls()).toBe(before);

    await page.getByRole('textbox', { name: 'Control token' }).fill(TOKEN);
    await page.getByRole('textbox', { name: 'Control token' }).press('Enter');
    await expect.poll(() => page.locator('#orders tr', { hasText: 'REQ-TOKEN' }).count()).toBe(1);
    expect(await statusOf(page)).toBe('');
    before = calls();
    await page.waitForTimeout(TWO_PERIODS_MS);
    expect(calls()).toBeGreaterThan(before);
    await page.context().close();
  });

  it('Refresh after a refusal tries again (and live refresh with it)', async () => {
    const { page, calls } = await inspector(`${guarded.origin}/`);
    await page.getByRole('textbox', { name: 'Control token' }).fill('');
    await page.getByRole('textbox', { name: 'Control token' }).press('Enter');
    await expect.poll(() => statusOf(page)).toContain('wants a token');
    const before = calls();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => calls()).toBe(before + 4);
    await page.context().close();
  });
});
