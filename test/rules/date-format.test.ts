import { ruleTester, type InvalidCase, type RuleCase } from './_harness';
import { change, set, validOrder, validReturn } from '../fixtures';
import type { OrderVersion } from '../../src/schema/tables';

const CR = '/clientRequest';
const WANTED = `${CR}/order/dateTimeWantedDeliveryDate`;
const CARD_EXPIRY = `${CR}/payment/cardData/dateCardExpiry`;
const AUTH_EXPIRY = `${CR}/payment/cardData/dateAuthExpiry`;

// v1, v1.1 and returns: a space before the offset and a dot inside it, as the spec writes +00.00.
const OFFSET_VALID = [
  '2026-01-31T00:00:00 +00.00',
  '2026-12-31T23:59:59 +01.00',
  '2026-06-15T08:30:00 -05.00',
  '2026-06-15T08:30:00 +05.30',
  '2026-06-15T08:30:00 +14.00',
  '2024-02-29T00:00:00 +00.00',
  '2000-02-29T00:00:00 +00.00',
];
const OFFSET_INVALID = [
  '2026-01-31T00:00:00Z',
  '2026-01-31T00:00:00+00:00',
  '2026-01-31T00:00:00 +00:00',
  '2026-01-31T00:00:00+00.00',
  '2026-01-31 00:00:00 +00.00',
  '2026-01-31T00:00 +00.00',
  '2026-01-31',
  '31.01.2026',
  '2026-02-30T00:00:00 +00.00',
  '2025-02-29T00:00:00 +00.00',
  '1900-02-29T00:00:00 +00.00',
  '2026-13-01T00:00:00 +00.00',
  '2026-00-10T00:00:00 +00.00',
  '2026-04-31T00:00:00 +00.00',
  '2026-01-00T00:00:00 +00.00',
  '2026-01-31T24:00:00 +00.00',
  '2026-01-31T12:60:00 +00.00',
  '2026-01-31T12:00:60 +00.00',
  '2026-01-31T12:00:00 +15.00',
  '2026-01-31T12:00:00 +01.60',
  ' 2026-01-31T00:00:00 +00.00',
  '',
];
// v1.2: UTC with a Z.
const UTC_VALID = ['2026-01-31T00:00:00Z', '2026-12-31T23:59:59Z', '2024-02-29T12:00:00Z', '2000-02-29T00:00:00Z'];
const UTC_INVALID = [
  '2026-01-31T00:00:00 +00.00',
  '2026-01-31T00:00:00+00:00',
  '2026-01-31T00:00:00.000Z',
  '2026-01-31T00:00:00z',
  '2026-01-31 00:00:00Z',
  '2026-01-31T00:00:00',
  '2026-02-30T00:00:00Z',
  '2025-02-29T00:00:00Z',
  '2100-02-29T00:00:00Z',
  '2026-06-31T00:00:00Z',
  '2026-01-31T25:00:00Z',
  '2026-01-31',
];
// Card dates: calendar dates only.
const DATE_VALID = ['2028-12-31', '2028-02-29', '2026-01-01'];
const DATE_INVALID = ['2028-12-31T00:00:00Z', '2028-12-31T00:00:00 +00.00', '31-12-2028', '2028/12/31', '2028-12', '12/28', '2027-02-29', '2028-02-30', '2028-13-01', '2028-1-5', ''];

const FORMAT: Record<OrderVersion, { valid: string[]; invalid: string[] }> = {
  '1': { valid: OFFSET_VALID, invalid: OFFSET_INVALID },
  '1.1': { valid: OFFSET_VALID, invalid: OFFSET_INVALID },
  '1.2': { valid: UTC_VALID, invalid: UTC_INVALID },
};

const valid: RuleCase[] = [];
const invalid: InvalidCase[] = [];
for (const version of ['1', '1.1', '1.2'] as const) {
  valid.push({ name: `the valid v${version} fixture`, payload: validOrder(version), version });
  for (const value of FORMAT[version].valid) {
    valid.push({ name: `v${version} dateTimeWantedDeliveryDate "${value}"`, version, payload: set(validOrder(version), WANTED, value) });
  }
  for (const value of FORMAT[version].invalid) {
    invalid.push({
      name: `v${version} dateTimeWantedDeliveryDate "${value}"`,
      version,
      payload: set(validOrder(version), WANTED, value),
      errors: [{ rule: 'date-format', path: WANTED }],
    });
  }
  for (const value of DATE_VALID) {
    valid.push({
      name: `v${version} card dates "${value}"`,
      version,
      payload: change(validOrder(version), { [CARD_EXPIRY]: value, [AUTH_EXPIRY]: value }),
    });
  }
  for (const value of DATE_INVALID) {
    invalid.push({
      name: `v${version} card dates "${value}"`,
      version,
      payload: change(validOrder(version), { [CARD_EXPIRY]: value, [AUTH_EXPIRY]: value }),
      errors: [
        { rule: 'date-format', path: CARD_EXPIRY },
        { rule: 'date-format', path: AUTH_EXPIRY },
      ],
    });
  }
  // The example-body spelling is checked as the member it stands for.
  invalid.push({
    name: `v${version} datetimeWantedDeliveryDate (example spelling) with an impossible date`,
    version,
    payload: change(validOrder(version), {
      [WANTED]: undefined,
      [`${CR}/order/datetimeWantedDeliveryDate`]: version === '1.2' ? '2026-02-30T00:00:00Z' : '2026-02-30T00:00:00 +00.00',
    }),
    errors: [{ rule: 'date-format', path: `${CR}/order/datetimeWantedDeliveryDate` }],
  });
  // Response-only date-times still follow the version's format.
  invalid.push({
    name: `v${version} requestHeader.dateTimeSent in the other version's format`,
    version,
    payload: set(validOrder(version), `${CR}/requestHeader/dateTimeSent`, version === '1.2' ? '2026-01-31T00:00:00 +00.00' : '2026-01-31T00:00:00Z'),
    errors: [{ rule: 'date-format', path: `${CR}/requestHeader/dateTimeSent` }],
  });
}
valid.push({ name: 'v1.2 item dateTimes object (fields not shown by the spec)', version: '1.2', payload: set(validOrder('1.2'), `${CR}/item/0/dateTimes`, { created: 'any' }) });

ruleTester('date-format', 'order', { valid, invalid });

const RMA_DATE = '/rma/dateTimeOrder';
ruleTester('date-format', 'return', {
  valid: [
    { name: 'the valid return fixture', payload: validReturn() },
    ...OFFSET_VALID.map((value) => ({ name: `rma.dateTimeOrder "${value}"`, payload: set(validReturn(), RMA_DATE, value) })),
  ],
  invalid: [
    ...OFFSET_INVALID.map((value) => ({
      name: `rma.dateTimeOrder "${value}"`,
      payload: set(validReturn(), RMA_DATE, value),
      errors: [{ rule: 'date-format', path: RMA_DATE }],
    })),
    {
      name: 'rma.dateTimeOrder in the v1.2 UTC format',
      payload: set(validReturn(), RMA_DATE, '2026-02-20T00:00:00Z'),
      errors: [{ rule: 'date-format', path: RMA_DATE }],
    },
  ],
});
