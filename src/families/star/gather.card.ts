import { type AlgorithmCard } from '../../kernel/spec';
import { STAR_PARAMS, STAR_UNITS, parseStar, type StarConfig } from './star-params';
import { treeNarration, treeScatterEstimate } from './scatter.card';
import { formatCount, plural } from '../../kernel/util/units';
import { STAR_PAPER } from './paper';

/**
 * Gather, the scatter run backwards (passive-star paper, end of Sec. 3.1): the TCP1 steps in reverse
 * order, every child sending its whole subtree's messages to its parent, which listens to up to k
 * children at once.
 */
export const starGatherCard: AlgorithmCard<StarConfig> = {
  id: 'star-gather',
  name: 'Star gather (TCP1 reversed)',
  family: 'Passive star',
  collective: 'gather',
  topology: 'star',
  paper: STAR_PAPER,
  summary:
    'Every node has one message for node 0. The TCP1 tree is run backwards: the nodes reached last ' +
    'send first, each to its parent, and every node passes on its whole subtree once that is complete. ' +
    'A parent listens to up to k children at once, one receiver per child’s wavelength.',
  params: STAR_PARAMS,
  parse: (p) => parseStar(STAR_PARAMS, p, (c) => c.nodes),
  estimate: treeScatterEstimate,
  panels: ['tree'],
  units: STAR_UNITS,
  goal: 'node 0 holds every node’s message',
  narrateStart(c, steps) {
    return `Each of the ${formatCount(c.nodes)} nodes holds one message for node 0. The TCP1 tree, run backwards, collects them in ${plural(steps, 'step')}.`;
  },
  narrate(c, f) {
    return treeNarration(c, f, 'gather');
  },
};
