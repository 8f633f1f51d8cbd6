import { ruleTester } from './_harness';
import { change, validOrder, validReturn } from '../fixtures';

const CR = '/clientRequest';
const ORDER_POINTERS = [
  `${CR}/order/amount/0/currencyISO3`,
  `${CR}/payment/amount/0/currencyISO3`,
  `${CR}/item/1/amount/0/currencyISO3`,
];
const RETURN_POINTERS = ['/rma/amount/currencyISO3', '/item/0/amount/1/currencyISO3'];
const everywhere = (payload: unknown, pointers: string[], code: string) =>
  change(payload, Object.fromEntries(pointers.map((p) => [p, code])));

const BAD = ['eur', 'Eur', 'EURO', 'EU', 'ABC', '€', '978', ''];

ruleTester('currency-code', 'order', {
  valid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, version, payload: validOrder(version) })),
    ...['USD', 'GBP', 'CHF', 'JPY', 'BHD'].map((code) => ({ name: `${code} in one amount`, payload: everywhere(validOrder(), ORDER_POINTERS.slice(0, 1), code) })),
  ],
  invalid: BAD.map((code) => ({
    name: `currencyISO3 "${code}" in order, payment and item amounts`,
    payload: everywhere(validOrder(), ORDER_POINTERS, code),
    errors: ORDER_POINTERS.map((path) => ({ rule: 'currency-code', path })),
  })),
});

ruleTester('currency-code', 'return', {
  valid: [{ name: 'the valid return fixture', payload: validReturn() }],
  invalid: BAD.map((code) => ({
    name: `currencyISO3 "${code}" in rma and item amounts`,
    payload: everywhere(validReturn(), RETURN_POINTERS, code),
    errors: RETURN_POINTERS.map((path) => ({ rule: 'currency-code', path })),
  })),
});
