/**
 * `fulfilkit serve`: in-process (data file, URL printed, stop), and as a real process
 * (the CLI bundled with esbuild) stopped by SIGINT and SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeInventory, describeInventory, send } from '../../src/http/index';
import { main } from '../../src/cli/main';
import { parseServeArgs, serveCommand, serveOptions } from '../../src/cli/serve-command';
import { signalAtFirstListener, useBin } from '../cli/_bin';
import { capture } from '../serve/_kit';
import { CLIENT, connection, OTHER, SECRETS } from './_kit';

describe('fulfilkit serve (in-process)', () => {
  it('serves the data file, prints the URL and no key, and stops cleanly', async () => {
    const run = capture();
    writeFileSync(join(run.io.cwd, 'sim.json'), JSON.stringify({ clients: [CLIENT, OTHER], inventory: [{ productID: 'ONLY-1', quantity: 3, stockLocationName: 'X' }] }));
    const stop = new AbortController();
    const done = serveCommand(parseServeArgs(['--port', '0', '--data', 'sim.json']), run.io, stop.signal);
    const url = await run.url;
    const response = await send(describeInventory(connection(url, OTHER)), fetch);
    expect(decodeInventory(response.status, response.body)).toMatchObject({ ok: true, value: { inventory: [{ productID: 'ONLY-1' }] } });
    stop.abort();
    expect(await done).toBe(0);
    // The request log (--log pretty, the default): one line, no key, no query.
    expect(run.out()).toMatch(/^fulfilkit simulator listening on http:\/\/127\.0\.0\.1:\d+ \(2 clients\); Ctrl-C to stop\n\S+Z GET \/productapi\/v1\/inventory getInventory 200 [\d.]+ms -\nfulfilkit simulator stopped\n$/);
    for (const secret of SECRETS) expect(run.out() + run.err()).not.toContain(secret);
  });

  it.each([
    { name: 'a missing data file', files: {}, argv: ['--data', 'nope.json'], message: /Cannot read the data file nope\.json: no such file/ },
    { name: 'a data file that is not JSON', files: { 'd.json': '{' }, argv: ['--data', 'd.json'], message: /not valid JSON/ },
    { name: 'a data file that never ends (read up to 16 MiB, not whole)', files: {}, argv: ['--data', '/dev/zero'], message: /^fulfilkit: The data file \/dev\/zero is larger than 16 MiB\.$/m },
    { name: 'a client without a key', files: { 'd.json': JSON.stringify({ clients: [{ ...CLIENT, clientAuthKey: '' }] }) }, argv: ['--data', 'd.json'], message: /Invalid data file d\.json: clients\[0\]\.clientAuthKey must be a non-empty string/ },
    { name: 'a data file with a misspelt member', files: { 'd.json': JSON.stringify({ client: [CLIENT] }) }, argv: ['--data', 'd.json'], message: /Invalid data file d\.json: the file has an unknown member "client"; it takes clients, inventory, paymentMethods, seed, faults, retain, retainOrders\.$/m },
    // A token in the file would be dropped (the flags set it): refused, so that no one believes the control API is guarded.
    { name: 'a data file with a control token', files: { 'd.json': JSON.stringify({ control: { token: 'from-the-file' } }) }, argv: ['--data', 'd.json'], message: /Invalid data file d\.json: the file has an unknown member "control"; it takes clients, .*retainOrders\.$/m },
    { name: 'a data file with an onRequest', files: { 'd.json': '{"onRequest": 1}' }, argv: ['--data', 'd.json'], message: /Invalid data file d\.json: the file has an unknown member "onRequest"/ },
    { name: 'a data file that is an array', files: { 'd.json': '[]' }, argv: ['--data', 'd.json'], message: /Invalid data file d\.json: the file must be an object\./ },
    { name: 'a data file name with controls, escaped', files: { 'd\u001b[31m.json': '{"seed": "x"}' }, argv: ['--data', 'd\u001b[31m.json'], message: /Invalid data file d\\u\{1b\}\[31m\.json: seed must be a whole number/ },
    { name: 'a bad port', files: {}, argv: ['--port', '70000'], message: /--port/ },
    { name: 'a negative --retain', files: {}, argv: ['--retain', '-1'], message: /Invalid value for --retain: expected a whole number from 0/ },
    { name: 'a fractional --retain', files: {}, argv: ['--retain=2.5'], message: /Invalid value for --retain/ },
    { name: 'a retain in the data file that is no whole number', files: { 'd.json': '{"retain": -3}' }, argv: ['--data', 'd.json'], message: /Invalid data file d\.json: retain must be a whole number from 0/ },
    { name: 'an unknown flag', files: {}, argv: ['--verbose'], message: /Unknown option --verbose for "serve"/ },
  ])('exits 2 for $name', async ({ files, argv, message }) => {
    const run = capture();
    for (const [name, text] of Object.entries(files)) writeFileSync(join(run.io.cwd, name), text);
    expect(await main(['serve', ...argv], run.io)).toBe(2);
    expect(run.err()).toMatch(message);
  });

  it('--retain N sets how many requests the simulator keeps, over the data file\'s retain', () => {
    expect(parseServeArgs(['--retain', '0'])).toMatchObject({ retain: 0 });
    expect(parseServeArgs([])).not.toHaveProperty('retain');
    expect(serveOptions(parseServeArgs(['--retain', '25']), { retain: 5, seed: 2 })).toEqual({ retain: 25, seed: 2 });
    expect(serveOptions(parseServeArgs([]), { retain: 5 })).toEqual({ retain: 5 });
  });

  it('serves with --retain', async () => {
    const run = capture();
    const stop = new AbortController();
    const done = serveCommand(parseServeArgs(['--port', '0', '--retain', '2']), run.io, stop.signal);
    const url = await run.url;
    expect((await send(describeInventory(connection(url)), fetch)).status).toBe(200);
    stop.abort();
    expect(await done).toBe(0);
  });

  it('exits 2 when the port is taken', async () => {
    const first = capture();
    const stop = new AbortController();
    const done = serveCommand(parseServeArgs(['--port', '0']), first.io, stop.signal);
    const port = new URL(await first.url).port;
    const second = capture();
    expect(await main(['serve', '--port', port], second.io)).toBe(2);
    expect(second.err()).toMatch(/^fulfilkit: Cannot listen on 127\.0\.0\.1:\d+: the port is taken \(EADDRINUSE\); choose another --port \(0 takes a free one\)\.$/m);
    stop.abort();
    expect(await done).toBe(0);
  });

  it('prints its help', async () => {
    const run = capture();
    expect(await main(['serve', '--help'], run.io)).toBe(0);
    expect(run.out()).toContain('Usage: fulfilkit serve [--port N] [--host H] [--data file.json] [--retain N]');
    expect(run.out()).toContain('--retain N');
  });
});

describe('fulfilkit serve (a real process)', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  const cli = useBin();

  it('stops (exit 0) on a signal that comes while the bin still loads the command', async () => {
    const child = spawn(process.execPath, [...signalAtFirstListener('SIGTERM'), cli(), 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const exit = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    expect(exit).toBe(0);
  }, 20_000);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`stops on ${signal} with exit code 0`, async () => {
      const child = spawn(process.execPath, [cli(), 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.once('exit', () => reject(new Error(`exited early: ${out}`)));
      });
      const response = await fetch(`${url}/productapi/v1/inventory?sku=MUG-RED`, { headers: { ClientConfigId: CLIENT.clientConfigId, ClientAuthKey: CLIENT.clientAuthKey, 'Ocp-Apim-Subscription-Key': CLIENT.subscriptionKey } });
      expect(response.status).toBe(200);
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      expect(await exit).toBe(0);
      expect(out).toContain('fulfilkit simulator stopped');
    });
  }
});
