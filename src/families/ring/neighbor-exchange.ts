import { wdmRing } from '../../kernel/model/topology';
import { num, type ParamValues } from '../../kernel/params/schema';
import { eq3Row, RING_PARAMS, ringAllGatherBuilder, validateRing } from './ring-params';
import { phaseReports } from './ring-stages';
import { heldSentence, PAPERS, type AlgorithmSpec } from '../../kernel/spec';

/**
 * Neighbor Exchange all-gather (Chen et al., cited as [9] by the OpTree paper), N/2 steps for even N.
 *
 * Step 1: nodes 2j and 2j+1 swap their own blocks. Step t ≥ 2: every node turns to its other
 * neighbour (even nodes alternate right/left, odd nodes left/right) and passes on the two blocks it
 * received in step t − 1. With w ≥ 2 the two blocks travel on two wavelengths of the same link, so
 * every lightpath carries d, as eq. 3 assumes; with w = 1 they share one lightpath.
 *
 * Odd N has no perfect pairing. We then run the bidirectional relay: in step t node i sends block
 * i − t + 1 clockwise and block i + t − 1 counter-clockwise, one hop each. Each node still sends 2d per
 * step, and all blocks arrive after (N − 1)/2 steps. See docs/models/neighbor-exchange.md.
 */
export const neighborExchange: AlgorithmSpec = {
  id: 'neighbor-exchange',
  name: 'Neighbor Exchange',
  family: 'Neighbor Exchange',
  collective: 'allgather',
  topology: 'wdm-ring',
  paper: PAPERS.optree,
  summary:
    'Nodes pair up and swap blocks, then turn to their other neighbour and pass on the two blocks they ' +
    'just received, alternating sides. Twice the data per step of Ring, half the steps (N/2). For odd N, ' +
    'where no pairing exists, every node relays one block each way per step instead.',
  params: RING_PARAMS,
  validate: validateRing,
  estimate(p) {
    const n = num(p, 'nodes');
    const split = num(p, 'wavelengths') >= 2;
    const transfers = n % 2 === 1 ? n * (n - 1) : n + (n / 2 - 1) * n * (split ? 2 : 1);
    return { steps: Math.floor(n / 2), transfers, blockRefs: n * (n - 1), holdingCells: n * n };
  },
  build(p) {
    const n = num(p, 'nodes');
    const w = num(p, 'wavelengths');
    const topology = wdmRing(n, w);
    const schedule = n % 2 === 1 ? buildRelay(p, n) : buildPairs(p, n, w);
    const stages = phaseReports(schedule, w, (phase) => `${phase}: neighbours pass blocks on, step by step`);
    return n % 2 === 1
      ? { topology, schedule, variant: ODD_VARIANT, stages }
      : { topology, schedule, variant: w === 1 && n > 2 ? SHARED_VARIANT : undefined, stages };
  },
  formulas(p, m) {
    const n = num(p, 'nodes');
    const w = num(p, 'wavelengths');
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
        p,
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
  narrate(p, f) {
    const n = num(p, 'nodes');
    const e = f.examples[0];
    if (n % 2 === 1) {
      return (
        `Odd N, relay variant: every node sends one block clockwise and one counter-clockwise, one hop each, ` +
        `on λ0 of each fibre (${f.transfers} lightpaths). ${heldSentence(f)}`
      );
    }
    if (f.step === 1) {
      return (
        `Nodes pair up with a neighbour (0 with 1, 2 with 3, …) and swap their own blocks: one lightpath ` +
        `each way on every pair's link. ${heldSentence(f)}`
      );
    }
    const side =
      f.step % 2 === 0
        ? 'even nodes to the left, odd nodes to the right'
        : 'even nodes to the right, odd nodes to the left';
    const lanes =
      f.channelsUsed >= 2 ? 'one block on λ0 and one on λ1' : 'both blocks on one lightpath (w = 1)';
    const example = e ? ` For example, node ${e.from} sends to node ${e.to[0]}.` : '';
    return (
      `Every node turns to its other neighbour (${side}) and passes on the two blocks it received in the ` +
      `previous step, ${lanes}.${example} ${heldSentence(f)}`
    );
  },
};

const ODD_VARIANT = 'odd N: bidirectional relay, (N − 1)/2 steps';
const SHARED_VARIANT = 'w = 1: the two blocks of a step share one lightpath';

function buildPairs(p: ParamValues, n: number, w: number) {
  const split = w >= 2;
  const b = ringAllGatherBuilder('neighbor-exchange', p, {
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

function buildRelay(p: ParamValues, n: number) {
  const b = ringAllGatherBuilder('neighbor-exchange', p, { singleBlock: true, transfers: n * (n - 1) });
  for (let t = 1; t <= (n - 1) / 2; t++) {
    b.beginStep('relay');
    for (let i = 0; i < n; i++) {
      b.addArc(i, 1, 0, (i - t + 1 + n) % n);
      b.addArc(i, -1, 0, (i + t - 1) % n);
    }
  }
  return b.finish();
}
