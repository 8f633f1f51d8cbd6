/**
 * Shared steps of the functions that add an operator item (shipping costs, order
 * discount): the tax treatment defaults to the order's regular items.
 */
import { LIMITS } from '../../schema/tables';
import { fail, oneOf, optionalText } from './errors';
import { PRICINGS, taxFactorOf, type Pricing, type TaxFactor } from './money';
import { commonTax, type Json } from './payload';

/** Tax input of an operator item. */
export interface ItemTaxInput {
  /** VAT factor such as `"1.19"`; default: the factor shared by all regular items. */
  taxFactor?: string;
  /** Tax level; default: the level shared by the regular items of that factor. */
  taxLevel?: string;
  /** Whether the amount given is net or gross; default: the pricing of the regular items. */
  pricing?: Pricing;
}

/** Resolves the tax treatment of an operator item from its input and the order's items. */
export function taxOfSpecial(
  input: Record<string, unknown>,
  field: string,
  items: readonly Json[],
  specials: Set<string>,
): { factor: TaxFactor; taxLevel: string | undefined; pricing: Pricing } {
  const common = commonTax(items, specials);
  let factor: TaxFactor;
  if (input.taxFactor === undefined) {
    if (!common.factor) fail(`${field}.taxFactor`, 'is required when the order items do not share one tax factor', TypeError);
    factor = common.factor;
  } else {
    factor = taxFactorOf(input.taxFactor, `${field}.taxFactor`);
  }
  const sameFactor = common.factor !== undefined && common.factor.numerator * factor.scale === factor.numerator * common.factor.scale;
  const taxLevel = optionalText(input.taxLevel, `${field}.taxLevel`, { max: LIMITS.taxLevel }) ?? (sameFactor ? common.taxLevel : undefined);
  const pricing: Pricing = input.pricing === undefined ? common.pricing : oneOf(input.pricing, `${field}.pricing`, PRICINGS);
  return { factor, taxLevel, pricing };
}
