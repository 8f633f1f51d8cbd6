import { describe, expect, it } from 'vitest';
import { ruleTester } from './_harness';
import { set, validOrder, validReturn } from '../fixtures';
import { lintOrder } from '../../src/lint/engine';

const URL_PATH = '/rma/clientReturnURL';

ruleTester('url-format', 'return', {
  valid: [
    { name: 'the valid return fixture', payload: validReturn() },
    ...['http://shop.example', 'https://shop.example/returns?id=1#done', 'https://localhost:8443/r', 'HTTPS://SHOP.EXAMPLE/R', 'https://xn--bcher-kva.example/'].map(
      (url) => ({ name: `URL ${url}`, payload: set(validReturn(), URL_PATH, url) }),
    ),
  ],
  invalid: [
    '/returns/done',
    'shop.example/returns',
    'www.shop.example',
    'ftp://shop.example/returns',
    'javascript:alert(1)',
    'mailto:returns@shop.example',
    'https://',
    'https:///path',
    'https://shop example/returns',
    'http//shop.example',
    '',
    // Controls and bidi controls anywhere (the URL parser drops or escapes them: the text is not the URL).
    'https://shop.example/returns\u0000',
    'https://shop.example/re\u0007turns',
    '\u0001https://shop.example/returns',
    'https://shop.example/returns\u007f',
    'https://shop.example/\u0085returns',
    'https://shop.example/\u202eenruter',
    'https://shop\u2066.example/',
    'https://user\u200e@shop.example/',
  ].map((url) => ({
    name: `clientReturnURL "${url}"`,
    payload: set(validReturn(), URL_PATH, url),
    errors: [{ rule: 'url-format', path: URL_PATH }],
  })),
});

describe('url-format scope', () => {
  it('applies to returns only', () => {
    expect(lintOrder(validOrder(), { version: '1.1' }).filter((p) => p.rule === 'url-format')).toEqual([]);
  });
});
