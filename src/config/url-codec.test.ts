import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS } from '../algorithms/registry';
import { decodeConfig, defaultConfig, encodeConfig, SPEEDS, VIEWS, type AppConfig } from './url-codec';

const arbConfig: fc.Arbitrary<AppConfig> = fc
  .record({
    alg: fc.constantFrom(...ALGORITHMS.map((a) => a.id)),
    nodes: fc.integer({ min: 2, max: 4096 }),
    wavelengths: fc.integer({ min: 1, max: 1024 }),
    bytes: fc.integer({ min: 1, max: 2 ** 34 }),
    bandwidth: fc.double({ min: 0.001, max: 100_000, noNaN: true }),
    step: fc.integer({ min: 0, max: 100_000 }),
    view: fc.constantFrom(...VIEWS),
    speed: fc.constantFrom(...SPEEDS),
    lecture: fc.boolean(),
  })
  .map((r) => {
    const c = defaultConfig(r.alg);
    const drawn: Record<string, number> = {
      nodes: r.nodes,
      wavelengths: r.wavelengths,
      'message-bytes': r.bytes,
      bandwidth: r.bandwidth,
    };
    // Only the parameters this algorithm has (the star algorithms have no ring parameters).
    for (const key of Object.keys(drawn)) if (key in c.params) c.params[key] = drawn[key];
    c.step = r.step;
    c.options = { view: r.view, speed: r.speed, lecture: r.lecture };
    return c;
  });

describe('permalink codec', () => {
  it('round-trips every valid configuration exactly, with nothing ignored', () => {
    fc.assert(
      fc.property(arbConfig, (c) => {
        const d = decodeConfig(`?${encodeConfig(c)}`);
        expect(d.ignored).toEqual([]);
        expect(d.config).toEqual(c);
      }),
      { numRuns: 300 },
    );
  });

  it('writes readable keys and the version', () => {
    const q = encodeConfig(defaultConfig('neighbor-exchange'));
    expect(q.startsWith('v=1&alg=neighbor-exchange&nodes=8&wavelengths=4&message-bytes=4194304')).toBe(true);
    expect(q).toContain('&step=0&view=split&speed=2');
  });

  it('an empty link gives the default view without notices', () => {
    expect(decodeConfig('')).toEqual({ config: defaultConfig(), ignored: [], play: false });
    expect(decodeConfig('?').ignored).toEqual([]);
  });

  it('a partial link keeps what is valid and defaults the rest', () => {
    const d = decodeConfig('?v=1&alg=neighbor-exchange&nodes=10&step=3');
    expect(d.ignored).toEqual([]);
    expect(d.config.algorithm).toBe('neighbor-exchange');
    expect(d.config.params.nodes).toBe(10);
    expect(d.config.params.wavelengths).toBe(4);
    expect(d.config.step).toBe(3);
  });

  it('lists every bad part and falls back to defaults', () => {
    const d = decodeConfig(
      '?v=1&alg=ring-allgather&nodes=1&wavelengths=abc&step=-2&view=cube&speed=fast&lecture=yes&colour=red',
    );
    expect(d.config.params.nodes).toBe(8);
    expect(d.config.params.wavelengths).toBe(4);
    expect(d.config.step).toBe(0);
    expect(d.config.options).toEqual(defaultConfig().options);
    expect(d.ignored).toHaveLength(7);
    expect(d.ignored[0]).toMatch(/nodes.*2 to 65,536.*"1"/);
    expect(d.ignored.join('\n')).toMatch(/colour/);
  });

  it('an unknown algorithm or version is reported and replaced', () => {
    const d = decodeConfig('?v=9&alg=teleport&nodes=6');
    expect(d.config.algorithm).toBe('ring-allgather');
    expect(d.config.params.nodes).toBe(6);
    expect(d.ignored.some((m) => m.includes('v=9'))).toBe(true);
    expect(d.ignored.some((m) => m.includes('teleport'))).toBe(true);
    expect(decodeConfig('?alg=ring-allgather').ignored[0]).toMatch(/no version/);
  });

  it('rejects cross-parameter conflicts (flit must divide packet)', () => {
    const d = decodeConfig('?v=1&packet-bytes=128&flit-bytes=48');
    expect(d.config.params['flit-bytes']).toBe(32);
    expect(d.ignored.join()).toMatch(/divide/);
  });

  it('survives hostile input without throwing', () => {
    const hostile = [
      '?%E0%A4%A',
      '?nodes=%',
      '?__proto__=1&constructor=2&toString=3',
      '?nodes=1e999',
      '?nodes=0x10',
      '?nodes=Infinity',
      '?nodes=NaN',
      '?step=99999999999999999999',
      '?' + 'a'.repeat(10_000),
      '?v=1&nodes=8&nodes=9',
      '?=&&&=&',
      '?alg=<script>alert(1)</script>',
      '?nodes=\u0000\u0007',
    ];
    for (const q of hostile) {
      const d = decodeConfig(q);
      expect(d.config.algorithm).toBe('ring-allgather');
      expect(Number.isInteger(d.config.params.nodes)).toBe(true);
      expect(d.config.params.nodes as number).toBeGreaterThanOrEqual(2);
      expect(Number.isSafeInteger(d.config.step)).toBe(true);
      expect(d.ignored.length).toBeLessThanOrEqual(41);
      for (const m of d.ignored) expect(m.length).toBeLessThan(300);
    }
    expect(decodeConfig('?v=1&nodes=8&nodes=9').config.params.nodes).toBe(8);
    expect(decodeConfig('?__proto__=1').ignored.join()).toMatch(/__proto__/);
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (q) => {
        const d = decodeConfig(q);
        expect(typeof d.config.algorithm).toBe('string');
      }),
      { numRuns: 500 },
    );
  });
});
