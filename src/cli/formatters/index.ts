/**
 * The formatters by name.
 */
import { json } from './json';
import { sarif } from './sarif';
import { stylish } from './stylish';
import type { Formatter } from './types';

export { json, sarif, stylish };
export type { FormatOptions, Formatter } from './types';

/** The names accepted by `--format`. */
export type FormatName = 'json' | 'sarif' | 'stylish';

/** Every formatter by its `--format` name. */
export const FORMATTERS: Readonly<Record<FormatName, Formatter>> = { json, sarif, stylish };
