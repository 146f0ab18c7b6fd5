import type { SweepDef, SweepPoint } from '../../kernel/experiment';
import { H, M, exampleParams } from './star-example';
import { STAR_PAPER } from './paper';

/** Split broadcast at P = 64, k = 3, m = 64: the paper's total against h′ for three tuning delays. */
export const starSplitSweep: SweepDef = {
  id: 'star-split-steps',
  title: 'Split broadcast: total cost T_tune + T_com against the split steps h′ (P = 64, k = 3, m = 64)',
  paper: STAR_PAPER,
  where: 'Sec. 3.2.2 (the h′ trade-off)',
  x: { label: 'split steps h′', unit: 'steps', log: false },
  y: { label: 'total cost', unit: 'time units', log: false },
  metric: 'total',
  points(): SweepPoint[] {
    const out: SweepPoint[] = [];
    for (const d of [0.05, 0.1, 0.5])
      for (let hs = 0; hs <= H; hs++)
        out.push({
          series: `D = ${d}`,
          x: hs,
          config: {
            algorithm: 'star-broadcast',
            params: exampleParams('star-broadcast', {
              'tuning-delay': d,
              messages: M,
              variant: 'split',
              'split-steps': hs,
            }),
          },
        });
    return out;
  },
};
