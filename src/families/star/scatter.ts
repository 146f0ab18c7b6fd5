import type { AlgorithmCard, AlgorithmSpec, FormulaRow, Measured } from '../../kernel/spec';
import { STAR_COSTS, StarBuilder, blockTable, notPowerNote, range, starRows } from './common';
import { shapeOf, type StarConfig } from './star-params';
import { starGatherCard } from './gather.card';
import { starScatterCard } from './scatter.card';
import { lowerBounds, scatterCommunication, tcp1Tunings } from './star-formulas';
import { power, tcp1Children, tcp1Subtree, tcpDepth } from './tcp';

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
export function scatterRows(c: StarConfig, m: Measured, where: string): FormulaRow[] {
  const shape = shapeOf(c);
  const exact = power(shape.k + 1, shape.h) === shape.p;
  return starRows(m, {
    steps: shape.h,
    d: c.tuningDelay,
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
    note: notPowerNote(c),
  });
}

/** Scatter down the TCP tree, or gather up it (its reverse): one spec serves both cards. */
function treeScatterSpec(
  card: AlgorithmCard<StarConfig>,
  gather: boolean,
  where: string,
): AlgorithmSpec<StarConfig> {
  return {
    ...card,
    build: (c) => buildTreeScatter(card.id, c.nodes, c.k, gather),
    ...STAR_COSTS,
    formulas: (c, m) => scatterRows(c, m, where),
  };
}

export const starScatter = treeScatterSpec(starScatterCard, false, 'Sec. 3.1');
export const starGather = treeScatterSpec(starGatherCard, true, 'Sec. 3.1 (gather is its reverse)');
