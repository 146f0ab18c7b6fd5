import type { IntParam } from '../../kernel/params/schema';
import { heldSentence, type AlgorithmCard } from '../../kernel/spec';
import {
  MESSAGES_PARAM,
  STAR_PARAMS,
  STAR_UNITS,
  dummySentence,
  parseStar,
  tcp2Machine,
  type StarConfig,
} from './star-params';
import { cliqueWords, tcpDepth } from './tcp';
import { formatCount, plural } from '../../kernel/util/units';
import { STAR_PAPER } from './paper';

const GOSSIP_MESSAGES: IntParam = {
  ...MESSAGES_PARAM,
  max: 1_000_000,
  default: 1,
  help: 'Size of every node’s data, in unit messages (each node’s data is one block of this size).',
};

const GOSSIP_PARAMS = [...STAR_PARAMS, GOSSIP_MESSAGES];

/**
 * Gossip / all-to-all broadcast by TCP2 exchange-group steps (passive-star paper, Sec. 3.3): in step
 * t every node multicasts all it holds to the k other members of its clique along digit t−1, so the
 * data held grows by a factor k+1 per step. Machines whose P is not a power of k+1 are padded with
 * dummy processors, which start empty and relay.
 */
export const starGossipCard: AlgorithmCard<StarConfig> = {
  id: 'star-gossip',
  name: 'Star gossip (TCP2)',
  family: 'Passive star',
  collective: 'gossip',
  topology: 'star',
  paper: STAR_PAPER,
  noTree: 'its steps exchange within cliques of k+1 processors (TCP2)',
  summary:
    'Every node has data for everyone. In each step the nodes form cliques of k+1 (nodes whose ids ' +
    'differ in one base-(k+1) digit), and each node sends all it holds to the other k with one ' +
    'transmission, which all k hear. After h steps everyone holds everything; every step retunes all ' +
    'receivers.',
  params: GOSSIP_PARAMS,
  parse: (p) => parseStar(GOSSIP_PARAMS, p, tcp2Machine),
  estimate(c) {
    const n = tcp2Machine(c);
    const h = tcpDepth(n, c.k);
    return { steps: h, transfers: n * h, blockRefs: n * n, holdingCells: n * c.nodes };
  },
  units: STAR_UNITS,
  goal: 'every node holds everyone’s data',
  narrateStart(c, steps) {
    return `Each of the ${formatCount(c.nodes)} nodes holds its own data (${plural(c.messages, 'message unit')}) for everyone. ${plural(steps, 'TCP2 exchange step')} spread${steps === 1 ? 's' : ''} it.${dummySentence(c.nodes, tcp2Machine(c))}`;
  },
  narrate(cfg, f) {
    const k = cfg.k;
    const e = f.examples[0];
    const ex = e
      ? ` For example, node ${e.from} sends ${plural(e.blockCount, 'block')} on λ${e.channel} to nodes ${e.to.join(', ')}.`
      : '';
    const c = cliqueWords(cfg.nodes, k, f.step - 1);
    return (
      `${c.words}: each node sends everything it holds to the other ${c.size - 1} with one transmission, ` +
      `and retunes ${c.size - 1} receivers to their wavelengths.${ex} ${heldSentence(f)}`
    );
  },
};
