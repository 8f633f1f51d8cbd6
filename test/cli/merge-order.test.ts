/**
 * `fulfilkit merge` of the shards of one split writes what one unsharded run writes, in
 * every format (the run's time aside), whatever the number of shards and the order of the
 * arguments; SARIF fingerprints are the same and stay put when a payload is added above.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../../src/cli/formatters/index';
import { set, validOrder, validReturn } from '../fixtures';
import { cli, tempFiles, type RunOutput } from './_run';

const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
const wrong = (ref: string) => set(order(ref), '/clientRequest/order/shipServiceLevel', 'XXX');
const ndjson = (...payloads: unknown[]) => payloads.map((p) => (typeof p === 'string' ? p : JSON.stringify(p)) + '\n').join('');

/**
 * Files of every form: NDJSON with the same problem in many payloads, duplicates within and
 * across files, lines that are not JSON and payloads without a reference (shard 1), a JSON
 * document, a top-level array, returns.
 */
function corpus(): Record<string, string> {
  const noReference = set(wrong('x'), '/clientRequest/requestHeader/requestReference', 7);
  return {
    'a.ndjson': ndjson(...Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? wrong(`A-${i % 11}`) : order(`A-${i}`))), '{broken', noReference, noReference),
    'b.ndjson': ndjson(wrong('A-0'), order('B-1'), validReturn(), set(validReturn(), '/rma/clientReturnURL', 'nope'), wrong('B-2'), '[1]'),
    'c.json': JSON.stringify(wrong('A-3'), null, 2),
    'd.json': JSON.stringify([order('D-1'), wrong('D-2'), wrong('B-1'), noReference], null, 2),
  };
}
const FILES = ['a.ndjson', 'b.ndjson', 'c.json', 'd.json'];

// What differs between two runs of the same input: the run's time (json and JUnit).
const timeless = (text: string) => text.replace(/"time":[\d.]+/g, '"time":T').replace(/ time="[\d.]+"/g, ' time="T"');
const same = (out: RunOutput) => ({ code: out.code, stdout: timeless(out.stdout), stderr: out.stderr });

/** Lints each shard of n to `s<i>-<n>.json`; returns their names. */
async function shards(dir: string, n: number, extra: string[] = []): Promise<string[]> {
  const names = Array.from({ length: n }, (_, i) => `s${i + 1}-${n}.json`);
  for (const [i, name] of names.entries()) {
    const out = await cli(['lint', ...extra, '--shard', `${i + 1}/${n}`, '-f', 'json', '-o', name, ...FILES], { cwd: dir });
    expect(out.code).not.toBe(2);
  }
  return names;
}

const fingerprints = (sarif: string) => (JSON.parse(sarif) as { runs: { results: { partialFingerprints: Record<string, string> }[] }[] }).runs[0]!.results.map((r) => r.partialFingerprints['fulfilkit/v1']!);

describe('fulfilkit merge of the shards of one split', () => {
  it('writes, in every format, what one unsharded run writes (the time aside), for 1 to 5 shards in any order', async () => {
    const dir = tempFiles(corpus());
    const single = new Map<string, ReturnType<typeof same>>();
    for (const format of FORMAT_NAMES) single.set(format, same(await cli(['lint', '--no-color', '-f', format, ...FILES], { cwd: dir })));
    expect(single.get('json')!.code).toBe(1);
    for (let n = 1; n <= 5; n++) {
      const names = await shards(dir, n);
      // Each shard has a part: with 2 shards or more, no report holds every result.
      if (n > 1) for (const name of names) expect(readFileSync(join(dir, name), 'utf8').length).toBeLessThan(single.get('json')!.stdout.length);
      for (const order of [names, [...names].reverse()]) {
        for (const format of FORMAT_NAMES) {
          const merged = await cli(['merge', '--no-color', '-f', format, ...order], { cwd: dir });
          expect(same(merged), `${format}, ${order.join(' ')}`).toEqual(single.get(format));
        }
      }
    }
  }, 60_000);

  it('gives the same SARIF fingerprints without references (a batch rule off), by occurrence in input order', async () => {
    const dir = tempFiles(corpus());
    const off = ['--rule', 'duplicate-request-reference=off'];
    const single = (await cli(['lint', ...off, '-f', 'sarif', ...FILES], { cwd: dir })).stdout;
    const names = await shards(dir, 3, off);
    const merged = (await cli(['merge', '-f', 'sarif', names[2]!, names[0]!, names[1]!], { cwd: dir })).stdout;
    expect(fingerprints(merged)).toEqual(fingerprints(single));
    expect(new Set(fingerprints(single)).size).toBe(fingerprints(single).length);
  });

  it('keeps the fingerprints below a payload with the same problem added above (its requestReference tells them apart)', async () => {
    const files = { 'o.ndjson': ndjson(wrong('R-1'), wrong('R-2'), wrong('R-3')) };
    const before = fingerprints((await cli(['lint', '-f', 'sarif', 'o.ndjson'], { cwd: tempFiles(files) })).stdout);
    const above = fingerprints((await cli(['lint', '-f', 'sarif', 'o.ndjson'], { cwd: tempFiles({ 'o.ndjson': ndjson(wrong('R-0')) + files['o.ndjson'] }) })).stdout);
    expect(above).toHaveLength(4);
    expect(above.slice(1)).toEqual(before);
    expect(before).not.toContain(above[0]);
  });
});
