/**
 * What `fulfilkit lint` reads, from what the command line names: files, `-` (stdin),
 * folders (every `*.json`, `*.ndjson`, `*.jsonl` and their `.gz` below, recursively) and
 * quoted glob patterns (`'corpus/*.ndjson'`, expanded here, not by a shell). Folder and
 * glob results are sorted (the same report on every machine), follow symbolic links
 * without looping, and leave out what the config ignores.
 */
import type { Dirent, Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { isIgnored, type ConfigLookup, type LintConfig, CONFIG_FILE } from './config';
import { UsageError } from './errors';
import { escapeControls } from './escape';
import { compileGlob, hasMagic, type Glob } from './glob';
import { ioReason } from './profile';

/** How inputs are found. */
export interface InputOptions {
  /** Relative names are resolved against it. */
  readonly cwd: string;
  /** The config of each file, for its `ignores` (and what it reads, which is never a payload). */
  readonly configs?: ConfigLookup;
  /** Other files the run reads as options (`--profile`): never payloads either. */
  readonly optionFiles?: readonly string[];
  /** Writes a warning line (a named file that the config ignores). */
  readonly warn: (line: string) => void;
  /** The name stdin goes by (`--stdin-filename`): the config may ignore it like a named file. */
  readonly stdinFilename?: string;
}

// Folders that a folder or a glob never enters, and a file that is never a payload (ESLint skips node_modules and .git too).
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);
const NONE: ReadonlySet<string> = new Set();

/** The skipped folders a glob names (`**\/node_modules/*.json`, `{node_modules,lib}`): it enters those. */
const namedFolders = (pattern: string): ReadonlySet<string> => new Set([...SKIPPED_FOLDERS].filter((name) => pattern.includes(name)));

/**
 * True for a file name that a folder input lints: `.json`, `.ndjson`, `.jsonl`, each
 * optionally `.gz` (letter case ignored).
 *
 * @param name A file name.
 * @returns Whether it names a payload file.
 * @example isPayloadFileName('orders.ndjson.gz'); // true
 */
export function isPayloadFileName(name: string): boolean {
  const lower = name.toLowerCase().replace(/\.gz$/, '');
  return lower.endsWith('.json') || lower.endsWith('.ndjson') || lower.endsWith('.jsonl');
}

const quoted = (text: string): string => escapeControls(JSON.stringify(text));
const identity = (info: Stats): string => `${info.dev}:${info.ino}`;

/** Files (and folders) found below one folder: relative paths, and the config that ignored some files. */
interface Found {
  readonly files: string[];
  readonly folders: string[];
  ignoredBy?: LintConfig;
}

/** The config that ignores a path (a file, or a folder and all it holds), if one does. */
async function ignoredBy(options: InputOptions, path: string): Promise<LintConfig | undefined> {
  const config = await options.configs?.forFile(path);
  return config && isIgnored(config, path) ? config : undefined;
}

/** The files taken so far, by identity: shared by every input of the run. */
interface Taken {
  /** Every file taken. */
  readonly files: Set<string>;
  /** Those a folder or a glob took: a file named after them is not read again. */
  readonly walked: Set<string>;
}

/**
 * Walks a folder: every file `accept` takes (and every folder `acceptFolder` takes), down to
 * `depth` levels, through symbolic links (each folder once in this walk, so a link loop ends;
 * another input walks it afresh), skipping node_modules, .git and what the config ignores.
 */
async function walk(
  root: string,
  shown: string,
  depth: number,
  accept: (rel: string, name: string) => boolean,
  options: InputOptions,
  acceptFolder?: (rel: string) => boolean,
  enters: ReadonlySet<string> = NONE,
): Promise<Found> {
  const found: Found = { files: [], folders: [] };
  const rootInfo = await stat(root).catch(() => undefined);
  if (!rootInfo?.isDirectory()) return found;
  const seen = new Set([identity(rootInfo)]);
  const pending: { dir: string; rel: string; level: number }[] = [{ dir: root, rel: '', level: 1 }];
  while (pending.length > 0) {
    const { dir, rel, level } = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      throw new UsageError(`Cannot read ${escapeControls(join(shown, rel))}: ${ioReason(error)}.`);
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const relPath = rel === '' ? entry.name : `${rel}/${entry.name}`;
      // A link (or an entry the file system gives no type) is what it leads to.
      const info = entry.isFile() || entry.isDirectory() ? entry : await stat(path).catch(() => undefined);
      if (info?.isDirectory()) {
        const matched = acceptFolder?.(relPath) === true;
        if ((level >= depth && !matched) || (SKIPPED_FOLDERS.has(entry.name) && !enters.has(entry.name))) continue;
        if (await ignoredBy(options, path)) continue;
        const key = identity(info === entry ? await stat(path) : (info as Stats));
        if (seen.has(key)) continue;
        seen.add(key);
        if (matched) found.folders.push(relPath);
        if (level < depth) pending.push({ dir: path, rel: relPath, level: level + 1 });
        continue;
      }
      // A broken link is kept when its name is taken: opening it reports it (exit 2).
      if ((info && !info.isFile()) || entry.name === CONFIG_FILE || !accept(relPath, entry.name)) continue;
      const ignorer = await ignoredBy(options, path);
      if (ignorer) found.ignoredBy = ignorer;
      else found.files.push(relPath);
    }
  }
  // Code-unit order: the same on every machine and locale.
  const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  found.files.sort(byCodeUnits);
  found.folders.sort(byCodeUnits);
  return found;
}

/** Keeps each file once (by identity: a link and its target are one file). */
async function unique(dir: string, shown: string, rels: readonly string[], taken: Taken): Promise<Entry[]> {
  const out: Entry[] = [];
  for (const rel of rels) {
    const info = await stat(join(dir, rel)).catch(() => undefined);
    const key = info && identity(info);
    if (key !== undefined) {
      if (taken.files.has(key)) continue;
      taken.files.add(key);
      taken.walked.add(key);
    }
    out.push({ name: join(shown, rel), key });
  }
  return out;
}

/** A file to read: its name, its identity (when it exists), and whether the command line named it. */
interface Entry {
  readonly name: string;
  readonly key: string | undefined;
  readonly named?: boolean;
}

/** The files of a folder input. */
async function folderFiles(arg: string, path: string, options: InputOptions, taken: Taken): Promise<Entry[]> {
  const { files, ignoredBy } = await walk(path, arg, Infinity, (_rel, name) => isPayloadFileName(name), options);
  if (files.length === 0) {
    const shown = escapeControls(arg);
    if (ignoredBy) throw new UsageError(`All the files to lint in ${shown} are ignored by ${ignoredBy.name}.`);
    throw new UsageError(`No files to lint in the folder ${shown} (it holds no .json, .ndjson or .jsonl file, nor their .gz).`);
  }
  return unique(path, arg, files, taken);
}

/** The files a glob pattern matches; a pattern that ends with `/` matches folders, and gives their payload files. */
async function globFiles(arg: string, glob: Glob, options: InputOptions, taken: Taken): Promise<Entry[]> {
  const base = resolve(options.cwd, glob.base || '.');
  if (glob.folderOnly) {
    // The folders found are read afresh, each as a folder input.
    const { folders } = await walk(base, glob.base || '.', glob.deep ? Infinity : glob.depth, () => false, options, (rel) => glob.matchBelowBase(rel), namedFolders(arg));
    if (folders.length === 0) throw new UsageError(`No folders match the pattern ${quoted(arg)}.`);
    const files: Entry[] = [];
    for (const rel of folders) files.push(...(await folderFiles(join(glob.base || '.', rel), resolve(base, rel), options, taken)));
    return files;
  }
  const { files, ignoredBy } = await walk(base, glob.base || '.', glob.deep ? Infinity : glob.depth, (rel) => glob.matchBelowBase(rel), options, undefined, namedFolders(arg));
  if (files.length === 0) {
    if (ignoredBy) throw new UsageError(`All the files that the pattern ${quoted(arg)} matches are ignored by ${ignoredBy.name}.`);
    throw new UsageError(`No files match the pattern ${quoted(arg)}.`);
  }
  return unique(base, glob.base, files, taken);
}

/** The identities of the files the run reads as options: every config loaded, the profiles they name, `--profile`. */
async function optionFileKeys(options: InputOptions): Promise<Set<string>> {
  const paths = [...(options.configs?.loaded ?? []).flatMap((config) => config.reads), ...(options.optionFiles ?? [])];
  const keys = new Set<string>();
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (info) keys.add(identity(info));
  }
  return keys;
}

/**
 * Expands the inputs of the command line into the files to read, in order: a file as
 * given; a folder's payload files and a glob's matches, each sorted; `-` as it is. A named
 * file that the config ignores is left out with a warning (as ESLint does); a file that a
 * folder or a glob finds and another input also reaches (a folder, a glob, a name, a link)
 * is read once, at its first place; a config or a profile of the run is never read as a payload.
 *
 * @param args The inputs as given (`-` for stdin).
 * @param options Working folder, config, warning writer.
 * @returns The names to open (relative to `cwd` as given, or joined to the folder given).
 * @throws {UsageError} A glob that matches nothing, a folder without payload files, a folder that cannot be read, a bad pattern.
 * @example await expandInputs(['corpus/', 'extra.json'], { cwd, warn });
 */
export async function expandInputs(args: readonly string[], options: InputOptions): Promise<string[]> {
  const out: Entry[] = [];
  const taken: Taken = { files: new Set(), walked: new Set() };
  for (const arg of args) {
    const named = arg === '-' ? options.stdinFilename : arg;
    const path = named === undefined ? undefined : resolve(options.cwd, named);
    const info = arg === '-' || path === undefined ? undefined : await stat(path).catch(() => undefined);
    // `a.json/` names a folder (the path resolved drops the slash): a file of that name is not it.
    if (info && !info.isDirectory() && (named!.endsWith('/') || named!.endsWith(sep))) throw new UsageError(`Cannot read ${escapeControls(named!)}: not a folder.`);
    if (info?.isDirectory()) out.push(...(await folderFiles(arg, path!, options, taken)));
    else if (!info && arg !== '-' && hasMagic(arg)) out.push(...(await globFiles(arg, compileGlob(arg, `The pattern ${quoted(arg)}`), options, taken)));
    else {
      const ignorer = path === undefined ? undefined : await ignoredBy(options, path);
      if (ignorer) {
        options.warn(`fulfilkit: warning: ${escapeControls(named!)} is ignored by ${ignorer.name} ("ignores"); it is not linted.`);
        continue;
      }
      const key = info && arg !== '-' ? identity(info) : undefined;
      // Found by a folder or a glob before: read once, at its first place (a file named twice is read twice, as given).
      if (key !== undefined && taken.walked.has(key)) continue;
      if (key !== undefined) taken.files.add(key);
      // A missing or unreadable file is reported when it is opened, with every other input.
      out.push({ name: arg, key, named: true });
    }
  }
  // Every config is loaded now (each file's was looked up): what they read is no payload.
  const optionKeys = await optionFileKeys(options);
  return out.flatMap((entry) => {
    if (entry.key === undefined || !optionKeys.has(entry.key)) return [entry.name];
    if (entry.named) options.warn(`fulfilkit: warning: ${escapeControls(entry.name)} is a config or a profile of this run; it is not linted.`);
    return [];
  });
}
