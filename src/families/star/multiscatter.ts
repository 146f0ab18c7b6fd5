import { pairBlocks, type PairRect } from '../../kernel/model/block-pairs';
import type { AlgorithmSpec } from '../../kernel/spec';
import { STAR_COSTS, StarBuilder, notPowerNote, paddedNote, starRows } from './common';
import { TCP2_MACHINE, shapeOf, tcp2Machine, type StarConfig } from './star-params';
import { starMultiscatterCard } from './multiscatter.card';
import { lowerBounds, multiscatterCommunication, tcp2Tunings } from './star-formulas';
import { mixedCliqueTuningsNote, radixDigit, tcp2Radices } from './tcp';

export const starMultiscatter: AlgorithmSpec<StarConfig> = {
  ...starMultiscatterCard,
  build(c) {
    const real = c.nodes;
    const n = tcp2Machine(c);
    const k = c.k;
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
  formulas(c, m) {
    const shape = shapeOf(c);
    return starRows(m, {
      steps: shape.h,
      d: c.tuningDelay,
      tunings: {
        tex: 'hPk',
        source: 'passive-star paper, Sec. 3.4',
        value: tcp2Tunings(shape),
        note: mixedCliqueTuningsNote(tcp2Machine(c), c.k, tcp2Radices(tcp2Machine(c), c.k)),
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
      note: notPowerNote(c, tcp2Machine(c)),
      padding: { p: shape.p, padded: tcp2Machine(c), ...TCP2_MACHINE },
    });
  },
};
