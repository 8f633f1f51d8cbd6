/**
 * The formatters by name.
 */
import { github } from './github';
import { json } from './json';
import { junit } from './junit';
import { sarif } from './sarif';
import { stylish } from './stylish';
import type { Formatter } from './types';

export { defineFormatter } from './define-formatter';
export { github, json, junit, sarif, stylish };
export type { FormatOptions, Formatter, FormatterParts } from './types';

/** The names accepted by `--format`. */
export type FormatName = 'github' | 'json' | 'junit' | 'sarif' | 'stylish';

/** Every formatter by its `--format` name. */
export const FORMATTERS: Readonly<Record<FormatName, Formatter>> = { github, json, junit, sarif, stylish };

/** The `--format` names, in the order help lists them. */
export const FORMAT_NAMES: readonly FormatName[] = ['stylish', 'json', 'sarif', 'github', 'junit'];
