import { describe, expect, it } from 'vitest';
import { ruleTester } from './_harness';
import { set, validOrder, validReturn } from '../fixtures';
import { lintOrder, lintReturn } from '../../src/lint/engine';
import type { OrderVersion } from '../../src/schema/tables';

const CR = '/clientRequest';

const DATE: Record<OrderVersion, string> = { '1': '2026-01-31T00:00:00 +00.00', '1.1': '2026-01-31T00:00:00 +00.00', '1.2': '2026-01-31T00:00:00Z' };

// Members marked Resp. in the spec, with a value of the right shape.
const RESPONSE_ONLY = (version: OrderVersion): [string, unknown][] => [
  [`${CR}/requestHeader/requestType`, 'ORDERONLY'],
  [`${CR}/requestHeader/requestStatus`, 'created'],
  [`${CR}/requestHeader/dateTimeSent`, DATE[version]],
  [`${CR}/requestHeader/dateTimeReceived`, DATE[version]],
  [`${CR}/requestHeader/dateTimeConfirmed`, DATE[version]],
  [`${CR}/requestHeader/dateTimeShipped`, DATE[version]],
  [`${CR}/requestHeader/dynamicField`, [{ name: 'REGION', value: 'EU' }]],
  [`${CR}/order/orderId`, 'SO-1'],
  [`${CR}/order/status`, 'open'],
  [`${CR}/order/timeZone`, '+01:00'],
  [`${CR}/order/dateTimeConfirmed`, DATE[version]],
  [`${CR}/order/dateTimeShipped`, DATE[version]],
  [`${CR}/payment/paymentGatewayId`, 'GW-1'],
  [`${CR}/item/0/dateTimeCreated`, DATE[version]],
  [`${CR}/item/1/dateTimeShipped`, DATE[version]],
];

ruleTester('response-only', 'order', {
  valid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, version, payload: validOrder(version) })),
    { name: 'pricing is a request member', payload: set(validOrder(), `${CR}/item/1/pricing`, 'netpricing') },
  ],
  invalid: [
    ...(['1', '1.1', '1.2'] as const).flatMap((version) =>
      RESPONSE_ONLY(version).map(([path, value]) => ({
        name: `${path.slice(CR.length)} (v${version})`,
        version,
        payload: set(validOrder(version), path, value),
        errors: [{ rule: 'response-only', path }],
      })),
    ),
    {
      name: 'v1 requestStatus received',
      version: '1',
      payload: set(validOrder('1'), `${CR}/requestHeader/requestStatus`, 'received'),
      errors: [{ rule: 'response-only', path: `${CR}/requestHeader/requestStatus` }],
    },
    {
      name: 'a response member sent as null is one type problem (round 2)',
      payload: set(validOrder(), `${CR}/order/orderId`, null),
      errors: [{ rule: 'type', path: `${CR}/order/orderId` }],
    },
  ],
});

describe('response-only details', () => {
  it('is a warning; a null response member is one type error (round 2)', () => {
    const sent = lintOrder(set(validOrder(), `${CR}/requestHeader/requestStatus`, 'created'), { version: '1.1' });
    expect(sent).toEqual([expect.objectContaining({ rule: 'response-only', severity: 'warn', path: `${CR}/requestHeader/requestStatus` })]);
    const problems = lintOrder(set(validOrder(), `${CR}/requestHeader/requestStatus`, null), { version: '1.1' });
    expect(problems).toEqual([expect.objectContaining({ rule: 'type', severity: 'error', path: `${CR}/requestHeader/requestStatus` })]);
  });

  it.each(['1.1', '1.2'] as const)('v%s requestStatus received: the version has no such state, also an enum error (README)', (version) => {
    const problems = lintOrder(set(validOrder(version), `${CR}/requestHeader/requestStatus`, 'received'), { version });
    expect(problems.map((p) => `${p.rule} ${p.severity} ${p.path}`).sort()).toEqual([`enum error ${CR}/requestHeader/requestStatus`, `response-only warn ${CR}/requestHeader/requestStatus`]);
  });

  it('does not apply to returns', () => {
    expect(lintReturn(set(validReturn(), '/requestHeader/requestStatus', 'created')).map((p) => p.rule)).toEqual(['unknown-field']);
  });
});

describe('response-only, type first', () => {
  it('a response member of the wrong type is one type problem, without the response-only warning', () => {
    const problems = lintOrder(set(validOrder(), `${CR}/requestHeader/requestStatus`, 5), { version: '1.1' });
    expect(problems.map((p) => `${p.rule} ${p.path}`)).toEqual([`type ${CR}/requestHeader/requestStatus`]);
    const dates = lintOrder(set(validOrder(), `${CR}/order/dateTimeShipped`, ['2026-01-01']), { version: '1.1' });
    expect(dates.map((p) => `${p.rule} ${p.path}`)).toEqual([`type ${CR}/order/dateTimeShipped`]);
  });
});
