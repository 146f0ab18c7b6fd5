import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonPiecesError, JsonTooBig, parseJsonPieces } from './json-pieces';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('parsing a JSON object in pieces', () => {
  it('gives what JSON.parse gives, for any object with any array under the split key', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.array(fc.jsonValue()),
        fc.boolean(),
        (rest, steps, pretty) => {
          const doc = { ...rest, steps };
          const text = pretty ? JSON.stringify(doc, null, 2) : JSON.stringify(doc);
          expect(parseJsonPieces(bytes(text), 'steps')).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a "__proto__" key is data, as in JSON.parse', () => {
    const text = '{"__proto__": {"polluted": 1}, "steps": []}';
    const doc = parseJsonPieces(bytes(text), 'steps');
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
    expect(doc).toEqual(JSON.parse(text));
  });

  it('handles strings with quotes, escapes, brackets and non-ASCII text', () => {
    const text = '{"a": "x\\"]}[{\\\\", "steps": [{"p": "é]\\u0041"}, 1, "}", [[]]], "b": null}';
    expect(parseJsonPieces(bytes(text), 'steps')).toEqual(JSON.parse(text));
  });

  it('refuses broken text with an error, never a wrong object', () => {
    for (const text of ['{"steps": [1, 2', '{"a": "unterminated', '[1]', '{"a": 1} x', '{"a" 1}'])
      expect(() => parseJsonPieces(bytes(text), 'steps'), text).toThrow();
    expect(() => parseJsonPieces(bytes('{"steps": [1, 2'), 'steps')).toThrow(JsonPiecesError);
  });

  it('a value too long for one JavaScript string is refused as too big, not as bad JSON', () => {
    const text = `{"format": "x", "notes": "${'a'.repeat(100)}", "steps": [1]}`;
    expect(() => parseJsonPieces(bytes(text), 'steps', 64)).toThrow(JsonTooBig);
    expect(() => parseJsonPieces(bytes(text), 'steps', 64)).toThrow(
      /^the value at byte 25 is 102 bytes long; one value \(a string, or one step\) may take at most 64 bytes, the longest string JavaScript holds$/,
    );
    expect(parseJsonPieces(bytes(text), 'steps', 200)).toEqual(JSON.parse(text));
  });
});
