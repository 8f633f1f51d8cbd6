/**
 * One order line of tens of megabytes for the bin's peak-memory tests: a head, millions of
 * copies of one item, spaced out to an exact size, and what linting it must report.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { DEFAULT_API_VERSION } from '../../src/cli/args';
import { lintOrder } from '../../src/lint/engine';

/** The longest line read whole or lazily (`--max-line-bytes`' default is 64 MiB): 64 MB. */
export const BYTES = 64_000_000;

/** An order up to its item list, every other member left out (6 problems of its own). */
export const HEAD = `{"clientRequest":{"requestHeader":{},"order":{},"partner":[],"item":[`;
/** The end of the item list and of the order, and the line. */
export const TAIL = ']}}\n';

/** An order line (`head`, ASCII, up to its item list) with `count` copies of `element` in its item list, spaced out to `bytes` bytes. */
export function writeLine(file: string, element: string, count: number, bytes: number, head = HEAD): void {
  const pad = bytes - head.length - TAIL.length - count * element.length - (count - 1);
  const each = Math.floor(pad / (count - 1));
  let wider = pad - each * (count - 1);
  const fd = openSync(file, 'w');
  writeSync(fd, head);
  let chunk = '';
  for (let i = 0; i < count; i++) {
    chunk += i === 0 ? element : `,${' '.repeat(wider-- > 0 ? each + 1 : each)}${element}`;
    if (chunk.length > 1 << 20) {
      writeSync(fd, chunk);
      chunk = '';
    }
  }
  writeSync(fd, chunk + TAIL);
  closeSync(fd);
}

/** What linting the line with `count` elements reports, from lines of 1 and 2 elements: the line's own problems and each element's. */
export function expectedSummary(element: string, count: number, head = HEAD) {
  const [one, two] = [1, 2].map((n) => lintOrder(JSON.parse(`${head}${Array(n).fill(element).join(',')}${TAIL}`), { version: DEFAULT_API_VERSION }));
  const tally = (problems: typeof one, severity: string) => problems!.filter((p) => p.severity === severity).length;
  const scaled = (severity: string) => tally(one, severity) + (count - 1) * (tally(two, severity) - tally(one, severity));
  return { errors: scaled('error'), warnings: scaled('warn') };
}
