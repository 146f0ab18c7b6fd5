import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvTable, parseCsv, parseCsvObjects } from './csv';

describe('CSV fields (RFC 4180)', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvField('pair swap')).toBe('pair swap');
    expect(csvField(12)).toBe('12');
    expect(csvField(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('"')).toBe('""""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('0,1,1')).toBe('"0,1,1"');
    // Spaces and other punctuation need no quotes.
    expect(csvField(' x; y ')).toBe(' x; y ');
  });

  it('writes a table with a header and one line per row, and refuses a ragged row', () => {
    expect(
      csvTable(
        ['a', 'b'],
        [
          [1, 'x,y'],
          [null, 'z'],
        ],
      ),
    ).toBe('a,b\n1,"x,y"\n,z\n');
    expect(csvLine(['a', 1, null, 'b"c'])).toBe('a,1,,"b""c"');
    expect(() => csvTable(['a', 'b'], [[1]])).toThrow(/1 fields where the header has 2/);
  });
});

describe('reading CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks; CRLF or LF', () => {
    expect(parseCsv('a,b\r\n"1,2","say ""hi"""\r\n')).toEqual([
      ['a', 'b'],
      ['1,2', 'say "hi"'],
    ]);
    expect(parseCsv('x\n"two\nlines"\n,\n')).toEqual([['x'], ['two\nlines'], ['', '']]);
    expect(parseCsv('a,b')).toEqual([['a', 'b']]);
    expect(parseCsv('"a"')).toEqual([['a']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('refuses a quote left open and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a\n"open,b\n')).toThrow(/line 2: a quoted field is never closed/);
    expect(() => parseCsv('"a"b,c\n')).toThrow(/line 1: text after a closing quote/);
  });

  it('keys records by the header', () => {
    expect(parseCsvObjects('n,name\n1,"a,b"\n')).toEqual([{ n: '1', name: 'a,b' }]);
    expect(() => parseCsvObjects('n,name\n1\n')).toThrow(/record 2 has 1 fields/);
  });

  it('round trip: any table of any strings reads back as written', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r', 'µ', '9', ';') });
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5 })
          .chain((cols) =>
            fc.tuple(
              fc.array(text, { minLength: cols, maxLength: cols }),
              fc.array(fc.array(text, { minLength: cols, maxLength: cols }), { maxLength: 6 }),
            ),
          ),
        ([header, rows]) => {
          expect(parseCsv(csvTable(header, rows))).toEqual([header, ...rows]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
