/**
 * Telling files apart by what they are, not by how they are named: two paths (a symlink, a
 * hard link, `./a` and `a`) name the same file when they lead to the same device and inode.
 * An output that is one of the inputs would be emptied before it is read.
 */
import { fstatSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { UsageError } from './errors';

/** A file by its identity. */
export interface FileIdentity {
  /** The name to show: as given on the command line, or `stdin`. */
  readonly name: string;
  /** The device the file is on. */
  readonly dev: number;
  /** Its inode on that device. */
  readonly ino: number;
}

/** An output: a path (`-o`, `--output.<format>`), or an open descriptor (a redirected stdout). */
export type OutputTarget = { readonly name: string; readonly path: string } | { readonly name: string; readonly fd: number };

/**
 * The identity of what stat says, when it is a regular file (writing to a device or a pipe
 * that is also read destroys nothing kept).
 *
 * @param name The name to show.
 * @param info The file's stats (through links).
 * @returns The identity, or undefined for anything but a regular file.
 */
export function identityOf(name: string, info: Stats): FileIdentity | undefined {
  return info.isFile() ? { name, dev: info.dev, ino: info.ino } : undefined;
}

/**
 * The identity of the regular file an open descriptor refers to (stdin or stdout redirected
 * from or to a file).
 *
 * @param name The name to show.
 * @param fd The descriptor.
 * @returns The identity, or undefined (a terminal, a pipe, a closed descriptor).
 */
export function descriptorIdentity(name: string, fd: number): FileIdentity | undefined {
  try {
    return identityOf(name, fstatSync(fd));
  } catch {
    return undefined;
  }
}

/**
 * Refuses outputs that are inputs, by identity: the same path spelled differently, a
 * symlink to an input, a hard link to it, stdout redirected to it. Call it before any
 * output is opened for writing.
 *
 * @param outputs Where the run will write.
 * @param inputs What it reads.
 * @throws {UsageError} Naming the output and the input it is.
 * @example await refuseInputsAsOutputs([{ name: 'report.json', path: '/tmp/report.json' }], inputs);
 */
export async function refuseInputsAsOutputs(outputs: readonly OutputTarget[], inputs: readonly FileIdentity[]): Promise<void> {
  for (const output of outputs) {
    let info: Stats;
    try {
      info = 'path' in output ? await stat(output.path) : fstatSync(output.fd);
    } catch {
      continue; // not there yet: it cannot be an input
    }
    const input = info.isFile() ? inputs.find((i) => i.dev === info.dev && i.ino === info.ino) : undefined;
    if (!input) continue;
    const what = 'path' in output ? `The output file ${output.name}` : `${output.name}, redirected to a file,`;
    const link = 'path' in output && output.name !== input.name ? ' (the same file)' : '';
    throw new UsageError(`${what} is the input ${input.name}${link}: writing it would destroy the input; write the output to another file.`);
  }
}
