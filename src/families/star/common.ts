import type { PairRect } from '../../kernel/model/block-pairs';
import { indexArray } from '../../kernel/model/columns';
import {
  destinationTable,
  type BlockTable,
  type Collective,
  type ListedBlocks,
  type Schedule,
} from '../../kernel/model/schedule';
import { ScheduleBuilder } from '../../kernel/model/schedule-builder';
import type { Topology } from '../../kernel/model/topology';
import type { AlgorithmSpec, FormulaRow, Measured } from '../../kernel/spec';
import type { Usage } from '../../kernel/verify/rules';
import { starCosts, starStepTimes } from './star-cost';
import { shapeOf, type StarConfig } from './star-params';
import { paddedSize } from './tcp';
import { homeWavelength, passiveStar, starRoute } from './topology';

/** A schedule builder for the star: link lists, receiver lists, ports and fanout k. */
export class StarBuilder {
  readonly b: ScheduleBuilder;
  readonly topology: Topology;
  private readonly route: Uint32Array;
  private readonly one = new Uint32Array(1);

  constructor(
    algorithm: string,
    collective: Collective,
    readonly n: number,
    readonly k: number,
    blocks: BlockTable,
    capacity: { transfers: number; blockRefs: number; receivers: number },
    /** Transfers carry rectangles of the pair blocks of this many real nodes (sendRect). */
    pairNodes?: number,
  ) {
    this.topology = passiveStar(n, k * n);
    this.route = new Uint32Array(2 + n);
    this.b = new ScheduleBuilder({
      algorithm,
      collective,
      nodeCount: n,
      blocks,
      pathKind: 'link-list',
      receiverKind: 'list',
      singleBlock: false,
      capacity: {
        transfers: capacity.transfers,
        blockRefs: capacity.blockRefs,
        receivers: capacity.receivers,
        pathLinks: 2 * capacity.transfers + capacity.receivers,
      },
      ports: { tx: k, rx: k, fanout: k },
      pairNodes,
    });
  }

  /**
   * Node `sender` transmits `blocks` (ids, or a rectangle of pair blocks) on its transmitter `tx`
   * (home wavelength) to `receivers`; a transmission without blocks is skipped (a dummy or an empty
   * piece has nothing to send).
   */
  send(sender: number, tx: number, receivers: ArrayLike<number>, blocks: ArrayLike<number> | PairRect): void {
    const none = 'sFirst' in blocks ? blocks.sCount * blocks.dCount === 0 : blocks.length === 0;
    if (none || receivers.length === 0) return;
    const len = starRoute(this.n, sender, receivers, this.route);
    this.b.addTransfer(
      sender,
      this.route.subarray(0, len),
      receivers,
      homeWavelength(this.k, sender, tx),
      blocks,
    );
  }

  /** `send` of a rectangle of pair blocks to one receiver. */
  sendRect(sender: number, tx: number, receiver: number, rect: PairRect): void {
    this.one[0] = receiver;
    this.send(sender, tx, this.one, rect);
  }

  finish(): { topology: Topology; schedule: Schedule } {
    return { topology: this.topology, schedule: this.b.finish() };
  }
}

/** What a schedule run on `machine` processors for `real` says of its dummies (none: undefined). */
export function paddedNote(machine: number, real: number): string | undefined {
  return machine > real ? `padded to ${machine} processors (${machine - real} dummies)` : undefined;
}

/** Block table: block b starts at origin[b] and must reach the listed nodes (or everyone). */
export function blockTable(
  origins: ArrayLike<number>,
  maxNode: number,
  destinations: ((b: number) => ArrayLike<number>) | 'all',
  bytes = 1,
): ListedBlocks {
  const count = origins.length;
  const origin = indexArray(count, maxNode);
  for (let b = 0; b < count; b++) origin[b] = origins[b];
  if (destinations === 'all') return { count, origin, destinations: { kind: 'all' }, bytes };
  const offsets = new Uint32Array(count + 1);
  const lists: ArrayLike<number>[] = [];
  let total = 0;
  for (let b = 0; b < count; b++) {
    const d = destinations(b);
    lists.push(d);
    total += d.length;
    offsets[b + 1] = total;
  }
  const nodes = indexArray(total, maxNode);
  let at = 0;
  for (const d of lists) for (let i = 0; i < d.length; i++) nodes[at++] = d[i];
  return { count, origin, destinations: destinationTable(offsets, nodes), bytes };
}

/** Ids 0 … n−1. */
export function range(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(i);
  return out;
}

/** The star's time model and measured costs, shared by the five algorithms. */
export const STAR_COSTS: Pick<AlgorithmSpec<StarConfig>, 'stepSeconds' | 'modelCosts'> = {
  stepSeconds(s: Schedule, usage: Usage, c: StarConfig) {
    return starStepTimes(s, usage, c.k, c.tuningDelay);
  },
  modelCosts(s: Schedule, usage: Usage, c: StarConfig) {
    return { ...starCosts(s, usage, c.k, c.tuningDelay), processors: s.nodeCount };
  },
};

/** A measured cost (NaN when the run measured none, e.g. a sweep point too big to build). */
export const costOf = (m: Measured, key: string) => m.costs?.[key] ?? NaN;

/**
 * Note for P that is not a power of k+1. `machine`: the processors the schedule runs on (TCP2
 * patterns, dummies included); absent for TCP1 trees, which are cut at P.
 */
export function notPowerNote(c: StarConfig, machine?: number): string | undefined {
  const { p: n, k } = shapeOf(c);
  if (paddedSize(n, k) === n) return undefined;
  const lead = `P = ${n} is not a power of k+1: the paper's formulas are evaluated at P = ${n}, h = ⌈log_(k+1) P⌉; `;
  if (machine === undefined) return `${lead}the TCP1 tree is simply cut at P (no dummies).`;
  return machine > n
    ? `${lead}the schedule runs on ${machine} processors, ${machine - n} of them dummies.`
    : `${lead}the cliques have mixed sizes (at most k+1), so no dummies are needed.`;
}

/** The rows every star algorithm shows: steps, tunings, tuning, communication, total, clock. */
export function starRows(
  m: Measured,
  o: {
    steps: number;
    tunings: { tex: string; source: string; value: number; note?: string };
    communication: { tex: string; source: string; value: number; note?: string };
    lowerBound: { tex: string; source: string; value: number };
    d: number;
    note?: string;
    /** For TCP2 patterns: P, the machine it runs on and how that machine is chosen, shown as a row. */
    padding?: { p: number; padded: number; tex: string; source: string };
  },
): FormulaRow[] {
  const note = (x?: string) => [x, o.note].filter(Boolean).join(' ') || undefined;
  const pad = o.padding;
  const padding: FormulaRow[] = pad
    ? [
        {
          id: 'processors',
          label: 'Processors (dummies included)',
          tex: pad.tex,
          source: pad.source,
          formula: pad.padded,
          constructed: costOf(m, 'processors'),
          unit: 'processors',
          note:
            pad.padded > pad.p
              ? `${pad.padded - pad.p} of the ${pad.padded} processors are dummies: every cost measured here is the padded machine's.`
              : undefined,
        },
      ]
    : [];
  return [
    ...padding,
    {
      id: 'steps',
      label: 'Steps',
      tex: 'h = \\lceil \\log_{k+1} P \\rceil',
      source: 'passive-star paper, Sec. 2',
      formula: o.steps,
      constructed: m.steps,
      unit: 'steps',
    },
    {
      id: 'tunings',
      label: 'Tunings',
      tex: o.tunings.tex,
      source: o.tunings.source,
      formula: o.tunings.value,
      constructed: costOf(m, 'tunings'),
      unit: 'tunings',
      note: note(o.tunings.note),
    },
    {
      id: 'tuning',
      label: 'Tuning cost',
      tex: `T_{tune} = (${o.tunings.tex})\\,D`,
      source: `${o.tunings.source}; Table 2`,
      formula: o.tunings.value * o.d,
      constructed: costOf(m, 'tuning'),
      unit: 'time units',
    },
    {
      id: 'communication',
      label: 'Communication cost',
      tex: o.communication.tex,
      source: `${o.communication.source}; Table 1`,
      formula: o.communication.value,
      constructed: costOf(m, 'communication'),
      unit: 'time units',
      note: note(o.communication.note),
    },
    {
      id: 'total',
      label: 'Total (paper)',
      tex: 'T = T_{tune} + T_{com}',
      source: 'passive-star paper, Sec. 3.2.2',
      formula: o.tunings.value * o.d + o.communication.value,
      constructed: costOf(m, 'total'),
      unit: 'time units',
    },
    {
      id: 'lower-bound',
      label: 'Communication lower bound',
      tex: o.lowerBound.tex,
      source: o.lowerBound.source,
      formula: o.lowerBound.value,
      constructed: costOf(m, 'communication'),
      unit: 'time units',
      note: 'The constructed value here is the schedule’s communication cost, to compare with the bound.',
    },
    {
      id: 'clock',
      label: 'Clock time (critical path)',
      tex: 'h\\,D + T_{com}',
      source: 'ours: one D per step in which anyone tunes, plus the largest message of the step',
      formula: o.steps * o.d + o.communication.value,
      constructed: m.seconds,
      unit: 'time units',
      note: 'Not in the paper: its T_tune adds every tuning of every node; on a clock, nodes tune in parallel.',
    },
  ];
}
