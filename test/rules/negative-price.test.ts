import { ORDER_VERSIONS } from '../../src/schema/tables';
import { FMS_PROFILE, PROFILE, change, set, validOrder } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'negative-price';
const at = (item: number, amount: number) => ({ rule, path: `/clientRequest/item/${item}/amount/${amount}/value` });
const eur = (amountType: string, value: string) => ({ currencyISO3: 'EUR', amountType, value });

const discountItem = {
  itemId: '4',
  sku: 'ACME_DISCOUNT',
  quantity: { uom: 'EA', value: '1' },
  amount: [eur('netprice', '-8.40'), eur('grossprice', '-10.00')],
  taxLevel: 'HIGH',
  taxFactor: '1.19',
  pricing: 'grosspricing',
  localizedDescription: 'Rabatt',
};
const withDiscount = set(validOrder(), '/clientRequest/item/3', discountItem);

ruleTester(rule, 'order', {
  valid: [
    ...ORDER_VERSIONS.map((version) => ({ name: `the fixture (v${version})`, payload: validOrder(version), version, profile: FMS_PROFILE })),
    { name: 'the order-discount item with negative net and gross', payload: withDiscount, profile: FMS_PROFILE },
    {
      name: 'the order-discount SKU is exempt whenever the profile names it',
      payload: withDiscount,
      profile: { ...PROFILE, orderDiscountSku: 'ACME_DISCOUNT' },
    },
    { name: 'minus zero is not negative', payload: set(validOrder(), '/clientRequest/item/0/amount/1/value', '-0.00') },
    {
      name: 'a v1 discount amount is a deduction by nature',
      payload: set(validOrder('1'), '/clientRequest/item/0/amount/2', eur('discount', '-5.00')),
      version: '1',
    },
    { name: 'order-level amounts are not prices', payload: set(validOrder(), '/clientRequest/order/amount/0/value', '-100.00') },
    { name: 'payment amounts are not prices', payload: set(validOrder(), '/clientRequest/payment/amount/0/value', '-119.00') },
    { name: 'non-numeric text is left to numeric-text', payload: set(validOrder(), '/clientRequest/item/0/amount/0/value', '-4O.00') },
  ],
  invalid: [
    ...ORDER_VERSIONS.map((version) => ({
      name: `a negative netprice on a product (v${version})`,
      payload: set(validOrder(version), '/clientRequest/item/0/amount/0/value', '-40.00'),
      version,
      errors: [at(0, 0)],
    })),
    {
      name: 'negative net and gross on a product',
      payload: change(validOrder(), { '/clientRequest/item/1/amount/0/value': '-15', '/clientRequest/item/1/amount/1/value': '-17.85' }),
      profile: FMS_PROFILE,
      errors: [at(1, 0), at(1, 1)],
    },
    { name: 'a negative shipping cost', payload: set(validOrder(), '/clientRequest/item/2/amount/1/value', '-5.95'), errors: [at(2, 1)] },
    { name: 'the discount item without a profile naming its SKU', payload: withDiscount, profile: PROFILE, errors: [at(3, 0), at(3, 1)] },
    { name: 'the discount item without any profile', payload: withDiscount, errors: [at(3, 0), at(3, 1)] },
    // discount is v1's amount type only (freightCosts replaces it): elsewhere a negative one is a negative price, as any other type's.
    ...(['1.1', '1.2'] as const).map((version) => ({
      name: `a negative discount amount (v${version}, which has no discount type)`,
      payload: set(validOrder(version), '/clientRequest/item/0/amount/2', eur('discount', '-5.00')),
      version,
      errors: [at(0, 2)],
    })),
    {
      name: 'a one-cent negative grossprice',
      payload: set(validOrder('1.1'), '/clientRequest/item/0/amount/1', eur('grossprice', '-0.01')),
      errors: [at(0, 1)],
    },
  ],
});
