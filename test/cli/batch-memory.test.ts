/**
 * What a bulk run keeps per payload, made small: a unit's batch facts and its list of payloads
 * with problems cross threads packed (typed arrays and one string), and unpack to what was
 * packed, whatever the text; the duplicate rule answers as a Set of every reference does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import duplicateRequestReference from '../../rules/duplicate-request-reference';
import { FactsPacker, unpackFacts } from '../../src/cli/facts-pack';
import { detectKind } from '../../src/cli/detect';
import { createUnitLinter, KIND_NONE, resultTransfer, unpackUnitResult, type UnitSettings } from '../../src/cli/lint-unit';
import { batchFactsOf, type BatchFacts } from '../../src/lint/batch';
import { textSetOf } from '../../src/lint/text-set';
import { set, validOrder, validReturn } from '../fixtures';

/** Any UTF-16 code unit: lone surrogates, NUL and controls included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
/** Any text: short or empty, of any code units, or of a few letters (so that texts repeat). */
const anyText = fc.oneof(fc.string({ unit: codeUnit, maxLength: 40 }), fc.string({ unit: fc.constantFrom('a', 'b', '\ud800'), maxLength: 3 }));
/** A payload's facts, or none (input that is not a payload). */
const facts = fc.option(fc.oneof(fc.constant<BatchFacts>({}), anyText.map((requestReference): BatchFacts => ({ requestReference }))), { nil: undefined });

/** What crossing to another thread does to a value (the transfer list moves its buffers). */
const crossed = <T>(value: T, transfer: ArrayBuffer[]): T => structuredClone(value, { transfer });

describe('packed batch facts', () => {
  it('unpack to the facts packed, in order, after crossing threads: a reference of any text, or none', () => {
    fc.assert(
      fc.property(fc.array(facts, { maxLength: 60 }), (list) => {
        const packer = new FactsPacker();
        for (const f of list) packer.add(f);
        const pack = packer.finish();
        const unpacked = unpackFacts(crossed(pack, [pack.ends.buffer as ArrayBuffer]));
        expect(unpacked).toEqual(list.map((f) => (f?.requestReference === undefined ? undefined : { requestReference: f.requestReference })));
      }),
      { numRuns: 300 },
    );
  });
});

describe('a unit result after crossing threads', () => {
  const settings: UnitSettings = { version: '1.1', rules: {}, fix: false, quiet: false, batch: true, maxProblems: 2 };
  /** A line of the unit: an order with a reference of any text (maybe with problems), one without, a return, blank, or not JSON. */
  const line = fc.oneof(
    fc.tuple(anyText, fc.boolean()).map(([ref, wrong]) => {
      const order = set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
      return JSON.stringify(wrong ? set(set(set(order, '/clientRequest/order/x', 1), '/clientRequest/order/y', 2), '/clientRequest/order/z', 3) : order);
    }),
    fc.constant(JSON.stringify(set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', 7))),
    fc.constant(JSON.stringify(validReturn())),
    fc.constant(''),
    fc.constant('{not json'),
  );

  it('reads as the result read in the thread that made it: facts per payload, payloads with problems, their problems and what was not listed', () => {
    const lint = createUnitLinter(settings);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
        const text = lines.join('\n');
        const here = unpackUnitResult(lint({ type: 'lines', bytes: Buffer.from(text) }));
        const packed = lint({ type: 'lines', bytes: Buffer.from(text) });
        const there = unpackUnitResult(crossed(packed, resultTransfer(packed)));
        // Each payload's facts are what batchFactsOf reads of it; none for input that is not a payload.
        const payloads = lines.filter((l) => l !== '');
        expect(there.facts).toEqual(
          payloads.map((l, p) => {
            if (there.kinds[p] === KIND_NONE) return undefined;
            const value: unknown = JSON.parse(l);
            const reference = batchFactsOf(value, detectKind(value)).requestReference;
            return reference === undefined ? undefined : { requestReference: reference };
          }),
        );
        expect(there.found).toEqual(here.found);
        expect(there.found.map(({ p, omitted, problems }) => ({ p, omitted, problems }))).toEqual(here.found.map(({ p, omitted, problems }) => ({ p, omitted, problems })));
        expect(there.found.some((f) => f.omitted !== undefined)).toBe(lines.some((l) => l.includes('"z":3')));
      }),
      { numRuns: 150 },
    );
  });

  it('makes its entries when read, each one alike: `problems` an own member, `omitted` only where some were not listed', () => {
    const wrong = JSON.stringify(set(set(set(validOrder('1.1'), '/clientRequest/order/x', 1), '/clientRequest/order/y', 2), '/clientRequest/order/z', 3));
    const r = unpackUnitResult(createUnitLinter(settings)({ type: 'lines', bytes: Buffer.from(`${wrong}\n{x\n`) }));
    expect(r.found).not.toBe(r.found);
    const [first, second] = r.found;
    expect(Object.keys(first!)).toEqual(['p', 'omitted', 'problems']);
    expect(Object.keys(second!)).toEqual(['p', 'problems']);
    expect({ ...second }).toEqual({ p: 1, problems: [expect.objectContaining({ rule: 'parse' })] });
    expect(first!.problems).not.toBe(first!.problems);
  });
});

describe('duplicate-request-reference over a run', () => {
  const { create, check } = duplicateRequestReference.batch!;
  /** The references the rule reports as duplicates, by their index in the run. */
  const duplicates = (references: readonly (string | undefined)[]): number[] => {
    const state = create(undefined, () => textSetOf(undefined));
    const out: number[] = [];
    references.forEach((requestReference, i) =>
      check(state, requestReference === undefined ? {} : { requestReference }, (path) => {
        expect(path).toBe('/requestHeader/requestReference');
        out.push(i);
      }),
    );
    return out;
  };
  /** What a Set of strings answers. */
  const model = (references: readonly (string | undefined)[]): number[] => {
    const seen = new Set<string>();
    return references.flatMap((reference, i) => {
      if (reference === undefined) return [];
      if (seen.has(reference)) return [i];
      seen.add(reference);
      return [];
    });
  };

  it('reports exactly the references a Set of strings has seen: any text, the empty one, a missing one never', () => {
    fc.assert(
      fc.property(fc.array(fc.option(anyText, { nil: undefined }), { maxLength: 200 }), (references) => {
        expect(duplicates(references)).toEqual(model(references));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps one set per run: a new state has seen nothing', () => {
    expect(duplicates(['A', 'A'])).toEqual([1]);
    expect(duplicates(['A'])).toEqual([]);
  });
});
