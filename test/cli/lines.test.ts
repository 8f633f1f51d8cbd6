import { describe, expect, it } from 'vitest';
import { isBlank, lineBatches } from '../../src/cli/lines';

async function collect(pieces: (string | Uint8Array)[]): Promise<string[]> {
  const out: string[] = [];
  for await (const batch of lineBatches((async function* () { yield* pieces; })())) out.push(...batch);
  return out;
}

describe('lineBatches', () => {
  it('splits lines across chunk boundaries and keeps the last line without newline', async () => {
    expect(await collect(['a', 'b\nc', 'd\n', '\ne'])).toEqual(['ab', 'cd', '', 'e']);
  });

  it('removes carriage returns and a leading byte-order mark', async () => {
    expect(await collect(['\ufeffx\r\ny\r\n'])).toEqual(['x', 'y']);
    expect(await collect([Buffer.from([0xef, 0xbb]), Buffer.from([0xbf, 0x61, 0x0a])])).toEqual(['a']);
  });

  it('decodes multi-byte characters split between chunks', async () => {
    const bytes = Buffer.from('ü😀\n');
    expect(await collect([bytes.subarray(0, 1), bytes.subarray(1, 4), bytes.subarray(4)])).toEqual(['ü😀']);
  });

  it('yields nothing for empty input', async () => {
    expect(await collect([])).toEqual([]);
    expect(await collect([''])).toEqual([]);
  });
});

describe('isBlank', () => {
  it('is true only for whitespace', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t\r')).toBe(true);
    expect(isBlank(' {}')).toBe(false);
  });
});
