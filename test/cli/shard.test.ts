import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a32, parseShard, shardOf } from '../../src/cli/shard';
import { set, validOrder, validReturn } from '../fixtures';
import { cli, tempFiles } from './_run';

/** FNV-1a over bytes, written the textbook way, to check the on-the-fly UTF-8 of fnv1a32. */
function reference(bytes: Uint8Array): number {
  let hash = 0x811c9dc5n;
  for (const byte of bytes) hash = ((hash ^ BigInt(byte)) * 0x01000193n) & 0xffffffffn;
  return Number(hash);
}

describe('fnv1a32', () => {
  it('matches the published FNV-1a 32-bit test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('hashes the UTF-8 bytes of any text (what another language or a shell would hash)', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (text) => {
      expect(fnv1a32(text)).toBe(reference(new TextEncoder().encode(text)));
    }));
    expect(fnv1a32('\ud800')).toBe(reference(new TextEncoder().encode('\ud800')));
  });
});

describe('shardOf', () => {
  it('is 1..n, the same for the same reference, and 1 without a reference', () => {
    fc.assert(fc.property(fc.string(), fc.integer({ min: 1, max: 64 }), (ref, n) => {
      const shard = shardOf(ref, n);
      expect(shard).toBeGreaterThanOrEqual(1);
      expect(shard).toBeLessThanOrEqual(n);
      expect(shardOf(ref, n)).toBe(shard);
    }));
    expect(shardOf(undefined, 5)).toBe(1);
    expect(shardOf('REQ-1', 4)).toBe((fnv1a32('REQ-1') % 4) + 1);
  });

  it('spreads typical references evenly', () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[shardOf(`REQ-${i}`, 4) - 1]!++;
    for (const c of counts) expect(c).toBeGreaterThan(800);
  });
});

describe('--shard over a corpus', () => {
  interface Report {
    results: { source: string; problems: { rule: string; path: string; line?: number; column?: number }[] }[];
    summary: { payloads: number; shard?: { index: number; count: number; otherPayloads: number } };
  }
  const lint = async (dir: string, more: string[]) => JSON.parse((await cli(['lint', '--no-config', '-f', 'json', ...more, 'c.ndjson', 'a.json'], { cwd: dir })).stdout) as Report;
  const flat = (r: Report) => r.results.flatMap((x) => x.problems.map((p) => `${x.source} ${p.rule} ${p.path} ${p.line}:${p.column}`));
  // References over the field's 50 characters (the batch facts leave those out), repeated, short ones, a non-string one.
  const refs = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? `LONG-${String(i % 12).padStart(3, '0')}-${'x'.repeat(60)}` : i % 3 === 1 ? `R-${i % 4}` : `é-${'y'.repeat(51 + i)}`));
  const order = (ref: unknown) => JSON.stringify(set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref));
  const files = () =>
    tempFiles({
      'c.ndjson': [...refs.map(order), order(7), '{oops'].join('\n') + '\n',
      'a.json': JSON.stringify([refs[0]!.replace('LONG', 'RET'), 'RET-1', 'RET-1'].map((ref) => set(validReturn(), '/requestHeader/requestReference', ref))),
    });

  it('lints each payload in exactly one shard: the shards together are the unsharded run', async () => {
    const dir = files();
    const whole = await lint(dir, []);
    expect(whole.summary.payloads).toBe(29);
    expect(flat(whole).filter((p) => p.includes('duplicate-request-reference')).length).toBe(5);
    for (const n of [2, 3, 5]) {
      const parts = await Promise.all(Array.from({ length: n }, (_, i) => lint(dir, ['--shard', `${i + 1}/${n}`])));
      expect(parts.map((r) => r.summary.payloads).reduce((a, b) => a + b)).toBe(whole.summary.payloads);
      expect(parts.flatMap(flat).sort()).toEqual(flat(whole).sort());
    }
  });

  it('puts a reference over 50 characters in the shard of the README formula: FNV-1a-32 of its UTF-8 bytes mod n, plus 1', async () => {
    const long = `é-${'y'.repeat(70)}`;
    const n = 7;
    const expected = (fnv1a32(long) % n) + 1;
    expect(expected).not.toBe(1); // (shard 1 is where a payload without a reference goes)
    const dir = tempFiles({ 'c.ndjson': `${order(long)}\n`, 'a.json': '[]' });
    const linted = await Promise.all(Array.from({ length: n }, (_, i) => lint(dir, ['--shard', `${i + 1}/${n}`])));
    expect(linted.map((r) => r.summary.payloads)).toEqual(Array.from({ length: n }, (_, i) => (i + 1 === expected ? 1 : 0)));
    // Its max-length problem is reported by that shard.
    expect(linted[expected - 1]!.results.flatMap((r) => r.problems.map((p) => p.rule))).toContain('max-length');
  });
});

describe('parseShard', () => {
  it('reads i/n', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
  });

  it.each(['0/4', '5/4', '2', '2/0', 'a/b', '-1/2', '1/2/3', '1/1000000', ' 1/2', '1/2 ', '1/2\n', '1 /2', '\t2/4', '１/２'])('refuses %s, stating the bounds', (text) => {
    expect(() => parseShard(text)).toThrow('Invalid value for --shard: expected i/n with 1 <= i <= n <= 999999, e.g. --shard 2/4.');
  });

  it('refuses a value with spaces on the command line (exit 2), as any malformed one', async () => {
    const out = await cli(['lint', '--shard', ' 1/2', 'o.ndjson'], { cwd: tempFiles({ 'o.ndjson': '{}\n' }) });
    expect([out.code, out.stdout, out.stderr]).toEqual([2, '', 'fulfilkit: Invalid value for --shard: expected i/n with 1 <= i <= n <= 999999, e.g. --shard 2/4.\n']);
  });

  it('takes the largest n it states', () => {
    expect(parseShard('999999/999999')).toEqual({ index: 999999, count: 999999 });
  });
});
