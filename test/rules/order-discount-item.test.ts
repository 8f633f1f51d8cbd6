import { ORDER_VERSIONS } from '../../src/schema/tables';
import { FMS_PROFILE, PROFILE, change, set, validOrder } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'order-discount-item';
const eur = (amountType: string, value: string) => ({ currencyISO3: 'EUR', amountType, value });
const at = (...tokens: string[]) => ({ rule, path: ['/clientRequest/item/3', ...tokens].join('/') });

/** A 10 EUR order discount: negative net and gross, described like any other item. */
const discountItem = {
  itemId: '4',
  sku: 'ACME_DISCOUNT',
  quantity: { uom: 'EA', value: '1' },
  amount: [eur('netprice', '-8.40'), eur('grossprice', '-10.00')],
  taxLevel: 'HIGH',
  taxFactor: '1.19',
  pricing: 'grosspricing',
  localizedDescription: 'Rabatt 10 EUR',
};
const withDiscount = (version: '1' | '1.1' | '1.2' = '1.1') => set(validOrder(version), '/clientRequest/item/3', discountItem);
const positive = change(withDiscount(), { '/clientRequest/item/3/amount/0/value': '8.40', '/clientRequest/item/3/amount/1/value': '10.00' });

ruleTester(rule, 'order', {
  valid: [
    ...ORDER_VERSIONS.map((version) => ({ name: `a complete order-discount item (v${version})`, payload: withDiscount(version), version, profile: FMS_PROFILE })),
    { name: 'no order-discount item', payload: validOrder(), profile: FMS_PROFILE },
    { name: 'not FMS: not checked', payload: positive, profile: { ...PROFILE, orderDiscountSku: 'ACME_DISCOUNT' } },
    { name: 'FMS without orderDiscountSku: not checked', payload: positive, profile: { ...FMS_PROFILE, orderDiscountSku: undefined } },
    { name: 'no profile: not checked', payload: positive },
  ],
  invalid: [
    ...ORDER_VERSIONS.map((version) => ({
      name: `positive net and gross prices (v${version})`,
      payload: change(withDiscount(version), { '/clientRequest/item/3/amount/0/value': '8.40', '/clientRequest/item/3/amount/1/value': '10.00' }),
      version,
      profile: FMS_PROFILE,
      errors: [at('amount')],
    })),
    { name: 'no grossprice', payload: set(withDiscount(), '/clientRequest/item/3/amount/1', undefined), profile: FMS_PROFILE, errors: [at('amount')] },
    { name: 'no netprice', payload: set(withDiscount(), '/clientRequest/item/3/amount/0', undefined), profile: FMS_PROFILE, errors: [at('amount')] },
    { name: 'a gross of minus zero', payload: set(withDiscount(), '/clientRequest/item/3/amount/1/value', '-0.00'), profile: FMS_PROFILE, errors: [at('amount')] },
    { name: 'no amount at all', payload: set(withDiscount(), '/clientRequest/item/3/amount', undefined), profile: FMS_PROFILE, errors: [at('amount')] },
    { name: 'uom BX', payload: set(withDiscount(), '/clientRequest/item/3/quantity/uom', 'BX'), profile: FMS_PROFILE, errors: [at('quantity', 'uom')] },
    {
      name: 'no quantity: its one problem is required',
      payload: set(withDiscount(), '/clientRequest/item/3/quantity', undefined),
      profile: FMS_PROFILE,
      errors: [{ rule: 'required', path: at('quantity').path }],
    },
    {
      name: 'a quantity of another type: its one problem is type (type first)',
      payload: set(withDiscount(), '/clientRequest/item/3/quantity', [1]),
      profile: FMS_PROFILE,
      errors: [{ rule: 'type', path: at('quantity').path }],
    },
    { name: 'no taxLevel', payload: set(withDiscount(), '/clientRequest/item/3/taxLevel', undefined), profile: FMS_PROFILE, errors: [at('taxLevel')] },
    { name: 'an empty pricing is given, and blank', payload: set(withDiscount(), '/clientRequest/item/3/pricing', ''), profile: FMS_PROFILE, errors: [{ rule: 'blank-value', path: at('pricing').path }] },
    {
      name: 'a bare discount item: every member reported',
      payload: set(validOrder('1'), '/clientRequest/item/3', { itemId: '4', sku: 'ACME_DISCOUNT', quantity: { uom: 'CS', value: '1' }, amount: [eur('discount', '-10.00')] }),
      version: '1',
      profile: FMS_PROFILE,
      errors: [at('amount'), at('quantity', 'uom'), at('taxLevel'), at('taxFactor'), at('pricing'), at('localizedDescription')],
    },
    {
      name: 'two discount items, the second without localizedDescription',
      payload: set(withDiscount(), '/clientRequest/item/4', { ...discountItem, itemId: '5', localizedDescription: undefined }),
      profile: FMS_PROFILE,
      errors: [{ rule, path: '/clientRequest/item/4/localizedDescription' }],
    },
  ],
});
