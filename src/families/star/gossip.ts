import { gossipCommunication, lowerBounds, tcp2Tunings } from './star-formulas';
import { num, type IntParam, type ParamValues } from '../../kernel/params/schema';
import { heldSentence, PAPERS, type AlgorithmSpec } from '../../kernel/spec';
import {
  blockTable,
  dOf,
  dummySentence,
  kOf,
  MESSAGES_PARAM,
  notPowerNote,
  range,
  shapeOf,
  STAR_COSTS,
  STAR_PARAMS,
  starRows,
  StarBuilder,
  TCP2_MACHINE,
  validateStar,
} from './common';
import { cliqueWords, mixedCliqueTuningsNote, radixClique, tcp2Radices, tcpDepth } from './tcp';

const GOSSIP_MESSAGES: IntParam = {
  ...MESSAGES_PARAM,
  max: 1_000_000,
  default: 1,
  help: 'Size of every node’s data, in unit messages (each node’s data is one block of this size).',
};

/**
 * Gossip / all-to-all broadcast by TCP2 exchange-group steps (passive-star paper, Sec. 3.3): in step
 * t every node multicasts all it holds to the k other members of its clique along digit t−1, so the
 * data held grows by a factor k+1 per step. Machines whose P is not a power of k+1 are padded with
 * dummy processors, which start empty and relay.
 */
export const starGossip: AlgorithmSpec = {
  id: 'star-gossip',
  name: 'Star gossip (TCP2)',
  family: 'Passive star',
  collective: 'gossip',
  topology: 'star',
  paper: PAPERS.star,
  noTree: 'its steps exchange within cliques of k+1 processors (TCP2)',
  summary:
    'Every node has data for everyone. In each step the nodes form cliques of k+1 (nodes whose ids ' +
    'differ in one base-(k+1) digit), and each node sends all it holds to the other k with one ' +
    'transmission, which all k hear. After h steps everyone holds everything; every step retunes all ' +
    'receivers.',
  params: [...STAR_PARAMS, GOSSIP_MESSAGES],
  validate: (p) => validateStar(p, gossipMachine(p)),
  estimate(p) {
    const n = gossipMachine(p);
    const h = tcpDepth(n, kOf(p));
    return { steps: h, transfers: n * h, blockRefs: n * n, holdingCells: n * num(p, 'nodes') };
  },
  build(p) {
    const real = num(p, 'nodes');
    const k = kOf(p);
    const radices = tcp2Radices(real, k);
    const n = radices.stride[radices.radix.length];
    const h = radices.radix.length;
    const blocks = blockTable(range(real), n, n === real ? 'all' : () => range(real), num(p, 'messages'));
    const sb = new StarBuilder('star-gossip', 'gossip', n, k, blocks, {
      transfers: n * h,
      blockRefs: n * n,
      receivers: n * h * k,
    });
    for (let q = 0; q < h; q++) {
      sb.b.beginStep('exchange-group');
      const group = radices.stride[q];
      for (let v = 0; v < n; v++) {
        // Before the step for digit q, v holds the data of every node that agrees with it on digits ≥ q.
        const first = v - (v % group);
        const held = range(Math.max(0, Math.min(group, real - first))).map((a) => first + a);
        sb.send(
          v,
          0,
          radixClique(v, q, radices).filter((u) => u !== v),
          held,
        );
      }
    }
    return {
      ...sb.finish(),
      variant: n > real ? `padded to ${n} processors (${n - real} dummies)` : undefined,
    };
  },
  ...STAR_COSTS,
  goal: 'every node holds everyone’s data',
  narrateStart(p, steps) {
    return `Each of the ${num(p, 'nodes')} nodes holds its own data (${num(p, 'messages')} message units) for everyone. ${steps} TCP2 exchange steps spread it.${dummySentence(num(p, 'nodes'), gossipMachine(p))}`;
  },
  formulas(p, m) {
    const shape = shapeOf(p);
    const msgs = num(p, 'messages');
    return starRows(m, {
      steps: shape.h,
      d: dOf(p),
      tunings: {
        tex: 'hPk',
        source: 'passive-star paper, Sec. 3.3',
        value: tcp2Tunings(shape),
        note: mixedCliqueTuningsNote(gossipMachine(p), kOf(p), tcp2Radices(gossipMachine(p), kOf(p))),
      },
      communication: {
        tex: 'T_{com} = \\sum_{i=0}^{h-1} (k+1)^i m = \\frac{(P-1)m}{k}',
        source: 'passive-star paper, Sec. 3.3',
        value: gossipCommunication(shape, msgs),
      },
      lowerBound: {
        tex: '\\frac{(P-1)m}{k}',
        source: 'passive-star paper, Table 1',
        value: lowerBounds.gossip(shape, msgs),
      },
      note: notPowerNote(p, gossipMachine(p)),
      padding: { p: shape.p, padded: gossipMachine(p), ...TCP2_MACHINE },
    });
  },
  narrate(p, f) {
    const k = kOf(p);
    const e = f.examples[0];
    const ex = e
      ? ` For example, node ${e.from} sends ${e.blocks.length} block${e.blocks.length === 1 ? '' : 's'} on λ${e.channel} to nodes ${e.to.join(', ')}.`
      : '';
    const c = cliqueWords(num(p, 'nodes'), k, f.step - 1);
    return (
      `${c.words}: each node sends everything it holds to the other ${c.size - 1} with one transmission, ` +
      `and retunes ${c.size - 1} receivers to their wavelengths.${ex} ${heldSentence(f)}`
    );
  },
};

/** Processors of the gossip machine: P padded to the next power of k+1. */
export function gossipMachine(p: ParamValues): number {
  const r = tcp2Radices(num(p, 'nodes'), kOf(p));
  return r.stride[r.radix.length];
}
