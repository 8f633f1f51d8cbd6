/**
 * State lives in engine instances (DESIGN, engine round 3): no module of src/ or rules/
 * keeps mutable state at module level (a `let`) except a lazily built read-only table,
 * listed here with what it holds (a memo of read-only values keyed by the module's own
 * constants is one, built an entry at a time); the engine (src/lint) has no module-level
 * `let`, and no module-level Map, WeakMap or Set but read-only ones (a cache is neither).
 * A "last answer" cache in a pure predicate was such a `let`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Module-level `let`s that hold a table built on first use and never changed after. */
const LAZY_TABLES: Readonly<Record<string, string>> = {
  'src/schema/predicates.ts alpha2Table': 'country alpha-2 codes by letter index',
  'src/schema/predicates.ts alpha3Table': 'country alpha-3 codes by letter index',
  'src/schema/codes.ts alpha2Table': 'the country alpha-2 codes (no alpha-3 table: a bundle of order linting leaves it out)',
  'src/schema/codes.ts countryTable': 'country codes, both ways',
  'src/schema/codes.ts nameTable': 'English country names',
  'src/schema/json-schema.ts codeTables': 'the code lists of the JSON Schemas',
  'src/builders/splitAddressLines.ts segmenter': 'the grapheme segmenter',
  'src/simulator/operations/echo.ts builder': 'the XML builder, loaded on first use',
  'src/cli/formatters/junit.ts builder': 'the XML builder, loaded with the first JUnit report',
  'src/cli/gunzip.ts crcTable': 'the CRC-32 table',
  'src/cli/version.ts cached': "the package's version, read once",
  'rules/state-code.ts stateSets': 'state codes by country',
};

/** Module-level WeakMaps that attach data to the objects they are keyed by (as a private field would): no answer is kept. */
const SIDE_TABLES: Readonly<Record<string, string>> = {
  'src/http/request.ts ENTRIES': "a request descriptor's header values, kept off the object",
  'src/schema/actions.ts META': "a schema's field metadata (fulfilkit's annotations on valibot schemas)",
  'src/simulator/control/guard.ts LISTENED': 'the host a request that came over a socket was received on (for the Host check)',
};

/**
 * Module-level Maps of read-only values built on first use, keyed only by constants of the
 * module's own code (never by a caller's input, so they stay as small as the code): a lazily
 * built table, one entry at a time. No answer to a caller is kept.
 */
const LAZY_MEMOS: Readonly<Record<string, string>> = {
  'src/testing/arbitraries.ts MATCHING': "fast-check's arbitrary of each string pattern the module writes (about 15)",
};

function sources(): { path: string; text: string }[] {
  return ['src', 'rules'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.m?ts$/.test(file) && !/\.d\.m?ts$/.test(file))
      .map((file) => ({ path: `${dir}/${file}`, text: readFileSync(join(ROOT, dir, file), 'utf8') })),
  );
}

/** The names a module declares with `let` at its top level (a line that starts with it). */
function moduleLets(text: string): string[] {
  return [...text.matchAll(/^(?:export )?let ([^=;:]+)/gm)].flatMap((m) => m[1]!.split(',').map((name) => name.trim()));
}

/**
 * The module-level `const`s of a module that some code of it writes into: a member assigned
 * (`name.x = `, `name[k] = `), or a mutating method called (`push`, `set`, `add`, ...).
 */
function writtenConsts(text: string): string[] {
  const names = [...text.matchAll(/^(?:export )?const (\w+)/gm)].map((m) => m[1]!);
  return names.filter((name) =>
    new RegExp(`(?<![\\w.])${name}(?:\\.\\w+|\\[[^\\]]+\\])\\s*(?:[-+*/|&]|\\?\\?)?=(?!=)|(?<![\\w.])${name}\\.(?:push|pop|shift|unshift|splice|set|add|delete|clear)\\(`).test(text),
  );
}

describe('module-level state', () => {
  const all = sources();

  it('finds the module-level lets it should', () => {
    expect(moduleLets('let a: number | undefined;\nexport let b = 1;\n  let inner = 2;\nlet c, d;\n')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('is only lazily built read-only tables', () => {
    const found = all.flatMap(({ path, text }) => moduleLets(text).map((name) => `${path} ${name}`));
    expect(found.filter((entry) => !(entry in LAZY_TABLES))).toEqual([]);
  });

  it('finds a module-level object that is written to', () => {
    expect(writtenConsts('const last = { value: undefined };\nfunction f(v) {\n  last.value = v;\n}\nconst T = { a: 1 };\n')).toEqual(['last']);
    expect(writtenConsts('const seen = [];\nfunction f(v) { seen.push(v); }\nconst m = new Map();\nconst g = () => m.set(1, 2);\n')).toEqual(['seen', 'm']);
  });

  it('has no module-level object that is written to after it is made (a "last answer" kept in a const), but side tables of objects', () => {
    const found = all.flatMap(({ path, text }) => writtenConsts(text).map((name) => `${path} ${name}`));
    expect(found.filter((entry) => !(entry in SIDE_TABLES) && !(entry in LAZY_MEMOS))).toEqual([]);
  });

  it('is none in the engine: no module-level let, and no Map, WeakMap or Set but a ReadonlyMap or ReadonlySet, in src/lint', () => {
    const engine = all.filter(({ path }) => path.startsWith('src/lint/'));
    expect(engine.length).toBeGreaterThan(10);
    for (const { path, text } of engine) {
      expect(moduleLets(text), path).toEqual([]);
      const collections = [...text.matchAll(/^(?:export )?const (\w+)(?:: ([^=]+))? = new (?:Weak)?(?:Map|Set)\b/gm)];
      expect(collections.filter(([, , type]) => !/^Readonly(Map|Set)</.test(type ?? '')).map(([, name]) => name), path).toEqual([]);
    }
  });
});
