/**
 * fulfilkit: build, lint and decode the payloads of the fulfilment operator's
 * order, returns, inventory, payment-method and echo interfaces.
 *
 * Explicit named exports only; see README.md for examples of each.
 */
export * from './spec/index';
export * from './lint/index';
export { rulesMarkdownTable } from './lint/docs';
export { RULES } from '../rules/index';
export * from './money/index';
export * from './http/index';
