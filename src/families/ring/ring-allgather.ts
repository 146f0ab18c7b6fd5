import { wdmRing } from '../../kernel/model/topology';
import type { AlgorithmSpec } from '../../kernel/spec';
import { ringAllgatherCard } from './ring-allgather.card';
import { eq3Row, type RingConfig } from './ring-params';
import { ringAllGatherBuilder } from './ring-builder';
import { phaseReports } from './ring-stages';

const RING_STAGE = 'ring: every node forwards one block clockwise per step';
export const ringAllgather: AlgorithmSpec<RingConfig> = {
  ...ringAllgatherCard,
  build(c) {
    const n = c.nodes;
    const b = ringAllGatherBuilder('ring-allgather', c, { singleBlock: true, transfers: n * (n - 1) });
    for (let s = 1; s < n; s++) {
      b.beginStep('ring');
      for (let i = 0; i < n; i++) b.addArc(i, 1, 0, (i - s + 1 + n) % n);
    }
    const w = c.wavelengths;
    const schedule = b.finish();
    return { topology: wdmRing(n, w), schedule, stages: phaseReports(schedule, w, () => RING_STAGE) };
  },
  formulas(c, m) {
    const n = c.nodes;
    const w = c.wavelengths;
    const atTable1 = n === 1024 && w === 64;
    return [
      {
        id: 'steps',
        label: 'Steps',
        tex: 'S = N - 1',
        source: 'OpTree paper, Table 1',
        formula: n - 1,
        constructed: m.steps,
        unit: 'steps',
        paper: atTable1 ? { value: 1023, where: 'Table 1 (N = 1024, w = 64)' } : undefined,
      },
      {
        id: 'wavelengths',
        label: 'Wavelengths used',
        tex: '1',
        source: 'one neighbour lightpath per node and step (Sec. IV.A)',
        formula: 1,
        constructed: m.channelsUsed,
        unit: 'wavelengths',
      },
      eq3Row(c, n - 1, m),
    ];
  },
};
