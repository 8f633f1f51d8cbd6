/**
 * The package as a user gets it: build, `npm pack`, then `npm install` the tarball into
 * a fresh consumer project outside the repository (so nothing resolves through the
 * repository's own node_modules). Used by the packaging and browser tests and by the
 * benchmarks (bundle size and cold start from the published dist).
 *
 * The result is cached in the system temp folder by a hash of everything that goes into
 * the package (sources, rules, package.json, lock file, build config, README, LICENSE,
 * CHANGELOG), and guarded by a lock folder, so parallel test files build it once.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

const INPUT_DIRS = ['src', 'rules'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsup.config.ts', 'tsconfig.json', 'README.md', 'LICENSE', 'CHANGELOG.md'];
/** Tools a consumer test needs besides the package, linked from the repository's node_modules. */
const LINKED_TOOLS = ['typescript', 'vitest', 'fast-check', 'esbuild'];
const LOCK_WAIT_MS = 10 * 60_000;

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** A hash of every input of the package. */
export function sourceStamp(root = ROOT) {
  const hash = createHash('sha256');
  const files = [...INPUT_DIRS.flatMap((d) => filesUnder(join(root, d))), ...INPUT_FILES.map((f) => join(root, f)).filter((f) => existsSync(f))].sort();
  for (const file of files) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' }, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Builds and packs the package, installs it in a fresh project; returns the paths. */
function create(dir, { build }) {
  mkdirSync(dir, { recursive: true });
  if (build) run('npm', ['run', 'build', '--silent'], ROOT);
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], ROOT));
  const tarball = join(dir, packed.filename);
  const consumer = join(dir, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2));
  run('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], consumer);
  // After the install: npm would prune links it did not make.
  for (const tool of LINKED_TOOLS) {
    const target = join(ROOT, 'node_modules', tool);
    const link = join(consumer, 'node_modules', tool);
    if (existsSync(target) && !existsSync(link)) symlinkSync(target, link, 'dir');
  }
  const info = { stamp: relative(join(dir, '..'), dir), tarball, consumer, files: packed.files.map((f) => f.path), size: packed.size };
  writeFileSync(join(dir, 'ready.json'), JSON.stringify(info, null, 2));
  return info;
}

/**
 * The packed package and a consumer project with it installed, built once per content
 * of the sources.
 *
 * @param {{ build?: boolean }} [options] `build: false` packs the dist as it is (the
 *   caller has just built it).
 * @returns {{ stamp: string, tarball: string, consumer: string, files: string[], size: number }}
 */
export function packedConsumer(options = {}) {
  // One folder per checkout: runs in other worktrees keep (and clean) their own.
  const base = join(tmpdir(), 'fulfilkit-packed', createHash('sha256').update(ROOT).digest('hex').slice(0, 8));
  const stamp = sourceStamp();
  const dir = join(base, stamp);
  const ready = join(dir, 'ready.json');
  const lock = `${dir}.lock`;
  mkdirSync(base, { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  while (!existsSync(ready)) {
    try {
      mkdirSync(lock);
    } catch {
      // Someone else is building: wait for it, or take over a lock left by a dead run.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > LOCK_WAIT_MS) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lock}`);
      sleep(250);
      continue;
    }
    try {
      if (existsSync(ready)) break;
      // Older stamps are stale: remove them (not those another run is building).
      for (const name of readdirSync(base)) {
        if (name !== stamp && !name.endsWith('.lock') && !existsSync(join(base, `${name}.lock`))) rmSync(join(base, name), { recursive: true, force: true });
      }
      rmSync(dir, { recursive: true, force: true });
      return create(dir, { build: options.build ?? true });
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return JSON.parse(readFileSync(ready, 'utf8'));
}
