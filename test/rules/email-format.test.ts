import { describe, expect, it } from 'vitest';
import { ruleTester } from './_harness';
import { set, validOrder, validReturn } from '../fixtures';
import { lintOrder } from '../../src/lint/engine';

const CR = '/clientRequest';
const EMAIL = `${CR}/partner/0/personData/email/0/value`;
const R_EMAIL = '/partner/0/personData/email/0/value';

const GOOD = ['jane@example.com', 'jane.doe+orders@mail.example.co.uk', 'J_D-1@sub.example.de', 'ä@example.de'];
const BAD = ['jane.example.com', 'jane@', '@example.com', 'jane@example', 'jane doe@example.com', 'jane@@example.com', 'jane@exa mple.com', 'jane@example.', ''];

ruleTester('email-format', 'order', {
  valid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, version, payload: validOrder(version) })),
    ...GOOD.map((value) => ({ name: `e-mail ${value}`, payload: set(validOrder(), EMAIL, value) })),
    { name: 'an e-mail entry without value', payload: set(validOrder(), EMAIL, undefined) },
  ],
  invalid: [
    ...BAD.map((value) => ({
      name: `e-mail "${value}"`,
      payload: set(validOrder(), EMAIL, value),
      errors: [{ rule: 'email-format', path: EMAIL }],
    })),
    {
      name: 'a second e-mail entry',
      payload: set(validOrder(), `${CR}/partner/0/personData/email/1`, { emailType: 'email', value: 'nope' }),
      errors: [{ rule: 'email-format', path: `${CR}/partner/0/personData/email/1/value` }],
    },
  ],
});

ruleTester('email-format', 'return', {
  valid: [
    { name: 'the valid return fixture', payload: validReturn() },
    ...GOOD.map((value) => ({ name: `e-mail ${value}`, payload: set(validReturn(), R_EMAIL, value) })),
  ],
  invalid: BAD.map((value) => ({
    name: `e-mail "${value}"`,
    payload: set(validReturn(), R_EMAIL, value),
    errors: [{ rule: 'email-format', path: R_EMAIL }],
  })),
});

describe('email-format severity', () => {
  it('is a warning by default', () => {
    const [problem] = lintOrder(set(validOrder(), EMAIL, 'nope'), { version: '1.1' });
    expect(problem).toMatchObject({ rule: 'email-format', severity: 'warn', path: EMAIL });
  });
});
