/**
 * Serving the console's built files (dist/console/, shipped in the package) to a browser,
 * under a strict Content-Security-Policy. node:fs is imported when an asset is asked for,
 * never at load, so the simulator's core stays browser-safe.
 */

/** An answer for one console file. */
export interface ConsoleAsset {
  /** The file's bytes. */
  readonly body: Uint8Array<ArrayBuffer>;
  /** Its media type. */
  readonly contentType: string;
  /** Every header to send (Content-Type and the security headers included). */
  readonly headers: Readonly<Record<string, string>>;
}

/** Where the console lives: the page at `/`, its files under this prefix. */
export const CONSOLE_PREFIX = '/_fulfilkit/console/';

/** The page may load only its own files and call only its own origin; nothing may frame it. */
export const CONSOLE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

// A variable, not a literal: browser bundlers must not try to resolve a Node built-in.
const NODE_FS = 'node:fs/promises';

/**
 * The folders the built console may be in, next to this module once bundled: dist/*.js and
 * dist/cli.js (`./console/`), dist/module/*.js (`../console/`), or src/console/ in this repo.
 */
function candidates(): URL[] {
  const here = typeof import.meta.url === 'string' ? import.meta.url : typeof __filename === 'string' ? `file://${__filename}` : undefined;
  return here === undefined ? [] : ['./console/', '../console/', '../../dist/console/'].map((dir) => new URL(dir, here));
}

/** The file a pathname names: `/` is the page; otherwise one plain file name under the prefix. */
/**
 * Tells whether a request path is the console's (`/` or one of its files), without reading
 * anything: the simulator asks this of every GET before it awaits `consoleAsset`.
 *
 * @param pathname The request URL's path.
 * @returns True for the page and its files.
 * @example isConsolePath('/'); // true
 */
export function isConsolePath(pathname: string): boolean {
  return fileOf(pathname) !== undefined;
}

function fileOf(pathname: string): string | undefined {
  if (pathname === '/') return 'index.html';
  if (!pathname.startsWith(CONSOLE_PREFIX)) return undefined;
  const name = pathname.slice(CONSOLE_PREFIX.length);
  // No folders, no dots but the extension's: nothing outside the console's folder.
  return /^[a-z0-9-]+\.(js|css)$/.test(name) ? name : undefined;
}

/**
 * The console's file for a GET request path, with the headers to answer it with:
 * `Content-Security-Policy` (`CONSOLE_CSP`), `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer` and `Cache-Control: no-store`.
 *
 * @param pathname The request URL's path: `/` or `/_fulfilkit/console/<file>`.
 * @param options `dir`: a `file:` URL of the built console's folder (default: dist/console/ of the package).
 * @returns The asset, or `undefined` when the path is not the console's or the file is missing.
 * @example
 * const asset = await consoleAsset(new URL(request.url).pathname);
 * if (request.method === 'GET' && asset) return new Response(asset.body, { headers: asset.headers });
 */
export async function consoleAsset(pathname: string, options: { dir?: URL } = {}): Promise<ConsoleAsset | undefined> {
  const name = fileOf(pathname);
  if (name === undefined) return undefined;
  const fs = (await import(/* @vite-ignore */ NODE_FS)) as typeof import('node:fs/promises');
  const dirs = options.dir === undefined ? candidates() : [new URL(options.dir.href.replace(/\/?$/, '/'))];
  for (const dir of dirs) {
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = new Uint8Array(await fs.readFile(new URL(name, dir)));
    } catch {
      continue;
    }
    const contentType = TYPES[name.slice(name.lastIndexOf('.') + 1)]!;
    const headers = {
      'Content-Type': contentType,
      'Content-Security-Policy': CONSOLE_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    };
    return { body, contentType, headers };
  }
  return undefined;
}
