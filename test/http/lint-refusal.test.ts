import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentSpoilArb, spoilArb, spoilt } from '../builders/_hostile';
import {
  PayloadRejectedError,
  describeCreateOrder,
  describeCreateReturnToken,
  describeEcho,
  lintEcho,
} from '../../src/http/index';
import { CONNECTION, ECHO_REQUEST, ORDER, RETURN_REQUEST } from './fixtures';

type Order = typeof ORDER;

/** A copy of the fixture order with `change` applied to its clientRequest. */
function order(change: (body: Order['clientRequest']) => void): Order {
  const copy = structuredClone(ORDER);
  change(copy.clientRequest);
  return copy;
}

/** Runs `call` and returns what it threw. */
function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('orders are linted with their version before a request is built', () => {
  const missingLevel = order((body) => {
    delete (body.order as { shipServiceLevel?: string }).shipServiceLevel;
  });

  it('refuses a payload with errors, with every problem attached', () => {
    const error = thrown(() => describeCreateOrder(missingLevel, { ...CONNECTION, version: '1.1' }));
    expect(error).toBeInstanceOf(PayloadRejectedError);
    expect(error).toBeInstanceOf(Error);
    const rejected = error as PayloadRejectedError;
    expect(rejected.name).toBe('PayloadRejectedError');
    expect(rejected.kind).toBe('order');
    expect(rejected.problems).toContainEqual(
      expect.objectContaining({ rule: 'required', severity: 'error', path: '/clientRequest/order/shipServiceLevel' }),
    );
    expect(rejected.message).toMatch(/^order payload refused: \d+ lint errors? \([\w-]+(, [\w-]+)*\); each, with its path, is in error\.problems\.$/);
  });

  it('names the count and the rules, once each', () => {
    const error = thrown(() => describeCreateOrder({}, { ...CONNECTION, version: '1' })) as PayloadRejectedError;
    expect(error.message).toBe('order payload refused: 1 lint error (wrapper); each, with its path, is in error.problems.');
    const two = order((body) => {
      body.order.shipServiceLevel = 'FLY';
      (body.requestHeader as Record<string, unknown>).requestReference = 42;
      (body.requestHeader as Record<string, unknown>).client = 43;
    });
    const rejected = thrown(() => describeCreateOrder(two, { ...CONNECTION, version: '1.1' })) as PayloadRejectedError;
    expect(rejected.problems.map((p) => p.rule).sort()).toEqual(['enum', 'type', 'type']);
    const rules = [...new Set(rejected.problems.map((p) => p.rule))];
    expect(rejected.message).toBe(`order payload refused: 3 lint errors (${rules.join(', ')}); each, with its path, is in error.problems.`);
  });

  // DESIGN: messages never repeat a member name taken from the payload; the path in problems still locates it.
  it('never repeats a member name taken from the payload; the problem keeps its path', () => {
    const key = 'jane.doe@example.com';
    const named = order((body) => {
      (body.partner[0]!.personData as Record<string, unknown>)[key] = 'x';
    });
    const error = thrown(() => describeCreateOrder(named, { ...CONNECTION, version: '1.1', rules: { 'unknown-field': 'error' } })) as PayloadRejectedError;
    expect(error).toBeInstanceOf(PayloadRejectedError);
    expect(error.problems).toContainEqual(expect.objectContaining({ rule: 'unknown-field', path: `/clientRequest/partner/0/personData/${key}` }));
    // The problems keep their paths (util.inspect shows them); the message, which log lines carry, does not.
    expect(inspect(error)).toContain(key);
    for (const text of [error.message, String(error), error.stack ?? '']) {
      expect(text).not.toContain('jane.doe');
      expect(text).not.toContain('example.com');
    }
  });

  it('builds the request with lint: false', () => {
    expect(describeCreateOrder(missingLevel, { ...CONNECTION, version: '1.1', lint: false }).body).toBe(JSON.stringify(missingLevel));
  });

  it('builds the request when lint reports warnings only', () => {
    const puo = order((body) => {
      body.order.shipServiceLevel = 'PUO';
    });
    expect(describeCreateOrder(puo, { ...CONNECTION, version: '1.1' }).method).toBe('POST');
  });

  it('lints with the requested version', () => {
    const exi = order((body) => {
      body.order.shipServiceLevel = 'EXI';
    });
    expect(describeCreateOrder(exi, { ...CONNECTION, version: '1.2' }).url).toMatch(/\/v1\.2\/orders$/);
    expect(() => describeCreateOrder(exi, { ...CONNECTION, version: '1.1' })).toThrow(PayloadRejectedError);
    const poNumber = order((body) => {
      (body.order as Record<string, unknown>).poNumber = 'PO-1';
    });
    expect(() => describeCreateOrder(poNumber, { ...CONNECTION, version: '1' })).toThrow(PayloadRejectedError);
    expect(describeCreateOrder(poNumber, { ...CONNECTION, version: '1.1' }).method).toBe('POST');
  });

  it('passes rules through', () => {
    const exi = order((body) => {
      body.order.shipServiceLevel = 'EXI';
    });
    expect(describeCreateOrder(exi, { ...CONNECTION, version: '1.1', rules: { enum: 'warn' } }).method).toBe('POST');
  });

  it('never puts personal data of the payload into the message', () => {
    const longName = order((body) => {
      body.partner[0]!.personData.firstName = 'Maximiliane-Josephine-Antonia';
    });
    const error = thrown(() => describeCreateOrder(longName, { ...CONNECTION, version: '1.1' })) as PayloadRejectedError;
    expect(error.problems.some((problem) => problem.rule === 'max-length')).toBe(true);
    expect(error.message).not.toContain('Maximiliane');
  });
});

describe('return requests are linted before a request is built', () => {
  const noReason = structuredClone(RETURN_REQUEST);
  delete (noReason.rma as { returnReason?: string }).returnReason;

  it('refuses a payload with errors', () => {
    const error = thrown(() => describeCreateReturnToken(noReason, CONNECTION)) as PayloadRejectedError;
    expect(error).toBeInstanceOf(PayloadRejectedError);
    expect(error.kind).toBe('return');
    expect(error.problems).toContainEqual(
      expect.objectContaining({ rule: 'required', severity: 'error', path: '/rma/returnReason' }),
    );
  });

  it('builds the request with lint: false', () => {
    expect(describeCreateReturnToken(noReason, { ...CONNECTION, lint: false }).body).toBe(JSON.stringify(noReason));
  });

  it('passes rules through', () => {
    expect(describeCreateReturnToken(noReason, { ...CONNECTION, rules: { required: 'off' } }).method).toBe('POST');
  });
});

describe('echo bodies are checked against EchoRequest', () => {
  it.each([
    ['a missing member', { vehicleType: 'train', maxSpeed: 125, avgSpeed: 90 }, [{ rule: 'required', path: '/speedUnit' }]],
    ['a number as text', { ...ECHO_REQUEST, maxSpeed: '125' }, [{ rule: 'type', path: '/maxSpeed' }]],
    ['an infinite number', { ...ECHO_REQUEST, avgSpeed: Number.POSITIVE_INFINITY }, [{ rule: 'type', path: '/avgSpeed' }]],
    ['two problems', { maxSpeed: 1, avgSpeed: 1, speedUnit: 2 }, [{ rule: 'required', path: '/vehicleType' }, { rule: 'type', path: '/speedUnit' }]],
    ['an array', [ECHO_REQUEST], [{ rule: 'type', path: '' }]],
    ['null', null, [{ rule: 'type', path: '' }]],
  ])('reports %s', (_name, payload, expected) => {
    expect(lintEcho(payload)).toStrictEqual(expected.map((problem) => expect.objectContaining({ ...problem, severity: 'error' })));
    expect(() => describeEcho(payload, CONNECTION)).toThrow(PayloadRejectedError);
  });

  it('accepts a valid body, with extra members', () => {
    expect(lintEcho({ ...ECHO_REQUEST, colour: 'red' })).toStrictEqual([]);
  });

  it('never echoes values in messages', () => {
    const problems = lintEcho({ ...ECHO_REQUEST, vehicleType: 12345678 });
    expect(problems[0]?.message).toBe('Member vehicleType must be a string.');
  });

  it('builds the request with lint: false', () => {
    expect(describeEcho('not an object', { ...CONNECTION, lint: false }).body).toBe('"not an object"');
  });
});

describe('lintEcho never throws (issue 7, item 9)', () => {
  const revoked = () => {
    const { proxy, revoke } = Proxy.revocable({ ...ECHO_REQUEST }, {});
    revoke();
    return proxy;
  };
  const throwing = () => {
    throw new Error('boom');
  };
  const unreadable = [{ rule: 'type', severity: 'error', path: '', message: 'The echo request could not be read as JSON data.' }];

  it.each([
    ['a throwing getter', () => ({ ...ECHO_REQUEST, get maxSpeed(): number { return throwing(); } })],
    ['a revoked Proxy', revoked],
    ['a Proxy whose get trap throws', () => new Proxy({ ...ECHO_REQUEST }, { get: throwing })],
    ['a Proxy whose ownKeys trap throws', () => new Proxy({ ...ECHO_REQUEST }, { ownKeys: throwing })],
    ['a Proxy whose getPrototypeOf trap throws', () => new Proxy({ ...ECHO_REQUEST }, { getPrototypeOf: throwing })],
  ])('reports %s as one type problem at the root', (name, payload) => {
    expect(lintEcho(payload())).toStrictEqual(unreadable);
    // describeEcho lints the body it sends: JSON.stringify never asks a Proxy for its prototype,
    // so that one's body is the request itself; the others cannot be serialised and are refused.
    if (name.includes('getPrototypeOf')) expect(describeEcho(payload(), CONNECTION).body).toBe(JSON.stringify(ECHO_REQUEST));
    else expect(() => describeEcho(payload(), CONNECTION)).toThrow(PayloadRejectedError);
  });

  it.each([
    ['a Map', new Map(Object.entries(ECHO_REQUEST))],
    ['a Date', new Date(0)],
    ['a class instance', new (class Echo { vehicleType = 'train'; maxSpeed = 1; avgSpeed = 1; speedUnit = 'mph'; })()],
  ])('reports %s as one type problem: not JSON data', (_name, payload) => {
    expect(lintEcho(payload)).toStrictEqual([{ rule: 'type', severity: 'error', path: '', message: 'The echo request must be a JSON object.' }]);
  });

  it('reports a member that is a revoked Proxy as that member\'s type problem', () => {
    expect(lintEcho({ ...ECHO_REQUEST, maxSpeed: revoked() })).toStrictEqual([
      { rule: 'type', severity: 'error', path: '/maxSpeed', message: 'Member maxSpeed must be a finite number.' },
    ]);
  });

  it('reads each member once and checks what it read (a getter answering twice differently)', () => {
    let reads = 0;
    const payload = { ...ECHO_REQUEST, get maxSpeed(): unknown { return reads++ === 0 ? 125 : 'fast'; } };
    expect(lintEcho(payload)).toStrictEqual([]);
    expect(reads).toBe(1);
  });

  it('accepts a transparent Proxy and a null-prototype object', () => {
    expect(lintEcho(new Proxy({ ...ECHO_REQUEST }, {}))).toStrictEqual([]);
    expect(lintEcho(Object.assign(Object.create(null), ECHO_REQUEST))).toStrictEqual([]);
  });

  it('returns problems for any value, spoilt any way (property)', () => {
    // Spoilt values are made inside the property: fast-check itself would trip over a revoked Proxy.
    const arb = fc.oneof(
      fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true, withSparseArray: true }).map((value) => () => value),
      fc.tuple(fc.constantFrom(...Object.keys(ECHO_REQUEST)), spoilArb).map(([key, spoil]) => () => spoilt(ECHO_REQUEST, [key], spoil)),
      argumentSpoilArb.map((spoil) => () => spoilt(ECHO_REQUEST, [], spoil)),
    );
    fc.assert(
      fc.property(arb, (make) => {
        const problems = lintEcho(make());
        expect(Array.isArray(problems)).toBe(true);
        for (const p of problems) {
          expect(Object.keys(p).sort()).toStrictEqual(['message', 'path', 'rule', 'severity']);
          // A member with no XML form is reported where it is, any member; the schema's problems at one of the four.
          if (!/XML|nest deeper/.test(p.message)) expect(['', '/vehicleType', '/maxSpeed', '/avgSpeed', '/speedUnit']).toContain(p.path);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the POST descriptors lint the body they send', () => {
  // A toJSON decides what JSON.stringify writes; lint reads an object's own enumerable members.
  const withToJSON = <T extends object>(target: T, body: unknown, enumerable = false): T =>
    Object.defineProperty(structuredClone(target), 'toJSON', { value: () => body, enumerable });
  const describers = [
    ['describeCreateOrder', ORDER, (payload: unknown) => describeCreateOrder(payload, { ...CONNECTION, version: '1.1' })],
    ['describeCreateReturnToken', RETURN_REQUEST, (payload: unknown) => describeCreateReturnToken(payload, CONNECTION)],
    ['describeEcho', ECHO_REQUEST, (payload: unknown) => describeEcho(payload, CONNECTION)],
  ] as const;

  it.each(describers)('%s refuses a payload whose hidden or visible toJSON writes a body with errors', (_name, valid, describe) => {
    for (const enumerable of [false, true]) {
      let error: unknown;
      try {
        describe(withToJSON(valid, { evil: true }, enumerable));
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(PayloadRejectedError);
      // The problems are those of the body: its members, not the object's.
      expect((error as PayloadRejectedError).problems.some((p) => p.severity === 'error')).toBe(true);
      expect((error as PayloadRejectedError).problems.every((p) => p.path !== '/toJSON')).toBe(true);
    }
  });

  it.each(describers)('%s refuses a nested toJSON that breaks a rule, and sends the body it checked', (name, valid, describe) => {
    const payload = structuredClone(valid) as Record<string, unknown>;
    // One member object of each kind, whose toJSON writes a 500-character text where the spec allows far less.
    const long = 'x'.repeat(500);
    if (name === 'describeEcho') {
      Object.defineProperty(payload, 'toJSON', { value: () => ({ ...valid, maxSpeed: 'fast' }) });
    } else {
      const host = (name === 'describeCreateOrder' ? (payload.clientRequest as Record<string, unknown>).requestHeader : payload.requestHeader) as Record<string, unknown>;
      Object.defineProperty(host, 'toJSON', { value: () => ({ ...host, requestReference: long }) });
    }
    expect(() => describe(payload)).toThrow(PayloadRejectedError);
    // A toJSON that writes a valid body: that body is what is described.
    const request = describe(withToJSON(valid, valid));
    expect(request.body).toBe(JSON.stringify(valid));
  });

  it('refuses, naming it, an option member a POST descriptor does not take', () => {
    expect(() => describeCreateReturnToken(RETURN_REQUEST, { ...CONNECTION, profle: {} } as never)).toThrow(new RangeError('options has an unknown member "profle"; it takes baseUrl, credentials, lint, profile, rules.'));
    expect(() => describeCreateOrder(ORDER, { ...CONNECTION, version: '1.1', Rules: {} } as never)).toThrow(/^options has an unknown member "Rules"; it takes baseUrl, credentials, version, lint, profile, rules\.$/);
    expect(() => describeEcho(ECHO_REQUEST, { ...CONNECTION, lnt: false } as never)).toThrow(/^options has an unknown member "lnt"/);
  });

  it('lintEcho reports a null member as required, as lintOrder and lintReturn do', () => {
    expect(lintEcho({ ...ECHO_REQUEST, vehicleType: null, maxSpeed: null })).toStrictEqual([
      { rule: 'required', severity: 'error', path: '/vehicleType', message: 'Member vehicleType is required.' },
      { rule: 'required', severity: 'error', path: '/maxSpeed', message: 'Member maxSpeed is required.' },
    ]);
  });
});
