import { pairBlocks, type PairRect } from '../../kernel/model/block-pairs';
import { num } from '../../kernel/params/schema';
import type { AlgorithmSpec } from '../../kernel/spec';
import { STAR_COSTS, StarBuilder, notPowerNote, paddedNote, starRows } from './common';
import { TCP2_MACHINE, dOf, kOf, shapeOf, tcp2Machine } from './star-params';
import { starMultiscatterCard } from './multiscatter.card';
import { lowerBounds, multiscatterCommunication, tcp2Tunings } from './star-formulas';
import { mixedCliqueTuningsNote, radixDigit, tcp2Radices } from './tcp';

export const starMultiscatter: AlgorithmSpec = {
  ...starMultiscatterCard,
  build(p) {
    const real = num(p, 'nodes');
    const n = tcp2Machine(p);
    const k = kOf(p);
    const radices = tcp2Radices(real, k);
    const h = radices.radix.length;
    const sb = new StarBuilder(
      'star-multiscatter',
      'multiscatter',
      n,
      k,
      pairBlocks(real),
      { transfers: n * k * h, blockRefs: 0, receivers: n * k * h },
      real,
    );
    const rect: PairRect = { sFirst: 0, sCount: 0, dFirst: 0, dStep: 1, dCount: 0 };
    for (let q = 0; q < h; q++) {
      sb.b.beginStep('exchange');
      const low = radices.stride[q];
      const high = radices.stride[q + 1];
      for (let v = 0; v < n; v++) {
        const mine = radixDigit(v, q, radices);
        const sFirst = v - (v % low);
        const sEnd = Math.min(sFirst + low, real);
        for (let y = 0; y < radices.radix[q]; y++) {
          if (y === mine) continue;
          const dFirst = (v % low) + y * low;
          rect.sFirst = sFirst;
          rect.sCount = Math.max(0, sEnd - sFirst);
          rect.dFirst = dFirst;
          rect.dStep = high;
          rect.dCount = dFirst < real ? Math.ceil((real - dFirst) / high) : 0;
          sb.sendRect(v, y < mine ? y : y - 1, v + (y - mine) * low, rect);
        }
      }
    }
    return { ...sb.finish(), variant: paddedNote(n, real) };
  },
  ...STAR_COSTS,
  formulas(p, m) {
    const shape = shapeOf(p);
    return starRows(m, {
      steps: shape.h,
      d: dOf(p),
      tunings: {
        tex: 'hPk',
        source: 'passive-star paper, Sec. 3.4',
        value: tcp2Tunings(shape),
        note: mixedCliqueTuningsNote(tcp2Machine(p), kOf(p), tcp2Radices(tcp2Machine(p), kOf(p))),
      },
      communication: {
        tex: 'T_{com} = h\\,\\frac{P}{k+1}',
        source: 'passive-star paper, Sec. 3.4',
        value: multiscatterCommunication(shape),
      },
      lowerBound: {
        tex: '\\frac{P-1}{k}',
        source: 'passive-star paper, Table 1',
        value: lowerBounds.multiscatter(shape),
      },
      note: notPowerNote(p, tcp2Machine(p)),
      padding: { p: shape.p, padded: tcp2Machine(p), ...TCP2_MACHINE },
    });
  },
};
