/**
 * What the CLI reads and writes, injectable for tests.
 */

/** A writable text sink (process.stdout, or a test buffer). */
export interface TextSink {
  /** Writes text. */
  write(text: string): unknown;
  /** A terminal: colours are on by default. */
  readonly isTTY?: boolean;
}

/** The CLI's streams and environment. */
export interface CliIo {
  /** Standard input: bytes or text (process.stdin, `Readable.from([...])`). */
  readonly stdin: AsyncIterable<string | Uint8Array> & { readonly isTTY?: boolean };
  /** Standard output: the report. */
  readonly stdout: TextSink;
  /** Standard error: usage and I/O failures. */
  readonly stderr: TextSink;
  /** Directory that relative file names are resolved against (default: process.cwd()). */
  readonly cwd?: string;
  /** Environment (NO_COLOR, FORCE_COLOR); default: none. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}
