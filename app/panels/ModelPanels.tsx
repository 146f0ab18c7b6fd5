import { findCard } from '../../src/cards';
import { interconnectUi } from '../interconnects';
import { useRunConfig } from '../store/store';

/**
 * Panels that belong to the algorithm's interconnect model (the right-hand column, under the
 * formulas), from the model's entry in app/interconnects.tsx.
 */
export function ModelPanels() {
  const config = useRunConfig();
  const spec = findCard(config.algorithm);
  if (!spec) return null;
  const { Panels } = interconnectUi(spec.topology);
  return Panels ? <Panels /> : null;
}
