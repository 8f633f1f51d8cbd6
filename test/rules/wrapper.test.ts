import { describe, expect, it } from 'vitest';
import { ruleTester } from './_harness';
import { validOrder, validReturn } from '../fixtures';
import { lintOrder, lintReturn } from '../../src/lint/engine';

ruleTester('wrapper', 'order', {
  valid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, version, payload: validOrder(version) })),
    { name: 'a payload that is not an object is reported by type', payload: [] },
    { name: 'clientRequest with an extra top-level member', payload: { ...validOrder(), requestHeader: {} } },
  ],
  invalid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({
      name: `the five members without the wrapper (v${version})`,
      version,
      payload: validOrder(version).clientRequest,
      errors: [{ rule: 'wrapper', path: '' }],
    })),
    { name: 'an empty object', payload: {}, errors: [{ rule: 'wrapper', path: '' }] },
    { name: 'a return request linted as an order', payload: validReturn(), errors: [{ rule: 'wrapper', path: '' }] },
    { name: 'a misspelt wrapper', payload: { ClientRequest: validOrder().clientRequest }, errors: [{ rule: 'wrapper', path: '' }] },
    // Presence: a member is absent when it is missing or null; the wrapper too.
    { name: 'clientRequest null (absent, as when missing)', payload: { clientRequest: null }, errors: [{ rule: 'wrapper', path: '' }] },
    { name: 'clientRequest null beside other members', payload: { clientRequest: null, requestHeader: {} }, errors: [{ rule: 'wrapper', path: '' }] },
  ],
});

describe('wrapper details', () => {
  it('reports only the wrapper for an unwrapped order (its body is not linted as the root)', () => {
    expect(lintOrder(validOrder().clientRequest, { version: '1.1' })).toEqual([
      expect.objectContaining({ rule: 'wrapper', severity: 'error', path: '' }),
    ]);
  });

  it('does not apply to returns', () => {
    expect(lintReturn(validReturn()).filter((p) => p.rule === 'wrapper')).toEqual([]);
  });
});
