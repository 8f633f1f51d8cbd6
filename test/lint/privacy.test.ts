/**
 * Messages never carry personal data: every personal field is filled with a
 * distinctive marker that also breaks a rule (too long, wrong format), and no
 * message or param may contain the marker or any 4-character piece of it.
 */
import { describe, expect, it } from 'vitest';
import { lintBatch, lintOrder, lintReturn } from '../../src/lint/engine';
import type { Problem } from '../../src/lint/types';
import { FMS_PROFILE, PROFILE, change, validOrder, validReturn } from '../fixtures';

const CR = '/clientRequest';

// Letters no English word or rule message strings together; numbers stay out (limits and lengths appear in messages).
const SYLLABLES = ['Qx', 'Zv', 'Jq', 'Wk', 'Xj', 'Vq', 'Kz', 'Pqx', 'Yzj', 'Fvq'];
let serial = 0;
/** A marker of `length` characters built from unlikely letter pairs, unique per call. */
function marker(length: number): string {
  const start = serial++;
  let out = '';
  for (let i = start; out.length < length; i++) out += SYLLABLES[i % SYLLABLES.length]! + SYLLABLES[(i * 7 + 3) % SYLLABLES.length]!;
  return out.slice(0, length);
}

const MARKERS: Record<string, string> = {
  firstName: marker(25),
  lastName: marker(26),
  shipFirstName: marker(27),
  shipLastName: marker(28),
  companyName: marker(75),
  taxNumber: marker(35),
  customerNumber: marker(33),
  phone: `+${marker(14)}`,
  companyPhone: marker(20),
  email: `${marker(12)}#${marker(12)}`,
  longEmail: `${marker(150)}@${marker(60)}.qxz`,
  line1: marker(45),
  line2: marker(41),
  postalCode: marker(12),
  city: marker(44),
  state: marker(4),
  holder: marker(80),
  bin: marker(7),
  last4: marker(5),
  userReference: marker(55),
  fiscalid: marker(36),
  requestReference: `${marker(8)} ${marker(50)}`,
  poNumber: `${marker(10)}#${marker(4)}`,
  sku: `${marker(10)} ${marker(10)}`,
  localizedDescription: marker(45),
  dynamicValue: marker(30),
};

function personalOrder(version: '1' | '1.1' | '1.2'): unknown {
  const m = MARKERS;
  return change(validOrder(version), {
    [`${CR}/requestHeader/requestReference`]: m.requestReference,
    [`${CR}/order/poNumber`]: m.poNumber,
    [`${CR}/order/dynamicField/0`]: { name: 'GIFT_MESSAGE', value: m.dynamicValue },
    [`${CR}/partner/0/personData/firstName`]: m.firstName,
    [`${CR}/partner/0/personData/lastName`]: m.lastName,
    [`${CR}/partner/0/personData/phone/0/value`]: m.phone,
    [`${CR}/partner/0/personData/email/0/value`]: m.email,
    [`${CR}/partner/0/personData/email/1`]: { emailType: 'email', value: m.longEmail },
    [`${CR}/partner/0/personData/fiscalId`]: m.fiscalid,
    [`${CR}/partner/0/companyData/name`]: m.companyName,
    [`${CR}/partner/0/companyData/taxNumber`]: m.taxNumber,
    [`${CR}/partner/0/companyData/customerNumber`]: m.customerNumber,
    [`${CR}/partner/0/companyData/phone`]: [{ phoneType: 'mobile', value: m.companyPhone }],
    [`${CR}/partner/0/addressData/address/0/value`]: m.line1,
    [`${CR}/partner/0/addressData/address/1/value`]: m.line2,
    [`${CR}/partner/0/addressData/postalCode`]: m.postalCode,
    [`${CR}/partner/0/addressData/city`]: m.city,
    [`${CR}/partner/0/addressData/state`]: m.state,
    [`${CR}/partner/0/addressData/countryISO2`]: 'US',
    [`${CR}/partner/1/personData/firstName`]: m.shipFirstName,
    [`${CR}/partner/1/personData/lastName`]: m.shipLastName,
    [`${CR}/partner/1/addressData/countryISO2`]: 'IT',
    [`${CR}/payment/cardData/holder`]: m.holder,
    [`${CR}/payment/cardData/bin`]: m.bin,
    [`${CR}/payment/cardData/last4digits`]: m.last4,
    [`${CR}/item/0/sku`]: m.sku,
    [`${CR}/item/0/localizedDescription`]: m.localizedDescription,
  });
}

function personalReturn(): unknown {
  const m = MARKERS;
  return change(validReturn(), {
    '/requestHeader/requestReference': m.requestReference,
    '/rma/userReference': m.userReference,
    '/rma/returnReason': m.dynamicValue,
    '/partner/0/personData/firstName': m.firstName,
    '/partner/0/personData/lastName': m.lastName,
    '/partner/0/personData/fiscalid': m.fiscalid,
    '/partner/0/personData/phone/0/value': m.phone,
    '/partner/0/personData/phone/1': { phoneType: 'home', value: m.companyPhone },
    '/partner/0/personData/email/0/value': m.email,
    '/partner/0/personData/email/1': { emailType: 'email', value: m.longEmail },
    '/partner/0/companyData': { phone: [{ value: m.companyPhone }] },
    '/partner/0/addressData/address/0/value': m.line1,
    '/partner/0/addressData/address/1': { line: '3', value: m.line2 },
    '/partner/0/addressData/postalCode': m.postalCode,
    '/partner/0/addressData/city': m.city,
    '/partner/0/addressData/state': m.state,
    '/partner/0/addressData/countryName': m.companyName,
    '/partner/0/addressData/countryISO3': 'USA',
    '/item/0/sku': `${m.sku}${m.sku}`,
    '/item/0/itemDescription': marker(210),
  });
}

/** Every 4-character piece of every marker, lower-cased. */
const PIECES = new Set(
  Object.values(MARKERS).flatMap((m) => {
    const out: string[] = [];
    const lower = m.toLowerCase();
    for (let i = 0; i + 4 <= lower.length; i++) out.push(lower.slice(i, i + 4));
    return out;
  }),
);

function leaks(problems: Problem[]): string[] {
  const found: string[] = [];
  for (const p of problems) {
    const texts = [p.message, JSON.stringify(p.params ?? {}), JSON.stringify(p.fix ?? {})].map((t) => t.toLowerCase());
    for (const text of texts) {
      for (let i = 0; i + 4 <= text.length; i++) {
        const piece = text.slice(i, i + 4);
        if (PIECES.has(piece)) {
          found.push(`${p.rule} at ${p.path}: "${piece}" in ${JSON.stringify(text)}`);
          break;
        }
      }
    }
  }
  return found;
}

describe('messages never echo personal data', () => {
  it('the markers are not pieces of ordinary text', () => {
    const ordinary = 'firstname lastname must be an e-mail address of the form local@domain; the limit is 20 characters.';
    for (let i = 0; i + 4 <= ordinary.length; i++) expect(PIECES.has(ordinary.slice(i, i + 4))).toBe(false);
  });

  it('the leak check finds a piece of a marker', () => {
    const probe: Problem = { rule: 'x', severity: 'error', path: '', message: `Name ${MARKERS.city!.slice(5, 9).toUpperCase()} is wrong.` };
    expect(leaks([probe])).toHaveLength(1);
  });

  it.each(['1', '1.1', '1.2'] as const)('orders v%s, with the FMS profile', (version) => {
    const problems = lintOrder(personalOrder(version), { version, profile: FMS_PROFILE });
    // The markers break rules, so there is plenty to say.
    expect(problems.length).toBeGreaterThan(15);
    expect(leaks(problems)).toEqual([]);
  });

  it('orders without a profile and with a non-FMS profile', () => {
    for (const profile of [undefined, PROFILE]) {
      const problems = lintOrder(personalOrder('1.1'), profile ? { version: '1.1', profile } : { version: '1.1' });
      expect(leaks(problems)).toEqual([]);
    }
  });

  it('returns, with and without a profile', () => {
    const problems = lintReturn(personalReturn(), { profile: FMS_PROFILE });
    expect(problems.length).toBeGreaterThan(10);
    expect(leaks(problems)).toEqual([]);
    expect(leaks(lintReturn(personalReturn()))).toEqual([]);
  });

  it('batches (duplicate requestReference)', () => {
    // A reference within its 50 characters: a longer one is rejected for its length and never compared.
    const reference = `${marker(8)} ${marker(30)}`;
    const order = change(personalOrder('1.1'), { [`${CR}/requestHeader/requestReference`]: reference });
    const orders = lintBatch([personalOrder('1.1'), personalOrder('1.1'), order, order], { kind: 'order', version: '1.1', profile: FMS_PROFILE });
    expect(orders.map((problems) => problems.some((p) => p.rule === 'duplicate-request-reference'))).toEqual([false, false, false, true]);
    expect(leaks(orders.flat())).toEqual([]);
    const ret = change(personalReturn(), { '/requestHeader/requestReference': reference });
    const returns = lintBatch([personalReturn(), personalReturn(), ret, ret], { kind: 'return', profile: FMS_PROFILE });
    expect(returns.map((problems) => problems.some((p) => p.rule === 'duplicate-request-reference'))).toEqual([false, false, false, true]);
    expect(leaks(returns.flat())).toEqual([]);
  });

  it('a marker used as a misspelt or unknown member value, or as an enum value', () => {
    const m = marker(30);
    const payload = change(validOrder('1.1'), {
      [`${CR}/payment/transactionId`]: m,
      [`${CR}/order/shipServiceLevel`]: m,
      [`${CR}/payment/paymentMethod`]: m,
      [`${CR}/partner/0/partnerType`]: m,
      [`${CR}/item/0/quantity/value`]: m,
      [`${CR}/order/amount/0/currencyISO3`]: m,
      [`${CR}/order/dateTimeWantedDeliveryDate`]: m,
      [`${CR}/partner/0/personData/locale`]: m,
    });
    const problems = lintOrder(payload, { version: '1.1', profile: FMS_PROFILE });
    const lower = m.toLowerCase();
    for (const p of problems) {
      const text = `${p.message} ${JSON.stringify(p.params ?? {})}`.toLowerCase();
      for (let i = 0; i + 4 <= lower.length; i++) expect(text, p.rule).not.toContain(lower.slice(i, i + 4));
    }
  });
});
