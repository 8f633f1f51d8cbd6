import { ORDER_VERSIONS } from '../../src/schema/tables';
import { FMS_PROFILE, PROFILE, change, set, validOrder } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'shipping-cost-item';
const eur = (amountType: string, value: string) => ({ currencyISO3: 'EUR', amountType, value });
const shipping = (itemId: string, sku = 'ACME_SHIPCOSTS', amount: unknown[] = [eur('netprice', '5.00'), eur('grossprice', '5.95')]) => ({
  itemId,
  sku,
  quantity: { uom: 'EA', value: '1' },
  amount,
});
const twice = set(validOrder(), '/clientRequest/item/3', shipping('4'));

ruleTester(rule, 'order', {
  valid: [
    ...ORDER_VERSIONS.map((version) => ({ name: `one priced shipping-cost item (v${version})`, payload: validOrder(version), version, profile: PROFILE })),
    { name: 'the FMS profile has the same client code', payload: validOrder(), profile: FMS_PROFILE },
    { name: 'no shipping costs: no shipping-cost item', payload: set(validOrder(), '/clientRequest/item/2', undefined), profile: PROFILE },
    { name: 'a grossprice only', payload: set(validOrder(), '/clientRequest/item/2/amount/0', undefined), profile: PROFILE },
    {
      name: 'a zero gross with a net shipping cost',
      payload: set(validOrder(), '/clientRequest/item/2/amount/1/value', '0.00'),
      profile: PROFILE,
    },
    { name: 'no profile: not checked', payload: twice },
    {
      name: 'a profile shippingCostSku replaces the default SKU',
      payload: set(twice, '/clientRequest/item/4', shipping('5', 'SHIP-FEE')),
      profile: { ...PROFILE, shippingCostSku: 'SHIP-FEE' },
    },
  ],
  invalid: [
    ...ORDER_VERSIONS.map((version) => ({
      name: `two shipping-cost items (v${version})`,
      payload: set(validOrder(version), '/clientRequest/item/3', shipping('4')),
      version,
      profile: PROFILE,
      errors: [{ rule, path: '/clientRequest/item/3/sku' }],
    })),
    {
      name: 'three shipping-cost items: every one after the first',
      payload: set(twice, '/clientRequest/item/4', shipping('5')),
      profile: FMS_PROFILE,
      errors: [
        { rule, path: '/clientRequest/item/3/sku' },
        { rule, path: '/clientRequest/item/4/sku' },
      ],
    },
    {
      name: 'a shipping-cost item without amount',
      payload: set(validOrder(), '/clientRequest/item/2/amount', undefined),
      profile: PROFILE,
      errors: [{ rule, path: '/clientRequest/item/2/amount' }],
    },
    {
      name: 'a shipping-cost item with only a totalNet amount',
      payload: set(validOrder(), '/clientRequest/item/2/amount', [eur('totalNet', '5.00')]),
      profile: PROFILE,
      errors: [{ rule, path: '/clientRequest/item/2/amount' }],
    },
    {
      name: 'a shipping-cost item with non-numeric prices',
      payload: change(validOrder(), { '/clientRequest/item/2/amount/0/value': 'five', '/clientRequest/item/2/amount/1/value': '' }),
      profile: PROFILE,
      errors: [{ rule, path: '/clientRequest/item/2/amount' }],
    },
    {
      name: 'a shipping-cost item priced zero should be omitted',
      payload: change(validOrder('1.2'), { '/clientRequest/item/2/amount/0/value': '0.00', '/clientRequest/item/2/amount/1/value': '0' }),
      version: '1.2',
      profile: PROFILE,
      errors: [{ rule, path: '/clientRequest/item/2/amount' }],
    },
    {
      name: 'a second shipping-cost item without price',
      payload: set(validOrder(), '/clientRequest/item/3', shipping('4', 'ACME_SHIPCOSTS', [])),
      profile: PROFILE,
      errors: [
        { rule, path: '/clientRequest/item/3/sku' },
        { rule, path: '/clientRequest/item/3/amount' },
      ],
    },
    {
      name: 'the profile shippingCostSku without price',
      payload: set(validOrder(), '/clientRequest/item/3', shipping('4', 'SHIP-FEE', [])),
      profile: { ...PROFILE, shippingCostSku: 'SHIP-FEE' },
      errors: [{ rule, path: '/clientRequest/item/3/amount' }],
    },
  ],
});
