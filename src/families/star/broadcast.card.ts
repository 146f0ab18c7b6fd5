import type { ParamDef, ParamIssue } from '../../kernel/params/schema';
import { heldSentence, type AlgorithmCard } from '../../kernel/spec';
import {
  MESSAGES_PARAM,
  STAR_PARAMS,
  STAR_UNITS,
  dummySentence,
  parseStar,
  type StarConfig,
} from './star-params';
import { largestFirst, tcp2Radices, tcpDepth, uniformRadices, type Radices } from './tcp';
import { plural } from '../../kernel/util/units';
import { STAR_PAPER } from './paper';

export const BROADCAST_PARAMS: readonly ParamDef[] = [
  ...STAR_PARAMS,
  MESSAGES_PARAM,
  {
    key: 'variant',
    label: 'Variant',
    kind: 'enum',
    options: [
      { value: 'naive', label: 'naive (whole set every step)' },
      { value: 'split', label: 'split (three phases)' },
    ],
    default: 'split',
    group: 'algorithm',
    help: 'Naive: every step forwards all m messages. Split: broadcast-split, broadcast, then exchange.',
  },
  {
    key: 'split-steps',
    label: 'Split steps h′',
    kind: 'int',
    min: 0,
    max: 16,
    default: 1,
    group: 'algorithm',
    help: 'Split variant: steps of the broadcast-split phase (0 … h); the exchange phase has as many.',
  },
];

/**
 * The digits the schedule's TCP1 tree and exchange cliques follow. Naive: base k+1, the tree cut at
 * P. Split: the exchange undoes the splits digit by digit, so every id must exist: the smallest
 * machine of h clique sizes ≤ k+1 (all k+1 when P is a power of k+1), largest first so that the first
 * split steps split most.
 */
export function broadcastRadices(c: StarConfig): Radices {
  return c.splitSteps > 0 ? largestFirst(tcp2Radices(c.nodes, c.k)) : uniformRadices(c.nodes, c.k);
}

/** Processors of the machine the schedule runs on (dummies included). */
export function broadcastMachine(c: StarConfig): number {
  const r = broadcastRadices(c);
  return c.splitSteps > 0 ? r.stride[r.radix.length] : c.nodes;
}

/**
 * Multiple-message broadcast from node 0 (passive-star paper, Sec. 3.2). Block b (of m) belongs to
 * piece b mod (k+1)^h′.
 * - Phase 1, broadcast-split (steps 1 … h′): in step l node i < (k+1)^(l−1) sends child
 *   c = i + j(k+1)^(l−1), on transmitter j − 1, the blocks b ≡ c (mod (k+1)^l): a (k+1)-th of its share.
 * - Phase 2, broadcast (steps h′+1 … h): TCP1 forwarding; node i multicasts its piece (b ≡ i mod
 *   (k+1)^h′) to its k children at once.
 * - Phase 3, exchange (h′ steps): TCP2 along digits h′−1 … 0; before the step for digit q a node holds
 *   b ≡ v (mod (k+1)^(q+1)) and multicasts it to its clique, after which it holds b ≡ v (mod (k+1)^q).
 * h′ = 0 is the naive algorithm. With h′ > 0 and P not a power of k+1 the machine is padded.
 */
export const starBroadcastCard: AlgorithmCard<StarConfig> = {
  id: 'star-broadcast',
  name: 'Star multiple broadcast (naive / split)',
  shortName: 'Star multiple broadcast',
  family: 'Passive star',
  collective: 'broadcast',
  topology: 'star',
  paper: STAR_PAPER,
  summary:
    'Node 0 broadcasts m messages. Naive: the TCP1 tree forwards all m messages in every step. Split: ' +
    'for the first h′ steps each node hands each child only a (k+1)-th of what it has (broadcast-split), ' +
    'then the tree forwards these pieces (broadcast), and finally cliques of k+1 nodes holding ' +
    'complementary pieces exchange them (TCP2), h′ times. Less data, more tuning: h′ sets the trade-off.',
  params: BROADCAST_PARAMS,
  parse: (p) => parseStar(BROADCAST_PARAMS, p, broadcastMachine, splitStepIssues),
  estimate(c) {
    const n = broadcastMachine(c);
    const m = c.messages;
    const h = tcpDepth(n, c.k);
    return {
      steps: h + c.splitSteps,
      transfers: 2 * n * c.k * (h + 1),
      blockRefs: n * m * 2,
      holdingCells: n * m,
    };
  },
  panels: ['tree', 'tradeoff'],
  units: STAR_UNITS,
  goal: 'every node holds all m messages',
  narrateStart(c, steps) {
    const hs = c.splitSteps;
    const plan =
      hs === 0
        ? 'the naive variant forwards all of them along the TCP1 tree'
        : `${plural(hs, 'broadcast-split step')}, ${plural(steps - 2 * hs, 'broadcast step')} and ${plural(hs, 'exchange step')}`;
    return `Node 0 holds ${plural(c.messages, 'message')} for everyone: ${plan}, ${plural(steps, 'step')} in all.${dummySentence(c.nodes, broadcastMachine(c))}`;
  },
  narrate(c, f) {
    const e = f.examples[0];
    const k = c.k;
    const ex = e
      ? ` For example, node ${e.from} sends ${plural(e.blockCount, 'message')} on λ${e.channel} to ${e.to.length === 1 ? `node ${e.to[0]}` : `nodes ${e.to.join(', ')}`}.`
      : '';
    const lead =
      f.phase === 'broadcast-split'
        ? `Phase 1, broadcast-split: every reached node gives each of its up to ${k} new children a different (k+1)-th of its share, each on its own wavelength.`
        : f.phase === 'broadcast'
          ? `Phase 2, broadcast: every reached node sends its piece to up to ${k} new children at once, with one transmission on one wavelength.`
          : `Phase 3, exchange: cliques of ${k + 1} nodes holding complementary pieces swap them; every node retunes its ${k} receivers to its clique’s wavelengths.`;
    return `${lead}${ex} ${heldSentence(f)}`;
  },
};

/** The rule of its own `parse` checks first: the split steps h′ are at most the tree's depth h. */
function splitStepIssues(c: StarConfig): ParamIssue[] {
  const h = tcpDepth(c.nodes, c.k);
  if (c.splitSteps > h)
    return [
      {
        key: 'split-steps',
        message: `Split steps h′ (split-steps) must be from 0 to h = ${h} for these P and k; got ${c.splitSteps}`,
      },
    ];
  return [];
}
