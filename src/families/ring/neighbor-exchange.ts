import { wdmRing } from '../../kernel/model/topology';
import type { AlgorithmSpec } from '../../kernel/spec';
import { neighborExchangeCard } from './neighbor-exchange.card';
import { eq3Row, type RingConfig } from './ring-params';
import { ringAllGatherBuilder } from './ring-builder';
import { phaseReports } from './ring-stages';

const ODD_VARIANT = 'odd N: bidirectional relay, (N − 1)/2 steps';
const SHARED_VARIANT = 'w = 1: the two blocks of a step share one lightpath';

function buildPairs(c: RingConfig, n: number, w: number) {
  const split = w >= 2;
  const b = ringAllGatherBuilder('neighbor-exchange', c, {
    singleBlock: split,
    transfers: n * n,
    blockRefs: n * n,
  });
  // fresh[2i], fresh[2i+1]: the two blocks node i passes on in the next step.
  const fresh = new Int32Array(2 * n);
  const next = new Int32Array(2 * n);
  b.beginStep('pair swap');
  for (let i = 0; i < n; i++) {
    const partner = i % 2 === 0 ? i + 1 : i - 1;
    b.addArc(i, partner - i, 0, i);
    fresh[2 * i] = Math.min(i, partner);
    fresh[2 * i + 1] = Math.max(i, partner);
  }
  const pair = [0, 0];
  for (let t = 2; t <= n / 2; t++) {
    b.beginStep('exchange');
    for (let i = 0; i < n; i++) {
      // Even nodes go left on even steps, right on odd steps; odd nodes the other way round.
      const right = (i % 2 === 0) === (t % 2 === 1);
      const dir = right ? 1 : -1;
      const partner = (i + dir + n) % n;
      pair[0] = fresh[2 * i];
      pair[1] = fresh[2 * i + 1];
      if (split) {
        b.addArc(i, dir, 0, pair[0]);
        b.addArc(i, dir, 1, pair[1]);
      } else b.addArc(i, dir, 0, pair);
      next[2 * partner] = pair[0];
      next[2 * partner + 1] = pair[1];
    }
    fresh.set(next);
  }
  return b.finish();
}

function buildRelay(c: RingConfig, n: number) {
  const b = ringAllGatherBuilder('neighbor-exchange', c, { singleBlock: true, transfers: n * (n - 1) });
  for (let t = 1; t <= (n - 1) / 2; t++) {
    b.beginStep('relay');
    for (let i = 0; i < n; i++) {
      b.addArc(i, 1, 0, (i - t + 1 + n) % n);
      b.addArc(i, -1, 0, (i + t - 1) % n);
    }
  }
  return b.finish();
}
export const neighborExchange: AlgorithmSpec<RingConfig> = {
  ...neighborExchangeCard,
  build(c) {
    const n = c.nodes;
    const w = c.wavelengths;
    const topology = wdmRing(n, w);
    const schedule = n % 2 === 1 ? buildRelay(c, n) : buildPairs(c, n, w);
    const stages = phaseReports(schedule, w, (phase) => `${phase}: neighbours pass blocks on, step by step`);
    return n % 2 === 1
      ? { topology, schedule, variant: ODD_VARIANT, stages }
      : { topology, schedule, variant: w === 1 && n > 2 ? SHARED_VARIANT : undefined, stages };
  },
  formulas(c, m) {
    const n = c.nodes;
    const w = c.wavelengths;
    const paperSteps = n / 2;
    const odd = n % 2 === 1;
    return [
      {
        id: 'steps',
        label: 'Steps',
        tex: 'S = \\frac{N}{2}',
        source: 'OpTree paper, Table 1',
        formula: paperSteps,
        constructed: m.steps,
        unit: 'steps',
        paper: n === 1024 && w === 64 ? { value: 512, where: 'Table 1 (N = 1024, w = 64)' } : undefined,
        note: odd
          ? 'N is odd: N/2 is not a whole number; the relay variant needs (N − 1)/2 steps.'
          : undefined,
      },
      {
        id: 'wavelengths',
        label: 'Wavelengths used',
        tex: odd ? '1' : '\\min(w, 2)',
        source: 'two blocks per neighbour link from step 2 on (Sec. IV.A)',
        formula: odd || n === 2 ? 1 : Math.min(w, 2),
        constructed: m.channelsUsed,
        unit: 'wavelengths',
      },
      eq3Row(
        c,
        paperSteps,
        m,
        w === 1 && !odd && n > 2
          ? 'w = 1: from step 2 on both blocks share one lightpath, so a step carries 2d, not the d of eq. 3.'
          : odd
            ? 'N is odd: eq. 3 is evaluated with S = N/2 as printed; the relay needs (N − 1)/2 steps.'
            : undefined,
      ),
    ];
  },
};
