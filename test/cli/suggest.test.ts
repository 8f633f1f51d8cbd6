/**
 * "Did you mean" for a misspelt flag, rule id or command (suggest.ts), and where the CLI says it.
 */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args';
import { UsageError } from '../../src/cli/errors';
import { closest } from '../../src/cli/suggest';

const refusal = (argv: string[]) => {
  try {
    parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('not refused');
};

describe('closest', () => {
  it.each([
    ['api-versoin', 'api-version'], // two letters swapped: one edit
    ['api-verson', 'api-version'],
    ['apiversion', 'api-version'],
    ['max-lenght', 'max-length'],
    ['MAX-LENGTH', 'max-length'],
    ['knd', 'kind'],
    ['qiet', 'quiet'],
  ])('%s -> %s', (given, meant) => {
    expect(closest(given, ['api-version', 'max-length', 'kind', 'quiet', 'config'])).toBe(meant);
  });

  it.each(['bogus', 'kd', 'apple', 'x'.repeat(65), ''])('%j is no typo of any name', (given) => {
    expect(closest(given, ['api-version', 'max-length', 'kind', 'quiet', 'config'])).toBeUndefined();
  });

  it('takes the closest of several', () => {
    expect(closest('formta', ['format', 'form'])).toBe('format');
  });

  it('stays quick on a long argument against many names (its work is bounded)', () => {
    const names = Array.from({ length: 1000 }, (_, i) => `rule-${i}-name`);
    expect(closest('z'.repeat(64), names)).toBeUndefined();
  });
});

describe('the CLI says what was meant', () => {
  it.each([
    [['lint', '--api-versoin', '1.2'], 'Unknown option --api-versoin (did you mean --api-version?); run "fulfilkit lint --help".'],
    [['lint', '--rule', 'max-lenght=off'], 'Unknown rule "max-lenght" in --rule (did you mean "max-length"?); run "fulfilkit rules" to list them.'],
    [['lnit', 'a.json'], 'Unknown command "lnit" (did you mean "lint"?); the commands are lint, merge, rules, serve, proxy and openapi.'],
    [['serve', '--prot', '0'], 'Unknown option --prot for "serve" (did you mean --port?); run "fulfilkit serve --help".'],
    [['lint', '--bogus'], 'Unknown option --bogus; run "fulfilkit lint --help".'],
    [['--bogus'], 'Unknown option --bogus; run "fulfilkit --help".'],
  ])('%j', (argv, message) => {
    expect(refusal(argv)).toBe(message);
  });
});
