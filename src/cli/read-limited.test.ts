import { describe, expect, it } from 'vitest';
import { FileRefused, readScheduleText } from './read-limited';
import { checkCommand } from './check-command';
import { execute } from './commands';

/** A reader over `bytes`, then (if `endless`) the same byte for ever, counting what it handed out. */
function source(text: string, endless?: number) {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  const s = {
    served: 0,
    read(buffer: Uint8Array): number {
      let n = 0;
      while (n < buffer.length && at < bytes.length) buffer[n++] = bytes[at++];
      if (endless !== undefined) while (n < buffer.length) buffer[n++] = endless;
      s.served += n;
      return n;
    },
  };
  return s;
}

describe('reading a schedule file with stated limits', () => {
  it('reads a small file whole', () => {
    expect(readScheduleText(source('  {"a": 1}').read, 'x.json')).toBe('  {"a": 1}');
  });

  it('refuses binary input at its first byte (/dev/zero), having read one chunk', () => {
    const zero = source('', 0);
    expect(() => readScheduleText(zero.read, '/dev/zero')).toThrow(/not a schedule file.*byte 0x00/);
    expect(zero.served).toBeLessThanOrEqual(1 << 20);
  });

  it('refuses a file longer than the limit without reading past it (an endless stream of spaces or JSON)', () => {
    for (const s of [source('', 0x20), source('{"steps": [', 0x20)]) {
      expect(() => readScheduleText(s.read, 'big.json', 3_000_000)).toThrow(FileRefused);
      expect(s.served).toBeLessThanOrEqual(3_000_001);
    }
    expect(() => readScheduleText(source('{}', 0x20).read, 'big.json', 3_000_000)).toThrow(
      /larger than 3,000,000 bytes, the most check reads/,
    );
  });

  it('refuses an empty file', () => {
    expect(() => readScheduleText(source('').read, 'empty.json')).toThrow(/empty/);
  });
});

describe('check refuses sizes beyond its limits before allocating, in one line, exit 2', () => {
  const doc = (nodes: number) =>
    JSON.stringify({
      format: 'optical-collectives/schedule-v1',
      collective: 'allgather',
      nodes,
      links: [],
      blocks: [{ id: 0, origin: 0, to: 'all', bytes: 1 }],
      steps: [],
    });
  for (const nodes of [2_000_000_000, 4_294_967_295])
    it(`a 200-byte file declaring ${nodes} processors`, () => {
      const r = execute(['check', 'x.json'], { readText: () => doc(nodes) });
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/nodes must be at most 4194304 \(the checker keeps tables per processor\)/);
      expect(r.err).not.toMatch(/\n/);
    });

  it('a refused file reaches the user as one line with exit 2', () => {
    const r = execute(['check', '/dev/zero'], {
      readText: () => readScheduleText(source('', 0).read, '/dev/zero'),
    });
    expect(r).toMatchObject({ code: 2, out: [] });
    expect(r.err).toMatch(/^\/dev\/zero is not a schedule file/);
  });
});

describe('a schedule too big for one string is checked from its bytes', () => {
  it('gives the same report as its text', () => {
    const made = execute(['schedule', 'ring-allgather', '--nodes', '6'], { readText: () => '' });
    const text = [...made.out].join('');
    const fromText = checkCommand(text, 'x.json');
    const fromBytes = checkCommand(new TextEncoder().encode(text), 'x.json');
    expect(fromText.code).toBe(0);
    expect(fromBytes).toEqual(fromText);
  });

  it('a value too long for one string is said to be too big, not to be bad JSON', () => {
    const text = `{"notes": "${'a'.repeat(100)}", "steps": []}`;
    expect(() => checkCommand(new TextEncoder().encode(text), 'x.json', {}, 64)).toThrow(
      /^x\.json is too big to read: the value at byte 10 is 102 bytes long/,
    );
  });
});

describe('check says what a number too long for JavaScript is', () => {
  it('a 400-digit nodes is "too large for JavaScript", not "null"', () => {
    const text = `{"format": "optical-collectives/schedule-v1", "collective": "allgather", "nodes": ${'9'.repeat(400)}, "links": [], "blocks": [], "steps": []}`;
    const r = execute(['check', 'x.json'], { readText: () => text });
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'x.json: nodes must be a whole number ≥ 1; got a number too large for JavaScript (over 1.8e308)',
    );
  });
});
