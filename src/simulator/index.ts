/**
 * The operator simulator (the MSW adapter is the separate entry `fulfilkit/msw`).
 */
export { createSimulator } from './create-simulator';
export { DEFAULT_SIMULATOR_DATA, type SimulatorData } from './defaults';
export { SIMULATED_TRANSITIONS } from './transitions';
export { ORDER_DUPLICATE_REFERENCE, ORDER_VALIDATION_ERROR } from './operations/create-order';
export { RETURN_DUPLICATE_REFERENCE, RETURN_UNKNOWN_TRANSACTION, RETURN_VALIDATION_ERROR } from './operations/create-return-token';
export type {
  ReceivedRequest,
  SimulatedOrder,
  SimulatedReturn,
  Simulator,
  SimulatorClient,
  SimulatorControlOptions,
  SimulatorFaults,
  SimulatorInventoryItem,
  SimulatorOperation,
  SimulatorOptions,
  SimulatorPaymentMethod,
  SimulatorRequestEvent,
  SimulatorServer,
} from './types';
