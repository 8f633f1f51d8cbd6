import { describe, expect, it } from 'vitest';
import { createUnitLinter, KIND_NONE, KIND_ORDER, KIND_RETURN, type UnitSettings } from '../../src/cli/lint-unit';
import { set, validOrder, validReturn } from '../fixtures';

const settings = (more: Partial<UnitSettings> = {}): UnitSettings => ({ version: '1.1', rules: {}, fix: false, quiet: false, batch: true, ...more });
const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
const order = (ref: string) => JSON.stringify(set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref));

describe('createUnitLinter: NDJSON lines', () => {
  it('reports per payload: kind, line, facts, problems; blank lines are lines but not payloads', () => {
    const lint = createUnitLinter(settings());
    const r = lint({ type: 'lines', bytes: bytes(order('A'), '\n\n', JSON.stringify(validReturn()), '\r\n{oops\n') });
    expect(r).toMatchObject({ form: 'lines', lines: 4, payloads: 3, otherShards: 0, kinds: [KIND_ORDER, KIND_RETURN, KIND_NONE], at: [0, 2, 3] });
    expect(r.facts).toEqual([{ requestReference: 'A' }, { requestReference: 'RMA-REQ-1' }, undefined]);
    expect(r.found).toEqual([{ p: 2, problems: [{ rule: 'parse', severity: 'error', path: '', message: 'The line is not valid JSON (column 2).' }] }]);
  });

  it('names the first bad byte of a line that is not UTF-8', () => {
    const r = createUnitLinter(settings())({ type: 'lines', bytes: bytes(order('A'), '\n', '{"x": "', [0xe2, 0x82], '"}\n') });
    expect(r.found).toEqual([{ p: 1, problems: [{ rule: 'encoding', severity: 'error', path: '', message: 'The line is not valid UTF-8 (byte 8).' }] }]);
  });

  it('lints only the payloads of its shard; input that is not a payload belongs to shard 1', () => {
    const lines = bytes(Array.from({ length: 40 }, (_, i) => order(`S-${i}`)).join('\n'), '\n{oops\n');
    const shards = [1, 2, 3].map((index) => createUnitLinter(settings({ shard: { index, count: 3 } }))({ type: 'lines', bytes: lines }));
    expect(shards.map((r) => r.payloads).reduce((a, b) => a + b)).toBe(41);
    for (const r of shards) expect(r.payloads + r.otherShards).toBe(41);
    expect(shards[0]!.found.map((f) => f.problems[0]!.rule)).toEqual(['parse']);
  });

  it('--quiet drops warnings and counts them', () => {
    const warned = JSON.stringify(set(validOrder('1.1'), '/clientRequest/order/shipServiceLevel', 'PUO'));
    const r = createUnitLinter(settings({ quiet: true }))({ type: 'lines', bytes: bytes(warned, '\n') });
    expect(r.found).toEqual([]);
    expect(r.droppedWarnings).toBe(1);
  });

  it('--fix edits only the key of a fixed line and hands back the same bytes when nothing changed', () => {
    const spelled = JSON.stringify(validOrder('1.1')).replace('"transactionID"', '"transactionId"');
    const input = bytes(order('A'), '\r\n', spelled, '\r\n');
    const r = createUnitLinter(settings({ fix: true }))({ type: 'lines', bytes: input });
    expect(r.fixes).toBe(1);
    expect(Buffer.from(r.bytes!).toString()).toBe(input.toString().replace('"transactionId"', '"transactionID"'));
    expect(r.found).toEqual([]);
    const clean = bytes(order('B'), '\n');
    expect(createUnitLinter(settings({ fix: true }))({ type: 'lines', bytes: clean }).bytes).toBe(clean);
  });
});

describe('createUnitLinter: documents', () => {
  it('lints each element of a top-level array, and fixes inside it', () => {
    const spelled = validOrder('1.1');
    spelled.clientRequest.payment.entityId = spelled.clientRequest.payment.entityID;
    delete spelled.clientRequest.payment.entityID;
    const text = JSON.stringify([validOrder('1.1'), spelled], null, 2);
    const r = createUnitLinter(settings({ fix: true }))({ type: 'document', bytes: bytes(text), fallbackToLines: false });
    expect(r).toMatchObject({ form: 'array', payloads: 2, at: [0, 1], fixes: 1 });
    expect(Buffer.from(r.bytes!).toString()).toBe(text.replace('"entityId"', '"entityID"'));
  });

  it('gives the line and byte of the first bad byte in a document that is not UTF-8', () => {
    const r = createUnitLinter(settings())({ type: 'document', bytes: bytes('{\n  "a": "', [0xff], '"\n}'), fallbackToLines: false });
    expect(r.found[0]!.problems[0]!.message).toBe('The input is not valid UTF-8 (line 2, byte 9).');
  });

  it('falls back to lines for stdin that did not look like NDJSON at first', () => {
    const r = createUnitLinter(settings())({ type: 'document', bytes: bytes('{oops\n', order('A'), '\n'), fallbackToLines: true });
    expect(r).toMatchObject({ form: 'lines', payloads: 2, lines: 2 });
  });
});
