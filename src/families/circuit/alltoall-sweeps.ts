import { CIRCUIT_CARDS } from './cards';
import { defaultsWith } from '../../kernel/params/schema';
import { HEATMAP_MESSAGES } from './heatmaps';
import type { SweepDef, SweepPoint } from '../../kernel/experiment';
import { RETRI_PAPER } from './paper';

/** Completion time against message size: ReTri (81), mirrored Bruck (64), static all-to-all (64). */
export const alltoallTimeSweep: SweepDef = {
  id: 'alltoall-time',
  title: 'All-to-all completion time: ReTri (81, every phase rebuilt) vs. Bruck (64) vs. static ring (64)',
  paper: RETRI_PAPER,
  where: 'Sec. 3.4 and 4 (δ = 10 µs)',
  x: { label: 'Message size m', unit: 'B', log: true },
  y: { label: 'Time', unit: 's', log: true },
  metric: 'time',
  points(): SweepPoint[] {
    const series: { series: string; algorithm: string; nodes: number; reconfigure?: string }[] = [
      { series: 'ReTri, n = 81', algorithm: 'retri', nodes: 81, reconfigure: '0,1,1,1' },
      { series: 'Bruck, n = 64', algorithm: 'bruck', nodes: 64, reconfigure: '0,1,1,1,1,1' },
      { series: 'static, n = 64', algorithm: 'direct-alltoall', nodes: 64 },
    ];
    return series.flatMap(({ series: name, algorithm, nodes, reconfigure }) =>
      HEATMAP_MESSAGES.map((m) => ({
        series: name,
        x: m,
        config: {
          algorithm,
          params: defaultsWith(
            CIRCUIT_CARDS.find((c) => c.id === algorithm),
            algorithm,
            {
              nodes,
              ...(reconfigure === undefined ? {} : { reconfigure }),
              'message-bytes': m,
              'reconfiguration-delay': 10,
            },
          ),
        },
      })),
    );
  },
};
