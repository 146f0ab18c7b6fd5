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
});
