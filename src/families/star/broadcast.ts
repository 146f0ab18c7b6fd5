import type { AlgorithmSpec } from '../../kernel/spec';
import { broadcastMachine, broadcastRadices, starBroadcastCard } from './broadcast.card';
import { STAR_COSTS, StarBuilder, blockTable, notPowerNote, paddedNote, range, starRows } from './common';
import { TCP2_MACHINE, shapeOf, type StarConfig } from './star-params';
import { broadcastCommunication, broadcastTunings, lowerBounds } from './star-formulas';
import { power, radixChildren, radixClique } from './tcp';

export const starBroadcast: AlgorithmSpec<StarConfig> = {
  ...starBroadcastCard,
  build(c) {
    const real = c.nodes;
    const n = broadcastMachine(c);
    const k = c.k;
    const m = c.messages;
    const hs = c.splitSteps;
    const r = broadcastRadices(c);
    const h = r.radix.length;
    const blocks = blockTable(
      range(m).map(() => 0),
      n,
      n === real ? 'all' : () => range(real),
    );
    const sb = new StarBuilder('star-broadcast', 'broadcast', n, k, blocks, {
      transfers: n * k * (hs + 1) + n,
      blockRefs: 2 * n * m,
      receivers: n * k * (hs + 1) + n,
    });
    const residues = (rest: number, mod: number) => {
      const out: number[] = [];
      for (let b = rest % mod; b < m; b += mod) out.push(b);
      return out;
    };
    const pieces = r.stride[hs];
    for (let l = 1; l <= h; l++) {
      const stride = r.stride[l - 1];
      sb.b.beginStep(l <= hs ? 'broadcast-split' : 'broadcast');
      for (let i = 0; i < Math.min(stride, n); i++) {
        const children = radixChildren(i, l, r, n);
        if (l <= hs) children.forEach((c, j) => sb.send(i, j, [c], residues(c, r.stride[l])));
        else sb.send(i, 0, children, residues(i, pieces));
      }
    }
    for (let q = hs - 1; q >= 0; q--) {
      sb.b.beginStep('exchange');
      const mod = r.stride[q + 1];
      for (let v = 0; v < n; v++)
        sb.send(
          v,
          0,
          radixClique(v, q, r).filter((u) => u !== v),
          residues(v, mod),
        );
    }
    const built = sb.finish();
    return {
      ...built,
      variant:
        hs === 0
          ? 'naive: TCP1 forwards all m messages every step'
          : [`split, h′ = ${hs}`, paddedNote(n, real)].filter(Boolean).join('; '),
    };
  },
  ...STAR_COSTS,
  formulas(c, m) {
    const shape = shapeOf(c);
    const hs = c.splitSteps;
    const msgs = c.messages;
    const pieces = power(shape.k + 1, hs);
    const notes: string[] = [];
    if (msgs % pieces !== 0)
      notes.push(
        `m = ${msgs} is not a multiple of (k+1)^h′ = ${pieces}: pieces differ by one message and a step costs its largest piece.`,
      );
    return starRows(m, {
      steps: shape.h + hs,
      d: c.tuningDelay,
      tunings: {
        tex: "(P-1) + h'Pk",
        source: 'passive-star paper, Sec. 3.2.2',
        value: broadcastTunings(shape, hs),
        note:
          hs > 0
            ? 'A node reached in step h′ as child 1 still has a receiver on its parent’s first wavelength when the exchange starts, so some tunings are saved ((k+1)^(h′−1) when P is a power of k+1).'
            : undefined,
      },
      communication: {
        tex: "\\left(\\frac{2}{k}\\left((k+1)^{h'}-1\\right)+h-h'\\right)\\frac{m}{(k+1)^{h'}}",
        source: 'passive-star paper, Sec. 3.2.2',
        value: broadcastCommunication(shape, msgs, hs),
        note: notes.join(' ') || undefined,
      },
      lowerBound: {
        tex: '\\frac{m}{k}',
        source: 'passive-star paper, Table 1',
        value: lowerBounds.broadcast(shape, msgs),
      },
      note: notPowerNote(c, hs > 0 ? broadcastMachine(c) : undefined),
      padding: hs > 0 ? { p: shape.p, padded: broadcastMachine(c), ...TCP2_MACHINE } : undefined,
    }).map((row) =>
      row.id === 'steps'
        ? { ...row, tex: "h + h'", source: 'passive-star paper, Sec. 3.2.2 (three phases)' }
        : row,
    );
  },
};
