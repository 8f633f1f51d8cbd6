import { describe, expect, it } from 'vitest';
import { isBlank } from '../../src/cli/lines';

describe('isBlank', () => {
  it('is true only for whitespace', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t\r')).toBe(true);
    expect(isBlank(' {}')).toBe(false);
  });
});
