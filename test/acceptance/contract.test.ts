/**
 * Acceptance: the pinned contract (DESIGN "Public contract"): Problem shape, lint never
 * throws and never modifies its input, messages never echo payload values, RFC 6901
 * paths, lintBatch and duplicate-request-reference, severity overrides.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintBatch, lintOrder, lintReturn, type Problem } from '../../src/index';
import { BASIC, CR, FMS, VERSIONS, edit, edits, expectExactly, fullOrder, fullReturn, minimalOrder, minimalReturn, p, pairs, type Json } from './_fixtures';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as any)[key]);
    Object.freeze(value);
  }
  return value;
}

const JUNK: unknown[] = [
  undefined,
  null,
  0,
  NaN,
  'clientRequest',
  true,
  [],
  [fullOrder('1.1')],
  {},
  { clientRequest: null },
  { clientRequest: [] },
  { clientRequest: 'x' },
  { clientRequest: { requestHeader: null, order: [], payment: 'x', partner: [null, 1, 'x', []], item: [null, [], 7] } },
  { clientRequest: { partner: [{ personData: [], addressData: 'x', companyData: 5 }], item: [{ amount: 'x', quantity: [], dynamicField: {} }] } },
  { clientRequest: { order: { amount: [null, 1, { value: 5, currencyISO3: 5 }], dynamicField: 'x' }, item: { 0: 1 } } },
  { requestHeader: 1, rma: [], partner: 'x', item: [null, { dynamicField: 'x', amount: {} }] },
  { rma: { amount: [1], dynamicField: [null] }, partner: [{ addressData: { countryISO3: 5, state: [] } }] },
  JSON.parse('{"__proto__": {"polluted": true}, "clientRequest": {"__proto__": [], "constructor": 1, "item": [{"__proto__": {"sku": "X"}}]}}'),
  JSON.parse('{"__proto__": null, "requestHeader": {"__proto__": 1}, "item": []}'),
  Object.create(null),
  new Date(0),
  new Map([['clientRequest', {}]]),
  (() => {
    let deep: any = { v: 1 };
    for (let i = 0; i < 5000; i++) deep = [deep];
    return { clientRequest: { order: { note: deep, dynamicField: deep }, item: deep, partner: deep } };
  })(),
  (() => {
    const cyclic: any = { clientRequest: { order: {} } };
    cyclic.clientRequest.order.self = cyclic;
    return cyclic;
  })(),
  (() => {
    const hostile = { clientRequest: { requestHeader: {} } } as any;
    Object.defineProperty(hostile.clientRequest, 'order', { enumerable: true, get() { throw new Error('boom'); } });
    return hostile;
  })(),
  new Proxy({}, { get() { throw new Error('trap'); }, ownKeys() { throw new Error('trap'); }, has() { throw new Error('trap'); }, getOwnPropertyDescriptor() { throw new Error('trap'); } }),
];

describe('lint never throws and never modifies its input', () => {
  it.each(JUNK.map((j, i) => [i, j] as const))('junk #%i: lintOrder (every version, FMS), lintReturn and lintBatch return lists of problems', (_i, junk) => {
    for (const version of VERSIONS) {
      for (const profile of [undefined, FMS]) {
        let out: Problem[] = [];
        expect(() => (out = lintOrder(junk, profile ? { version, profile } : { version }))).not.toThrow();
        expect(Array.isArray(out)).toBe(true);
        for (const problem of out) {
          expect(typeof problem.rule).toBe('string');
          expect(['error', 'warn']).toContain(problem.severity);
          expect(typeof problem.path).toBe('string');
          expect(typeof problem.message).toBe('string');
        }
      }
    }
    expect(() => lintReturn(junk)).not.toThrow();
    expect(() => lintReturn(junk, { profile: FMS })).not.toThrow();
    expect(() => lintBatch([junk, junk], { kind: 'order', version: '1.2', profile: FMS })).not.toThrow();
    expect(() => lintBatch([junk, junk], { kind: 'return' })).not.toThrow();
  });
  it('a payload that is not an object is one type problem at the root', () => {
    for (const junk of [null, 1, 'x', [], true]) expectExactly(pairs(lintOrder(junk, { version: '1.1' })), [p('type', '')]);
  });
  it('__proto__ members are reported as unknown members, at their own pointer, and pollute nothing', () => {
    const payload = JSON.parse(JSON.stringify(minimalOrder('1.1')).replace('"order":', '"__proto__":{"x":1},"order":'));
    expectExactly(pairs(lintOrder(payload, { version: '1.1' })), [p('unknown-field', `${CR}/__proto__`)]);
    expect(({} as any).x).toBeUndefined();
  });
  it('frozen payloads lint without an error and are unchanged', () => {
    for (const version of VERSIONS) {
      for (const payload of [fullOrder(version), edit(fullOrder(version), `${CR}/item`, [{ bad: 1 }]), edit(fullOrder(version), `${CR}/partner/0/addressData/address`, [])]) {
        const before = JSON.stringify(payload);
        const frozen = deepFreeze(payload);
        expect(() => lintOrder(frozen, { version, profile: FMS })).not.toThrow();
        expect(JSON.stringify(frozen)).toBe(before);
      }
    }
    const ret = deepFreeze(edit(fullReturn(), '/item/0/dynamicField', []));
    const before = JSON.stringify(ret);
    lintReturn(ret, { profile: FMS });
    expect(JSON.stringify(ret)).toBe(before);
  });
  it('lintBatch accepts any iterable (a generator) and returns one list per payload', () => {
    function* gen() {
      yield fullOrder('1.1');
      yield null;
      yield edits(fullOrder('1.1'), [[`${CR}/order/shipServiceLevel`, 'XXX'], [`${CR}/requestHeader/requestReference`, 'REQ-3']]);
    }
    const results = lintBatch(gen(), { kind: 'order', version: '1.1' });
    expect(results).toHaveLength(3);
    expect(pairs(results[0]!)).toEqual([]);
    expect(pairs(results[1]!)).toEqual([p('type', '')]);
    expect(pairs(results[2]!)).toEqual([p('enum', `${CR}/order/shipServiceLevel`)]);
  });
});

describe('Problem shape and severities', () => {
  it('every problem has rule, severity, path and message; defaults follow the catalogue', () => {
    const payload = edits(fullOrder('1.1'), [
      [`${CR}/order/foo`, 1],
      [`${CR}/order/shipServiceLevel`, 'XXX'],
    ]);
    const problems = lintOrder(payload, { version: '1.1' });
    expect(problems).toHaveLength(2);
    const byRule = Object.fromEntries(problems.map((x) => [x.rule, x]));
    expect(byRule['unknown-field']).toMatchObject({ severity: 'warn', path: `${CR}/order/foo` });
    expect(byRule['enum']).toMatchObject({ severity: 'error', path: `${CR}/order/shipServiceLevel` });
    for (const x of problems) expect(x.message).toMatch(/^[A-Za-z].*[.]$/);
  });
  it('rules options override severities and switch rules off', () => {
    const payload = edits(fullOrder('1.1'), [
      [`${CR}/order/foo`, 1],
      [`${CR}/order/shipServiceLevel`, 'XXX'],
    ]);
    const problems = lintOrder(payload, { version: '1.1', rules: { 'unknown-field': 'error', enum: 'off' } });
    expect(problems.map(({ rule, severity }) => ({ rule, severity }))).toEqual([{ rule: 'unknown-field', severity: 'error' }]);
    const ret = lintReturn(edit(fullReturn(), '/item', []), { rules: { 'items-present': 'warn' } });
    expect(ret.map(({ rule, severity }) => ({ rule, severity }))).toEqual([{ rule: 'items-present', severity: 'warn' }]);
  });
});

describe('paths are RFC 6901 JSON Pointers', () => {
  it('"~" and "/" in unknown member names are escaped as ~0 and ~1', () => {
    const payload = edits(minimalOrder('1.1'), [
      [`${CR}/order/a~1b`, 1],
      [`${CR}/order/c~0d`, 1],
      [`${CR}/order/~01`, 1],
    ]);
    expectExactly(pairs(lintOrder(payload, { version: '1.1' })), [
      p('unknown-field', `${CR}/order/a~1b`),
      p('unknown-field', `${CR}/order/c~0d`),
      p('unknown-field', `${CR}/order/~01`),
    ]);
    const raw = { ...(minimalReturn() as object), 'x/y~z': 1 };
    expectExactly(pairs(lintReturn(raw)), [p('unknown-field', '/x~1y~0z')]);
  });
  it('array indexes are decimal tokens and the root is the empty string', () => {
    const problems = lintOrder(edit(fullOrder('1.1'), `${CR}/item/1/quantity/value`, 'x'), { version: '1.1' });
    expect(problems.map((x) => x.path)).toEqual(['/clientRequest/item/1/quantity/value']);
    expect(lintOrder({}, { version: '1' })[0]!.path).toBe('');
  });
  it('empty member names are escaped to an empty token', () => {
    const payload = edit(minimalOrder('1.1'), `${CR}/order/`, 1);
    expectExactly(pairs(lintOrder(payload, { version: '1.1' })), [p('unknown-field', `${CR}/order/`)]);
  });
});

describe('messages never echo payload values', () => {
  const secrets = {
    name: 'Zebulon-Quixotic-Marchbanks',
    email: 'zebulon.quixotic@private-mail.example',
    phone: '+49 151 99988877',
    street: 'Geheimweg 123456789 Hinterhaus links oben',
    city: 'Oberschmittenhausen-an-der-Kleinen-Laber-X',
    holder: 'ZEBULON QUIXOTIC MARCHBANKS THE THIRD OF NOWHERE ESQUIRE AND FAMILY XYZ',
    sku: 'SECRET-SKU-0123456789',
    ref: 'REF SECRET 0123456789',
    postal: 'POSTAL-9876543',
  };
  it('order problems about personal data name the field and limit, never the value', () => {
    const payload = edits(fullOrder('1.2'), [
      [`${CR}/partner/0/personData/firstName`, secrets.name],
      [`${CR}/partner/0/personData/lastName`, secrets.name],
      [`${CR}/partner/0/personData/email/0/value`, 'not-an-email ' + secrets.email],
      [`${CR}/partner/0/personData/phone/0/phoneType`, secrets.phone],
      [`${CR}/partner/0/addressData/address/0/value`, secrets.street],
      [`${CR}/partner/0/addressData/city`, secrets.city],
      [`${CR}/partner/0/addressData/postalCode`, secrets.postal],
      [`${CR}/partner/0/addressData/state`, 'Texas'],
      [`${CR}/partner/0/personData/locale`, 'Zebulon'],
      [`${CR}/payment/cardData/holder`, secrets.holder],
      [`${CR}/payment/cardData/bin`, '9876543210'],
      [`${CR}/payment/cardData/last4digits`, '98765'],
      [`${CR}/payment/cardData/dateCardExpiry`, '2099-99-99'],
      [`${CR}/payment/paymentMethod`, 'ZebulonPay'],
      [`${CR}/payment/status`, 'zebulon'],
      [`${CR}/item/0/sku`, secrets.sku],
      [`${CR}/item/0/quantity/value`, 'Zebulon'],
      [`${CR}/item/0/amount/0/value`, 'Zebulon'],
      [`${CR}/item/0/amount/0/currencyISO3`, 'ZEB'],
      [`${CR}/requestHeader/requestReference`, secrets.ref],
      [`${CR}/requestHeader/client`, 'Zebulon Corp'],
      [`${CR}/order/shipServiceLevel`, 'Zebulon'],
      [`${CR}/order/dateTimeWantedDeliveryDate`, 'Zebulon'],
      [`${CR}/order/poNumber`, secrets.ref],
      [`${CR}/partner/1/partnerType`, 'Zebulon'],
      [`${CR}/partner/1/addressData/countryISO2`, 'ZZ'],
    ]);
    const problems = lintOrder(payload, { version: '1.2', profile: FMS });
    expect(problems.length).toBeGreaterThan(20);
    for (const { message } of problems) {
      expect(message).not.toMatch(/zebulon|quixotic|marchbanks|geheimweg|oberschmitten|secret|9876543|98765|private-mail|151 999|texas|POSTAL-|2099-99/i);
    }
  });
  it('return problems never echo the value either', () => {
    const payload = edits(fullReturn(), [
      ['/partner/0/personData/firstName', secrets.name],
      ['/partner/0/personData/fiscalid', 'ZEBULON-FISCAL-0123456789-XYZ-123'],
      ['/partner/0/personData/email/0/value', 'zebulon'],
      ['/partner/0/addressData/countryName', 'Zebulonia'],
      ['/partner/0/addressData/state', 'Zeb'],
      ['/rma/userReference', secrets.name + ' ' + secrets.name],
      ['/rma/returnReason', 'Zebulon changed his mind'],
      ['/rma/clientReturnURL', 'zebulon://x'],
      ['/item/0/dynamicField/0/value', 'Zebulon'],
      ['/partner/1/partnerType', 'BillTo'],
    ]);
    const problems = lintReturn(payload, { profile: FMS });
    expect(problems.length).toBeGreaterThan(7);
    for (const { message } of problems) expect(message).not.toMatch(/zebulon|quixotic|marchbanks/i);
  });
});

describe('lintBatch and duplicate-request-reference', () => {
  it('a requestReference seen earlier in the batch is an error at the later payload', () => {
    const a = fullOrder('1.1');
    const b = edit(fullOrder('1.1'), `${CR}/requestHeader/externalMessageReference`, 'EMR-OTHER');
    const c = edit(fullOrder('1.1'), `${CR}/requestHeader/requestReference`, 'REQ-OTHER');
    const results = lintBatch([a, b, c], { kind: 'order', version: '1.1' });
    expect(results.map(pairs)).toEqual([[], [p('duplicate-request-reference', `${CR}/requestHeader/requestReference`)], []]);
    expect(results[1]![0]!.severity).toBe('error');
  });
  it('a repeated externalMessageReference alone is fine', () => {
    const a = fullOrder('1.2');
    const b = edit(fullOrder('1.2'), `${CR}/requestHeader/requestReference`, 'REQ-2');
    expect(lintBatch([a, b], { kind: 'order', version: '1.2' }).map(pairs)).toEqual([[], []]);
  });
  it('every later repeat is reported, for returns too', () => {
    const r = fullReturn();
    const results = lintBatch([r, r, minimalReturn(), r], { kind: 'return', profile: BASIC });
    expect(results.map(pairs)).toEqual([
      [],
      [p('duplicate-request-reference', '/requestHeader/requestReference')],
      [],
      [p('duplicate-request-reference', '/requestHeader/requestReference')],
    ]);
  });
  it('single-payload lint never reports duplicate-request-reference', () => {
    expect(pairs(lintOrder(fullOrder('1.1'), { version: '1.1' }))).toEqual([]);
  });
  it('lintBatch gives the same per-payload problems as lintOrder / lintReturn', () => {
    const payloads: Json[] = [edit(fullOrder('1'), `${CR}/order/poNumber`, 'PO'), edits(fullOrder('1'), [[`${CR}/item`, []], [`${CR}/requestHeader/requestReference`, 'REQ-2']])];
    const results = lintBatch(payloads, { kind: 'order', version: '1', profile: FMS });
    expect(results[0]).toEqual(lintOrder(payloads[0], { version: '1', profile: FMS }));
    expect(pairs(results[1]!)).toEqual([p('items-present', `${CR}/item`)]);
  });
});

/** Resolves an RFC 6901 pointer (own members only). */
function resolves(root: unknown, pointer: string): boolean {
  let cur: any = root;
  if (pointer === '') return true;
  for (const raw of pointer.slice(1).split('/')) {
    const t = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9]\d*)$/.test(t) || Number(t) >= cur.length) return false;
      cur = cur[Number(t)];
    } else if (cur !== null && typeof cur === 'object' && Object.prototype.hasOwnProperty.call(cur, t)) {
      cur = cur[t];
    } else return false;
  }
  return true;
}

/** Every pointer of a JSON value. */
function pointers(value: unknown, base = ''): string[] {
  const out = [base];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pointers(v, `${base}/${i}`)));
  else if (value !== null && typeof value === 'object') {
    for (const k of Object.keys(value)) out.push(...pointers((value as any)[k], `${base}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return out;
}

describe('properties: random damage to valid payloads', () => {
  const json = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  const damaged = (base: Json) =>
    fc.array(fc.tuple(fc.constantFrom(...pointers(base).filter((x) => x !== '')), fc.option(json, { nil: undefined })), { minLength: 1, maxLength: 4 }).map((changes) => {
      let out = base;
      for (const [ptr, value] of changes) {
        try {
          out = edit(out, ptr, value);
        } catch {
          // the pointer vanished after an earlier change
        }
      }
      return out;
    });
  it('lint never throws, and every problem path points at the member or at a member of an existing parent', () => {
    for (const version of VERSIONS) {
      fc.assert(
        fc.property(damaged(fullOrder(version)), (payload) => {
          const problems = lintOrder(payload, { version, profile: FMS });
          for (const { path } of problems) {
            const parent = path.slice(0, path.lastIndexOf('/'));
            expect(resolves(payload, path) || resolves(payload, parent)).toBe(true);
          }
        }),
        { numRuns: 300 },
      );
    }
    fc.assert(
      fc.property(damaged(fullReturn()), (payload) => {
        for (const { path } of lintReturn(payload, { profile: FMS })) {
          const parent = path.slice(0, path.lastIndexOf('/'));
          expect(resolves(payload, path) || resolves(payload, parent)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
  it('lint never throws on arbitrary values', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true, maxDepth: 4 }), (x) => {
        lintOrder({ clientRequest: x }, { version: '1.2', profile: FMS });
        lintOrder(x, { version: '1', profile: FMS });
        lintReturn(x, { profile: FMS });
      }),
      { numRuns: 300 },
    );
  });
});
