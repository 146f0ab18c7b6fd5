import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../registry';
import { type Schedule, blockLists, listedBlocks, withBlockLists } from '../model/schedule';
import { wdmRing, type Topology } from '../model/topology';
import { defaultsOf, type ParamValues } from '../params/schema';
import { holds } from '../replay/holding-queries';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { type RunResult } from '../../result';
import { rng } from '../util/rng';
import { verify } from './verifier';
import { type Rule, type VerifyReport } from './rules';
import { handAllGather } from '../model/hand-built.test-util';

const RING = 'ring-allgather';
const NE = 'neighbor-exchange';

function paramsOf(id: string, n: number, w: number): ParamValues {
  const spec = findAlgorithm(id);
  if (!spec) throw new Error(`no algorithm ${id}`);
  return { ...defaultsOf(spec.params), nodes: n, wavelengths: w };
}

function build(id: string, n: number, w: number): RunResult {
  return run(id, paramsOf(id, n, w), CLI_LIMITS);
}

/** Every node holds every block after the last step. */
function everyoneHoldsEverything(r: RunResult): boolean {
  const n = r.schedule.nodeCount;
  const S = r.schedule.stepCount;
  for (let v = 0; v < n; v++) for (let b = 0; b < n; b++) if (!holds(r.holdings, v, b, S)) return false;
  return true;
}

/** Hand-derived step count of each algorithm (OpTree paper, Table 1; odd N: (N−1)/2, the relay). */
function expectedSteps(id: string, n: number): number {
  if (id === RING) return n - 1;
  return n % 2 === 0 ? n / 2 : (n - 1) / 2;
}

/** Hand-derived wavelengths used: Ring one; NE two for even N ≥ 4 with w ≥ 2, otherwise one. */
function expectedChannels(id: string, n: number, w: number): number {
  if (id === RING) return 1;
  return n % 2 === 0 && n >= 4 && w >= 2 ? 2 : 1;
}

function checkClean(id: string, n: number, w: number): void {
  const r = build(id, n, w);
  expect(r.report.ok).toBe(true);
  expect(r.report.total).toBe(0);
  expect(r.report.violations).toEqual([]);
  expect(r.schedule.stepCount).toBe(expectedSteps(id, n));
  expect(r.summary.steps).toBe(expectedSteps(id, n));
  expect(r.report.usage.channelsUsed).toBe(expectedChannels(id, n, w));
  expect(r.summary.channelsUsed).toBe(expectedChannels(id, n, w));
  expect(everyoneHoldsEverything(r)).toBe(true);
}

const at = (report: VerifyReport, rule: Rule, step: number, transfer: number) =>
  report.violations.some((v) => v.rule === rule && v.step === step && v.transfer === transfer);

/** A copy of `s` with one transfer removed (single-block ring-arc schedules only). */
function dropTransfer(s: Schedule, t: number): Schedule {
  if (s.path.kind !== 'ring-arc' || blockLists(s).offsets) throw new Error('unsupported schedule');
  const cut = <T extends { length: number; subarray(a: number, b?: number): T; set(x: T, o: number): void }>(
    a: T,
  ): T => {
    const out = new (a.constructor as new (n: number) => T)(a.length - 1);
    out.set(a.subarray(0, t), 0);
    out.set(a.subarray(t + 1), t);
    return out;
  };
  const stepStart = s.stepStart.slice();
  for (let k = 0; k < stepStart.length; k++) if (stepStart[k] > t) stepStart[k]--;
  return {
    ...s,
    transferCount: s.transferCount - 1,
    stepStart,
    src: cut(s.src),
    channel: cut(s.channel),
    path: { kind: 'ring-arc', hops: cut(s.path.hops) },
    transferBlocks: { offsets: null, ids: cut(blockLists(s).ids) },
  };
}

/** Step (1-based) that transfer t belongs to, read from the schedule's step index. */
function stepOf(s: Schedule, t: number): number {
  let k = 1;
  while (s.stepStart[k] <= t) k++;
  return k;
}

const SEEDS = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233];

describe('verifier: constructed schedules are clean', () => {
  it('Ring and Neighbor Exchange verify clean for many (N, w), with Table 1 step counts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(RING, NE),
        fc.integer({ min: 2, max: 80 }),
        fc.integer({ min: 1, max: 8 }),
        (id, n, w) => checkClean(id, n, w),
      ),
      { numRuns: 200 },
    );
  });

  it('covers small odd and even N for both algorithms exhaustively', () => {
    for (const id of [RING, NE])
      for (let n = 2; n <= 12; n++) for (const w of [1, 2, 3]) checkClean(id, n, w);
  });

  it('verifies larger rings (N = 256, 257)', () => {
    for (const id of [RING, NE]) for (const n of [256, 257]) for (const w of [1, 2, 64]) checkClean(id, n, w);
  });

  it('Ring moves block (i − s + 1) mod N from node i one hop clockwise on λ0 in step s', () => {
    const n = 9;
    const r = build(RING, n, 3);
    const s = r.schedule;
    if (s.path.kind !== 'ring-arc') throw new Error('expected ring arcs');
    expect(s.transferCount).toBe(n * (n - 1));
    for (let step = 1; step < n; step++) {
      expect(s.stepStart[step - 1]).toBe((step - 1) * n);
      for (let i = 0; i < n; i++) {
        const t = (step - 1) * n + i;
        expect(s.src[t]).toBe(i);
        expect(s.path.hops[t]).toBe(1);
        expect(s.channel[t]).toBe(0);
        expect(blockLists(s).ids[t]).toBe((i - step + 1 + n) % n);
      }
    }
  });

  it('Neighbor Exchange with w ≥ 2 sends two one-hop lightpaths per node on λ0 and λ1 from step 2', () => {
    const n = 8;
    const s = build(NE, n, 4).schedule;
    if (s.path.kind !== 'ring-arc') throw new Error('expected ring arcs');
    expect(s.transferCount).toBe(n + (n / 2 - 1) * 2 * n);
    for (let i = 0; i < n; i++) {
      expect(s.src[i]).toBe(i);
      expect(s.path.hops[i]).toBe(i % 2 === 0 ? 1 : -1); // pair swap: 2j ↔ 2j+1
    }
    for (let k = 2; k <= n / 2; k++)
      for (let i = 0; i < n; i++)
        for (let c = 0; c < 2; c++) {
          const t = n + (k - 2) * 2 * n + 2 * i + c;
          expect(s.src[t]).toBe(i);
          expect(s.channel[t]).toBe(c);
          expect(Math.abs(s.path.hops[t])).toBe(1);
        }
  });
});

describe('verifier: injected faults are caught with the right rule and place', () => {
  it('(a) a wavelength clash: both NE blocks of one node on one channel → channel-clash', () => {
    for (const seed of SEEDS) {
      const g = rng(seed);
      const n = 2 * (2 + g.int(20)); // even, 4..42
      const w = 2 + g.int(7);
      const r = build(NE, n, w);
      const k = 2 + g.int(n / 2 - 1); // a step with two lightpaths per node
      const i = g.int(n);
      const first = n + (k - 2) * 2 * n + 2 * i; // node i's λ0 transfer; first + 1 is its λ1 transfer
      const channel = r.schedule.channel.slice();
      // Either move the λ1 lightpath to λ0 or the λ0 one to λ1: the later of the two is the clashing one.
      if (g.int(2) === 0) channel[first + 1] = 0;
      else channel[first] = 1;
      const { report } = verify({ ...r.schedule, channel }, r.topology);
      expect(report.ok).toBe(false);
      expect(report.total).toBe(1);
      expect(report.counts).toEqual({ 'channel-clash': 1 });
      expect(report.violations[0]).toMatchObject({ rule: 'channel-clash', step: k, transfer: first + 1 });
    }
  });

  it('(b) sending a block not yet held → causality at that step and transfer (Ring)', () => {
    for (const seed of SEEDS) {
      const g = rng(seed);
      const n = 3 + g.int(40);
      const r = build(RING, n, 1 + g.int(4));
      const step = 1 + g.int(n - 2); // 1..N−2: an early step
      const i = g.int(n);
      const t = (step - 1) * n + i;
      // At the start of step s node i holds blocks i, i−1, …, i−s+1; block i+1 only arrives in step N−1.
      const ids = blockLists(r.schedule).ids.slice();
      ids[t] = (i + 1) % n;
      const { report } = verify({ ...r.schedule, transferBlocks: { offsets: null, ids } }, r.topology);
      expect(report.ok).toBe(false);
      expect(report.violations[0]).toMatchObject({ rule: 'causality', step, transfer: t });
      // Knock-on: node i+1 forwards the block it did not get in step s+1, and never receives it.
      expect(at(report, 'causality', step + 1, step * n + ((i + 1) % n))).toBe(true);
      expect(report.counts).toEqual({ causality: 2, postcondition: 1 });
      const last = report.violations[report.violations.length - 1];
      expect(last).toMatchObject({ rule: 'postcondition', step: 0, transfer: -1 });
      expect(last.message).toBe(`node ${(i + 1) % n} never receives block ${(i - step + 1 + n) % n}`);
    }
  });

  it('(b) sending another node’s block in step 1 → causality at step 1 (Neighbor Exchange, any N, w)', () => {
    for (const seed of SEEDS) {
      const g = rng(seed);
      const n = 3 + g.int(40);
      const r = build(NE, n, 1 + g.int(4));
      const s = r.schedule;
      const i = g.int(n);
      let t = 0;
      while (s.src[t] !== i) t++; // node i's first transfer of step 1
      expect(t).toBeLessThan(s.stepStart[1]);
      const offs = blockLists(s).offsets;
      const k = offs ? offs[t] : t;
      const ids = blockLists(s).ids.slice();
      ids[k] = (i + 1 + g.int(n - 1)) % n; // any block but node i's own
      const { report } = verify(
        { ...s, transferBlocks: { offsets: blockLists(s).offsets, ids } },
        r.topology,
      );
      expect(report.ok).toBe(false);
      expect(report.violations[0]).toMatchObject({ rule: 'causality', step: 1, transfer: t });
    }
  });

  it('(c) removing the last Ring step → one postcondition violation per node', () => {
    for (const n of [3, 4, 7, 16, 33]) {
      const r = build(RING, n, 2);
      const s = r.schedule;
      const S = s.stepCount;
      const cut: Schedule = {
        ...s,
        stepCount: S - 1,
        transferCount: s.stepStart[S - 1],
        stepStart: s.stepStart.slice(0, S),
        stepPhase: s.stepPhase.slice(0, S - 1),
      };
      const { report } = verify(cut, r.topology);
      expect(report.ok).toBe(false);
      expect(report.counts).toEqual({ postcondition: n });
      // In step N−1 node v−1 would have sent block v+1 to node v.
      const expected = Array.from({ length: n }, (_, v) => `node ${v} never receives block ${(v + 1) % n}`);
      expect(report.violations.map((v) => v.message).sort()).toEqual(expected.sort());
      expect(report.violations.every((v) => v.step === 0 && v.transfer === -1)).toBe(true);
    }
  });

  it('(c) replacing a last-step Ring block by one the receiver already has → exactly one missing delivery', () => {
    for (const seed of SEEDS) {
      const g = rng(seed);
      const n = 3 + g.int(40);
      const r = build(RING, n, 1);
      const i = g.int(n);
      const t = (n - 2) * n + i; // node i in step N−1 sends block i+2 to node i+1
      const ids = blockLists(r.schedule).ids.slice();
      ids[t] = i; // its own block, which node i+1 has held since step 1
      const { report } = verify({ ...r.schedule, transferBlocks: { offsets: null, ids } }, r.topology);
      expect(report.total).toBe(1);
      expect(report.violations).toEqual([
        {
          rule: 'postcondition',
          step: 0,
          transfer: -1,
          message: `node ${(i + 1) % n} never receives block ${(i + 2) % n}`,
        },
      ]);
    }
  });

  it('(c) dropping one transfer of the last step → postcondition for its receiver and block', () => {
    for (const seed of SEEDS) {
      const g = rng(seed);
      const id = g.int(2) === 0 ? RING : NE;
      const n = 3 + g.int(40);
      const r = build(id, n, 2 + g.int(4)); // w ≥ 2: single-block schedules
      const s = r.schedule;
      if (s.path.kind !== 'ring-arc') throw new Error('expected ring arcs');
      const t = s.stepStart[s.stepCount - 1] + g.int(s.stepStart[s.stepCount] - s.stepStart[s.stepCount - 1]);
      const receiver = (s.src[t] + s.path.hops[t] + n) % n;
      const block = blockLists(s).ids[t];
      const { report } = verify(dropTransfer(s, t), r.topology);
      expect(report.counts).toEqual({ postcondition: 1 });
      expect(report.violations[0].message).toBe(`node ${receiver} never receives block ${block}`);
    }
  });

  it('(d) a channel index ≥ w → channel-range at that transfer', () => {
    for (const seed of SEEDS) {
      const g = rng(seed);
      const id = g.int(2) === 0 ? RING : NE;
      const n = 2 + g.int(40);
      const w = 1 + g.int(8);
      const r = build(id, n, w);
      const s = r.schedule;
      const t = g.int(s.transferCount);
      const channel = s.channel.slice();
      channel[t] = w + g.int(3);
      const { report } = verify({ ...s, channel }, r.topology);
      expect(report.total).toBe(1);
      expect(report.violations[0]).toMatchObject({ rule: 'channel-range', step: stepOf(s, t), transfer: t });
      expect(report.violations[0].message).toContain(`channel ${channel[t]}`);
    }
  });

  it('(e) one transmitter and one receiver per node: Neighbor Exchange with w ≥ 2 breaks both', () => {
    for (const n of [4, 6, 8, 10]) {
      for (const w of [2, 5]) {
        const r = build(NE, n, w);
        const s = r.schedule;
        const { report } = verify({ ...s, ports: { tx: 1, rx: 1 } }, r.topology);
        // Steps 2..N/2: every node sends two lightpaths to one neighbour, which receives both.
        const perRule = n * (n / 2 - 1);
        expect(report.counts).toEqual({ 'tx-ports': perRule, 'rx-ports': perRule });
        expect(report.violations.length).toBe(2 * perRule);
        for (let k = 2; k <= n / 2; k++)
          for (let i = 0; i < n; i++) {
            const second = n + (k - 2) * 2 * n + 2 * i + 1;
            expect(at(report, 'tx-ports', k, second)).toBe(true);
            expect(at(report, 'rx-ports', k, second)).toBe(true);
          }
        expect(report.violations.some((v) => v.step === 1)).toBe(false);
        expect(verify({ ...s, ports: { tx: 1, rx: 2 } }, r.topology).report.counts).toEqual({
          'tx-ports': perRule,
        });
        expect(verify({ ...s, ports: { tx: 2, rx: 1 } }, r.topology).report.counts).toEqual({
          'rx-ports': perRule,
        });
        expect(verify({ ...s, ports: { tx: 2, rx: 2 } }, r.topology).report.ok).toBe(true);
      }
      // w = 1: one lightpath per node and step carries both blocks, so one port suffices.
      const one = build(NE, n, 1);
      expect(verify({ ...one.schedule, ports: { tx: 1, rx: 1 } }, one.topology).report.ok).toBe(true);
    }
  });

  it('a block received in a step cannot be forwarded in that same step → causality', () => {
    const n = 3;
    for (const order of ['receive first', 'forward first']) {
      const b = handAllGather(n, 'ring-arc');
      b.beginStep('fast relay');
      if (order === 'receive first') {
        b.addArc(0, 1, 0, 0); // 0 → 1: block 0
        b.addArc(1, 1, 0, 0); // 1 → 2: block 0, which node 1 only gets during this step
      } else {
        b.addArc(1, 1, 0, 0);
        b.addArc(0, 1, 0, 0);
      }
      b.beginStep('rest');
      b.addArc(1, 1, 0, 1); // 1 → 2
      b.addArc(1, -1, 0, 1); // 1 → 0
      b.addArc(2, 1, 0, 2); // 2 → 0
      b.addArc(2, -1, 0, 2); // 2 → 1
      const { report } = verify(b.finish(), wdmRing(n, 1));
      expect(report.counts).toEqual({ causality: 1 });
      expect(report.violations[0]).toMatchObject({
        rule: 'causality',
        step: 1,
        transfer: order === 'receive first' ? 1 : 0,
      });
    }
  });

  it('multi-scatter: messages still under way after a cut-short schedule, and a bad block id', () => {
    // P = 16, k = 3: two TCP2 steps. Step 1 delivers every message whose destination is in the
    // sender's own clique (3 per node, 48 in all); the other 16 · 15 − 48 = 192 arrive in step 2.
    const spec = findAlgorithm('star-multiscatter')!;
    const b = spec.build({ ...defaultsOf(spec.params), nodes: 16, 'wavelengths-per-node': 3 });
    const s = b.schedule;
    expect(s.stepCount).toBe(2);
    const cut = { ...s, stepCount: 1, transferCount: s.stepStart[1], stepStart: s.stepStart.slice(0, 2) };
    const rep = verify(cut, b.topology).report;
    expect(rep.counts).toEqual({ postcondition: 192 });
    const d = listedBlocks(s.blocks, s.nodeCount).destinations;
    if (d.kind !== 'single') throw new Error('expected one destination per message');
    // Reported in block order, each naming the message's own destination.
    const first = rep.violations[0].message.match(/node (\d+) never receives block (\d+)/)!;
    expect(d.nodes[Number(first[2])]).toBe(Number(first[1]));

    // The same schedule with its rectangles written out as lists, one id out of range.
    const listed = withBlockLists(s);
    const ids = listed.transferBlocks.ids.slice();
    const t = s.stepStart[1] + 5;
    ids[listed.transferBlocks.offsets![t] + 2] = s.blocks.count;
    const bad = verify({ ...listed, transferBlocks: { ...listed.transferBlocks, ids } }, b.topology).report;
    expect(bad.counts).toEqual({ 'bad-block': 1 });
    expect(bad.violations[0]).toMatchObject({ rule: 'bad-block', step: 2, transfer: t });
  });

  it('structural faults: a bad sender, block or arc, and a zero-hop arc', () => {
    const n = 6;
    const r = build(RING, n, 2);
    const s = r.schedule;
    if (s.path.kind !== 'ring-arc') throw new Error('expected ring arcs');
    const t = 2 * n + 3; // step 3, node 3
    const src = s.src.slice();
    src[t] = n;
    let rep = verify({ ...s, src }, r.topology).report;
    expect(rep.counts).toEqual({ 'bad-node': 1 });
    expect(rep.violations[0]).toMatchObject({ rule: 'bad-node', step: 3, transfer: t });

    const ids = blockLists(s).ids.slice();
    ids[t] = n;
    rep = verify({ ...s, transferBlocks: { offsets: null, ids } }, r.topology).report;
    expect(rep.counts).toEqual({ 'bad-block': 1 });
    expect(rep.violations[0]).toMatchObject({ rule: 'bad-block', step: 3, transfer: t });

    for (const h of [n, -n, n + 3]) {
      const hops = s.path.hops.slice();
      hops[t] = h;
      rep = verify({ ...s, path: { kind: 'ring-arc', hops } }, r.topology).report;
      expect(rep.counts).toEqual({ 'bad-link': 1 });
      expect(rep.violations[0]).toMatchObject({ rule: 'bad-link', step: 3, transfer: t });
    }

    const hops = s.path.hops.slice();
    hops[t] = 0;
    rep = verify({ ...s, path: { kind: 'ring-arc', hops } }, r.topology).report;
    expect(at(rep, 'empty-route', 3, t)).toBe(true);
    expect(at(rep, 'self-send', 3, t)).toBe(true);
    expect(rep.ok).toBe(false);
  });
});

describe('verifier: link-list schedules', () => {
  interface T {
    src: number;
    links: number[];
    receivers: number[];
    channel: number;
    block: number;
  }
  const N = 4;
  /**
   * One-step all-gather on a 4-node ring (link i: i → i+1 clockwise): node i sends its block on
   * channel i along links i, i+1, i+2 and drops it at the three other nodes.
   */
  const broadcast = (): T[] =>
    [0, 1, 2, 3].map((i) => ({
      src: i,
      links: [i, (i + 1) % N, (i + 2) % N],
      receivers: [(i + 1) % N, (i + 2) % N, (i + 3) % N],
      channel: i,
      block: i,
    }));

  function schedule(steps: T[][]): Schedule {
    const b = handAllGather(N, 'link-list', {
      bytes: 1024,
      capacity: { transfers: 1, pathLinks: 1, receivers: 1 },
    });
    for (const step of steps) {
      b.beginStep('test');
      for (const x of step) b.addTransfer(x.src, x.links, x.receivers, x.channel, x.block);
    }
    return b.finish();
  }

  const ring = (): Topology => wdmRing(N, 4);

  it('the hand-built broadcast is clean', () => {
    const { report, holdings } = verify(schedule([broadcast()]), ring());
    expect(report.ok).toBe(true);
    expect(report.checked).toEqual({ steps: 1, transfers: 4, linkUses: 12, deliveries: 12 });
    expect(report.usage.channelsUsed).toBe(4);
    expect(report.usage.maxLinkLoad).toBe(3);
    expect(report.usage.longestRoute).toBe(3);
    for (let v = 0; v < N; v++) for (let b = 0; b < N; b++) expect(holds(holdings, v, b, 1)).toBe(true);
  });

  it('a link that does not start where the route has reached → broken-route', () => {
    const ts = broadcast();
    ts[0].links = [0, 2, 1]; // 0→1, then 2→3 before 2 is reached, then 1→2
    const { report } = verify(schedule([ts]), ring());
    expect(report.counts).toEqual({ 'broken-route': 1 });
    expect(report.violations[0]).toMatchObject({ rule: 'broken-route', step: 1, transfer: 0 });
    expect(report.violations[0].message).toContain('link 2 starts at 2');

    // A tree is a valid route: node 2 sends 2→3 (link 2) and 2→1 (counter-clockwise link 4 + 2).
    const tree: T = { src: 2, links: [2, N + 2], receivers: [3, 1], channel: 0, block: 2 };
    expect(verify(schedule([broadcast(), [tree]]), ring()).report.ok).toBe(true);
  });

  it('a route that uses one channel of one link twice clashes with itself', () => {
    const ts = broadcast();
    // 0→1→2→3→0→1: a full loop puts channel 0 on link 0 twice.
    ts[0] = { src: 0, links: [0, 1, 2, 3, 0], receivers: [1, 2, 3], channel: 0, block: 0 };
    const { report } = verify(schedule([ts]), ring());
    expect(report.counts['channel-clash']).toBe(1);
    expect(report.violations[0]).toMatchObject({ rule: 'channel-clash', step: 1, transfer: 0 });
    expect(report.violations[0].message).toContain('twice');
  });

  it('a receiver the route does not reach → receiver-off-route', () => {
    const ts = broadcast();
    ts[0].links = [0, 1]; // reaches 1 and 2, not 3
    const { report } = verify(schedule([ts]), ring());
    expect(report.counts).toEqual({ 'receiver-off-route': 1 });
    expect(report.violations[0]).toMatchObject({ rule: 'receiver-off-route', step: 1, transfer: 0 });
    expect(report.violations[0].message).toContain('receiver 3');

    const ts2 = broadcast();
    ts2[2].receivers = [3, 1, 0]; // route 2→3→0→1 reaches all three in any order: still clean
    expect(verify(schedule([ts2]), ring()).report.ok).toBe(true);
  });

  it('activeLinks omitting a used link → inactive-link for exactly the transfers that use it', () => {
    const s = schedule([broadcast()]);
    const all = [0, 1, 2, 3, 4, 5, 6, 7];
    const ok = verify(
      { ...s, activeLinks: { stepStart: Uint32Array.of(0, 8), links: Uint32Array.from(all) } },
      ring(),
    );
    expect(ok.report.ok).toBe(true);

    const without1 = all.filter((l) => l !== 1);
    const { report } = verify(
      { ...s, activeLinks: { stepStart: Uint32Array.of(0, 7), links: Uint32Array.from(without1) } },
      ring(),
    );
    // Link 1 (1→2) is on the routes of nodes 0 (0,1,2), 1 (1,2,3) and 3 (3,0,1), not 2 (2,3,0).
    expect(report.counts).toEqual({ 'inactive-link': 3 });
    expect(report.violations.map((v) => [v.rule, v.step, v.transfer])).toEqual([
      ['inactive-link', 1, 0],
      ['inactive-link', 1, 1],
      ['inactive-link', 1, 3],
    ]);
  });

  it('activeLinks are per step', () => {
    const again: T = { src: 0, links: [0], receivers: [1], channel: 0, block: 0 };
    const s = schedule([broadcast(), [again]]);
    const everything = [0, 1, 2, 3, 4, 5, 6, 7];
    const withStep2 = (links: number[]) =>
      verify(
        {
          ...s,
          activeLinks: {
            stepStart: Uint32Array.of(0, 8, 8 + links.length),
            links: Uint32Array.from([...everything, ...links]),
          },
        },
        ring(),
      ).report;
    expect(withStep2([0]).ok).toBe(true);
    expect(withStep2([1, 2, 3]).violations).toMatchObject([{ rule: 'inactive-link', step: 2, transfer: 4 }]);
    expect(withStep2([]).counts).toEqual({ 'inactive-link': 1 });
  });

  it('one channel per link: the owner is the first use that was given the channel; loads count every use', () => {
    // Three transfers on link 0 (0→1) of a one-channel ring: the first asks for channel 1, which the
    // link does not have, so the channel goes to the second, and the third clashes with the second.
    const use = (channel: number): T => ({ src: 0, links: [0], receivers: [1], channel, block: 0 });
    const { report } = verify(schedule([[use(1), use(0), use(0)]]), wdmRing(N, 1));
    // (Nobody else's block moves, so the all-gather's postcondition fails too: not what is tested.)
    const { postcondition, ...rest } = report.counts;
    expect(postcondition).toBeGreaterThan(0);
    expect(rest).toEqual({ 'channel-range': 1, 'channel-clash': 1 });
    const links = report.violations.filter((v) => v.rule !== 'postcondition');
    expect(links.map((v) => [v.rule, v.transfer])).toEqual([
      ['channel-range', 0],
      ['channel-clash', 2],
    ]);
    expect(report.violations[1].message).toBe(
      'transfers 1 and 2 both use channel 0 on link 0 (0→1) in step 1',
    );
    expect(report.usage.maxLinkLoad).toBe(3);
    expect(report.usage.stepMaxLinkBlocks[0]).toBe(3);
    // The same link in the next step starts afresh.
    expect(verify(schedule([[use(0)], [use(0)]]), wdmRing(N, 1)).report.counts['channel-clash']).toBe(
      undefined,
    );
  });

  it('a shared link lets two transfers use one channel; an exclusive link does not', () => {
    const ts = broadcast();
    ts[1].channel = 0; // transfer 1 (links 1,2,3) now meets transfer 0 (links 0,1,2) on λ0 of links 1 and 2
    const s = schedule([ts]);
    const exclusive = verify(s, ring()).report;
    expect(exclusive.counts).toEqual({ 'channel-clash': 2 });
    expect(exclusive.violations.every((v) => v.step === 1 && v.transfer === 1)).toBe(true);
    expect(exclusive.violations.map((v) => v.message)).toEqual([
      'transfers 0 and 1 both use channel 0 on link 1 (1→2) in step 1',
      'transfers 0 and 1 both use channel 0 on link 2 (2→3) in step 1',
    ]);

    const oneShared = ring();
    oneShared.linkShared[1] = 1;
    const rep1 = verify(s, oneShared).report;
    expect(rep1.counts).toEqual({ 'channel-clash': 1 });
    expect(rep1.violations[0].message).toContain('link 2 (2→3)');

    const bothShared = ring();
    bothShared.linkShared[1] = 1;
    bothShared.linkShared[2] = 1;
    const rep2 = verify(s, bothShared).report;
    expect(rep2.ok).toBe(true);
    expect(rep2.usage.maxLinkLoad).toBe(3);
  });
});
