/**
 * Headless Chromium from npm (`@sparticuz/chromium`: a brotli'd Linux x64 build with the
 * NSS/NSPR/expat libraries it needs), so `npm install` brings the browser and the browser
 * test runs the same Chromium on every machine.
 *
 * The package's own `executablePath()` inflates into a fixed `/tmp/chromium` and reuses
 * whatever file is there: a half-written one when two runs start together (seen: the second
 * gets a binary it cannot run), or another version's. Here each version is inflated once into
 * its own folder under the system temp folder, staged and then renamed into place, so a
 * reader only ever sees a complete folder.
 */
import { once } from 'node:events';
import { chmodSync, createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';
import { type Browser, chromium as playwright } from 'playwright-core';

/** A ready Chromium: its binary and the environment to start it with. */
export interface NpmChromium {
  readonly executablePath: string;
  /** Adds the package's libraries (libnss3 and friends) to the library path. */
  readonly env: Record<string, string>;
  readonly version: string;
}

const PACKAGE = join(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..', '..');

/** The package's version: the name of its folder, so a new version inflates anew. */
export function npmChromiumVersion(): string {
  return (JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as { version: string }).version;
}

function complete(dir: string): boolean {
  return existsSync(join(dir, 'chromium')) && existsSync(join(dir, 'lib', 'libnss3.so'));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Writes the regular files of an uncompressed tar (ustar or GNU: short names) under `dir`. */
function untar(tar: Buffer, dir: string): void {
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const field = (start: number, length: number) => tar.toString('latin1', at + start, at + start + length).replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    // POSIX ustar may split a long name into a prefix; GNU tar keeps other fields there.
    const name = [field(257, 6) === 'ustar' ? field(345, 155) : '', field(0, 100)].filter(Boolean).join('/');
    const type = field(156, 1);
    if ((type === '0' || type === '') && !name.split('/').includes('..')) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), tar.subarray(at + 512, at + 512 + size), { mode: parseInt(field(100, 8).trim(), 8) & 0o755 });
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

/**
 * Inflates the package's Chromium into `<root>/fulfilkit-chromium-<version>` (once per
 * version) and returns how to start it. Safe to call from parallel processes.
 *
 * @param root Where the inflated folder lives (default: the system temp folder).
 */
export async function npmChromium(root = tmpdir()): Promise<NpmChromium> {
  const version = npmChromiumVersion();
  const dir = join(root, `fulfilkit-chromium-${version}`);
  if (!complete(dir)) {
    const prefix = `fulfilkit-chromium-${version}.partial-`;
    // Leftovers of runs that were killed while inflating (about 200 MB each).
    for (const name of readdirSync(root)) {
      const pid = Number(name.startsWith(prefix) ? name.slice(prefix.length).split('-')[0] : NaN);
      if (Number.isInteger(pid) && !alive(pid)) rmSync(join(root, name), { recursive: true, force: true });
    }
    const staging = mkdtempSync(join(root, `${prefix}${process.pid}-`));
    try {
      const bin = join(PACKAGE, 'bin');
      const binary = createWriteStream(join(staging, 'chromium'), { mode: 0o755 });
      await pipeline(createReadStream(join(bin, 'chromium.br')), createBrotliDecompress(), binary);
      if (!binary.closed) await once(binary, 'close');
      untar(brotliDecompressSync(readFileSync(join(bin, 'al2023.tar.br'))), staging);
      chmodSync(staging, 0o755); // mkdtemp's 0700 would shut out other users of the machine
      // An incomplete folder (a temp cleaner took files) is replaced; a complete one won a race.
      if (existsSync(dir) && !complete(dir)) rmSync(dir, { recursive: true, force: true });
      try {
        renameSync(staging, dir);
      } catch (e) {
        if (!complete(dir)) throw e;
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  const lib = join(dir, 'lib');
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  return { executablePath: join(dir, 'chromium'), env: { ...env, LD_LIBRARY_PATH: env.LD_LIBRARY_PATH ? `${lib}:${env.LD_LIBRARY_PATH}` : lib }, version };
}

/**
 * Launches a headless Chromium as every browser test here does: root in CI and containers
 * (no sandbox), no GPU on these machines.
 *
 * @param chromium The inflated browser (`npmChromium()`).
 * @param timeout How long the launch may take, in milliseconds.
 * @returns The browser.
 */
export function launchChromium(chromium: NpmChromium, timeout: number): Promise<Browser> {
  return playwright.launch({
    executablePath: chromium.executablePath,
    env: chromium.env,
    headless: true,
    chromiumSandbox: false,
    args: ['--disable-gpu', '--disable-dev-shm-usage'],
    timeout,
  });
}
