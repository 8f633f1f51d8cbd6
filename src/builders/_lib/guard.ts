import type { Problem } from '../../lint/types';

/**
 * The builders' last line of defence: a payload the engine rejects is never
 * returned. Reaching this throw means an input the builder's own checks missed;
 * the message lists rule ids and JSON Pointers only, never values.
 */
export function assertNoErrors(problems: readonly Problem[], what: string): void {
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length === 0) return;
  const where = errors.map((p) => `${p.rule} at ${p.path === '' ? 'the root' : p.path}`).join(', ');
  throw new RangeError(`${what} would be rejected by the lint engine (${where}); the input passed the builder's checks, so please report it as a fulfilkit bug.`);
}
