import { heldSentence, type AlgorithmCard, type StepFacts } from '../../kernel/spec';
import { STAR_PARAMS, STAR_UNITS, parseStar, type StarConfig } from './star-params';
import { tcpDepth } from './tcp';
import { plural } from '../../kernel/util/units';
import { STAR_PAPER } from './paper';

/** Size of a TCP1 scatter or gather: h steps, one transfer per node but the root. */
export function treeScatterEstimate(c: StarConfig) {
  const n = c.nodes;
  const h = tcpDepth(n, c.k);
  return { steps: h, transfers: n - 1, blockRefs: n * Math.max(1, h), holdingCells: n * n };
}

/** Narration of a TCP1-tree step (scatter, gather, broadcast phases 1–2). */
export function treeNarration(c: StarConfig, f: StepFacts, what: 'scatter' | 'gather'): string {
  const k = c.k;
  const e = f.examples[0];
  const ex = e
    ? ` For example, node ${e.from} sends ${plural(e.blockCount, 'message')} to node ${e.to.join(', ')} on wavelength λ${e.channel}.`
    : '';
  const lead =
    what === 'scatter'
      ? `Every node that holds messages sends each of its up to ${k} new children, on a wavelength of its own, the messages of that child’s subtree: ${plural(f.transfers, 'transmission')}.`
      : `Every node whose subtree is complete sends it to its parent; a parent tunes up to ${k} receivers to its children’s wavelengths: ${plural(f.transfers, 'transmission')}.`;
  return `${lead}${ex} ${heldSentence(f)}`;
}

/**
 * Scatter on the TCP1 tree (passive-star paper, Sec. 3.1): node 0 holds one message per node; in
 * step l every reached node sends each of its k new children, on its own transmitter, the messages
 * of that child's whole subtree. Works for any P: the tree is cut at P.
 */
export const starScatterCard: AlgorithmCard<StarConfig> = {
  id: 'star-scatter',
  name: 'Star scatter (TCP1)',
  family: 'Passive star',
  collective: 'scatter',
  topology: 'star',
  paper: STAR_PAPER,
  summary:
    'Node 0 starts with one message for every node. In each step every node that already has messages ' +
    'keeps the share of its own subtree and sends each of its k new children, each on a different ' +
    'wavelength, the messages of that child’s subtree. The messages shrink by a factor k+1 per step.',
  params: STAR_PARAMS,
  parse: (p) => parseStar(STAR_PARAMS, p, (c) => c.nodes),
  estimate: treeScatterEstimate,
  panels: ['tree'],
  units: STAR_UNITS,
  goal: 'every node holds its own message',
  narrateStart(c, steps) {
    const n = c.nodes;
    return `Node 0 holds ${plural(n, 'message')}, one for each node. The TCP1 tree delivers them in ${plural(steps, 'step')}, the messages shrinking by a factor ${c.k + 1} per step.`;
  },
  narrate(c, f) {
    return treeNarration(c, f, 'scatter');
  },
};
