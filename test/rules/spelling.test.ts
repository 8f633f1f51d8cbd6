import { describe, expect, it } from 'vitest';
import { ruleTester } from './_harness';
import { change, set, validOrder, validReturn } from '../fixtures';
import { lintOrder, lintReturn } from '../../src/lint/engine';

const CR = '/clientRequest';

// Example-body spelling -> schema spelling, with the object that holds it.
const SPELLINGS = [
  { from: 'entityId', to: 'entityID', at: `${CR}/payment`, value: 'ENT-1' },
  { from: 'transactionId', to: 'transactionID', at: `${CR}/payment`, value: 'TX-1' },
  { from: 'acquirerId', to: 'acquireID', at: `${CR}/payment`, value: 'ACQ-1' },
  { from: 'datetimeWantedDeliveryDate', to: 'dateTimeWantedDeliveryDate', at: `${CR}/order`, value: '2026-03-01T00:00:00 +01.00' },
];

/** The fixture with the schema member renamed to its example-body spelling. */
function respelt(version: '1' | '1.1' | '1.2', s: (typeof SPELLINGS)[number]) {
  const value = s.from === 'datetimeWantedDeliveryDate' && version === '1.2' ? '2026-03-01T00:00:00Z' : s.value;
  return change(validOrder(version), { [`${s.at}/${s.to}`]: undefined, [`${s.at}/${s.from}`]: value });
}

ruleTester('spelling', 'order', {
  valid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, version, payload: validOrder(version) })),
    { name: 'other near-misses are unknown fields, not spellings', payload: set(validOrder(), `${CR}/payment/entityid`, 'x') },
    { name: 'fiscalId in personData is an unknown field', payload: set(validOrder(), `${CR}/partner/0/personData/fiscalId`, 'x') },
  ],
  invalid: [
    ...(['1', '1.1', '1.2'] as const).flatMap((version) =>
      SPELLINGS.map((s) => ({
        name: `${s.from} (v${version})`,
        version,
        payload: respelt(version, s),
        errors: [{ rule: 'spelling', path: `${s.at}/${s.from}` }],
      })),
    ),
    {
      name: 'all four at once',
      payload: SPELLINGS.reduce((p, s) => change(p, { [`${s.at}/${s.to}`]: undefined, [`${s.at}/${s.from}`]: s.value }), validOrder()),
      errors: SPELLINGS.map((s) => ({ rule: 'spelling', path: `${s.at}/${s.from}` })),
    },
    {
      name: 'both spellings present',
      payload: set(validOrder(), `${CR}/payment/transactionId`, 'TX-1'),
      errors: [{ rule: 'spelling', path: `${CR}/payment/transactionId` }],
    },
    {
      name: 'both spellings present: the twin content is still checked, at the twin (max-length)',
      payload: set(validOrder(), `${CR}/payment/entityId`, 'E'.repeat(51)),
      errors: [
        { rule: 'spelling', path: `${CR}/payment/entityId` },
        { rule: 'max-length', path: `${CR}/payment/entityId` },
      ],
    },
    {
      name: 'both spellings present: the twin content is still checked, at the twin (date-format)',
      payload: set(validOrder(), `${CR}/order/datetimeWantedDeliveryDate`, '2026-02-30T00:00:00 +01.00'),
      errors: [
        { rule: 'spelling', path: `${CR}/order/datetimeWantedDeliveryDate` },
        { rule: 'date-format', path: `${CR}/order/datetimeWantedDeliveryDate` },
      ],
    },
    {
      name: 'a null example spelling is one type problem (round 2)',
      payload: set(validOrder(), `${CR}/payment/transactionId`, null),
      errors: [{ rule: 'type', path: `${CR}/payment/transactionId` }],
    },
    {
      name: 'an example spelling of the wrong type is one type problem (type first)',
      payload: set(validOrder(), `${CR}/payment/transactionId`, 7),
      errors: [{ rule: 'type', path: `${CR}/payment/transactionId` }],
    },
  ],
});

describe('spelling details', () => {
  it.each(SPELLINGS)('offers a fix renaming $from to $to, as a warning', (s) => {
    const problems = lintOrder(respelt('1.1', s), { version: '1.1' }).filter((p) => p.rule === 'spelling');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: 'warn', path: `${s.at}/${s.from}`, fix: { kind: 'rename-member', to: s.to } });
  });

  it('checks the content of a respelt member like the schema member', () => {
    const payload = change(validOrder(), { [`${CR}/payment/transactionID`]: undefined, [`${CR}/payment/transactionId`]: 'T'.repeat(51) });
    const problems = lintOrder(payload, { version: '1.1' });
    expect(problems.map((p) => `${p.rule} ${p.path}`).sort()).toEqual([
      `max-length ${CR}/payment/transactionId`,
      `spelling ${CR}/payment/transactionId`,
    ]);
  });

  it('does not apply to returns', () => {
    const payload = set(validReturn(), '/rma/transactionID', 'x');
    expect(lintReturn(payload).map((p) => p.rule)).toEqual(['unknown-field']);
  });
});
