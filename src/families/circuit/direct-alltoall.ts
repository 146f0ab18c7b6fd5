import { ScheduleBuilder } from '../../kernel/model/schedule-builder';
import type { AlgorithmSpec } from '../../kernel/spec';
import { alltoallBlocks, circuitStepSeconds, concatSteps } from './circuit-alltoall';
import { exactBlockBytes, type CircuitConfig } from './circuit-params';
import { circuitLink, circuitTopology, configLinks } from './circuits';
import { directAlltoallCard } from './direct-alltoall.card';
import { centred } from './reconfig-formulas';

/** Signed ring distance a block from r to d travels (positive: clockwise). */
export function directOffset(n: number, r: number, d: number): number {
  const c = centred(d - r, n);
  return n % 2 === 0 && c === n / 2 && r % 2 === 1 ? -c : c;
}

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
export const directAlltoall: AlgorithmSpec<CircuitConfig> = {
  ...directAlltoallCard,
  build(c) {
    const n = c.nodes;
    const blocks = alltoallBlocks(n, Math.ceil(exactBlockBytes(c)));
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
  stepSeconds(_s, usage, c) {
    return circuitStepSeconds(usage, c.model, exactBlockBytes(c), [false]);
  },
  formulas(c, m) {
    const n = c.nodes;
    const model = c.model;
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
};
