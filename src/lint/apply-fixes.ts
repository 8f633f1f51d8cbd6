/**
 * Applying the fixes that problems carry (`fix: { kind: 'rename-member', to }`).
 */
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

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);
const isPlainRecord = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

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

/**
 * Applies the fixes and says which were applied. The input is never modified: the root and
 * every object or array on the path of an applied fix are new; other branches are shared.
 *
 * @param payload The payload the problems were found in.
 * @param problems Its problems; those without a `rename-member` fix are ignored.
 * @returns The fixed payload and the renames made, in problem order.
 * @example fixPayload(order, lintOrder(order, { version: '1.1' })).renames.length; // 1
 */
export function fixPayload(payload: unknown, problems: readonly Problem[]): { payload: unknown; renames: MemberRename[] } {
  if (payload === null || typeof payload !== 'object') return { payload, renames: [] };
  if (!Array.isArray(payload) && !isPlainRecord(payload)) return { payload, renames: [] };
  const fresh = new WeakSet<object>();
  const root = copyOf(payload);
  fresh.add(root);
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
    // Walk to the parent, copying each container on the way the first time it is touched.
    let node: Record<string, unknown> | unknown[] = root;
    let ok = true;
    for (const token of tokens) {
      let child: unknown;
      if (Array.isArray(node)) {
        if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) >= node.length) {
          ok = false;
          break;
        }
        child = node[Number(token)];
      } else {
        if (!hasOwn(node, token)) {
          ok = false;
          break;
        }
        child = node[token];
      }
      if (!(Array.isArray(child) || isPlainRecord(child))) {
        ok = false;
        break;
      }
      if (!fresh.has(child)) {
        const copy = copyOf(child);
        fresh.add(copy);
        if (Array.isArray(node)) node[Number(token)] = copy;
        else define(node, token, copy);
        child = copy;
      }
      node = child as Record<string, unknown> | unknown[];
    }
    // The member must exist, and its schema spelling must not: then both values are kept and
    // the problem stays (which one is right is the sender's call, not the fixer's).
    if (!ok || Array.isArray(node) || !hasOwn(node, from) || hasOwn(node, fix.to)) continue;
    const renamed: Record<string, unknown> = {};
    for (const key of Object.keys(node)) define(renamed, key === from ? fix.to : key, node[key]);
    for (const key of Object.keys(node)) delete node[key];
    for (const key of Object.keys(renamed)) define(node, key, renamed[key]);
    renames.push({ parent: tokens, from, to: fix.to });
  }
  return { payload: root, renames };
}

/**
 * Applies the fixes of the problems to a payload and returns the fixed payload. Today the
 * fixable rule is `spelling`: each `fix: { kind: 'rename-member', to }` renames the member
 * at the problem's path to `to`, keeping its place among its siblings. A fix is skipped
 * when its member is not there or when the target name already exists in the same object
 * (both values are kept; the problem stays for a person to decide). Never modifies the
 * input: the result is a new payload whose objects on the path of a fix are new, while
 * untouched branches are shared with the input.
 *
 * @param payload The payload the problems were found in.
 * @param problems Its problems (from `lintOrder`, `lintReturn` or `lintBatch`).
 * @returns The fixed payload (a new root object even when nothing was fixed).
 * @example
 * const problems = lintOrder(order, { version: '1.1' });
 * const fixed = applyFixes(order, problems); // payment.transactionId is now payment.transactionID
 */
export function applyFixes(payload: unknown, problems: readonly Problem[]): unknown {
  return fixPayload(payload, problems).payload;
}
