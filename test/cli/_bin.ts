/**
 * The real bin in a child process: built from the sources with tsup (the same tool and
 * options as `npm run build`, into a scratch folder inside node_modules so that the
 * package's dependencies resolve), then spawned with real files, pipes and signals.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { CLI_ENTRIES } from '../../tsup.config';
import { ROOT } from './_run';

/** What a finished child printed and how it ended. */
export interface BinOutput {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

let binPath: string | undefined;

/**
 * Builds the bin once for the test file that calls this (in `beforeAll`) and removes it after.
 *
 * @param options `standalone`: every dependency bundled in, into a folder of the system's
 *   temporary folder that anyone may read, so that another user (a test run as root plays
 *   `nobody`) can run it wherever the repository is (a home folder others cannot enter).
 * @returns A function that gives the path of the built `cli.js`.
 */
export function useBin(options: { standalone?: boolean } = {}): () => string {
  let dir: string | undefined;
  beforeAll(async () => {
    const { build } = await import('tsup');
    const scratch = options.standalone ? tmpdir() : join(ROOT, 'node_modules', '.cache');
    const { chmodSync, mkdirSync } = await import('node:fs');
    mkdirSync(scratch, { recursive: true });
    dir = mkdtempSync(join(scratch, 'fulfilkit-test-bin-'));
    if (options.standalone) chmodSync(dir, 0o755);
    await build({
      entry: Object.fromEntries(Object.entries(CLI_ENTRIES).map(([name, file]) => [name, join(ROOT, file)])),
      outDir: dir,
      format: ['esm'],
      platform: 'node',
      target: 'node20',
      banner: { js: '#!/usr/bin/env node' },
      noExternal: options.standalone ? [/./] : ['i18n-iso-countries'],
      splitting: false,
      config: false,
      silent: true,
      dts: false,
      clean: false,
      sourcemap: false,
    });
    binPath = join(dir, 'cli.js');
  }, 60_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!binPath) throw new Error('the bin is built in beforeAll');
    return binPath;
  };
}

/**
 * Starts the bin.
 *
 * @param bin The path of `cli.js`.
 * @param argv Arguments after the program name.
 * @param options Working directory; stdio as for `spawn` (pipes by default).
 * @returns The child.
 */
export function startBin(bin: string, argv: string[], options: { cwd: string; stdio?: ('pipe' | 'ignore' | number)[]; nodeArgs?: string[] }): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...(options.nodeArgs ?? []), bin, ...argv], {
    cwd: options.cwd,
    stdio: options.stdio ?? ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined },
  }) as ChildProcessWithoutNullStreams;
}

/**
 * Node options that preload a script sending `signal` to the process the moment the first
 * listener for it is added: the bin's own, before the command has loaded.
 *
 * @param signal The signal.
 * @returns The arguments to give node before the bin.
 */
export function signalAtFirstListener(signal: NodeJS.Signals): string[] {
  const preload = `const on = process.on.bind(process); let sent = false; process.on = (event, listener) => { on(event, listener); if (event === '${signal}' && !sent) { sent = true; process.kill(process.pid, event); } return process; };`;
  return ['--import', `data:text/javascript,${encodeURIComponent(preload)}`];
}

/**
 * Collects a child's output until it exits.
 *
 * @param child The child.
 * @returns Exit code or signal, and the text on stdout and stderr.
 */
export function finished(child: ChildProcessWithoutNullStreams): Promise<BinOutput> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr?.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

/**
 * Runs the bin to the end.
 *
 * @param bin The path of `cli.js`.
 * @param argv Arguments after the program name.
 * @param options Working directory and what to write to stdin (then closed).
 * @returns What it printed and its exit code.
 */
export function runBin(bin: string, argv: string[], options: { cwd: string; stdin?: string | Uint8Array }): Promise<BinOutput> {
  const child = startBin(bin, argv, { cwd: options.cwd });
  const done = finished(child);
  child.stdin.on('error', () => {});
  child.stdin.end(options.stdin ?? '');
  return done;
}

/**
 * Waits until `predicate` holds for the text a stream has produced so far.
 *
 * @param stream A child's stdout or stderr.
 * @param predicate Tested on the text so far after each piece.
 * @returns The text so far.
 */
export function waitFor(stream: NodeJS.ReadableStream, predicate: (text: string) => boolean): Promise<string> {
  let text = '';
  return new Promise((resolve, reject) => {
    const onData = (piece: Buffer | string) => {
      text += piece.toString();
      if (predicate(text)) {
        stream.off('data', onData);
        resolve(text);
      }
    };
    stream.on('data', onData);
    stream.once('end', () => reject(new Error(`the stream ended before the expected output; it printed: ${text.slice(0, 500)}`)));
  });
}

/** Reports the process's peak RSS (all threads, in KiB) to the file RSS_FILE names when it exits. */
const REPORT_RSS = "process.on('exit', () => require('fs').writeFileSync(process.env.RSS_FILE, String(process.resourceUsage().maxRSS)));\n";

/**
 * Runs the bin to the end (stdin closed) and reads the peak RSS of its process, every thread
 * included, as a preloaded script reports it at exit.
 *
 * @param bin The path of `cli.js`.
 * @param argv Arguments after the program name.
 * @param options Working directory; `stdout`: a file descriptor the report goes to instead of a pipe.
 * @returns What it printed, its exit code, and its peak RSS in MB.
 */
export async function runBinMeasured(bin: string, argv: string[], options: { cwd: string; stdout?: number }): Promise<BinOutput & { peakMb: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'fulfilkit-rss-'));
  try {
    const preload = join(dir, 'report-rss.cjs');
    const rssFile = join(dir, 'rss');
    writeFileSync(preload, REPORT_RSS);
    const child = spawn(process.execPath, ['--require', preload, bin, ...argv], {
      cwd: options.cwd,
      env: { ...process.env, RSS_FILE: rssFile },
      stdio: ['ignore', options.stdout ?? 'pipe', 'pipe'],
    });
    const out = await finished(child as ChildProcessWithoutNullStreams);
    return { ...out, peakMb: Number(readFileSync(rssFile, 'utf8')) / 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
