import { circuitModelOf } from './circuit-time';
import { centred } from './reconfig-formulas';
import { circuitLink, circuitTopology, configLinks } from './circuits';
import { ScheduleBuilder } from '../../kernel/model/schedule-builder';
import { num } from '../../kernel/params/schema';
import {
  alltoallBlocks,
  circuitParams,
  circuitStepSeconds,
  concatSteps,
  exactBlockBytes,
} from './circuit-alltoall';
import { PAPERS, type AlgorithmSpec } from '../../kernel/spec';

/**
 * Static source-to-destination all-to-all (the ReTri paper's static baseline, Sec. 4): the switch
 * keeps one ring (every node wired to i ± 1) and every block goes straight to its destination along
 * the shorter way round, all in one phase. For even n the block half-way round goes clockwise from
 * even sources and counter-clockwise from odd ones, so both directions carry the same load.
 */
export const DIRECT_MAX_NODES = 256;

/** Signed ring distance a block from r to d travels (positive: clockwise). */
export function directOffset(n: number, r: number, d: number): number {
  const c = centred(d - r, n);
  return n % 2 === 0 && c === n / 2 && r % 2 === 1 ? -c : c;
}

export const directAlltoall: AlgorithmSpec = {
  id: 'direct-alltoall',
  name: 'Static all-to-all',
  family: 'Reconfigurable all-to-all',
  collective: 'alltoall',
  topology: 'circuit',
  paper: PAPERS.retri,
  blockRoute: (_p, r, d, ring) => `goes straight, ${Math.abs(centred(d - r, ring))} circuits`,
  summary:
    'No reconfiguration: the circuits form one ring and every node sends each block straight to its ' +
    'destination the shorter way round, all at once. One phase, but blocks share circuits: the busiest ' +
    'circuit carries about n²/8 blocks.',
  params: circuitParams({
    key: 'nodes',
    label: 'Nodes n',
    kind: 'int',
    min: 2,
    max: DIRECT_MAX_NODES,
    default: 16,
    group: 'network',
    help: 'Accelerators on the static ring of circuits.',
  }),
  validate: () => [],
  estimate(p) {
    const n = num(p, 'nodes');
    return { steps: 1, transfers: n * (n - 1), blockRefs: n * (n - 1), holdingCells: 2 * n * n };
  },
  build(p) {
    const n = num(p, 'nodes');
    const blocks = alltoallBlocks(n, Math.ceil(exactBlockBytes(p)));
    const b = new ScheduleBuilder({
      algorithm: 'direct-alltoall',
      collective: 'alltoall',
      nodeCount: n,
      blocks,
      pathKind: 'link-list',
      receiverKind: 'path-end',
      singleBlock: true,
      capacity: { transfers: n * (n - 1), pathLinks: (n * n * n) / 4 + n },
    });
    b.beginStep('direct');
    const links = new Uint32Array(n);
    for (let r = 0; r < n; r++)
      for (let d = 0; d < n; d++) {
        if (d === r) continue;
        const o = directOffset(n, r, d);
        const dir = o > 0 ? 1 : -1;
        let node = r;
        for (let h = 0; h < Math.abs(o); h++) {
          links[h] = circuitLink(n, 0, node, dir);
          node = (node + dir + n) % n;
        }
        b.addTransfer(r, links.subarray(0, Math.abs(o)), [], 0, r * n + d);
      }
    const schedule = b.finish();
    schedule.activeLinks = concatSteps([configLinks(n, 0)]);
    return { topology: circuitTopology(n, [1]), schedule };
  },
  stepSeconds(_s, usage, p) {
    return circuitStepSeconds(usage, p, exactBlockBytes(p), [false]);
  },
  formulas(p, m) {
    const n = num(p, 'nodes');
    const model = circuitModelOf(p);
    const load = directLinkLoad(n);
    return [
      {
        id: 'steps',
        label: 'Phases',
        tex: '1',
        source: 'ReTri paper, Sec. 4 (static baseline)',
        formula: 1,
        constructed: m.steps,
        unit: 'steps',
      },
      {
        id: 'time',
        label: 'Time',
        tex: '\\alpha_s + \\lfloor \\tfrac{n}{2} \\rfloor \\alpha_h + \\tfrac{m}{n} c \\beta',
        source:
          'cost model of the ReTri paper, Sec. 3.4; c = 1+2+…+⌊(n−1)/2⌋ (+⌈n/4⌉ for even n) blocks on the busiest circuit',
        formula: model.phase + Math.floor(n / 2) * model.hop + (model.messageBytes / n) * load * model.beta,
        constructed: m.seconds,
        unit: 's',
        note:
          n % 4 === 2 ? 'n ≡ 2 (mod 4): the half-way blocks load the circuits unevenly by one' : undefined,
      },
    ];
  },
  narrate(p, f) {
    const n = num(p, 'nodes');
    return (
      `All at once: each of the ${n} nodes sends its ${n - 1} blocks straight to their destinations over the ` +
      `static ring, up to ${Math.floor(n / 2)} circuits away: ${f.transfers} transfers share the ${2 * n} circuits.`
    );
  },
};

/**
 * Blocks on the busiest directed circuit: every offset h = 1 … ⌊(n−1)/2⌋ crosses h consecutive
 * circuits, so each circuit carries Σ h; for even n the half-way blocks of every other source add
 * ⌈n/4⌉ at most.
 */
export function directLinkLoad(n: number): number {
  const m = Math.floor((n - 1) / 2);
  const base = (m * (m + 1)) / 2;
  return n % 2 === 0 ? base + Math.ceil(n / 4) : base;
}
