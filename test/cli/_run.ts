/**
 * Runs the CLI in-process with captured streams.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { main } from '../../src/cli/main';
import { scratchDir } from '../_scratch';

/** What a run printed and returned. */
export interface RunOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/** The repository root: example paths are relative to it. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs `fulfilkit` with `argv`; `stdin` is text (or bytes) fed in pieces.
 *
 * @param argv Arguments after the program name.
 * @param options Stdin content and working directory (default: the repository root).
 */
export async function cli(argv: string[], options: { stdin?: string | (string | Uint8Array)[]; cwd?: string } = {}): Promise<RunOutput> {
  let stdout = '';
  let stderr = '';
  const pieces = options.stdin === undefined ? [] : typeof options.stdin === 'string' ? [options.stdin] : options.stdin;
  const code = await main(argv, {
    stdin: Readable.from(pieces),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: options.cwd ?? ROOT,
  });
  return { code, stdout, stderr };
}

/** A fresh temporary directory with the given files written into it. */
export function tempFiles(files: Record<string, string>): string {
  const dir = scratchDir('fulfilkit-cli-');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** Parses the `--format json` document. */
export function report(out: RunOutput): { results: { source: string; kind: string | null; problems: { rule: string; path: string; severity: string; message: string }[] }[]; summary: { payloads: number; errors: number; warnings: number; byRule: Record<string, number> } } {
  return JSON.parse(out.stdout);
}
