/**
 * Reading and checking the client profile given with `--profile`.
 */
import { readFile } from 'node:fs/promises';
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

/**
 * Reads and parses a JSON file (a byte-order mark is skipped).
 *
 * @param path Its path.
 * @param what How messages name it: `the profile p.json`.
 * @returns The parsed value.
 * @throws {UsageError} `Cannot read <what>: <reason>.` or `<What> is not valid JSON.`
 * @example await readJsonFile('fulfilkit.config.json', 'the config fulfilkit.config.json');
 */
export async function readJsonFile(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${what}: ${ioReason(error)}.`);
  }
  try {
    return JSON.parse(stripBom(text));
  } catch {
    throw new UsageError(`${what[0]!.toUpperCase()}${what.slice(1)} is not valid JSON.`);
  }
}

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
