import { describe, expect, it } from 'vitest';
import { decodeConfig, defaultConfig, encodeConfig } from './url-codec';

describe('net=, stretch= and chunk= in the link', () => {
  const view = { net: 'ring:2', stretch: true, chunk: 'r1.i0' };

  it('are written while the link names a file, and read back', () => {
    const query = encodeConfig({ ...defaultConfig(), file: 'ab12', interop: view });
    expect(query).toMatch(/(^|&)net=ring%3A2(&|$)/);
    expect(query).toMatch(/(^|&)stretch=1(&|$)/);
    expect(query).toMatch(/(^|&)chunk=r1.i0(&|$)/);
    expect(decodeConfig(query).config.interop).toEqual(view);
  });

  it('are left out once no file is shown: they would linger in an algorithm’s link', () => {
    const query = encodeConfig({ ...defaultConfig(), file: '', interop: view });
    expect(query).not.toMatch(/net=|stretch=|chunk=/);
  });

  it('chunk= names a TE-CCL chunk too (g1.c0, g1.c0.g2); anything else is refused saying both forms', () => {
    for (const chunk of ['g1.c0', 'g1.c0.g2']) {
      const query = encodeConfig({ ...defaultConfig(), file: 'ab12', interop: { ...view, chunk } });
      expect(decodeConfig(query).config.interop.chunk).toBe(chunk);
    }
    const bad = decodeConfig('?v=2&file=ab12&chunk=g1.x');
    expect(bad.config.interop.chunk).toBe('');
    expect(bad.ignored.join(' ')).toMatch(
      /chunk: .*r0\.i1.*on a TE-CCL file g<source GPU>\.c<chunk>.*got "g1.x", no chunk tracked/,
    );
  });
});
