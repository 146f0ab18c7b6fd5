import type { AlgorithmSpec } from '../../kernel/spec';
import { STAR_COSTS } from './common';
import type { StarConfig } from './star-params';
import { starGatherCard } from './gather.card';
import { buildTreeScatter, scatterRows } from './scatter';

export const starGather: AlgorithmSpec<StarConfig> = {
  ...starGatherCard,
  build(c) {
    return buildTreeScatter('star-gather', c.nodes, c.k, true);
  },
  ...STAR_COSTS,
  formulas(c, m) {
    return scatterRows(c, m, 'Sec. 3.1 (gather is its reverse)');
  },
};
