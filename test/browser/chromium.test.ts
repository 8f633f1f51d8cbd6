/**
 * The Chromium that npm installs (./_chromium.ts): inflated once per version, safely when
 * runs start together, and started with the libraries it ships (no system browser or NSS).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { npmChromium, npmChromiumVersion } from './_chromium';

const root = mkdtempSync(join(tmpdir(), 'fulfilkit-chromium-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npmChromium', () => {
  it('inflates once when two runs start together, leaves no partial folder, and a second run reuses it', async () => {
    const version = npmChromiumVersion();
    // A leftover of a killed run (a pid that cannot be alive: Linux pids stay below 2^22).
    const stale = join(root, `fulfilkit-chromium-${version}.partial-${2 ** 22 + 1}-x`);
    mkdirSync(stale);
    const [a, b] = await Promise.all([npmChromium(root), npmChromium(root)]);
    expect(a.executablePath).toBe(join(root, `fulfilkit-chromium-${version}`, 'chromium'));
    expect(b.executablePath).toBe(a.executablePath);
    expect(readdirSync(root)).toEqual([`fulfilkit-chromium-${version}`]);
    const inflated = statSync(a.executablePath).mtimeMs;
    expect((await npmChromium(root)).executablePath).toBe(a.executablePath);
    expect(statSync(a.executablePath).mtimeMs).toBe(inflated);
    const run = spawnSync(a.executablePath, ['--version'], { env: a.env, encoding: 'utf8', timeout: 30_000 });
    expect(run.stdout).toMatch(new RegExp(`^Chromium ${version.split('.')[0]}\\.`));
  }, 120_000);

  it('starts the binary with the NSS libraries it ships, not only a system copy', async () => {
    const chromium = await npmChromium(root);
    // The dynamic loader lists where each library comes from instead of running (what ldd does).
    const listing = spawnSync(chromium.executablePath, [], { env: { ...chromium.env, LD_TRACE_LOADED_OBJECTS: '1' }, encoding: 'utf8', timeout: 30_000 }).stdout;
    const lib = join(root, `fulfilkit-chromium-${npmChromiumVersion()}`, 'lib');
    for (const name of ['libnss3.so', 'libnspr4.so', 'libexpat.so.1']) expect(listing).toContain(`${name} => ${join(lib, name)}`);
    expect(listing).not.toContain('not found');
  });
});
