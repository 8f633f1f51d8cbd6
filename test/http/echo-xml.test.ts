/**
 * lintEcho and the simulator's echo agree: a body lintEcho passes is one the gateway policy
 * converts to XML (the simulator answers 200), and every body the simulator refuses for its
 * XML form has a lintEcho problem where the trouble is.
 */
import fc from 'fast-check';
import { XMLBuilder } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { describeEcho, lintEcho, PayloadRejectedError } from '../../src/index';
import { isXmlElementName } from '../../src/schema/echo';
import { createSimulator } from '../../src/simulator/index';
import { BASE_URL, post } from '../simulator/_kit';

const ECHO = { vehicleType: 'train', maxSpeed: 125, avgSpeed: 90, speedUnit: 'mph' };

const NAME = 'A member name must be an XML element name: the gateway converts the body to XML.';
const NESTED = 'An array must not hold an array directly: XML has no form for a list of lists.';
const TEXT = 'A string must hold only characters XML 1.0 allows (no control character but tab and line ends, no U+FFFE or U+FFFF, no lone surrogate).';
const DEEP = 'Objects and arrays must not nest deeper than 512 levels.';

/** `depth` levels of objects and arrays in all, the body included. */
const nested = (depth: number): Record<string, unknown> => {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < depth - 1; i++) value = { a: value };
  return { ...ECHO, a: value };
};

describe('lintEcho reports what has no XML form, where it is (audit: lint passed what the simulator refused)', () => {
  it.each([
    { name: 'a member name with a space', body: { ...ECHO, 'a b': 1 }, problems: [['/a b', NAME]] },
    { name: 'a member name starting with a digit', body: { ...ECHO, '1st': 1 }, problems: [['/1st', NAME]] },
    { name: '#text and ?pi, deeper down', body: { ...ECHO, extra: [{ '#text': 't' }, { '?pi': 1 }] }, problems: [['/extra/0/#text', NAME], ['/extra/1/?pi', NAME]] },
    { name: 'an empty member name, and one with a slash', body: { ...ECHO, '': 1, 'a/b': 2 }, problems: [['/', NAME], ['/a~1b', NAME]] },
    { name: 'a control character in one of the four', body: { ...ECHO, vehicleType: 'car\u0001' }, problems: [['/vehicleType', TEXT]] },
    { name: 'a lone surrogate in another member', body: { ...ECHO, note: ['ok', 'x\ud800'] }, problems: [['/note/1', TEXT]] },
    { name: 'a list inside a list', body: { ...ECHO, list: [[1, 2]] }, problems: [['/list/0', NESTED]] },
    { name: 'nesting of 513 levels', body: nested(513), problems: [['/a'.repeat(512), DEEP]] },
  ])('$name', ({ body, problems }) => {
    expect(lintEcho(body).map((p) => [p.path, p.message])).toStrictEqual(problems);
    expect(lintEcho(body).every((p) => p.rule === 'type' && p.severity === 'error')).toBe(true);
    expect(() => describeEcho(body, { baseUrl: BASE_URL, credentials: { subscriptionKey: 'k' } })).toThrow(PayloadRejectedError);
  });

  it.each([
    { name: 'XML names of any script, a prefix, dots and dashes', body: { ...ECHO, 'ns:élan': 1, _x: { 'a.b-c': [1, { 'δ': null }] } } },
    { name: 'tabs, line ends and characters outside the BMP', body: { ...ECHO, vehicleType: 'car\tline\r\nend 😀' } },
    { name: 'nesting of exactly 512 levels', body: nested(512) },
  ])('passes $name', ({ body }) => {
    expect(lintEcho(body)).toStrictEqual([]);
  });

  it('draws the depth line where the simulator does (512 levels: 200, 513: 400)', async () => {
    const sim = createSimulator();
    for (const [depth, status] of [[512, 200], [513, 400]] as const) {
      expect((await sim.fetch(`${BASE_URL}/echo/resource`, post(nested(depth)))).status).toBe(status);
      expect(lintEcho(nested(depth)).length).toBe(status === 200 ? 0 : 1);
    }
  });

  it('does not read into one of the four members that has the wrong type (one type problem there)', () => {
    expect(lintEcho({ ...ECHO, vehicleType: { 'a b': [[1]] } }).map((p) => p.path)).toStrictEqual(['/vehicleType']);
  });

  it('ends on a body that holds itself, however wide, with one problem per way back', () => {
    const body: Record<string, unknown> = { ...ECHO };
    const loop: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) loop[`k${i}`] = loop;
    body.loop = loop;
    expect(lintEcho(body).map((p) => p.message)).toStrictEqual(Array.from({ length: 40 }, () => DEEP));
  });

  it('does not throw on 100,000 levels (no recursion)', () => {
    expect(lintEcho(nested(100_000)).map((p) => p.message)).toStrictEqual([DEEP]);
  });

  it('reads each member once (a getter is called once, as JSON.stringify would)', () => {
    let reads = 0;
    const body = { ...ECHO, get extra(): unknown { reads++; return { ok: 1 }; } };
    expect(lintEcho(body)).toStrictEqual([]);
    expect(reads).toBe(1);
  });
});

describe('the name check is the XML builder\'s', () => {
  // fast-xml-parser's builder asks its name hook only for names its own check refuses.
  const refused = (name: string): boolean => {
    let asked = false;
    new XMLBuilder({ ignoreAttributes: true, sanitizeName: () => { asked = true; return 'x'; } } as ConstructorParameters<typeof XMLBuilder>[0]).build({ [name]: 1 });
    return asked;
  };

  it('agrees with fast-xml-parser on any name (property)', () => {
    const names = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.string({ unit: fc.constantFrom(...'aZ_:.-09·\u0300\u0487\u037e\u203f\u00d7\u00f7\u2000\u200c\u3000\ufffd#?@ '), maxLength: 6 }),
    );
    fc.assert(
      fc.property(names, (name) => {
        // Names the builder writes as text or a processing instruction, unchecked, are refused by both sides elsewhere.
        fc.pre(name !== '#text' && !name.startsWith('?'));
        expect(isXmlElementName(name)).toBe(!refused(name));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('lintEcho and the simulator agree (property)', () => {
  const key = fc.oneof(fc.constantFrom('a', 'b c', '1x', 'ns:x', '#text', '?p', '', 'é'), fc.string({ maxLength: 4 }));
  const leaf = fc.oneof(fc.constantFrom('ok', 'c\u0001', 'x\ufffe', 'y\ud800', 'tab\t'), fc.integer(), fc.boolean(), fc.constant(null));
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(key, tie('value'), { maxKeys: 3 })),
  }));
  const body = fc.tuple(fc.dictionary(key, value, { maxKeys: 4 }), fc.record({ vehicleType: fc.constantFrom('train', 'c\u0002') })).map(([extra, own]) => ({ ...extra, ...ECHO, ...own }));

  it('a body lintEcho passes is answered 200, one it refuses 400', async () => {
    const sim = createSimulator();
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const response = await sim.fetch(`${BASE_URL}/echo/resource`, post(b));
        expect(response.status).toBe(lintEcho(b).length === 0 ? 200 : 400);
      }),
      { numRuns: 400 },
    );
  });
});
