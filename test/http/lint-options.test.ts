import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describeCreateOrder, describeCreateReturnToken } from '../../src/http/index';
import * as lint from '../../src/lint/index';
import { CONNECTION, ORDER, RETURN_REQUEST } from './fixtures';

// Spies that call through: the real engine runs, and the options it got can be read.
vi.mock('../../src/lint/index', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lint/index')>();
  return { ...original, lintOrder: vi.fn(original.lintOrder), lintReturn: vi.fn(original.lintReturn) };
});

const profile = { client: 'ACME', clientCode: 'ACME', fms: true, returnReasons: ['Damaged'] };
const rules = { totals: 'off', 'unknown-field': 'error' } as const;

describe('LintOptions reach the lint engine unchanged', () => {
  beforeEach(() => {
    vi.mocked(lint.lintOrder).mockClear();
    vi.mocked(lint.lintReturn).mockClear();
  });

  it.each(['1', '1.1', '1.2'] as const)('lintOrder gets the payload, version %s, profile and rules', (version) => {
    describeCreateOrder(ORDER, { ...CONNECTION, version, profile, rules });
    expect(lint.lintOrder).toHaveBeenCalledTimes(1);
    expect(lint.lintOrder).toHaveBeenCalledWith(ORDER, { version, profile, rules });
  });

  it('lintReturn gets the payload, profile and rules', () => {
    describeCreateReturnToken(RETURN_REQUEST, { ...CONNECTION, profile, rules });
    expect(lint.lintReturn).toHaveBeenCalledWith(RETURN_REQUEST, { profile, rules });
  });

  it('credentials never reach the lint engine', () => {
    describeCreateOrder(ORDER, { ...CONNECTION, version: '1.1' });
    const options = vi.mocked(lint.lintOrder).mock.calls[0]?.[1];
    expect(Object.keys(options ?? {}).sort()).toStrictEqual(['profile', 'rules', 'version']);
  });

  it('lint: false skips the engine', () => {
    describeCreateOrder(ORDER, { ...CONNECTION, version: '1.1', lint: false });
    describeCreateReturnToken(RETURN_REQUEST, { ...CONNECTION, lint: false });
    expect(lint.lintOrder).not.toHaveBeenCalled();
    expect(lint.lintReturn).not.toHaveBeenCalled();
  });
});
