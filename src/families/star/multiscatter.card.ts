import { heldSentence, type AlgorithmCard } from '../../kernel/spec';
import {
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

/**
 * Multi-scatter / personalised all-to-all by TCP2 exchange steps (passive-star paper, Sec. 3.4): along
 * digit q, node v sends each clique partner u, on its own transmitter, the messages it holds whose
 * destination has u's digit q. Before that step v holds the messages (s, d) with s agreeing with v on
 * digits ≥ q and d agreeing on digits < q: P/(k+1) of them go to each partner. Padded like gossip.
 * What v sends u is a rectangle of the source × destination matrix (block-pairs.ts): the sources of
 * v's block of (k+1)^q, and every (k+1)^(q+1)-th destination from u's side of v's residue.
 */
export const starMultiscatterCard: AlgorithmCard<StarConfig> = {
  id: 'star-multiscatter',
  name: 'Star multi-scatter (TCP2)',
  family: 'Passive star',
  collective: 'multiscatter',
  topology: 'star',
  paper: STAR_PAPER,
  noTree: 'its steps exchange within cliques of k+1 processors (TCP2)',
  blockRoute: (c, r, d) =>
    r === d
      ? 'a node has no message for itself'
      : `in step q it moves to the node of its clique whose base-${c.k + 1} digit q is d’s (dummies relay it when P is padded)`,
  summary:
    'Every node has a different message for every other node. In each step the nodes form cliques of ' +
    'k+1 along one base-(k+1) digit, and each node sends each partner, on a separate wavelength, the ' +
    'messages whose destination has that partner’s digit: a (k+1)-th of what it holds. After h steps ' +
    'every message has arrived.',
  params: STAR_PARAMS,
  parse: (p) => parseStar(STAR_PARAMS, p, tcp2Machine),
  estimate(c) {
    const real = c.nodes;
    const n = tcp2Machine(c);
    const k = c.k;
    const h = tcpDepth(n, k);
    const blockRefs = (h * n * n * k) / (k + 1);
    // Route holdings: one word per block (where it ended), plus counts after every step.
    const holdingCells = real * (real - 1) + (h + 1) * n;
    return { steps: h, transfers: n * k * h, blockRefs, holdingCells };
  },
  units: STAR_UNITS,
  goal: 'every message has reached its destination',
  narrateStart(c, steps) {
    const n = c.nodes;
    return `Each of the ${formatCount(n)} nodes holds a different message for each of the other ${formatCount(n - 1)} (${formatCount(n * (n - 1))} in all). ${plural(steps, 'TCP2 exchange step')} deliver${steps === 1 ? 's' : ''} them.${dummySentence(n, tcp2Machine(c))}`;
  },
  narrate(cfg, f) {
    const k = cfg.k;
    const e = f.examples[0];
    const ex = e
      ? ` For example, node ${e.from} sends ${plural(e.blockCount, 'message')} to node ${e.to[0]} on λ${e.channel}.`
      : '';
    const c = cliqueWords(cfg.nodes, k, f.step - 1);
    return (
      `${c.words}: each node sends each of its ${c.size - 1} partners, on a separate wavelength, the ` +
      `messages bound for that partner’s side.${ex} ${heldSentence(f)}`
    );
  },
};
