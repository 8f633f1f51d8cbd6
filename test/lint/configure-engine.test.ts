import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureEngine, lintOrder, lintReturn } from '../../src/index';
import { validOrder, validReturn, set } from '../fixtures';

describe('configureEngine', () => {
  afterEach(() => configureEngine({ codegen: 'auto' }));

  it('with codegen: false never calls new Function, and lints the same', () => {
    const broken = set(validOrder(), '/clientRequest/order/shipServiceLevel', 'XXX');
    const expected = lintOrder(broken, { version: '1.1' });
    configureEngine({ codegen: false });
    const spy = vi.spyOn(globalThis, 'Function');
    try {
      expect(lintOrder(broken, { version: '1.1' })).toEqual(expected);
      expect(lintReturn(validReturn())).toEqual([]);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('rejects a bad setting with a TypeError', () => {
    expect(() => configureEngine({ codegen: 'yes' as never })).toThrow(TypeError);
    expect(() => configureEngine(null as never)).toThrow(TypeError);
  });
});
