/**
 * What the CLI reads and writes, injectable for tests.
 */

/** A writable sink (process.stdout, a file stream, or a test buffer). */
export interface TextSink {
  /** Writes text (or bytes, for `--fix` on stdin); `false` asks the writer to wait for `drain`. */
  write(chunk: string | Uint8Array): unknown;
  /** A terminal: colours are on by default. */
  readonly isTTY?: boolean;
  /** Streams report write failures (`error`) and a drained buffer (`drain`). */
  on?(event: 'error' | 'drain', listener: (arg?: unknown) => void): unknown;
  /** Removes a listener added with `on`. */
  off?(event: 'error' | 'drain', listener: (arg?: unknown) => void): unknown;
}

/** The CLI's streams and environment. */
export interface CliIo {
  /** Standard input: bytes or text (process.stdin, `Readable.from([...])`). */
  readonly stdin: AsyncIterable<string | Uint8Array> & { readonly isTTY?: boolean };
  /**
   * Standard input's file descriptor (the bin passes 0): stdin is then read from it
   * directly into one reused buffer, so memory stays flat however fast it comes, and
   * `stdin` is used only if the descriptor cannot be read that way.
   */
  readonly stdinFd?: number;
  /** Standard output: the report. */
  readonly stdout: TextSink;
  /** Standard output's file descriptor (the bin passes 1): a file it is redirected to must not be an input. */
  readonly stdoutFd?: number;
  /** Standard error: usage and I/O failures, the summary line, progress on a terminal. */
  readonly stderr: TextSink;
  /** Standard error's file descriptor (the bin passes 2): a file it is appended to must not be an input (lint exits 2 writing nothing). */
  readonly stderrFd?: number;
  /** Directory that relative file names are resolved against (default: process.cwd()). */
  readonly cwd?: string;
  /** Environment (NO_COLOR, FORCE_COLOR); default: none. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * The module lint workers start from: the bin passes dist/lint-worker.js. Without it (tests
   * running the TypeScript sources, scripts importing the CLI) lint runs in-process,
   * whatever `--concurrency` says.
   */
  readonly workerScript?: URL;
  /**
   * Aborted when the user interrupts (Ctrl-C) or the process is asked to stop (SIGTERM):
   * the run stops reading, reports what it linted, and exits 130, or 143 when the abort
   * reason is `'SIGTERM'`.
   */
  readonly signal?: AbortSignal;
}
