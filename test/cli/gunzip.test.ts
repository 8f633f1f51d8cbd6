/**
 * Gzip input: every byte of every whole member is handed on before a fault is reported, and
 * the fault is named (not gzip, corrupt, truncated, trailing garbage).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GzipError, gunzip, tableCrc32 } from '../../src/cli/gunzip';
import { set, validOrder } from '../fixtures';
import { cli, report, tempFiles } from './_run';

/** Feeds `bytes` in pieces of the given sizes (in turn), reusing one buffer as the file reader does. */
async function* pieces(bytes: Uint8Array, sizes: readonly number[] = [1 << 18]): AsyncGenerator<Uint8Array> {
  const reused = Buffer.alloc(Math.max(...sizes));
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = Math.min(sizes[i % sizes.length]!, bytes.length - at);
    reused.set(bytes.subarray(at, at + size));
    yield reused.subarray(0, size);
    reused.fill(0x3f); // gunzip must have copied what it keeps
    at += size;
  }
}

/** What gunzip hands on, and the error it ends with (if any). */
async function run(bytes: Uint8Array, sizes?: readonly number[]): Promise<{ out: Buffer; error?: GzipError }> {
  const out: Buffer[] = [];
  try {
    for await (const piece of gunzip(pieces(bytes, sizes))) out.push(Buffer.from(piece));
  } catch (error) {
    if (!(error instanceof GzipError)) throw error;
    return { out: Buffer.concat(out), error };
  }
  return { out: Buffer.concat(out) };
}

const text = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => `{"line":${i},"note":"${'x'.repeat(i % 50)}"}\n`).join(''));

/** A gzip member with FEXTRA, FNAME, FCOMMENT and FHCRC set (as `gzip -N` and others write). */
function withHeaderFields(data: Buffer): Buffer {
  const plain = gzipSync(data);
  const header = Buffer.from(plain.subarray(0, 10));
  header[3] = 4 | 8 | 16 | 2;
  const extra = Buffer.from([3, 0, 1, 2, 3]);
  const fields = Buffer.concat([header, extra, Buffer.from('name.ndjson\0comment\0')]);
  const hcrc = Buffer.alloc(2);
  hcrc.writeUInt16LE(crc32(fields) & 0xffff);
  return Buffer.concat([fields, hcrc, plain.subarray(10)]);
}

describe('gunzip', () => {
  it('gives back the data, whatever the pieces it is read in', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3000 }), fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 5 }), async (n, sizes) => {
        const data = text(n);
        const { out, error } = await run(gzipSync(data), sizes);
        expect(error).toBeUndefined();
        expect(out.equals(data)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('reads several members, zero padding, and header fields', async () => {
    const [a, b] = [text(500), text(700)];
    expect(await run(Buffer.concat([gzipSync(a), gzipSync(b)]))).toEqual({ out: Buffer.concat([a, b]) });
    expect(await run(Buffer.concat([gzipSync(a), Buffer.alloc(512)]))).toEqual({ out: a });
    expect(await run(withHeaderFields(a), [7])).toEqual({ out: a });
    expect(await run(Buffer.concat([withHeaderFields(a), Buffer.alloc(3), gzipSync(b)]), [5, 1000])).toEqual({ out: Buffer.concat([a, b]) });
  });

  it.each([
    ['trailing garbage', (z: Buffer) => Buffer.concat([z, Buffer.from('garbage\n')]), 'it has trailing garbage after the gzip data', true, true],
    ['trailing bytes that start like a member', (z: Buffer) => Buffer.concat([z, Buffer.from([0x1f, 0x8b, 0, 1, 2, 3, 4, 5, 6, 7])]), 'it has trailing garbage after the gzip data', true, true],
    ['a bad checksum', (z: Buffer) => Buffer.concat([z.subarray(0, -8), Buffer.alloc(8, 1)]), 'the gzip data is corrupt (its CRC-32 or length does not match)', false, true],
    ['a cut in the trailer', (z: Buffer) => z.subarray(0, -3), 'the gzip data ends early', false, true],
    ['a cut in the data', (z: Buffer) => z.subarray(0, z.length >> 1), 'the gzip data ends early', false, false],
  ])('hands on what came before %s, then names the fault', async (_, damage, message, complete, whole) => {
    const data = text(20_000); // about 1 MB: more than one step, and more than Node's Gunzip gives back
    const { out, error } = await run(damage(gzipSync(data)));
    expect(error?.message).toBe(message);
    expect(error?.complete).toBe(complete);
    // Compared as bytes: a deep comparison of a megabyte takes seconds.
    expect(whole ? out.equals(data) : out.length < data.length && data.subarray(0, out.length).equals(out)).toBe(true);
  });

  it('names input that is not gzip, or corrupt', async () => {
    expect((await run(Buffer.from('not gzip at all\n'))).error?.message).toBe('it is not valid gzip data (Z_DATA_ERROR)');
    expect((await run(Buffer.alloc(0))).error?.message).toBe('it is empty, not gzip data');
    const z = gzipSync(text(100));
    z.fill(0xff, 20, 40);
    expect((await run(z)).error?.message).toMatch(/^the gzip data is corrupt \(Z_[A-Z_]+\)$/);
  });

  it('computes CRC-32 like zlib where Node has no zlib.crc32', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), (bytes, seed) => {
        expect(tableCrc32(bytes, seed >>> 0)).toBe(crc32(bytes, seed >>> 0));
      }),
    );
  });
});

describe('fulfilkit lint: a .ndjson.gz with trailing garbage', () => {
  it('reports all 2,000 payloads, then exits 2 naming the file, the fault and the count', async () => {
    const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
    const lines = Array.from({ length: 2000 }, (_, i) => JSON.stringify(i === 1999 ? set(order(`G-${i}`), '/clientRequest/order/shipServiceLevel', 'EXPRESS') : order(`G-${i}`)) + '\n');
    const dir = tempFiles({});
    writeFileSync(join(dir, 'o.ndjson.gz'), Buffer.concat([gzipSync(lines.join('')), Buffer.from('garbage here\n')]));
    const out = await cli(['lint', '--format', 'json', 'o.ndjson.gz'], { cwd: dir });
    expect(out.code).toBe(2);
    const { results, summary } = report(out);
    expect(summary.payloads).toBe(2000);
    expect(results.map((r) => r.source)).toEqual(['o.ndjson.gz:2000']);
    expect(out.stderr.split('\n').at(-2)).toBe('fulfilkit: Cannot read o.ndjson.gz: it has trailing garbage after the gzip data; the 2,000 payloads before it are reported.');
    // SARIF says the run did not succeed, and why (it said executionSuccessful: true).
    const sarif = await cli(['lint', '--format', 'sarif', 'o.ndjson.gz'], { cwd: dir });
    expect(sarif.code).toBe(2);
    expect(JSON.parse(sarif.stdout).runs[0].invocations).toEqual([
      {
        executionSuccessful: false,
        toolExecutionNotifications: [{ level: 'error', message: { text: 'Cannot read o.ndjson.gz: it has trailing garbage after the gzip data; the 2,000 payloads before it are reported.' } }],
      },
    ]);
  });
});

describe('fulfilkit lint: a .gz with no gzip data at all', () => {
  it.each([
    ['empty', Buffer.alloc(0), 'it is empty, not gzip data'],
    ['not gzip', Buffer.from('{"clientRequest": {}}'), 'it is not valid gzip data (Z_DATA_ERROR)'],
  ])('%s: no payload (there is none), the fault alone, whatever the extension', async (_name, bytes, reason) => {
    for (const name of ['o.json.gz', 'o.ndjson.gz', 'o.gz']) {
      const dir = tempFiles({});
      writeFileSync(join(dir, name), bytes);
      const out = await cli(['lint', '--format', 'json', name], { cwd: dir });
      expect(out.code).toBe(2);
      expect(report(out)).toMatchObject({ results: [], summary: { payloads: 0, errors: 0 } });
      expect(out.stderr.trimEnd().split('\n').at(-1)).toBe(`fulfilkit: Cannot read ${name}: ${reason}.`);
    }
  });
});
