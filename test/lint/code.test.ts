/**
 * The code builder of the generated walk (src/lint/code.ts): whatever text it is given
 * lands as a literal or a comment, never as code; values arrive as parameters; locals and
 * functions are named by their scope.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { _, Block, joinCode, Module } from '../../src/lint/code';

/** Evaluates an expression's code. */
const evaluate = (code: { text: string }): unknown => new Function(`"use strict"; return (${code.text});`)();

describe('code builder', () => {
  it('interpolates any string as a string literal, and numbers and booleans as their literals', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer(), fc.boolean(), (text, n, flag) => {
        expect(evaluate(_`${text}`)).toBe(text);
        expect(evaluate(_`[${text}, ${n}, ${flag}]`)).toEqual([text, n, flag]);
      }),
    );
    // Text that would close a string or a comment, or start a statement, stays text.
    for (const text of ['"); process.exit(1); ("', '*/ x /*', '\u2028\u2029', '`${1}`', '\\', '</script>']) expect(evaluate(_`${text}`)).toBe(text);
  });

  it('refuses what has no safe literal: objects, functions, non-finite numbers', () => {
    for (const value of [{}, [], () => 1, Number.NaN, Infinity, 1n, Symbol('s'), null]) {
      expect(() => _`${value as never}`).toThrow(TypeError);
    }
  });

  it('names each local once in a scope, and no local as a module parameter', () => {
    const block = new Block();
    const names = ['x', 'x', 's', 'x', 'n'].map((prefix) => block.name(prefix as 'x').text);
    // A nested block names locals of the same function.
    block.if(_`true`, (b) => names.push(b.let('x').text));
    expect(names).toEqual(['x0', 'x1', 's0', 'x2', 'n0', 'x3']);
    const module = new Module({ helper: (v: number) => v * 2 });
    const value = { a: 1 };
    expect(module.value(value, 'N').text).toMatch(/^N\d+$/);
    expect(module.value(value, 'N')).toEqual(module.value(value, 'N'));
    expect(() => module.global('nope')).toThrow(TypeError);
  });

  it('builds functions once, with nested blocks, and compiles them with their values as parameters', () => {
    const module = new Module({ twice: (v: number) => v * 2 });
    const limit = module.value(10, 'N');
    const entry = module.function('f', ['d'], (b, [d]) => {
      const x = b.let('x', _`${module.global('twice')}(${d!})`);
      b.if(_`${x} > ${limit}`, (b) => b.line(_`return ${'big'}`), (b) => b.line(_`return ${x}`));
    });
    expect(module.function('f', ['d'], () => expect.unreachable())).toEqual(entry);
    const source = module.source(entry, 'a header\n// with a second line', 'name with spaces.js');
    expect(source).toMatch(/\/\/# sourceURL=name_with_spaces\.js$/);
    expect(source.split('\n').filter((line) => line.startsWith('// a header'))).toHaveLength(1);
    const f = module.compile(source) as (d: number) => unknown;
    expect([f(3), f(6)]).toEqual([6, 'big']);
    expect(() => module.function('not a name', [], () => {})).toThrow(TypeError);
    expect(evaluate(joinCode([_`1`, _`2`], '+', _`0`))).toBe(3);
    expect(evaluate(joinCode([], '||', _`false`))).toBe(false);
  });
});
