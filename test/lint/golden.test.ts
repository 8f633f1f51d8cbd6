/**
 * Small, readable goldens of the linter's whole output (rule, severity, path, message),
 * one Markdown file per rule family in __golden__/. Each case is the canonical valid
 * payload of test/fixtures.ts with a few named changes. A change of output shows up as a
 * readable diff of these files; to accept an intended one: npx vitest run test/lint/golden.test.ts -u
 */
import { describe, expect, it } from 'vitest';
import { lintBatch, lintOrder, lintReturn } from '../../src/lint/engine';
import type { Problem } from '../../src/lint/types';
import { FMS_PROFILE, PROFILE, change, validOrder, validReturn } from '../fixtures';

interface GoldenCase {
  /** What the case shows. */
  readonly name: string;
  /** `order` (v1.1 unless `version`) or `return`. */
  readonly kind?: 'order' | 'return';
  readonly version?: '1' | '1.1' | '1.2';
  /** `fms` (the FMS profile of the fixtures), `basic` (a profile without FMS), or none. */
  readonly profile?: 'fms' | 'basic';
  /** Changes to the canonical payload by JSON Pointer (undefined removes). */
  readonly edits: Readonly<Record<string, unknown>>;
}

const CR = '/clientRequest';
const P0 = `${CR}/partner/0`;
const P1 = `${CR}/partner/1`;
const eur = (amountType: string, value: string) => ({ currencyISO3: 'EUR', amountType, value });
const usAddress = { address: [{ line: '1', value: 'Main St 1' }], postalCode: '73301', city: 'Austin', countryISO2: 'US' };

const FAMILIES: Readonly<Record<string, readonly GoldenCase[]>> = {
  structure: [
    { name: 'no clientRequest wrapper', edits: { [CR]: undefined, '/requestHeader': { client: 'ACME' } } },
    { name: 'a required member missing, another null', edits: { [`${CR}/requestHeader/client`]: undefined, [`${CR}/order/shipServiceLevel`]: null } },
    { name: 'wrong JSON types: one problem each, nothing below', edits: { [`${CR}/order`]: 5, [`${CR}/item/0/quantity`]: [1], [`${CR}/item/1/amount`]: {} } },
    { name: 'null in optional, response-only and example-spelling members', edits: { [`${CR}/requestHeader/requestStatus`]: null, [`${CR}/payment/transactionId`]: null, [`${P0}/personData/locale`]: null } },
    { name: 'example spellings beside their schema twins: the twin content is checked', edits: { [`${CR}/payment/entityId`]: 'E'.repeat(51), [`${CR}/order/datetimeWantedDeliveryDate`]: '2026-02-30T00:00:00 +01.00' } },
    { name: 'members of later versions, response-only members, unknown members', version: '1', edits: { [`${CR}/order/poNumber`]: 'PO-1', [`${CR}/order/orderId`]: 'SO-1', [`${CR}/order/Maximiliane`]: 1 } },
    { name: 'blank strings where a value is required', profile: 'fms', edits: { [`${CR}/requestHeader/client`]: ' ', [`${P0}/addressData/city`]: '', [`${CR}/payment/cardData/holder`]: '\t' } },
    { name: 'non-JSON objects', edits: { [`${CR}/requestHeader`]: 'replaced below by a Map' } },
  ],
  values: [
    { name: 'enumerations, and the ambiguous values of the guidance text', edits: { [`${CR}/order/shipServiceLevel`]: 'PUO', [`${CR}/payment/amount/0/amountType`]: 'capture', [`${CR}/payment/paymentMethod`]: 'Bitcoin' } },
    { name: 'lengths in code points', edits: { [`${P0}/personData/firstName`]: '😀'.repeat(21), [`${P0}/personData/lastName`]: '😀'.repeat(20) } },
    { name: 'numerals', edits: { [`${CR}/item/0/quantity/value`]: '1,5', [`${CR}/item/0/taxFactor`]: '19%', [`${CR}/item/1/amount/0/value`]: '+15' } },
    { name: 'dates: calendar and format per version', version: '1.2', edits: { [`${CR}/order/dateTimeWantedDeliveryDate`]: '2026-03-01T00:00:00 +01.00', [`${CR}/payment/cardData/dateCardExpiry`]: '2028-02-30' } },
    { name: 'key characters (v1.2)', version: '1.2', edits: { [`${CR}/requestHeader/requestReference`]: 'REQ 1001/a', [`${CR}/item/0/sku`]: 'SKU_1.ä' } },
    { name: 'codes: country, currency, locale; user-assigned codes are not codes', edits: { [`${P0}/addressData/countryISO2`]: 'XK', [`${CR}/item/0/amount/0/currencyISO3`]: 'eur', [`${P1}/personData/locale`]: 'en-XX' } },
    { name: 'e-mail and URL formats', kind: 'return', edits: { '/partner/0/personData/email/0/value': 'jane.doe', '/rma/clientReturnURL': 'https:///returns' } },
    { name: 'an empty item list', edits: { [`${CR}/item`]: [] } },
  ],
  partners: [
    { name: 'partner roles: a role twice, a role missing', edits: { [`${P1}/partnerType`]: 'BillTo' } },
    { name: 'address lines: numbering, line 1 value, no lines', edits: { [`${P0}/addressData/address`]: [{ line: '2', value: 'x' }, { line: '1' }], [`${P1}/addressData/address`]: [] } },
    { name: 'states of US, MX, CA, AU: missing, blank, unknown', edits: { [`${P0}/addressData`]: { ...usAddress, state: '' }, [`${P1}/addressData`]: { ...usAddress, countryISO2: 'MX', state: 'XX' } } },
    { name: 'a company without a name', edits: { [`${P1}/companyData`]: { taxNumber: 'DE1' } } },
    { name: 'client name and e-invoice locale (FMS profile)', profile: 'fms', edits: { [`${CR}/requestHeader/client`]: 'Other', [`${P0}/personData/locale`]: undefined } },
    { name: 'returns: country name, single phone, state', kind: 'return', edits: { '/partner/0/addressData/countryName': 'Deutschland', '/partner/0/personData/phone/1': { phoneType: 'home', value: '+49 30 1' } } },
    { name: 'returns: a Canadian address without state', kind: 'return', edits: { '/partner/0/addressData/countryISO3': 'CAN', '/partner/0/addressData/countryName': 'Canada' } },
  ],
  'items and money': [
    { name: 'item ids: the first wrong one only', edits: { [`${CR}/item/1/itemId`]: '7', [`${CR}/item/2/itemId`]: '8' } },
    { name: 'netprice missing, a negative price', edits: { [`${CR}/item/0/amount`]: [eur('grossprice', '47.60')], [`${CR}/item/1/amount/0/value`]: '-15.00' } },
    { name: 'shipping-cost items: a second one, a zero price', profile: 'basic', edits: { [`${CR}/item/3`]: { itemId: '4', sku: 'ACME_SHIPCOSTS', quantity: { uom: 'EA', value: '1' }, amount: [eur('netprice', '0.00')] } } },
    { name: 'totals, mixed currencies, precision', edits: { [`${CR}/order/amount/2/value`]: '120.00', [`${CR}/item/1/amount/0/currencyISO3`]: 'USD', [`${CR}/item/0/amount/0/value`]: '40.001' } },
    {
      name: 'order discount and WEEE items (FMS)',
      profile: 'fms',
      edits: {
        [`${CR}/item/3`]: { itemId: '4', sku: 'ACME_DISCOUNT', quantity: { uom: 'BX', value: '1' }, amount: [eur('netprice', '-8.40')], taxLevel: '' },
        [`${CR}/item/4`]: { itemId: '5', sku: 'ACME_WEEE', quantity: { uom: 'EA', value: '1' }, amount: [eur('netprice', '0.84')], localizedDescription: 'WEEE SKU-10' },
      },
    },
  ],
  'payment and FMS': [
    { name: 'payment status does not fit the method', profile: 'fms', edits: { [`${CR}/payment/status`]: 'paid' } },
    { name: 'payment status missing or null under FMS', profile: 'fms', edits: { [`${CR}/payment/status`]: undefined } },
    { name: 'card data: digits and missing members', profile: 'fms', edits: { [`${CR}/payment/cardData/bin`]: '4111', [`${CR}/payment/cardData/last4digits`]: '', [`${CR}/payment/cardData/dateAuthExpiry`]: undefined } },
    { name: 'payment review: one field alone, a wrong value', profile: 'fms', edits: { [`${CR}/order/dynamicField/1`]: { name: 'PROCESSAUTHSTATUS', value: 'review' } } },
    { name: 'an Italian order without FISCAL_CODE', profile: 'fms', edits: { [`${P1}/addressData/countryISO2`]: 'IT' } },
    { name: 'an Italian order with a blank FISCAL_CODE', profile: 'fms', edits: { [`${P1}/addressData/countryISO2`]: 'IT', [`${CR}/order/dynamicField/1`]: { name: 'FISCAL_CODE', value: ' ' } } },
  ],
  returns: [
    { name: 'RMALinePrice missing, not numeric', kind: 'return', edits: { '/item/0/dynamicField': [{ name: 'RMALinePrice', value: '47,60' }], '/item/1': { sku: 'SKU-2', quantity: { uom: 'EA', value: '1' }, amount: [eur('netprice', '1.00')] } } },
    { name: 'a return reason not agreed', kind: 'return', profile: 'basic', edits: { '/rma/returnReason': 'changed-mind' } },
    { name: 'transactionId may be null; other nulls are type', kind: 'return', edits: { '/rma/transactionId': null, '/rma/language': null } },
  ],
};

function lintCase(c: GoldenCase): Problem[] {
  const profile = c.profile === 'fms' ? FMS_PROFILE : c.profile === 'basic' ? PROFILE : undefined;
  const options = profile ? { profile } : {};
  if (c.kind === 'return') return lintReturn(change(validReturn(), c.edits), options);
  const payload = change(validOrder(c.version ?? '1.1'), c.edits);
  if (c.name === 'non-JSON objects') payload.clientRequest.requestHeader = new Map(Object.entries(validOrder().clientRequest.requestHeader));
  return lintOrder(payload, { version: c.version ?? '1.1', ...options });
}

function render(family: string, cases: readonly GoldenCase[]): string {
  const lines = [`# Golden: ${family}`, '', 'Generated by test/lint/golden.test.ts; review diffs of this file like code.', ''];
  for (const c of cases) {
    lines.push(`## ${c.name}`, '', `${c.kind ?? 'order'}${c.kind === 'return' ? '' : ` v${c.version ?? '1.1'}`}${c.profile ? `, ${c.profile} profile` : ''}`, '');
    for (const [pointer, value] of Object.entries(c.edits)) lines.push(`- \`${pointer}\` ← ${value === undefined ? '(removed)' : `\`${JSON.stringify(value)}\``}`);
    lines.push('');
    const problems = lintCase(c);
    if (problems.length === 0) lines.push('(no problems)');
    for (const p of problems) lines.push(`- ${p.severity} \`${p.rule}\` \`${p.path}\`: ${p.message}`);
    lines.push('');
  }
  return lines.join('\n');
}

describe('golden output by rule family', () => {
  it.each(Object.keys(FAMILIES))('%s', async (family) => {
    await expect(render(family, FAMILIES[family]!)).toMatchFileSnapshot(`./__golden__/${family.replace(/ /g, '-')}.md`);
  });

  it('batches: duplicate requestReference across payloads, externalMessageReference repeats are fine', async () => {
    const a = validOrder();
    const b = change(validOrder(), { [`${CR}/requestHeader/externalMessageReference`]: 'MSG-2' });
    const c = change(validOrder(), { [`${CR}/requestHeader/requestReference`]: 'REQ-2' });
    const text = lintBatch([a, b, c, null], { kind: 'order', version: '1.1' })
      .map((problems, i) => [`## payload ${i}`, '', ...(problems.length ? problems.map((p) => `- ${p.severity} \`${p.rule}\` \`${p.path}\`: ${p.message}`) : ['(no problems)']), ''].join('\n'))
      .join('\n');
    await expect(`# Golden: batch\n\n${text}`).toMatchFileSnapshot('./__golden__/batch.md');
  });
});
