import { describe, expect, it } from 'vitest';
import { decodeConfig, encodeConfig, defaultConfig } from '../config/url-codec';
import { customNetworkLink, networkLink, networkOfLink } from './network-link';

describe('the network of an imported schedule in a link', () => {
  it('every kind goes into the link and back', () => {
    for (const text of ['', 'ring', 'ring:3', 'mesh:2x4', 'torus:4x4', 'custom:4:2:0,1,1,2,2,3'])
      expect(networkLink(networkOfLink(text))).toBe(text);
  });

  it('the topology reader’s parameters become a custom network', () => {
    const text = customNetworkLink({
      network: 'custom',
      routers: '4',
      links: '0,1,1,2,2,3',
      'per-router': '1',
    });
    expect(networkOfLink(text)).toMatchObject({ kind: 'custom' });
  });

  it('bad values are refused saying what net takes', () => {
    expect(() => networkOfLink('hypercube')).toThrow(/net must be full, ring, ring:W, mesh:RxC/);
    expect(() => networkOfLink('ring:0')).toThrow(/net ring:W takes 1 to 4096 wavelengths/);
    expect(() => networkOfLink('custom:4:1:0,9')).toThrow(/net=custom: "links/);
  });

  it('net= and stretch= are validated like every other field, and written back as the page writes them', () => {
    const ok = decodeConfig('?v=2&file=abcdef12&net=ring:08&stretch=1');
    expect(ok.ignored).toEqual([]);
    expect(ok.config.interop).toEqual({ net: 'ring:8', stretch: true, chunk: '' });
    expect(encodeConfig(ok.config)).toContain('net=ring%3A8&stretch=1');
    const bad = decodeConfig('?v=2&file=abcdef12&net=mesh:0&stretch=yes');
    expect(bad.config.interop).toEqual({ net: '', stretch: false, chunk: '' });
    expect(bad.ignored).toEqual([
      'net must be full, ring, ring:W, mesh:RxC, torus:RxC or custom:R:P:a,b,…; got "mesh:0"; showing it fully connected',
      'stretch must be 1 (re-time an imported schedule without conflicts) or 0; got "yes"',
    ]);
    expect(encodeConfig(defaultConfig())).not.toMatch(/net=|stretch=/);
  });
});
