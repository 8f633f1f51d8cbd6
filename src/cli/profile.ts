/**
 * Reading and checking the client profile given with `--profile`.
 */
import { open } from 'node:fs/promises';
import type { ClientProfile } from '../lint/types';
import { checkProfile } from '../schema/profile';
import { UsageError } from './errors';

/**
 * Checks that a parsed value is a ClientProfile and returns a clean copy (the check
 * `createSimulator` runs on its clients' profiles too).
 *
 * @param value The parsed profile JSON.
 * @returns The profile, with only the known members.
 * @throws {UsageError} Naming the first member that is missing, unknown or of the wrong type, never its value.
 * @example validateProfile({ client: 'ACME', clientCode: 'ACME', fms: true })
 */
export function validateProfile(value: unknown): ClientProfile {
  try {
    return checkProfile(value, 'profile');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * Reads and validates a profile file.
 *
 * @param path Path of the profile JSON.
 * @param file The name to show in messages (as given on the command line).
 * @returns The profile.
 * @throws {UsageError} When the file cannot be read, is not JSON, or is not a valid profile.
 * @example await loadProfile('profile.json')
 */
export async function loadProfile(path: string, file = path): Promise<ClientProfile> {
  const value = await readJsonFile(path, `the profile ${file}`);
  try {
    return validateProfile(value);
  } catch (error) {
    throw new UsageError(`Invalid profile ${file}: ${(error as Error).message}`);
  }
}

/** The largest config or profile file read (one is a few hundred bytes). */
const MAX_SETTINGS_BYTES = 1 << 20;

/**
 * Reads a UTF-8 text file of at most `maxBytes`: a larger one (or a device that never ends,
 * `/dev/zero`) is refused after reading one byte more, never read whole.
 *
 * @param path Its path.
 * @param what How messages name it: `the profile p.json`.
 * @param maxBytes The most bytes read.
 * @param why What the refusal adds after the limit, if anything.
 * @returns The text.
 * @throws {UsageError} `Cannot read <what>: <reason>.`, or `<What> is larger than N MiB.`
 * @example await readTextFile('data.json', 'the data file data.json', 16 << 20);
 */
export async function readTextFile(path: string, what: string, maxBytes: number, why?: string): Promise<string> {
  let handle;
  try {
    handle = await open(path, 'r');
    const buffer = Buffer.allocUnsafe(maxBytes + 1);
    let used = 0;
    for (let n = -1; n !== 0 && used <= maxBytes; used += n) n = (await handle.read(buffer, used, buffer.length - used, null)).bytesRead;
    if (used > maxBytes) throw new UsageError(`${capitalized(what)} is larger than ${maxBytes >> 20} MiB${why === undefined ? '' : ` ${why}`}.`);
    return buffer.toString('utf8', 0, used);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`Cannot read ${what}: ${ioReason(error)}.`);
  } finally {
    await handle?.close();
  }
}

/**
 * Reads and parses a JSON file (a byte-order mark is skipped).
 *
 * @param path Its path.
 * @param what How messages name it: `the profile p.json`.
 * @param maxBytes The largest file read (a config or profile: 1 MiB).
 * @returns The parsed value.
 * @throws {UsageError} `Cannot read <what>: <reason>.`, `<What> is larger than N MiB.` or `<What> is not valid JSON.`
 * @example await readJsonFile('fulfilkit.config.json', 'the config fulfilkit.config.json');
 */
export async function readJsonFile(path: string, what: string, maxBytes = MAX_SETTINGS_BYTES): Promise<unknown> {
  const text = await readTextFile(path, what, maxBytes);
  try {
    return JSON.parse(stripBom(text));
  } catch {
    throw new UsageError(`${capitalized(what)} is not valid JSON.`);
  }
}

/** `the profile p.json` as a sentence starts it. */
const capitalized = (what: string) => `${what[0]!.toUpperCase()}${what.slice(1)}`;

/** Removes a leading byte-order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A short reason for a file-system error, without a stack. */
export function ioReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return typeof code === 'string' ? code : 'read failed';
  }
}
