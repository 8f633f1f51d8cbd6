/**
 * Applying the fixes that problems carry (`fix: { kind: 'rename-member', to }`).
 */
import { isPlainObject } from './json';
import { parsePointer } from './pointer';
import type { Problem } from './types';

/** One member renamed by a fix: in the object at `parent`, `from` became `to`. */
export interface MemberRename {
  /** Reference tokens of the object holding the member (names as they were when renamed). */
  readonly parent: readonly string[];
  /** The member name before the fix (the last token of the problem's path). */
  readonly from: string;
  /** The member name after the fix. */
  readonly to: string;
}

// Own and enumerable, as lint reads members: a hidden member is absent to lint, so to its fixes.
const hasOwn = (value: object, key: string) => Object.prototype.propertyIsEnumerable.call(value, key);

/** Sets an own data member, even one named `__proto__` (which plain assignment would not create). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** A shallow copy of a plain object or array, keeping member order. */
function copyOf(value: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return value.slice();
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) define(out, key, value[key]);
  return out;
}

type Container = Record<string, unknown> | unknown[];
// Plain as lint reads it (another realm's Object.prototype too): what lint fixed, applyFixes renames.
const isContainer = (value: unknown): value is Container => Array.isArray(value) || isPlainObject(value);

/**
 * The renames that the fixes of `problems` make, in problem order, as `fixPayload` makes
 * them: each checked against the payload as the renames before it left it. The payload is
 * only read (the CLI reads a long line's payload lazily, and a copy would build it whole).
 *
 * @param payload The payload the problems were found in.
 * @param problems Its problems; those without a `rename-member` fix are ignored.
 * @returns The renames, each with its parent's path in the names it had then.
 * @throws {TypeError} When `problems` is not an array.
 * @example memberRenames({ p: { a: 1 } }, [{ rule: 'spelling', severity: 'warn', path: '/p/a', message: '', fix: { kind: 'rename-member', to: 'b' } }]); // [{ parent: ['p'], from: 'a', to: 'b' }]
 */
export function memberRenames(payload: unknown, problems: readonly Problem[]): MemberRename[] {
  if (!Array.isArray(problems)) throw new TypeError('problems must be an array (the problems lintOrder or lintReturn returned).');
  if (!isContainer(payload)) return [];
  // The objects renamed in so far, by their path in the payload's names: each name that now
  // means another member of the payload than its own, mapped to that member's name (null: none).
  const renamed = new Map<string, Map<string, string | null>>();
  /** The payload's name of the member of `object` (at `path`) now named `key`, if it has one. */
  const nameOf = (object: Record<string, unknown>, path: readonly string[], key: string): string | undefined => {
    const names = renamed.get(JSON.stringify(path));
    const name = names?.has(key) ? names.get(key) : key;
    return typeof name === 'string' && hasOwn(object, name) ? name : undefined;
  };
  const renames: MemberRename[] = [];
  for (const problem of problems) {
    const fix = problem?.fix;
    if (!fix || fix.kind !== 'rename-member' || typeof fix.to !== 'string' || typeof problem.path !== 'string') continue;
    let tokens: string[];
    try {
      tokens = parsePointer(problem.path);
    } catch {
      continue;
    }
    const from = tokens.pop();
    if (from === undefined || from === fix.to) continue;
    // Walk to the parent: the path in the payload's names, and the container there.
    const path: string[] = [];
    let node: Container | undefined = payload;
    for (const token of tokens) {
      let child: unknown;
      if (Array.isArray(node)) {
        if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) >= node.length) break;
        path.push(token);
        child = node[Number(token)];
      } else {
        const name = nameOf(node, path, token);
        if (name === undefined) break;
        path.push(name);
        child = node[name];
      }
      node = isContainer(child) ? child : undefined;
      if (node === undefined) break;
    }
    // The member must exist, and its schema spelling must not: then both values are kept and
    // the problem stays (which one is right is the sender's call, not the fixer's).
    if (path.length < tokens.length || node === undefined || Array.isArray(node)) continue;
    const name = nameOf(node, path, from);
    if (name === undefined || nameOf(node, path, fix.to) !== undefined) continue;
    const key = JSON.stringify(path);
    if (!renamed.has(key)) renamed.set(key, new Map());
    renamed.get(key)!.set(from, null).set(fix.to, name);
    renames.push({ parent: tokens, from, to: fix.to });
  }
  return renames;
}

/**
 * Applies the fixes and says which were applied. The input is never modified: the root and
 * every object or array on the path of an applied fix are new; other branches are shared.
 *
 * @param payload The payload the problems were found in.
 * @param problems Its problems; those without a `rename-member` fix are ignored.
 * @returns The fixed payload and the renames made, in problem order (`memberRenames`).
 * @throws {TypeError} When `problems` is not an array.
 * @example fixPayload(order, lintOrder(order, { version: '1.1' })).renames.length; // 1
 */
export function fixPayload(payload: unknown, problems: readonly Problem[]): { payload: unknown; renames: MemberRename[] } {
  const renames = memberRenames(payload, problems);
  if (!isContainer(payload)) return { payload, renames };
  const fresh = new WeakSet<object>();
  const root = copyOf(payload);
  fresh.add(root);
  // The renames of each object, kept as names until every rename is known, then written once
  // (in place, keeping member order): an object renamed in n times is rebuilt once, not n times.
  const names = new Map<Record<string, unknown>, Names>();
  for (const { parent, from, to } of renames) {
    // Walk to the parent (each rename's path holds), copying each container on the way the first time it is touched.
    let node = root;
    for (const token of parent) {
      const key = Array.isArray(node) ? Number(token) : (names.get(node)?.keyOf(token) ?? token);
      let child = (node as Record<string | number, unknown>)[key] as Container;
      if (!fresh.has(child)) {
        child = copyOf(child);
        fresh.add(child);
        if (Array.isArray(node)) node[key as number] = child;
        else define(node, key as string, child);
      }
      node = child;
    }
    const object = node as Record<string, unknown>;
    let renamed = names.get(object);
    if (renamed === undefined) names.set(object, (renamed = new Names()));
    renamed.rename(from, to);
  }
  for (const [object, renamed] of names) {
    const entries = Object.keys(object).map((key) => [renamed.nameOf(key), object[key]] as const);
    for (const key of Object.keys(object)) delete object[key];
    for (const [key, value] of entries) define(object, key, value);
  }
  return { payload: root, renames };
}

/** The renames of one object: each member's name now, by the name it had. */
class Names {
  /** The name now of each member renamed, by its first name. */
  private readonly now = new Map<string, string>();
  /** The first name of each member renamed, by its name now. */
  private readonly first = new Map<string, string>();

  /** The member now named `name`, by its first name (the key it has until the object is written). */
  keyOf(name: string): string {
    return this.first.get(name) ?? name;
  }

  /** Its name now, of the member first named `key`. */
  nameOf(key: string): string {
    return this.now.get(key) ?? key;
  }

  rename(from: string, to: string): void {
    const key = this.keyOf(from);
    this.first.delete(from);
    this.first.set(to, key);
    this.now.set(key, to);
  }
}

/**
 * Applies the fixes of the problems to a payload and returns the fixed payload. Today the
 * fixable rule is `spelling`: each `fix: { kind: 'rename-member', to }` renames the member
 * at the problem's path to `to`, keeping its place among its siblings. A fix is skipped
 * when its member is not there or when the target name already exists in the same object
 * (both values are kept; the problem stays for a person to decide). Never modifies the
 * input: the result is a new payload whose objects on the path of a fix are new, while
 * untouched branches are shared with the input. Members are read as lint reads them (own
 * and enumerable). Never throws for any payload: one that cannot be read (a throwing getter,
 * a Proxy trap, a revoked Proxy), which lint reports as one `type` problem, is returned as
 * it is, unfixed.
 *
 * @param payload The payload the problems were found in.
 * @param problems Its problems (from `lintOrder`, `lintReturn` or `lintBatch`).
 * @returns The fixed payload (a new root object even when nothing was fixed), or `payload` itself when it cannot be read.
 * @throws {TypeError} When `problems` is not an array.
 * @example
 * const problems = lintOrder(order, { version: '1.1' });
 * const fixed = applyFixes(order, problems); // payment.transactionId is now payment.transactionID
 */
export function applyFixes(payload: unknown, problems: readonly Problem[]): unknown {
  try {
    return fixPayload(payload, problems).payload;
  } catch (error) {
    // The one refusal is of the problems; anything else was thrown by reading the payload.
    if (!Array.isArray(problems)) throw error;
    return payload;
  }
}
