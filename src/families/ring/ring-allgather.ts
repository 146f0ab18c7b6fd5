import { wdmRing } from '../../kernel/model/topology';
import { num } from '../../kernel/params/schema';
import { eq3Row, RING_PARAMS, ringAllGatherBuilder, validateRing } from './ring-params';
import { phaseReports } from './ring-stages';
import { heldSentence, PAPERS, type AlgorithmSpec } from '../../kernel/spec';

const RING_STAGE = 'ring: every node forwards one block clockwise per step';

/**
 * Ring all-gather: in step s (1..N−1) node i forwards block (i − s + 1) mod N to node i + 1 on the
 * clockwise fibre, wavelength 0. Every link carries one lightpath per step.
 */
export const ringAllgather: AlgorithmSpec = {
  id: 'ring-allgather',
  name: 'Ring all-gather',
  family: 'Ring',
  collective: 'allgather',
  topology: 'wdm-ring',
  paper: PAPERS.optree,
  summary:
    'Every node passes one block to its clockwise neighbour in each step: first its own, then the one it ' +
    'has just received. After N−1 steps every block has gone round the ring. Simple, but it uses one ' +
    'wavelength of one fibre, however many the ring offers.',
  params: RING_PARAMS,
  validate: validateRing,
  estimate(p) {
    const n = num(p, 'nodes');
    return { steps: n - 1, transfers: n * (n - 1), blockRefs: n * (n - 1), holdingCells: n * n };
  },
  build(p) {
    const n = num(p, 'nodes');
    const b = ringAllGatherBuilder('ring-allgather', p, { singleBlock: true, transfers: n * (n - 1) });
    for (let s = 1; s < n; s++) {
      b.beginStep('ring');
      for (let i = 0; i < n; i++) b.addArc(i, 1, 0, (i - s + 1 + n) % n);
    }
    const w = num(p, 'wavelengths');
    const schedule = b.finish();
    return { topology: wdmRing(n, w), schedule, stages: phaseReports(schedule, w, () => RING_STAGE) };
  },
  formulas(p, m) {
    const n = num(p, 'nodes');
    const w = num(p, 'wavelengths');
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
      eq3Row(p, n - 1, m),
    ];
  },
  narrate(_p, f) {
    const e = f.examples[0];
    const example = e ? ` For example, node ${e.from} sends block ${e.blocks[0]} to node ${e.to[0]}.` : '';
    const what = f.step === 1 ? 'its own block' : 'the block it received in the previous step';
    return (
      `Every node sends ${what} one hop clockwise, all on wavelength λ0: ${f.transfers} lightpaths, ` +
      `one per clockwise link.${example} ${heldSentence(f)}`
    );
  },
};
