import { describe, expect, it } from 'vitest';
import { RULES } from '../../rules/index';
import { main } from '../../src/cli/main';
import { cli, tempFiles } from './_run';

describe('fulfilkit: commands and exit codes', () => {
  it('prints the version from package.json', async () => {
    const out = await cli(['--version']);
    expect(out.code).toBe(0);
    expect(out.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('prints help with --help, help and lint --help', async () => {
    for (const argv of [['--help'], ['help'], ['-h']]) {
      const out = await cli(argv);
      expect(out.code).toBe(0);
      expect(out.stdout).toContain('Usage: fulfilkit <command>');
    }
    const lint = await cli(['lint', '--help']);
    expect(lint.code).toBe(0);
    expect(lint.stdout).toContain('--api-version 1|1.1|1.2');
  });

  it('exits 2 with help on stderr when no command is given', async () => {
    const out = await cli([]);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain('Usage:');
  });

  it.each([
    [['lint', '--bogus', 'examples/order-v1.json'], /Unknown option --bogus/],
    [['lint', '--kind', 'invoice', 'examples/order-v1.json'], /--kind: expected one of order, return/],
    [['lint', '--api-version', '2', 'examples/order-v1.json'], /--api-version: expected one of 1, 1.1, 1.2/],
    [['lint', '--format', 'xml', 'examples/order-v1.json'], /--format: expected one of stylish, json, sarif/],
    [['lint', '--format'], /--format needs a value/],
    [['lint', '--rule', 'nonsense=off', 'examples/order-v1.json'], /Unknown rule "nonsense"/],
    [['lint', '--rule', 'totals=loud', 'examples/order-v1.json'], /--rule: expected one of off, warn, error/],
    [['lint', '--rule', 'totals', 'examples/order-v1.json'], /expected id=off\|warn\|error/],
    [['lint', '--max-warnings', 'many', 'examples/order-v1.json'], /--max-warnings/],
    [['frobnicate'], /Unknown command "frobnicate"/],
    [['rules', '--format', 'sarif'], /--format: expected one of stylish, json/],
    [['lint', '-', '-'], /only once/],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const out = await cli(argv);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(message);
  });

  it('exits 2 on a missing file, before printing any report', async () => {
    const out = await cli(['lint', 'examples/order-v1.1.json', 'examples/no-such-file.json']);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain('Cannot read examples/no-such-file.json: no such file.');
  });

  it('writes the file name of a usage error with its controls escaped (no terminal escape, no forged line)', async () => {
    const out = await cli(['lint', 'examples/\u001b]8;;https://x.test\u0007evil\n::error::forged.json']);
    expect(out.code).toBe(2);
    expect(out.stderr).toBe('fulfilkit: Cannot read examples/\\u{1b}]8;;https://x.test\\u{7}evil\\u{a}::error::forged.json: no such file.\n');
  });

  it('runs fulfilkit merge, which parses its own arguments', async () => {
    const out = await cli(['merge', '--help']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Usage: fulfilkit merge');
    expect((await cli(['merge'])).code).toBe(2);
  });

  it('exits 2 on a folder without payload files', async () => {
    const dir = tempFiles({ 'notes.txt': 'not a payload' });
    const out = await cli(['lint', dir]);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain('No files to lint in the folder');
  });

  it('exits 0 on a valid payload and 1 on errors', async () => {
    expect((await cli(['lint', 'examples/order-v1.1.json'])).code).toBe(0);
    expect((await cli(['lint', 'examples/order-v1.1-invalid.json'])).code).toBe(1);
  });

  it('accepts --name=value and -f', async () => {
    const a = await cli(['lint', '--format=json', '--api-version=1', 'examples/order-v1.json']);
    const b = await cli(['lint', '-f', 'json', '--api-version', '1', 'examples/order-v1.json']);
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout)).toEqual(JSON.parse(b.stdout));
  });

  it('lists every rule with severity, kinds, FMS marker and description', async () => {
    const out = await cli(['rules']);
    expect(out.code).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines).toHaveLength(RULES.length + 1);
    const fiscal = lines.find((l) => l.startsWith('fiscal-code '))!;
    expect(fiscal).toMatch(/error\s+order\s+FMS\s+A BillTo/);
    expect(lines.find((l) => l.startsWith('parse '))).toMatch(/cli/);
    // A rule that needs profile members says which: without them it does not run.
    expect(lines[0]).toMatch(/fms\s+needs in profile\s+description/);
    expect(lines.find((l) => l.startsWith('shipping-cost-item '))).toMatch(/\sclientCode\s/);
    expect(lines.find((l) => l.startsWith('weee-item '))).toMatch(/\sFMS\s+weeeSku\s/);
  });

  it('lists the rules as JSON', async () => {
    const out = await cli(['rules', '--format', 'json']);
    expect(out.code).toBe(0);
    const list = JSON.parse(out.stdout) as { id: string; severity: string; kinds: string[]; fmsOnly: boolean; description: string }[];
    expect(list.map((r) => r.id)).toEqual(RULES.map((r) => r.meta.id));
    expect(list.find((r) => r.id === 'payment-status')).toMatchObject({ severity: 'error', kinds: ['order'], fmsOnly: true });
    expect(list.find((r) => r.id === 'unknown-field')).toMatchObject({ severity: 'warn', fmsOnly: false, requires: [] });
    expect(list.find((r) => r.id === 'return-reason')).toMatchObject({ requires: ['returnReasons'] });
  });

  it('exits 2 instead of waiting when stdin is a terminal and no file is given', async () => {
    let stderr = '';
    const stdin = Object.assign((async function* () {})(), { isTTY: true });
    const code = await main(['lint'], { stdin, stdout: { write: () => true }, stderr: { write: (s: string) => (stderr += s) } });
    expect(code).toBe(2);
    expect(stderr).toContain('No input');
  });
});
