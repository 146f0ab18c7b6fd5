import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromScheduleJson } from '../../kernel/format/schedule-import';
import { toScheduleJson } from '../../kernel/format/schedule-export';
import { downlink, passiveStar } from './topology';
import { defaultsOf, type ParamValues } from '../../kernel/params/schema';
import { holds } from '../../kernel/replay/holding-queries';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { type RunResult } from '../../result';
import { verify } from '../../kernel/verify/verifier';
import { findAlgorithm } from '../../registry';
import { handAllGather } from '../../kernel/model/hand-built.test-util';

const STAR_IDS = ['star-scatter', 'star-gather', 'star-broadcast', 'star-gossip', 'star-multiscatter'];

function runStar(id: string, extra: Record<string, number | string>): RunResult {
  const spec = findAlgorithm(id)!;
  const params: ParamValues = { ...defaultsOf(spec.params), ...extra };
  return run(id, params, CLI_LIMITS);
}

/** Smallest h with (k+1)^h ≥ P, by counting. */
function depth(p: number, k: number): number {
  let h = 0;
  while (Math.pow(k + 1, h) < p) h++;
  return h;
}

const row = (r: RunResult, id: string) => r.formulas.find((f) => f.id === id)!;

describe('star algorithms through the verifier', () => {
  it('every algorithm verifies for many (P, k), powers of k+1 or not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STAR_IDS),
        fc.integer({ min: 2, max: 90 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        fc.nat(),
        (id, p, k, m, naive, hsSeed) => {
          const h = depth(p, k);
          const hs = hsSeed % (h + 1);
          const extra: Record<string, number | string> = { nodes: p, 'wavelengths-per-node': k };
          if (id === 'star-broadcast')
            Object.assign(extra, { messages: m, variant: naive ? 'naive' : 'split', 'split-steps': hs });
          if (id === 'star-gossip') extra.messages = m;
          const r = runStar(id, extra);
          expect(r.report.violations).toEqual([]);
          expect(r.report.ok).toBe(true);
          // Steps: h for the tree and the exchanges; the split broadcast adds h′ exchange steps.
          const splitSteps = id === 'star-broadcast' && !naive ? hs : 0;
          expect(r.schedule.stepCount).toBe(h + splitSteps);
          // Life-span and ports are declared, so the verifier enforced them.
          expect(r.schedule.ports).toEqual({ tx: k, rx: k, fanout: k });
          // Every real node that must hold something does (the postcondition, read back directly).
          const S = r.schedule.stepCount;
          if (id === 'star-scatter')
            for (let v = 0; v < p; v++) expect(holds(r.holdings, v, v, S)).toBe(true);
          if (id === 'star-gather') for (let b = 0; b < p; b++) expect(holds(r.holdings, 0, b, S)).toBe(true);
          if (id === 'star-gossip')
            for (let v = 0; v < p; v++)
              for (let b = 0; b < p; b++) expect(holds(r.holdings, v, b, S)).toBe(true);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('dummies: TCP2 runs on the smallest product of h clique sizes ≤ k+1; TCP1 trees need none', () => {
    // P = 10, k = 2, h = 3: 10 and 11 are no products of three factors ≤ 3, 12 = 2·2·3 is.
    const g10 = runStar('star-gossip', { nodes: 10, 'wavelengths-per-node': 2 });
    expect(g10.schedule.nodeCount).toBe(12);
    expect(g10.variant).toBe('padded to 12 processors (2 dummies)');
    expect(row(g10, 'processors')).toMatchObject({ formula: 12, constructed: 12 });
    expect(row(g10, 'processors').note).toMatch(/2 of the 12 processors are dummies/);
    // P = 12, k = 3: 3·4, no dummies although 12 is no power of 4.
    const g12 = runStar('star-gossip', { nodes: 12, 'wavelengths-per-node': 3 });
    expect(g12.schedule.nodeCount).toBe(12);
    expect(g12.variant).toBeUndefined();
    expect(row(g12, 'processors').note).toBeUndefined();
    expect(row(g12, 'communication').note).toMatch(/mixed sizes .* no dummies are needed/);
    expect(runStar('star-gossip', { nodes: 9, 'wavelengths-per-node': 2 }).schedule.nodeCount).toBe(9);
    // k = 1: cliques of 2 only, so the next power of two.
    const ms5 = runStar('star-multiscatter', { nodes: 5, 'wavelengths-per-node': 1 });
    expect([ms5.schedule.nodeCount, ms5.variant]).toEqual([8, 'padded to 8 processors (3 dummies)']);
    // The TCP1 tree is cut at P: no dummies for scatter, gather and the naive broadcast.
    expect(runStar('star-scatter', { nodes: 10, 'wavelengths-per-node': 2 }).schedule.nodeCount).toBe(10);
    const naive = runStar('star-broadcast', { nodes: 10, 'wavelengths-per-node': 2, variant: 'naive' });
    expect(naive.schedule.nodeCount).toBe(10);
    expect(naive.formulas.find((f) => f.id === 'processors')).toBeUndefined();
    // The split broadcast needs every id of its tree for the exchange: the same 12 = 3·2·2 (largest
    // first). By hand, m = 12: split into pieces b mod 3 of 4 messages (step 1), forward them (steps 2
    // and 3), exchange them in cliques of 3 (step 4): 4 + 4 + 4 + 4 = 16.
    const split = runStar('star-broadcast', {
      nodes: 10,
      'wavelengths-per-node': 2,
      'split-steps': 1,
      messages: 12,
    });
    expect(split.schedule.nodeCount).toBe(12);
    expect(split.variant).toBe('split, h′ = 1; padded to 12 processors (2 dummies)');
    expect(split.schedule.stepCount).toBe(4);
    expect(split.summary.costs?.communication).toBe(16);
  });

  it('mixed cliques: gossip on 12 = 3·4 processors, k = 3, by hand', () => {
    const r = runStar('star-gossip', { nodes: 12, 'wavelengths-per-node': 3, messages: 1 });
    // Step 1: cliques of 3 (each node sends its own block to 2 others); step 2: cliques of 4, each
    // node sends the 3 blocks of its first clique to 3 others. Communication 1 + 3; tunings 12·2 + 12·3.
    expect(r.schedule.stepCount).toBe(2);
    expect(r.summary.costs?.communication).toBe(4);
    expect(r.summary.costs?.tunings).toBe(60);
    expect(r.report.ok).toBe(true);
    // P = 10 on 12 = 2·2·3 (dummies 10, 11, empty at first). Step 1, pairs (0,1) … (8,9): 10 tunings,
    // the pair (10,11) has nothing. Step 2, pairs (0,2), (1,3), (4,6), (5,7) swap: 8; 8 and 9 hand
    // their pairs' data to the dummies 10 and 11: 2. Step 3, cliques of 3, everyone hears 2: 24.
    const padded = runStar('star-gossip', { nodes: 10, 'wavelengths-per-node': 2 });
    expect(padded.summary.costs?.tunings).toBe(10 + 10 + 24);
  });
});

describe('injected faults are caught', () => {
  it('two transmitters on one wavelength in one step clash on the coupler', () => {
    const r = runStar('star-gossip', { nodes: 16, 'wavelengths-per-node': 3 });
    const s = r.schedule;
    // Transfers 0 and 1 are node 0's and node 1's transmissions of step 1 (different senders).
    expect(s.src[0]).not.toBe(s.src[1]);
    const channel = s.channel.slice();
    channel[1] = channel[0];
    const { report } = verify({ ...s, channel }, r.topology);
    expect(report.ok).toBe(false);
    const clash = report.violations.filter((v) => v.rule === 'channel-clash');
    expect(clash).toHaveLength(1);
    expect(clash[0].step).toBe(1);
    // The coupler is link P (= 16): the clash is reported there, once, not on the shared downlinks.
    expect(clash[0].message).toMatch(/on link 16 \(16→17\)/);
  });

  it('a message with more than k receivers breaks the life-span (fanout), in the exported file too', () => {
    const k = 3;
    const r = runStar('star-broadcast', {
      nodes: 64,
      'wavelengths-per-node': k,
      variant: 'naive',
      messages: 2,
    });
    const doc = toScheduleJson(r);
    expect(doc.ports).toEqual({ tx: k, rx: k, fanout: k });
    const first = doc.steps[0].transfers[0];
    expect(first.to).toEqual([1, 2, 3]);
    // Node 0 also reaches node 4 with the same message in step 1: k + 1 receivers.
    first.to.push(4);
    first.path.push(downlink(64, 4));
    const { topology, schedule } = fromScheduleJson(JSON.parse(JSON.stringify(doc)));
    const { report } = verify(schedule, topology);
    expect(report.counts.fanout).toBe(1);
    expect(report.violations.find((v) => v.rule === 'fanout')?.message).toMatch(/4 receivers; .* at most 3/);
  });

  it('a node listening to more than k transmissions in a step breaks its receivers (rx-ports)', () => {
    const n = 4;
    const k = 2;
    const b = handAllGather(n, 'link-list', { bytes: 1, ports: { tx: k, rx: k, fanout: k } });
    b.beginStep('fault');
    // Nodes 1, 2, 3 all send to node 0, each on its own wavelength: node 0 has only 2 receivers.
    for (const u of [1, 2, 3]) b.addTransfer(u, [u, n, downlink(n, 0)], [0], u, u);
    const { report } = verify(b.finish(), passiveStar(n, 8));
    expect(report.counts['rx-ports']).toBe(1);
    expect(report.counts['channel-clash']).toBeUndefined();
  });
});

describe('costs of constructed schedules against the closed forms (derived by hand)', () => {
  const D = 0.5;
  /** What these tests compare: the constructed communication cost and tunings, and the formula's cost. */
  const costs = (r: RunResult) => ({
    communication: r.summary.costs?.communication,
    formula: row(r, 'communication').formula,
    tunings: r.summary.costs?.tunings,
  });
  it('scatter, P = 64, k = 3: messages of 16, 4, 1; 63 tunings', () => {
    const r = runStar('star-scatter', { nodes: 64, 'wavelengths-per-node': 3, 'tuning-delay': D });
    // Step l sends each child its subtree of 64 / 4^l nodes: 16 + 4 + 1 = 21 = (64 − 1) / 3. Every node
    // but 0 tunes one receiver once: 63.
    expect(costs(r)).toEqual({ communication: 21, formula: 21, tunings: 63 });
    expect(r.summary.costs?.tuning).toBe(63 * D);
    // Clock: three steps, each with tuning, so 3D + 21.
    expect(r.summary.seconds).toBeCloseTo(3 * D + 21, 12);
  });

  it('scatter, P = 10, k = 2 (cut tree): 3 + 1 + 1, above the paper’s 4.5', () => {
    const r = runStar('star-scatter', { nodes: 10, 'wavelengths-per-node': 2 });
    // Step 1: node 0 sends {1, 4, 7} and {2, 5, 8}; step 2: {3}, {6}, {4}, … one each; step 3: {9}.
    expect(costs(r)).toEqual({ communication: 5, formula: 4.5, tunings: 9 });
  });

  it('gather has the scatter’s costs', () => {
    const g = runStar('star-gather', { nodes: 64, 'wavelengths-per-node': 3 });
    expect(costs(g)).toMatchObject({ communication: 21, tunings: 63 });
  });

  it('gossip, P = 64, k = 3, m = 2: 2 + 8 + 32 = 42 and 3 · 64 · 3 tunings', () => {
    const r = runStar('star-gossip', {
      nodes: 64,
      'wavelengths-per-node': 3,
      messages: 2,
      'tuning-delay': D,
    });
    expect(costs(r)).toEqual({ communication: 42, formula: (63 * 2) / 3, tunings: 576 });
    expect(row(r, 'tunings').formula).toBe(576);
    expect(r.summary.seconds).toBeCloseTo(3 * D + 42, 12);
  });

  it('multi-scatter, P = 27, k = 2: three steps of 9 messages, 3 · 27 · 2 tunings', () => {
    const r = runStar('star-multiscatter', { nodes: 27, 'wavelengths-per-node': 2 });
    expect(costs(r)).toEqual({ communication: 27, formula: 27, tunings: 162 });
  });

  it('broadcast, P = 64, k = 3, m = 64, for h′ = 0 … 3', () => {
    const cost = (hs: number, variant = 'split') =>
      runStar('star-broadcast', {
        nodes: 64,
        'wavelengths-per-node': 3,
        messages: 64,
        variant,
        'split-steps': hs,
        'tuning-delay': D,
      });
    // Naive: three steps of all 64 messages; 63 tunings. h′ = 0 is the same schedule.
    for (const r of [cost(0, 'naive'), cost(0)]) {
      expect(r.summary.costs?.communication).toBe(192);
      expect(r.summary.costs?.tunings).toBe(63);
    }
    // h′ = 1: split 16; forward 16, 16; exchange 16 → 64. Tunings: 63 + 1 · 64 · 3, less one:
    // node 1 listened to node 0's first wavelength in step 1 and node 0 multicasts on it again in the
    // exchange, where 1 is in 0's clique, so that receiver is already tuned.
    const one = cost(1);
    expect(one.summary.costs?.communication).toBe(64);
    expect(row(one, 'communication').formula).toBeCloseTo(64, 12);
    expect(one.summary.costs?.tunings).toBe(63 + 192 - 1);
    expect(row(one, 'tunings').formula).toBe(63 + 192);
    // h′ = 2: 16, 4 | 4 | 4, 16 → 44; the saving is the 4 nodes that are child 1 in step 2.
    const two = cost(2);
    expect(two.summary.costs?.communication).toBe(44);
    expect(row(two, 'communication').formula).toBeCloseTo(44, 12);
    expect(two.summary.costs?.tunings).toBe(63 + 384 - 4);
    expect(two.summary.seconds).toBeCloseTo(5 * D + 44, 12);
    // h′ = h = 3: 16, 4, 1 | 1, 4, 16 → 42 = 2(P − 1)m / (kP); saving 16.
    const three = cost(3);
    expect(three.summary.costs?.communication).toBe(42);
    expect(row(three, 'communication').formula).toBeCloseTo((2 * 63 * 64) / (3 * 64), 12);
    expect(three.summary.costs?.tunings).toBe(63 + 576 - 16);
  });

  it('the communication lower bound never exceeds the constructed communication', () => {
    for (const id of STAR_IDS)
      for (const [p, k] of [
        [64, 3],
        [10, 2],
        [16, 1],
      ]) {
        const r = runStar(id, { nodes: p, 'wavelengths-per-node': k });
        const lb = row(r, 'lower-bound');
        expect(lb.formula).toBeLessThanOrEqual(lb.constructed + 1e-9);
      }
  });
});
