/**
 * The client profile as the builders read it: checked once and copied, so the builder
 * and the lint call it makes see the same values, whatever getters the caller's
 * object has.
 */
import type { ClientProfile } from '../../lint/types';
import { LIMITS } from '../../schema/tables';
import { fail, flag, isAbsent, list, optionalText, record, requiredText } from './errors';

/**
 * Checks a profile and returns a plain copy of its members: `client` (required, max 40),
 * `clientCode` and the three SKUs (non-blank text when given), `fms` and
 * `processesCardData` (booleans when given), `returnReasons` (an array of strings).
 */
export function profileOf(value: unknown, field: string): ClientProfile {
  const p = record(value, field);
  // clientCode is optional here: only the shipping-cost SKU needs it, and skuOf says so.
  const profile = { client: requiredText(p.client, `${field}.client`, { max: LIMITS.client }) } as ClientProfile;
  for (const key of ['clientCode', 'shippingCostSku', 'orderDiscountSku', 'weeeSku'] as const) {
    const sku = optionalText(p[key], `${field}.${key}`);
    if (sku !== undefined) profile[key] = sku;
  }
  if (flag(p.fms, `${field}.fms`)) profile.fms = true;
  if (flag(p.processesCardData, `${field}.processesCardData`)) profile.processesCardData = true;
  if (!isAbsent(p.returnReasons)) {
    profile.returnReasons = list(p.returnReasons, `${field}.returnReasons`).map((reason, i) => {
      if (typeof reason !== 'string') fail(`${field}.returnReasons[${i}]`, 'must be a string', TypeError);
      return reason;
    });
  }
  return profile;
}
