import type { AlgorithmSpec } from '../../kernel/spec';
import { STAR_COSTS, StarBuilder, blockTable, notPowerNote, paddedNote, range, starRows } from './common';
import { TCP2_MACHINE, shapeOf, tcp2Machine, type StarConfig } from './star-params';
import { starGossipCard } from './gossip.card';
import { gossipCommunication, lowerBounds, tcp2Tunings } from './star-formulas';
import { mixedCliqueTuningsNote, radixClique, tcp2Radices } from './tcp';

export const starGossip: AlgorithmSpec<StarConfig> = {
  ...starGossipCard,
  build(c) {
    const real = c.nodes;
    const k = c.k;
    const radices = tcp2Radices(real, k);
    const n = radices.stride[radices.radix.length];
    const h = radices.radix.length;
    const blocks = blockTable(range(real), n, n === real ? 'all' : () => range(real), c.messages);
    const sb = new StarBuilder('star-gossip', 'gossip', n, k, blocks, {
      transfers: n * h,
      blockRefs: n * n,
      receivers: n * h * k,
    });
    for (let q = 0; q < h; q++) {
      sb.b.beginStep('exchange-group');
      const group = radices.stride[q];
      for (let v = 0; v < n; v++) {
        // Before the step for digit q, v holds the data of every node that agrees with it on digits ≥ q.
        const first = v - (v % group);
        const held = range(Math.max(0, Math.min(group, real - first))).map((a) => first + a);
        sb.send(
          v,
          0,
          radixClique(v, q, radices).filter((u) => u !== v),
          held,
        );
      }
    }
    return { ...sb.finish(), variant: paddedNote(n, real) };
  },
  ...STAR_COSTS,
  formulas(c, m) {
    const shape = shapeOf(c);
    const msgs = c.messages;
    return starRows(m, {
      steps: shape.h,
      d: c.tuningDelay,
      tunings: {
        tex: 'hPk',
        source: 'passive-star paper, Sec. 3.3',
        value: tcp2Tunings(shape),
        note: mixedCliqueTuningsNote(tcp2Machine(c), c.k, tcp2Radices(tcp2Machine(c), c.k)),
      },
      communication: {
        tex: 'T_{com} = \\sum_{i=0}^{h-1} (k+1)^i m = \\frac{(P-1)m}{k}',
        source: 'passive-star paper, Sec. 3.3',
        value: gossipCommunication(shape, msgs),
      },
      lowerBound: {
        tex: '\\frac{(P-1)m}{k}',
        source: 'passive-star paper, Table 1',
        value: lowerBounds.gossip(shape, msgs),
      },
      note: notPowerNote(c, tcp2Machine(c)),
      padding: { p: shape.p, padded: tcp2Machine(c), ...TCP2_MACHINE },
    });
  },
};
