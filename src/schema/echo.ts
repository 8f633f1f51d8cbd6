/**
 * The echo interface's request body (spec: Echo request). The spec's table has no
 * Rule column; fulfilkit treats all four members as required because the
 * interface is a demonstration whose examples always send all four.
 */
import * as v from 'valibot';
import type { components } from './generated/openapi';

/** Echo request: vehicleType, maxSpeed, avgSpeed, speedUnit (numbers must be finite: JSON has no NaN). */
export const EchoRequestSchema = v.object({
  vehicleType: v.string(),
  maxSpeed: v.pipe(v.number(), v.finite()),
  avgSpeed: v.pipe(v.number(), v.finite()),
  speedUnit: v.string(),
});

/**
 * The echo interface's JSON request body: the type openapi-typescript generates from `openApiDocument()`.
 *
 * @example const body: EchoRequest = { vehicleType: 'train', maxSpeed: 125, avgSpeed: 90, speedUnit: 'mph' };
 */
export type EchoRequest = components['schemas']['EchoRequest'];
