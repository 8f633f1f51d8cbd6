import { ruleTester } from './_harness';
import { change, set, validOrder, validReturn } from '../fixtures';

const CR = '/clientRequest';
const ORDER_VALUE = `${CR}/order/amount/0/value`;
const ITEM_VALUE = `${CR}/item/0/amount/1/value`;
const PAYMENT_VALUE = `${CR}/payment/amount/0/value`;
const QUANTITY = `${CR}/item/0/quantity/value`;
const TAX_FACTOR = `${CR}/item/0/taxFactor`;

const NOT_NUMERIC = ['12,50', '1e3', ' 12', '12 ', '12.', '.5', '+1', '', 'ten', '1.2.3', '0x10', 'NaN', 'Infinity', '１２'];

ruleTester('numeric-text', 'order', {
  valid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, version, payload: validOrder(version) })),
    ...['0', '-10.00', '-0.5', '100', '0.001', '123456789012345678901234567890.99'].map((value) => ({
      name: `amount value "${value}" (a minus sign is allowed)`,
      payload: change(validOrder(), { [ORDER_VALUE]: value, [PAYMENT_VALUE]: value, [ITEM_VALUE]: value }),
    })),
    ...['1', '0', '2.5', '10.000'].map((value) => ({ name: `quantity "${value}"`, payload: set(validOrder(), QUANTITY, value) })),
    ...['1.20', '1', '0.07'].map((value) => ({ name: `taxFactor "${value}"`, payload: set(validOrder(), TAX_FACTOR, value) })),
  ],
  invalid: [
    ...NOT_NUMERIC.map((value) => ({
      name: `amount value "${value}" in order, payment and item amounts`,
      payload: change(validOrder(), { [ORDER_VALUE]: value, [PAYMENT_VALUE]: value, [ITEM_VALUE]: value }),
      errors: [ORDER_VALUE, PAYMENT_VALUE, ITEM_VALUE].map((path) => ({ rule: 'numeric-text', path })),
    })),
    ...['-1', '-0.5', ...NOT_NUMERIC].map((value) => ({
      name: `quantity "${value}" (no sign allowed)`,
      payload: set(validOrder(), QUANTITY, value),
      errors: [{ rule: 'numeric-text', path: QUANTITY }],
    })),
    ...['20%', '-1.20', '1,20', 'HIGH', ''].map((value) => ({
      name: `taxFactor "${value}"`,
      payload: set(validOrder(), TAX_FACTOR, value),
      errors: [{ rule: 'numeric-text', path: TAX_FACTOR }],
    })),
    {
      name: 'v1.2 amount value with a thousands separator',
      version: '1.2',
      payload: set(validOrder('1.2'), ORDER_VALUE, '1,000.00'),
      errors: [{ rule: 'numeric-text', path: ORDER_VALUE }],
    },
  ],
});

const R_QUANTITY = '/item/0/quantity/value';
const R_RMA_VALUE = '/rma/amount/value';
const R_ITEM_VALUE = '/item/0/amount/0/value';

ruleTester('numeric-text', 'return', {
  valid: [
    { name: 'the valid return fixture', payload: validReturn() },
    { name: 'quantity "3"', payload: set(validReturn(), R_QUANTITY, '3') },
    { name: 'negative amount values', payload: change(validReturn(), { [R_RMA_VALUE]: '-1.00', [R_ITEM_VALUE]: '-40.00' }) },
    { name: 'RMALinePrice is checked by rma-line-price, not here', payload: set(validReturn(), '/item/0/dynamicField/0/value', 'n/a') },
  ],
  invalid: [
    ...['-1', '1,5', 'one', ''].map((value) => ({
      name: `quantity "${value}"`,
      payload: set(validReturn(), R_QUANTITY, value),
      errors: [{ rule: 'numeric-text', path: R_QUANTITY }],
    })),
    {
      name: 'amount values with a decimal comma',
      payload: change(validReturn(), { [R_RMA_VALUE]: '47,60', [R_ITEM_VALUE]: '40,00' }),
      errors: [
        { rule: 'numeric-text', path: R_RMA_VALUE },
        { rule: 'numeric-text', path: R_ITEM_VALUE },
      ],
    },
  ],
});
