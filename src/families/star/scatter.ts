import { lowerBounds, scatterCommunication, tcp1Tunings, type StarShape } from './star-formulas';
import { num, type ParamValues } from '../../kernel/params/schema';
import {
  heldSentence,
  PAPERS,
  type AlgorithmSpec,
  type FormulaRow,
  type Measured,
  type StepFacts,
} from '../../kernel/spec';
import {
  blockTable,
  dOf,
  kOf,
  notPowerNote,
  range,
  shapeOf,
  STAR_COSTS,
  STAR_PARAMS,
  starRows,
  StarBuilder,
  validateStar,
} from './common';
import { power, tcp1Children, tcp1Subtree, tcpDepth } from './tcp';

/**
 * Scatter on the TCP1 tree (passive-star paper, Sec. 3.1): node 0 holds one message per node; in
 * step l every reached node sends each of its k new children, on its own transmitter, the messages
 * of that child's whole subtree. Works for any P: the tree is cut at P.
 */
export const starScatter: AlgorithmSpec = {
  id: 'star-scatter',
  name: 'Star scatter (TCP1)',
  family: 'Passive star',
  collective: 'scatter',
  topology: 'star',
  paper: PAPERS.star,
  summary:
    'Node 0 starts with one message for every node. In each step every node that already has messages ' +
    'keeps the share of its own subtree and sends each of its k new children, each on a different ' +
    'wavelength, the messages of that child’s subtree. The messages shrink by a factor k+1 per step.',
  params: STAR_PARAMS,
  validate: (p) => validateStar(p, num(p, 'nodes')),
  estimate: treeScatterEstimate,
  build(p) {
    const n = num(p, 'nodes');
    return buildTreeScatter('star-scatter', n, kOf(p), false);
  },
  ...STAR_COSTS,
  goal: 'every node holds its own message',
  narrateStart(p, steps) {
    const n = num(p, 'nodes');
    return `Node 0 holds ${n} messages, one for each node. The TCP1 tree delivers them in ${steps} steps, the messages shrinking by a factor ${kOf(p) + 1} per step.`;
  },
  formulas(p, m) {
    const shape = shapeOf(p);
    return scatterRows(p, m, shape, 'Sec. 3.1');
  },
  narrate(p, f) {
    return treeNarration(p, f, 'scatter');
  },
};

/** Scatter (gather = false) or its reverse, gather, on the TCP1 tree of n nodes. */
/** Size of a TCP1 scatter or gather: h steps, one transfer per node but the root. */
export function treeScatterEstimate(p: ParamValues) {
  const n = num(p, 'nodes');
  const h = tcpDepth(n, kOf(p));
  return { steps: h, transfers: n - 1, blockRefs: n * Math.max(1, h), holdingCells: n * n };
}

export function buildTreeScatter(algorithm: string, n: number, k: number, gather: boolean) {
  const h = tcpDepth(n, k);
  const nodes = range(n);
  const blocks = gather
    ? blockTable(nodes, n, () => [0])
    : blockTable(
        nodes.map(() => 0),
        n,
        (b) => [b],
      );
  const sb = new StarBuilder(algorithm, gather ? 'gather' : 'scatter', n, k, blocks, {
    transfers: n,
    blockRefs: n * Math.max(1, h),
    receivers: n,
  });
  const level = (l: number) => {
    sb.b.beginStep(gather ? 'gather' : 'scatter');
    const stride = power(k + 1, l - 1);
    for (let i = 0; i < Math.min(stride, n); i++) {
      const children = tcp1Children(i, l, k, n);
      children.forEach((c, j) => {
        if (gather) sb.send(c, 0, [i], tcp1Subtree(c, k, n));
        else sb.send(i, j, [c], tcp1Subtree(c, k, n));
      });
    }
  };
  if (gather) for (let l = h; l >= 1; l--) level(l);
  else for (let l = 1; l <= h; l++) level(l);
  return sb.finish();
}

/** Rows of scatter and gather: the same tree, the same costs (Sec. 3.1). */
export function scatterRows(p: ParamValues, m: Measured, shape: StarShape, where: string): FormulaRow[] {
  const exact = power(shape.k + 1, shape.h) === shape.p;
  return starRows(m, {
    steps: shape.h,
    d: dOf(p),
    tunings: { tex: 'P - 1', source: `passive-star paper, ${where}`, value: tcp1Tunings(shape) },
    communication: {
      tex: 'T_{com} = \\sum_{i=1}^{h} \\frac{P}{(k+1)^i} = \\frac{P-1}{k}',
      source: `passive-star paper, ${where}`,
      value: scatterCommunication(shape),
      note: exact
        ? undefined
        : 'Cut tree: a step costs its largest subtree, ⌈(P − (k+1)^(l−1)) / (k+1)^l⌉ in step l.',
    },
    lowerBound: {
      tex: '\\frac{P-1}{k}',
      source: 'passive-star paper, Table 1',
      value: lowerBounds.scatter(shape),
    },
    note: notPowerNote(p),
  });
}

/** Narration of a TCP1-tree step (scatter, gather, broadcast phases 1–2). */
export function treeNarration(p: ParamValues, f: StepFacts, what: 'scatter' | 'gather'): string {
  const k = kOf(p);
  const e = f.examples[0];
  const ex = e
    ? ` For example, node ${e.from} sends ${e.blocks.length} message${e.blocks.length === 1 ? '' : 's'} to node ${e.to.join(', ')} on wavelength λ${e.channel}.`
    : '';
  const lead =
    what === 'scatter'
      ? `Every node that holds messages sends each of its up to ${k} new children, on a wavelength of its own, the messages of that child’s subtree: ${f.transfers} transmissions.`
      : `Every node whose subtree is complete sends it to its parent; a parent tunes up to ${k} receivers to its children’s wavelengths: ${f.transfers} transmissions.`;
  return `${lead}${ex} ${heldSentence(f)}`;
}
