import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AutoChunker, DocumentHolder, LineChunker, type ChunkOptions, type Piece } from '../../src/cli/chunker';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

/** Feeds pieces (reusing one buffer, as the file reader does) and describes what came out. */
function cut(cutter: LineChunker | DocumentHolder | AutoChunker, pieces: (string | Uint8Array)[]): string[] {
  const out: Piece[] = [];
  const reused = Buffer.alloc(1 << 16);
  for (const piece of pieces) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
    reused.set(bytes);
    out.push(...cutter.push(reused.subarray(0, bytes.length)));
    reused.fill(0x3f); // the cutter must have copied what it keeps
  }
  out.push(...cutter.end());
  return out.map((p) => (p.type === 'long' ? `long ${p.bytes}${p.document ? ' document' : ''}` : p.type === 'document' ? `document ${text(p.bytes)}` : `${p.type} ${text(p.bytes)}`));
}

const options = (more: Partial<ChunkOptions> = {}): ChunkOptions => ({ maxLineBytes: 10, targetBytes: 8, keepSkipped: false, ...more });

describe('LineChunker', () => {
  it('hands on whole lines once about targetBytes are held, and the last line without newline at the end', () => {
    expect(cut(new LineChunker(options()), ['ab\ncd', '\nef\ngh'])).toEqual(['lines ab\ncd\nef\n', 'lines gh']);
  });

  it('removes a byte-order mark split across reads, and remembers it', () => {
    const chunker = new LineChunker(options({ targetBytes: 100 }));
    expect(cut(chunker, [Buffer.from([0xef, 0xbb]), Buffer.from([0xbf, 0x61, 0x0a])])).toEqual(['lines a\n']);
    expect(chunker.hadBom).toBe(true);
  });

  it('skips a line longer than maxLineBytes without holding it, and goes on', () => {
    expect(cut(new LineChunker(options({ targetBytes: 100 })), ['ok\n0123', '456789ABC', 'DEF\nnext\n'])).toEqual(['lines ok\n', 'long 16', 'lines next\n']);
    expect(cut(new LineChunker(options({ targetBytes: 100 })), ['0123456789ABCDEF'])).toEqual(['long 16']);
  });

  it('does not count the CR of a CRLF line end in its length', () => {
    expect(cut(new LineChunker(options({ targetBytes: 100 })), ['0123456789\r\n'])).toEqual(['lines 0123456789\r\n']);
  });

  it('reports a skipped line\'s length without its line end (CRLF or LF, at the end of the input or not)', () => {
    const line = '0123456789ABC';
    for (const [input, expected] of [
      [`${line}\r\nok\n`, ['long 13', 'lines ok\n']],
      [`${line}\nok\n`, ['long 13', 'lines ok\n']],
      [`${line}\r\n`, ['long 13']],
      [`${line}\r`, ['long 13']],
      [line, ['long 13']],
    ] as const) {
      expect(cut(new LineChunker(options({ targetBytes: 100 })), [input]), JSON.stringify(input)).toEqual(expected);
    }
  });

  it('measures a CRLF line the same whatever the cuts: its length without the CRLF, against the limit and in the report', () => {
    const max = 10;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 * max }), fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }), (length, cuts) => {
        const input = 'x'.repeat(length) + '\r\nok\r\n';
        const pieces: string[] = [];
        for (let at = 0, i = 0; at < input.length; i++) {
          const size = cuts[i % cuts.length]!;
          pieces.push(input.slice(at, at + size));
          at += size;
        }
        const out = cut(new LineChunker(options({ maxLineBytes: max, targetBytes: 100 })), pieces);
        expect(out).toEqual(length > max ? [`long ${length}`, 'lines ok\r\n'] : [`lines ${input}`]);
      }),
    );
  });

  it('passes the bytes of a skipped line on as raw pieces for --fix', () => {
    const out = cut(new LineChunker(options({ targetBytes: 100, keepSkipped: true })), ['a\n012345', '6789ABC\nb\n']);
    expect(out).toEqual(['lines a\n', 'raw 012345', 'raw 6789ABC', 'raw \n', 'long 13', 'lines b\n']);
  });

  it('flush hands on the whole lines held now', () => {
    const chunker = new LineChunker(options({ targetBytes: 100 }));
    expect(chunker.push(Buffer.from('a\nb'))).toEqual([]);
    expect(chunker.flush().map((p) => p.type === 'lines' && text(p.bytes))).toEqual(['a\n']);
  });

  it('keeps every byte and every line whatever the cuts', () => {
    const line = fc.stringMatching(/^[a-z{}" ]{0,12}$/);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 10 }), (lines, cuts) => {
        const input = lines.map((l) => l + '\n').join('');
        const pieces: string[] = [];
        for (let at = 0, i = 0; at < input.length; i++) {
          const size = cuts[i % cuts.length]!;
          pieces.push(input.slice(at, at + size));
          at += size;
        }
        const out = cut(new LineChunker({ maxLineBytes: 12, targetBytes: 16, keepSkipped: false }), pieces);
        expect(out.map((p) => p.replace(/^lines /, '')).join('')).toBe(input);
      }),
    );
  });
});

describe('DocumentHolder', () => {
  it('holds a document up to the limit, and skips a larger one', () => {
    expect(cut(new DocumentHolder(options({ maxLineBytes: 100 })), ['{"a":', ' 1}'])).toEqual(['document {"a": 1}']);
    expect(cut(new DocumentHolder(options({ maxLineBytes: 4 })), ['{"a":', ' 1}'])).toEqual(['long 8 document']);
  });
});

describe('AutoChunker', () => {
  const auto = () => new AutoChunker({ maxLineBytes: 1000, targetBytes: 4, keepSkipped: false });

  it('streams NDJSON when the first non-blank line is an object and another follows', () => {
    // The lines held to decide are handed on two units' worth at a time.
    expect(cut(auto(), ['\n{"a":1}\n', '{"b":2}\n{"c":3}\n', '{"d":4}\n'])).toEqual(['lines \n{"a":1}\n', 'lines {"b":2}\n{"c":3}\n', 'lines {"d":4}\n']);
  });

  it('holds a pretty-printed document whole', () => {
    expect(cut(auto(), ['{\n  "a": 1\n', '}\n'])).toEqual(['document {\n  "a": 1\n}\n']);
  });

  it('holds a single line as a document', () => {
    expect(cut(auto(), ['[{"a":1}]'])).toEqual(['document [{"a":1}]']);
  });

  it('holds no more than a document may be long: past it, blank lines are NDJSON, handed on a few units at a time', () => {
    // 400 MB of newlines on stdin were held whole, then handed on as one unit (910 MB).
    const cutter = new AutoChunker({ maxLineBytes: 100, targetBytes: 8, keepSkipped: false });
    const pieces: Piece[][] = [];
    let held = 0;
    for (let i = 0; i < 40; i++) {
      pieces.push(cutter.push(Buffer.from('\n'.repeat(10))));
      held = Math.max(held, cutter.heldBytes);
    }
    pieces.push(cutter.push(Buffer.from('{"a":1}\n')), cutter.end());
    expect(held).toBeLessThanOrEqual(110);
    const units = pieces.map((list) => list.reduce((n, p) => n + (p.type === 'lines' ? p.bytes.length : 0), 0));
    // No push hands on more than two units' worth and the one piece it was given.
    expect(Math.max(...units.slice(0, -1))).toBeLessThanOrEqual(2 * 8 + 10 + 10);
    expect(pieces.flat().map((p) => (p.type === 'lines' ? text(p.bytes) : p.type)).join('')).toBe('\n'.repeat(400) + '{"a":1}\n');
  });

  it('keeps every byte whatever the cuts, NDJSON or document, past the limit or not', () => {
    const line = fc.constantFrom('', ' ', '{"a":1}', '[1,', '2]', 'x');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.integer({ min: 1, max: 9 }), (lines, size) => {
        const input = lines.map((l) => l + '\n').join('');
        const pieces: string[] = [];
        for (let at = 0; at < input.length; at += size) pieces.push(input.slice(at, at + size));
        const out = cut(new AutoChunker({ maxLineBytes: 30, targetBytes: 8, keepSkipped: true }), pieces);
        const kept = out.filter((p) => !p.startsWith('long ')).map((p) => p.replace(/^(lines|document|raw) /, ''));
        expect(kept.join('')).toBe(input);
      }),
    );
  });
});

describe('holdsLines: whether a quiet input has whole lines to hand on', () => {
  it('is true once a whole line is held and false after flush; a part of a line alone is not a line', () => {
    for (const chunker of [new LineChunker(options({ targetBytes: 1000 })), new AutoChunker(options({ targetBytes: 1000 }))]) {
      chunker.push(Buffer.from('{"a":1}\n{"b":2}\n{"c"'));
      expect(chunker.holdsLines).toBe(true);
      expect(chunker.flush().length).toBeGreaterThan(0);
      // What is left is the start of a line: nothing to hand on, so a quiet input does not wake the reader again.
      expect([chunker.holdsLines, chunker.heldBytes]).toEqual([false, 4]);
    }
  });
});
