/**
 * examples/README.md gives one command per example file, and one for the whole folder with
 * its config; this runs each of them with the CLI of the packed tarball (as `npx fulfilkit`
 * runs it for a user), from the repository root, and checks the outcome the README writes:
 * "lint clean" commands exit 0 with no problem at all, the others exit 1 with exactly the
 * rules listed after `#`. Run from inside examples/, `lint .` finds the config by itself.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, packedConsumer } from '../../scripts/packed.mjs';

const README = readFileSync(join(ROOT, 'examples', 'README.md'), 'utf8');

interface Command {
  line: string;
  args: string[];
  rules: string[] | undefined;
}

/** The `npx fulfilkit ...` lines of the sh block under the heading that starts with `heading`. */
function commandsUnder(heading: string): Command[] {
  const section = README.slice(README.indexOf(`## ${heading}`));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .split('\n')
    .filter((l) => l.startsWith('npx fulfilkit '))
    .map((line) => {
      const [command, comment] = line.split('#');
      return {
        line: line.trim(),
        args: command!.trim().split(/\s+/).slice(2),
        rules: comment?.split(',').map((r) => r.trim()),
      };
    });
}

const CLEAN = commandsUnder('These lint clean');
const INVALID = commandsUnder('These report problems');

let cli: string;

beforeAll(() => {
  cli = join(packedConsumer().consumer, 'node_modules', 'fulfilkit', 'dist', 'cli.js');
}, 300_000);

function lint(args: string[], cwd = ROOT) {
  const r = spawnSync(process.execPath, [cli, ...args, '--format', 'json'], { cwd, encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr, doc: r.stdout ? JSON.parse(r.stdout) : undefined };
}

describe('examples/README.md', () => {
  it('names every example file, and gives a command for each payload', () => {
    const files = readdirSync(join(ROOT, 'examples')).filter((f) => f !== 'README.md');
    const commands = [...CLEAN, ...INVALID].map((c) => c.args);
    for (const file of files) {
      expect(README, file).toContain(`| \`${file}\` |`);
      // Not payloads: the profile, and the config (the folder command names it).
      if (file === 'profile.json') continue;
      if (file === 'fulfilkit.config.json') {
        expect(commands.some((args) => args.includes(`examples/${file}`)), `a command for ${file}`).toBe(true);
        continue;
      }
      expect(commands.some((args) => args.includes(`examples/${file}`)), `a command for ${file}`).toBe(true);
    }
    expect(CLEAN.length).toBeGreaterThanOrEqual(4);
    expect(INVALID.length).toBeGreaterThanOrEqual(3);
  });

  it.each(CLEAN.map((c) => [c.line, c]))('lints clean: %s', (_line, c) => {
    const { status, doc, stderr } = lint(c.args);
    // The CLI's one summary line (stderr, beside the JSON document), and nothing else.
    expect(stderr).toMatch(/^✔ No problems in \d+ payloads?\.\n$/);
    expect(doc.summary.errors).toBe(0);
    expect(doc.summary.warnings).toBe(0);
    expect(doc.results).toEqual([]);
    expect(status).toBe(0);
  });

  it.each(INVALID.map((c) => [c.line, c]))('reports what the README says: %s', (_line, c) => {
    const { status, doc } = lint(c.args);
    expect(Object.keys(doc.summary.byRule).sort()).toEqual([...c.rules!].sort());
    expect(doc.summary.errors).toBeGreaterThan(0);
    expect(status).toBe(1);
  });

  it('`cd examples && npx fulfilkit lint .` finds the config and reports what the folder command does', () => {
    expect(README).toContain('cd examples && npx fulfilkit lint .');
    const folder = INVALID.find((c) => c.args.includes('--config'))!;
    const inside = lint(['lint', '.'], join(ROOT, 'examples'));
    const outside = lint(folder.args);
    expect(inside.doc.summary).toEqual(outside.doc.summary);
    // Only the files made to show problems: every order as its own version, the profile applied, profile.json left out.
    const files = (doc: { results: { source: string }[] }) => [...new Set(doc.results.map((r) => r.source.replace(/^examples\//, '').replace(/:\d+$/, '')))];
    expect(files(inside.doc)).toEqual(['order-v1.1-invalid.json', 'orders.ndjson', 'return-invalid.json']);
    expect(files(outside.doc)).toEqual(files(inside.doc));
    expect(inside.stderr).toBe('✖ 15 problems (13 errors, 2 warnings) in 11 payloads.\n');
    expect(inside.status).toBe(1);
  });
});
