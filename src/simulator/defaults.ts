/**
 * The simulator's documented default data: one test client, a small inventory and a
 * few payment methods. `createSimulator()` and `fulfilkit serve` without `--data` use it.
 */
import type { SimulatorClient, SimulatorInventoryItem, SimulatorPaymentMethod } from './types';

/**
 * The default data of the simulator.
 *
 * @example
 * const data: SimulatorData = DEFAULT_SIMULATOR_DATA;
 * data.clients[0]?.name; // 'ACME'
 */
export interface SimulatorData {
  /** The onboarded clients. */
  readonly clients: readonly SimulatorClient[];
  /** The inventory (all clients see the same). */
  readonly inventory: readonly SimulatorInventoryItem[];
  /** The payment methods (all clients see the same). */
  readonly paymentMethods: readonly SimulatorPaymentMethod[];
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

/**
 * The simulator's default data: the test client `ACME` (keys `sim-client-config-id`,
 * `sim-client-auth-key`, `sim-subscription-key`; profile without FMS, return reasons
 * `damaged`, `wrong-size`, `not-as-described`), three products and five payment methods.
 * These keys are test values, published here on purpose: never use them for a real operator.
 *
 * @example
 * const { clientConfigId, clientAuthKey, subscriptionKey } = DEFAULT_SIMULATOR_DATA.clients[0]!;
 * const connection = { baseUrl: server.url, credentials: { clientConfigId, clientAuthKey, subscriptionKey } };
 */
export const DEFAULT_SIMULATOR_DATA: SimulatorData = deepFreeze({
  clients: [
    {
      clientConfigId: 'sim-client-config-id',
      clientAuthKey: 'sim-client-auth-key',
      subscriptionKey: 'sim-subscription-key',
      name: 'ACME',
      profile: { client: 'ACME', clientCode: 'ACME', returnReasons: ['damaged', 'wrong-size', 'not-as-described'] },
    },
  ],
  inventory: [
    { productID: 'MUG-RED', quantity: 25, stockLocationName: 'NL01' },
    { productID: 'TEA-GREEN', quantity: 120, stockLocationName: 'NL01' },
    { productID: 'KETTLE-1', quantity: 4, stockLocationName: 'DE01' },
    { productID: 'KETTLE-1', quantity: 11, stockLocationName: 'NL01' },
  ],
  paymentMethods: [
    { type: 'CreditCard', paymentMethod: 'Visa', ccType: 'VISA' },
    { type: 'CreditCard', paymentMethod: 'MasterCard', ccType: 'MC' },
    { type: 'Wallet', paymentMethod: 'PayPal' },
    { country: 'NL', type: 'BankTransfer', paymentMethod: 'iDEAL' },
    { country: 'DE', type: 'Invoice', paymentMethod: 'KlarnaInvoice', payTerm: '14' },
  ],
});
