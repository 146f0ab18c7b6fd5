import { describe, expect, it } from 'vitest';
import { defaultConfig } from './url-codec';
import { pageTitle } from './page-title';

describe('the tab title names the configuration', () => {
  it('algorithm, size and step; compare, explore and paper check by what they show', () => {
    const base = defaultConfig();
    const ring = { ...base, algorithm: 'ring-allgather', params: { nodes: 16 }, step: 3 };
    expect(pageTitle(ring)).toMatch(/^Ring.*nodes 16, step 3 — Optical Collectives Lab$/);
    expect(pageTitle({ ...ring, step: 0 })).not.toMatch(/step/);
    const cmp = {
      ...ring,
      options: { ...ring.options, mode: 'compare' as const },
      compare: [
        { algorithm: 'ring-allgather', overrides: {} },
        { algorithm: 'neighbor-exchange', overrides: {} },
      ],
    };
    expect(pageTitle(cmp)).toMatch(/^Compare Ring.* · Neighbor/);
    expect(
      pageTitle({ ...ring, options: { ...ring.options, mode: 'paper' as const }, check: 'noc-table2' }),
    ).toBe('Paper check noc-table2 — Optical Collectives Lab');
  });
});
