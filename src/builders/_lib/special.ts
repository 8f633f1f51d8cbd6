/**
 * Shared steps of the functions that add an operator item (shipping costs, order
 * discount): the tax treatment defaults to the order's regular items.
 */
import { LIMITS } from '../../schema/tables';
import { fail, isAbsent, oneOf, optionalText } from './errors';
import { PRICINGS, taxFactorOf, type Pricing, type TaxFactor } from './money';
import { commonTax, regularTaxes, sameRate, type Json } from './payload';

/** Tax input of an operator item. */
export interface ItemTaxInput {
  /** VAT factor such as `"1.19"`; default: the factor shared by all regular items. */
  taxFactor?: string;
  /** Tax level; default: the level shared by the regular items of that factor. */
  taxLevel?: string;
  /** Whether the amount given is net or gross; default: the pricing of the regular items. */
  pricing?: Pricing;
}

/**
 * Checks the form of the tax members given for an operator item that is not added (a zero
 * amount adds nothing, so no tax treatment is needed, and none is required).
 */
export function checkTaxMembers(input: Record<string, unknown>, field: string): void {
  if (!isAbsent(input.taxFactor)) taxFactorOf(input.taxFactor, `${field}.taxFactor`);
  optionalText(input.taxLevel, `${field}.taxLevel`, { max: LIMITS.taxLevel });
  if (!isAbsent(input.pricing)) oneOf(input.pricing, `${field}.pricing`, PRICINGS);
}

/** Resolves the tax treatment of an operator item from its input and the order's items. */
export function taxOfSpecial(
  input: Record<string, unknown>,
  field: string,
  items: readonly Json[],
  specials: Set<string>,
): { factor: TaxFactor; taxLevel: string | undefined; pricing: Pricing } {
  const taxes = regularTaxes(items, specials);
  const common = commonTax(taxes);
  let factor: TaxFactor;
  if (isAbsent(input.taxFactor)) {
    if (!common.factor) fail(`${field}.taxFactor`, 'is required when the order items do not share one tax factor', TypeError);
    factor = common.factor;
  } else {
    factor = taxFactorOf(input.taxFactor, `${field}.taxFactor`);
  }
  // The level of the regular items of this factor, when they all carry the same one.
  const levels = new Set(taxes.filter((tax) => sameRate(tax.factor, factor)).map((tax) => tax.taxLevel));
  const [shared] = levels;
  const taxLevel = optionalText(input.taxLevel, `${field}.taxLevel`, { max: LIMITS.taxLevel }) ?? (levels.size === 1 ? shared : undefined);
  const pricing: Pricing = isAbsent(input.pricing) ? common.pricing : oneOf(input.pricing, `${field}.pricing`, PRICINGS);
  return { factor, taxLevel, pricing };
}
