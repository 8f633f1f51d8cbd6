/**
 * The command line of `lint` and `rules`, parsed by node:util parseArgs (strict): every flag
 * and alias, repeatable flags, and a single-value flag given twice refused instead of the
 * last one silently winning.
 */
import { describe, expect, it } from 'vitest';
import { parseArgs, type LintArgs } from '../../src/cli/args';
import { UsageError } from '../../src/cli/errors';

const lint = (...argv: string[]) => parseArgs(['lint', ...argv]) as LintArgs;
const refusal = (argv: string[]): string => {
  try {
    parseArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`parseArgs accepted ${JSON.stringify(argv)}`);
};

describe('parseArgs: lint', () => {
  it('gives the defaults: stylish to stdout, no version (the config or 1.1 decide), stdin', () => {
    expect(lint()).toEqual({
      command: 'lint',
      files: [],
      formats: ['stylish'],
      outputs: {},
      rules: {},
      noConfig: false,
      quiet: false,
      fix: false,
      progress: true,
      maxLineBytes: 64 * 1024 * 1024,
      maxProblemsPerPayload: 1000,
    });
  });

  it('reads every option, long and short, with a space or =', () => {
    const args = lint(
      'a.json', '--kind=return', '--api-version', '1.2', '--profile', 'p.json', '-f', 'json', '--rule', 'totals=off',
      '--max-warnings', '3', '--concurrency=1', '--shard', '2/4', '-o', 'r.json', '--max-line-bytes', '1M',
      '--max-problems-per-payload', '0', '--config', 'c.json', '--stdin-filename', 'in.ndjson', '--quiet', '--fix',
      '--no-progress', '--no-color', '-', 'b.ndjson',
    );
    expect(args).toEqual({
      command: 'lint',
      files: ['a.json', '-', 'b.ndjson'],
      kind: 'return',
      version: '1.2',
      profile: 'p.json',
      formats: ['json'],
      outputs: { json: 'r.json' },
      rules: { totals: 'off' },
      maxWarnings: 3,
      color: false,
      concurrency: 1,
      shard: { index: 2, count: 4 },
      config: 'c.json',
      noConfig: false,
      stdinFilename: 'in.ndjson',
      quiet: true,
      fix: true,
      progress: false,
      maxLineBytes: 1024 * 1024,
      maxProblemsPerPayload: 0,
    });
    expect(lint('--color').color).toBe(true);
    expect(lint('--no-config').noConfig).toBe(true);
    expect(lint('--output-file', 'r.txt').outputs).toEqual({ stylish: 'r.txt' });
  });

  it('takes everything after -- as a file', () => {
    expect(lint('--', '--quiet', '-x').files).toEqual(['--quiet', '-x']);
  });

  it('repeats --rule (a later level of a rule wins) and -f', () => {
    expect(lint('--rule', 'enum=warn', '--rule', 'totals=off', '--rule', 'enum=off').rules).toEqual({ enum: 'off', totals: 'off' });
    expect(lint('-f', 'json', '--format', 'sarif', '--output.sarif', 'r.sarif').formats).toEqual(['json', 'sarif']);
  });

  it.each([
    ['--api-version', '1', '1.2'],
    ['--kind', 'order', 'return'],
    ['--profile', 'a.json', 'b.json'],
    ['--max-warnings', '1', '2'],
    ['--concurrency', '1', '2'],
    ['--shard', '1/2', '2/2'],
    ['--max-line-bytes', '1K', '2K'],
    ['--max-problems-per-payload', '1', '2'],
    ['--config', 'a.json', 'b.json'],
    ['--stdin-filename', 'a', 'b'],
    ['--output.json', 'a.json', 'b.json'],
  ])('refuses %s given twice, naming it (the last one no longer wins silently)', (flag, first, second) => {
    expect(refusal(['lint', flag, first, `${flag}=${second}`])).toBe(`Option ${flag} is given more than once; give it once.`);
  });

  it('takes --stdin-filename where stdin is read: with no input named, or with - among them', () => {
    expect(lint('--stdin-filename', 'in.json').stdinFilename).toBe('in.json');
    expect(lint('a.json', '-', '--stdin-filename', 'in.json').stdinFilename).toBe('in.json');
  });

  it('refuses -o and --output-file together as the same option given twice', () => {
    expect(refusal(['lint', '-o', 'a.txt', '--output-file', 'b.txt'])).toBe('Option --output-file is given more than once; give it once.');
  });

  it.each([
    [['lint', '--bogus'], 'Unknown option --bogus; run "fulfilkit lint --help".'],
    [['lint', '-x'], 'Unknown option -x; run "fulfilkit lint --help".'],
    [['lint', '--constructor'], 'Unknown option --constructor; run "fulfilkit lint --help".'],
    [['lint', '--quiet=yes'], 'Option --quiet takes no value.'],
    [['lint', '--format'], 'Option --format needs a value.'],
    [['lint', '-f', '--quiet'], 'Option -f needs a value.'],
    [['lint', '--max-warnings', '-1'], 'Option --max-warnings needs a value (a value that starts with "-" is written --max-warnings=-1).'],
    [['lint', '--output.json', '-\u001b[2J'], 'Option --output.json needs a value (a value that starts with "-" is written --output.json=-\\u{1b}[2J).'],
    [['lint', '--kind', 'invoice'], 'Invalid value for --kind: expected one of order, return.'],
    [['lint', '--api-version', '2'], 'Invalid value for --api-version: expected one of 1, 1.1, 1.2.'],
    [['lint', '-f', 'xml'], 'Invalid value for --format: expected one of stylish, json, sarif, github, junit.'],
    [['lint', '--rule', 'totals'], 'Invalid --rule: expected id=off|warn|error, e.g. --rule totals=off.'],
    [['lint', '--rule', 'nonsense=off'], 'Unknown rule "nonsense" in --rule; run "fulfilkit rules" to list them.'],
    [['lint', '--color', '--no-color'], 'Options --color and --no-color cannot be combined.'],
    [['lint', '--config', 'c.json', '--no-config'], 'Options --config and --no-config cannot be combined.'],
    [['lint', '-o', ''], 'Option --output-file needs a file name.'],
    [['lint', '--output.json='], 'Option --output.json needs a file name.'],
    [['lint', '--config='], 'Option --config needs a file name.'],
    [['lint', '-', '-'], 'Stdin (-) can be read only once.'],
    [['lint', '--version', '1.2', 'order.json'], 'Option --version prints fulfilkit\'s version and takes no command (fulfilkit --version); the order version of the payloads is --api-version.'],
    [['rules', '-v'], 'Option --version prints fulfilkit\'s version and takes no command (fulfilkit --version); the order version of the payloads is --api-version.'],
    [['lint', '--stdin-filename', 'in.json', 'a.json'], 'Option --stdin-filename names stdin, which this run does not read: give - among the inputs, or leave the option out.'],
    [['frobnicate'], 'Unknown command "frobnicate"; the commands are lint, merge, rules, serve, proxy and openapi.'],
    [[], 'No command given; run "fulfilkit --help".'],
  ])('refuses %j', (argv, message) => {
    expect(refusal(argv)).toBe(message);
  });
});

describe('parseArgs: several formats, Spectral\'s way', () => {
  it('sends each format to its --output.<format> file, and at most one to stdout', () => {
    const args = lint('-f', 'stylish', '-f', 'json', '--output.json', 'r.json', '--output.sarif', 'r.sarif');
    expect(args.formats).toEqual(['stylish', 'json', 'sarif']);
    expect(args.outputs).toEqual({ json: 'r.json', sarif: 'r.sarif' });
  });

  it('takes the formats from --output.<format> alone (nothing then goes to stdout)', () => {
    const args = lint('--output.junit', 'r.xml');
    expect(args.formats).toEqual(['junit']);
    expect(args.outputs).toEqual({ junit: 'r.xml' });
  });

  it('keeps a format given twice once', () => {
    expect(lint('-f', 'json', '-f', 'json').formats).toEqual(['json']);
  });

  it.each([
    [['-f', 'json', '-f', 'sarif'], 'Formats json and sarif would both go to stdout; give all but one a file with --output.<format> FILE.'],
    [['-f', 'json', '-f', 'sarif', '-f', 'junit', '--output.junit', 'r.xml'], 'Formats json and sarif would both go to stdout; give all but one a file with --output.<format> FILE.'],
    [['-f', 'json', '-f', 'sarif', '-o', 'r.txt'], 'Option --output-file takes one format, not 2; give each format its file with --output.<format> FILE.'],
    [['-f', 'json', '-o', 'r.txt', '--output.json', 'r.json'], 'Option --output-file cannot be combined with --output.<format>; give each format its file with --output.<format> FILE.'],
  ])('refuses %j', (argv, message) => {
    expect(refusal(['lint', ...argv])).toBe(message);
  });
});

describe('parseArgs: rules, help, version', () => {
  it('reads rules --format, and refuses lint options there', () => {
    expect(parseArgs(['rules', '-f', 'json'])).toEqual({ command: 'rules', format: 'json' });
    expect(refusal(['rules', '--quiet'])).toBe('Option --quiet does not apply to "rules".');
    expect(refusal(['rules', '-o', 'x'])).toBe('Option --output-file does not apply to "rules".');
    expect(refusal(['rules', '--rule', 'totals=off'])).toBe('Option --rule does not apply to "rules".');
    expect(refusal(['rules', '-f', 'json', '-f', 'stylish'])).toBe('Option --format is given more than once; give it once.');
    expect(refusal(['rules', 'x'])).toBe('"rules" takes no arguments.');
  });

  it('reads help and version', () => {
    expect(parseArgs(['--help'])).toEqual({ command: 'help' });
    expect(parseArgs(['lint', '-h'])).toEqual({ command: 'help', topic: 'lint' });
    expect(parseArgs(['help', 'rules'])).toEqual({ command: 'help', topic: 'rules' });
    // A command with help of its own elsewhere gets the general help; a typo is refused (exit 2), as `fulfilkit lnt` is.
    expect(parseArgs(['help', 'serve'])).toEqual({ command: 'help' });
    expect(() => parseArgs(['help', 'lnt'])).toThrow('Unknown command "lnt" (did you mean "lint"?); the commands are lint, merge, rules, serve, proxy and openapi.');
    expect(() => parseArgs(['help', 'nope'])).toThrow(/^Unknown command "nope"/);
    expect(parseArgs(['-v'])).toEqual({ command: 'version' });
  });
});
