import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createUnitLinter as createPackedUnitLinter, KIND_NONE, KIND_ORDER, KIND_RETURN, unpackUnitResult, type SlicedUnitResult, type Unit, type UnitSettings } from '../../src/cli/lint-unit';
import { locate } from '../../src/cli/locate';
import { ProblemPacker, unpackProblems, type LocatedProblem } from '../../src/cli/problem-pack';
import { lintOrder } from '../../src/lint/engine';
import { set, validOrder, validReturn } from '../fixtures';

/** The unit linter, its result unpacked as the executors hand it to the run. */
const createUnitLinter = (s: UnitSettings) => {
  const lint = createPackedUnitLinter(s);
  return (unit: Unit) => unpackUnitResult(lint(unit));
};

const settings = (more: Partial<UnitSettings> = {}): UnitSettings => ({ version: '1.1', rules: {}, fix: false, quiet: false, batch: true, ...more });
const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
const order = (ref: string) => JSON.stringify(set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref));
/** Problems without their positions (test/cli/locations.test.ts checks those), to compare with what the engine made. */
const unplaced = (problems: readonly LocatedProblem[]) => problems.map(({ line: _line, column: _column, ...rest }) => rest);

describe('createUnitLinter: NDJSON lines', () => {
  it('reports per payload: kind, line, facts, problems; blank lines are lines but not payloads', () => {
    const lint = createUnitLinter(settings());
    const r = lint({ type: 'lines', bytes: bytes(order('A'), '\n\n', JSON.stringify(validReturn()), '\r\n{oops\n') });
    expect(r).toMatchObject({ form: 'lines', lines: 4, payloads: 3, otherShards: 0, kinds: [KIND_ORDER, KIND_RETURN, KIND_NONE], at: [0, 2, 3] });
    expect(r.facts).toEqual([{ requestReference: 'A' }, { requestReference: 'RMA-REQ-1' }, undefined]);
    // The column of where the parser stopped; the run gives the line's number.
    expect(r.found).toEqual([{ p: 2, problems: [{ rule: 'parse', severity: 'error', path: '', message: 'The line is not valid JSON (column 2).', column: 2 }] }]);
  });

  it('names the first bad byte of a line that is not UTF-8', () => {
    const r = createUnitLinter(settings())({ type: 'lines', bytes: bytes(order('A'), '\n', '{"x": "', [0xe2, 0x82], '"}\n') });
    expect(r.found).toEqual([{ p: 1, problems: [{ rule: 'encoding', severity: 'error', path: '', message: 'The line is not valid UTF-8 (byte 8).', column: 8 }] }]);
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

  /** Every slice of a unit, unpacked, in order. */
  const slices = (s: UnitSettings, unit: Unit) => {
    const out = [];
    for (let r: SlicedUnitResult | undefined = createPackedUnitLinter(s)(unit); r; r = r.rest?.()) out.push(unpackUnitResult(r));
    return out;
  };

  it('lints a top-level array a slice at a time: 4,096 payloads, or 65,536 listed problems, a slice', () => {
    const zeros = slices(settings(), { type: 'document', bytes: bytes(`[${Array(10_000).fill(0).join(',')}]`), fallbackToLines: false });
    expect(zeros.map((r) => [r.payloads, r.more ?? false, r.at[0], r.found.length])).toEqual([
      [4096, true, 0, 4096],
      [4096, true, 4096, 4096],
      [1808, false, 8192, 1808],
    ]);
    // 2,000 problems each: a slice ends at the element that passes 65,536 listed problems.
    const dense = JSON.stringify({ clientRequest: { item: Array(2000).fill(0) } });
    const crowded = slices(settings(), { type: 'document', bytes: bytes(`[${Array(40).fill(dense).join(',')}]`), fallbackToLines: false });
    expect(crowded.map((r) => r.payloads)).toEqual([33, 7]);
    expect(crowded[0]!.found.reduce((n, f) => n + f.problems.length, 0)).toBeGreaterThanOrEqual(1 << 16);
  });

  it('slices of any array: each problem at its place in the whole text, and --fix gives the whole text fixed', () => {
    const spelled = JSON.stringify(validOrder('1.1')).replace('"entityID"', '"entityId"');
    const element = fc.constantFrom(order('A'), spelled, '0', '"é😀"', JSON.stringify({ clientRequest: { item: [0, { sku: 'é' }] } }));
    fc.assert(
      fc.property(fc.array(element, { minLength: 1, maxLength: 12 }), fc.constantFrom(',', ',\n  ', ' ,\r\n'), (elements, comma) => {
        const text = `[${elements.join(comma)}]`;
        const plain = slices(settings(), { type: 'document', bytes: bytes(text), fallbackToLines: false });
        for (const r of plain)
          for (const { p, problems } of r.found)
            for (const problem of problems) expect({ line: problem.line, column: problem.column }).toEqual(locate(text, `/${r.at[p]}${problem.path}`));
        const fixed = slices(settings({ fix: true }), { type: 'document', bytes: bytes(text), fallbackToLines: false });
        const last = fixed[fixed.length - 1]!;
        expect(Buffer.from(last.bytes!).toString()).toBe(text.replaceAll('"entityId"', '"entityID"'));
        expect(fixed.reduce((n, r) => n + r.fixes, 0)).toBe(elements.filter((e) => e === spelled).length);
      }),
      { numRuns: 60 },
    );
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

describe('createUnitLinter: packed problems and --max-problems-per-payload', () => {
  it('packs the problems of every payload and unpacks them as the engine made them', () => {
    const broken = set(set(validOrder('1.1'), '/clientRequest/order/shipServiceLevel', 'PUO'), '/clientRequest/item/0/quantity/value', 2);
    const lines = [JSON.stringify(broken), order('A'), JSON.stringify(set(broken, '/clientRequest/payment/x', 1)), '{oops'];
    const packed = createPackedUnitLinter(settings())({ type: 'lines', bytes: bytes(lines.join('\n')) });
    expect([...packed.counts]).toEqual([2, 3, 1]);
    // Problems that differ only by path share one kind: the pack holds each message once.
    expect(packed.pack.kinds.length).toBeLessThan(packed.pack.kindOf.length);
    const { found } = unpackUnitResult(packed);
    expect(found.map((f) => f.p)).toEqual([0, 2, 3]);
    expect(unplaced(found[0]!.problems)).toEqual(lintOrder(broken, { version: '1.1' }));
    expect(unplaced(found[1]!.problems)).toEqual(lintOrder(set(broken, '/clientRequest/payment/x', 1), { version: '1.1' }));
    // Each carries the column of its member's key on the line.
    for (const p of found[0]!.problems) expect(lines[0]!.slice(p.column! - 1).startsWith(`"${p.path.split('/').pop()}"`)).toBe(true);
    expect(found[2]!.problems.map((p) => p.rule)).toEqual(['parse']);
  });

  it('lists the first problems of a payload and counts the rest by severity and rule', () => {
    const payload = set(validOrder('1.1'), '/clientRequest/item', Array.from({ length: 30 }, () => 1));
    const all = lintOrder(payload, { version: '1.1' });
    const r = createUnitLinter(settings({ maxProblems: 10 }))({ type: 'lines', bytes: bytes(JSON.stringify(payload)) });
    expect(unplaced(r.found[0]!.problems)).toEqual(all.slice(0, 10));
    const byRule: Record<string, number> = {};
    for (const p of all.slice(10)) byRule[p.rule] = (byRule[p.rule] ?? 0) + 1;
    expect(r.found[0]!.omitted).toEqual({ errors: all.length - 10, warnings: 0, byRule });
  });

  it('--fix applies every fix, also past --max-problems-per-payload', () => {
    const spelled = JSON.stringify(validOrder('1.1')).replace('"transactionID"', '"transactionId"').replace('"entityID"', '"entityId"');
    const r = createUnitLinter(settings({ fix: true, maxProblems: 1 }))({ type: 'lines', bytes: bytes(spelled, '\n') });
    expect(r.fixes).toBe(2);
    expect(Buffer.from(r.bytes!).toString()).toBe(JSON.stringify(validOrder('1.1')) + '\n');
    expect(r.found).toEqual([]);
  });
});

describe('ProblemPacker', () => {
  const problem = fc.record(
    {
      rule: fc.constantFrom('type', 'enum', 'required'),
      severity: fc.constantFrom('error' as const, 'warn' as const),
      // Paths that share prefixes, with any characters (surrogate pairs, controls) in them.
      path: fc.array(fc.oneof(fc.constantFrom('clientRequest', 'item', '0', '1', '10'), fc.string({ unit: 'binary' })), { maxLength: 4 }).map((tokens) => tokens.map((t) => '/' + t).join('')),
      message: fc.constantFrom('a.', 'b.'),
      params: fc.option(fc.record({ limit: fc.nat(3), allowed: fc.array(fc.constantFrom('X', 'Y'), { maxLength: 2 }) }), { nil: undefined }),
    },
    { requiredKeys: ['rule', 'severity', 'path', 'message'] },
  );

  it('unpacks each payload\'s problems exactly as they were added, with their positions', () => {
    const position = fc.record({ line: fc.nat(1000), column: fc.integer({ min: 1, max: 1000 }) });
    const located = problem.chain((p) => fc.option(position, { nil: undefined }).map((at) => ({ p, at })));
    fc.assert(
      fc.property(fc.array(fc.array(located, { minLength: 1, maxLength: 8 }), { maxLength: 6 }), (entries) => {
        const packer = new ProblemPacker();
        for (const list of entries) packer.add(list.map((e) => e.p), list.map((e) => e.at ?? { line: 0, column: 0 }));
        // Line 0 is "the run knows the line": absent; so is a column 0.
        const payloads = entries.map((list) => list.map(({ p, at }) => ({ ...p, ...(at && at.line > 0 ? { line: at.line } : {}), ...(at ? { column: at.column } : {}) })));
        const pack = packer.finish();
        let first = 0;
        for (const problems of payloads) {
          expect(unpackProblems(pack, first, problems.length)).toEqual(problems);
          first += problems.length;
        }
        expect(pack.kinds.length).toBeLessThanOrEqual(first);
      }),
      { numRuns: 300 },
    );
  });
});
