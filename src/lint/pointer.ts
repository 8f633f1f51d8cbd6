/**
 * RFC 6901 JSON Pointers.
 */

/**
 * Escapes one reference token (`~` → `~0`, `/` → `~1`).
 *
 * @param token A member name or array index.
 * @returns The escaped token.
 * @throws {TypeError} When `token` is neither a string nor a number.
 * @example escapeToken('a/b'); // 'a~1b'
 */
export function escapeToken(token: string | number): string {
  if (typeof token !== 'string' && typeof token !== 'number') throw new TypeError('token must be a string or a number.');
  return escapeText(token);
}

/**
 * `escapeToken` of a token known to be a string or a number (the engine's paths: no
 * argument check in the lint bundle).
 *
 * @param token A member name or array index.
 * @returns The escaped token.
 * @example escapeText('a/b'); // 'a~1b'
 */
export function escapeText(token: string | number): string {
  const s = String(token);
  return s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s;
}

/**
 * Builds a JSON Pointer from reference tokens.
 *
 * @param tokens Member names and array indexes, outermost first.
 * @returns The pointer; `''` for no tokens.
 * @throws {TypeError} When `tokens` is not an array of strings and numbers.
 * @example toPointer(['clientRequest', 'item', 0, 'sku']); // '/clientRequest/item/0/sku'
 */
export function toPointer(tokens: readonly (string | number)[]): string {
  if (!Array.isArray(tokens)) throw new TypeError('tokens must be an array of strings and numbers.');
  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    const t: unknown = tokens[i];
    // Indexes and plain member names need no escaping: skip the String() and searches.
    if (typeof t === 'number') out += '/' + t;
    else if (typeof t === 'string') out += needsEscape(t) ? '/' + escapeText(t) : '/' + t;
    else throw new TypeError(`tokens[${i}] must be a string or a number.`);
  }
  return out;
}

/** The token holds `~` or `/`. */
function needsEscape(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c === 126 || c === 47) return true;
  }
  return false;
}

/**
 * Splits a JSON Pointer into unescaped reference tokens.
 *
 * @param pointer An RFC 6901 pointer (`''` or starting with `/`).
 * @returns The tokens.
 * @throws {TypeError} When `pointer` is not a string.
 * @throws {SyntaxError} For a pointer that is not empty and does not start with `/`, or has a `~` not in `~0` or `~1`.
 * @example parsePointer('/a~1b/0'); // ['a/b', '0']
 */
export function parsePointer(pointer: string): string[] {
  if (typeof pointer !== 'string') throw new TypeError('pointer must be a string.');
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new SyntaxError('A JSON Pointer must be empty or start with "/".');
  // RFC 6901 escapes: '~' only in '~0' and '~1' ('/a~2b' or a trailing '~' is no pointer).
  for (let i = pointer.indexOf('~'); i !== -1; i = pointer.indexOf('~', i + 2)) {
    if (pointer[i + 1] !== '0' && pointer[i + 1] !== '1') throw new SyntaxError('A JSON Pointer may hold "~" only in "~0" and "~1".');
  }
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Resolves a JSON Pointer in a JSON value.
 *
 * @param root The JSON value.
 * @param pointer The pointer.
 * @returns `{ found: true, value }` or `{ found: false }`.
 * @throws {TypeError} When `pointer` is not a string (see `parsePointer`).
 * @throws {SyntaxError} For a pointer that is not empty and does not start with `/`, or has a `~` not in `~0` or `~1`.
 * @example resolvePointer({ a: [1] }, '/a/0'); // { found: true, value: 1 }
 */
export function resolvePointer(root: unknown, pointer: string): { found: true; value: unknown } | { found: false } {
  let cur: unknown = root;
  for (const t of parsePointer(pointer)) {
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9]\d*)$/.test(t) || Number(t) >= cur.length) return { found: false };
      cur = cur[Number(t)];
    } else if (cur !== null && typeof cur === 'object' && Object.prototype.hasOwnProperty.call(cur, t)) {
      cur = (cur as Record<string, unknown>)[t];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: cur };
}
