/**
 * Reading and checking the client profile given with `--profile`.
 */
import { readFile } from 'node:fs/promises';
import type { ClientProfile } from '../lint/types';
import { UsageError } from './errors';

const STRING_MEMBERS = ['client', 'clientCode', 'shippingCostSku', 'orderDiscountSku', 'weeeSku'] as const;
const BOOLEAN_MEMBERS = ['fms', 'processesCardData'] as const;
const KNOWN = new Set<string>([...STRING_MEMBERS, ...BOOLEAN_MEMBERS, 'returnReasons']);

/**
 * Checks that a parsed value is a ClientProfile and returns a clean copy.
 *
 * @param value The parsed profile JSON.
 * @returns The profile, with only the known members.
 * @throws {UsageError} Naming the first member that is missing, unknown or of the wrong type.
 * @example validateProfile({ client: 'ACME', clientCode: 'ACME', fms: true })
 */
export function validateProfile(value: unknown): ClientProfile {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError('The profile must be a JSON object with at least client and clientCode.');
  }
  const input = value as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!KNOWN.has(key)) throw new UsageError(`The profile has an unknown member "${key}"; known: ${[...KNOWN].join(', ')}.`);
  }
  const out: Record<string, unknown> = {};
  for (const key of STRING_MEMBERS) {
    const v = input[key];
    if (v === undefined) {
      if (key === 'client' || key === 'clientCode') throw new UsageError(`The profile needs a ${key} (a non-empty string).`);
      continue;
    }
    if (typeof v !== 'string' || v === '') throw new UsageError(`The profile member ${key} must be a non-empty string.`);
    out[key] = v;
  }
  for (const key of BOOLEAN_MEMBERS) {
    const v = input[key];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') throw new UsageError(`The profile member ${key} must be true or false.`);
    out[key] = v;
  }
  const reasons = input.returnReasons;
  if (reasons !== undefined) {
    if (!Array.isArray(reasons) || !reasons.every((r) => typeof r === 'string' && r !== '')) {
      throw new UsageError('The profile member returnReasons must be an array of non-empty strings.');
    }
    out.returnReasons = Object.freeze([...reasons]);
  }
  return Object.freeze(out) as unknown as ClientProfile;
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
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read the profile ${file}: ${ioReason(error)}.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(stripBom(text));
  } catch {
    throw new UsageError(`The profile ${file} is not valid JSON.`);
  }
  try {
    return validateProfile(value);
  } catch (error) {
    throw new UsageError(`Invalid profile ${file}: ${(error as Error).message}`);
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
