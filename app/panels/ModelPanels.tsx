import { findAlgorithm } from '../../src/algorithms/registry';
import { selectConfig, useApp } from '../store/store';
import { StarPanels } from './star/StarPanels';

/**
 * Panels that belong to one interconnect model or algorithm (the right-hand column, under the
 * formulas): each model adds its case here.
 */
export function ModelPanels() {
  const config = useApp(selectConfig);
  const spec = findAlgorithm(config.algorithm);
  if (!spec) return null;
  switch (spec.topology) {
    case 'star':
      return <StarPanels />;
    default:
      return null;
  }
}
