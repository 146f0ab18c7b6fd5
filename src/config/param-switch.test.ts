import { describe, expect, it } from 'vitest';
import { findCard } from '../cards';
import { defaultsOf } from '../kernel/params/schema';
import { sameMeaning, switchParams } from './param-switch';

const card = (id: string) => {
  const c = findCard(id);
  if (!c) throw new Error(id);
  return c;
};

describe('switching algorithm keeps only the values that mean the same', () => {
  it('a ring’s bandwidth per wavelength does not become ReTri’s link bandwidth', () => {
    const [ring, retri] = [card('ring-allgather'), card('retri')];
    const bw = (c: typeof ring) => c.params.find((d) => d.key === 'bandwidth')!;
    expect(sameMeaning(bw(ring), bw(retri))).toBe(false);
    // Left at the ring's default: ReTri's default applies and nothing needs saying.
    const quiet = switchParams(ring.params, defaultsOf(ring.params), retri.params);
    expect(quiet.params.bandwidth).toBe(defaultsOf(retri.params).bandwidth);
    expect(quiet.dropped).toEqual([]);
    // Set by the user: still ReTri's default, and said.
    const set = switchParams(ring.params, { ...defaultsOf(ring.params), bandwidth: 10 }, retri.params);
    expect(set.params.bandwidth).toBe(defaultsOf(retri.params).bandwidth);
    expect(set.dropped).toHaveLength(1);
    expect(set.dropped[0]).toMatch(/10 .* is not carried over/);
  });

  it('the network size carries between ring algorithms, and so do identical time-model values', () => {
    const [ring, ne] = [card('ring-allgather'), card('neighbor-exchange')];
    const out = switchParams(
      ring.params,
      { ...defaultsOf(ring.params), nodes: 32, bandwidth: 10 },
      ne.params,
    );
    expect(out.params.nodes).toBe(32);
    expect(out.params.bandwidth).toBe(10);
    expect(out.dropped).toEqual([]);
  });

  it('a value set earlier in the new algorithm comes back', () => {
    const [ring, retri] = [card('ring-allgather'), card('retri')];
    const out = switchParams(ring.params, defaultsOf(ring.params), retri.params, { bandwidth: 800 });
    expect(out.params.bandwidth).toBe(800);
  });
});
