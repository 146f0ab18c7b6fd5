import { num } from '../../kernel/params/schema';
import type { AlgorithmSpec } from '../../kernel/spec';
import { STAR_COSTS } from './common';
import { kOf, shapeOf } from './star-params';
import { starGatherCard } from './gather.card';
import { buildTreeScatter, scatterRows } from './scatter';

export const starGather: AlgorithmSpec = {
  ...starGatherCard,
  build(p) {
    return buildTreeScatter('star-gather', num(p, 'nodes'), kOf(p), true);
  },
  ...STAR_COSTS,
  formulas(p, m) {
    return scatterRows(p, m, shapeOf(p), 'Sec. 3.1 (gather is its reverse)');
  },
};
