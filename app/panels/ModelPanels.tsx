import { findAlgorithm } from '../../src/algorithms/registry';
import { useRunConfig } from '../store/store';
import { StagePanel } from './StagePanel';
import { Fig1Scenes } from './circuit/Fig1Scenes';
import { PaperClaims } from './circuit/PaperClaims';
import { ReconfigEditor } from './circuit/ReconfigEditor';
import { SpeedupExplorer } from './circuit/SpeedupExplorer';
import { StarPanels } from './star/StarPanels';

/**
 * Panels that belong to one interconnect model or algorithm (the right-hand column, under the
 * formulas): each model adds its case here.
 */
export function ModelPanels() {
  const config = useRunConfig();
  const spec = findAlgorithm(config.algorithm);
  if (!spec) return null;
  switch (spec.topology) {
    case 'wdm-ring':
      return <StagePanel />;
    case 'circuit':
      return (
        <>
          <ReconfigEditor />
          <SpeedupExplorer />
          <PaperClaims />
          <Fig1Scenes />
        </>
      );
    case 'star':
      return <StarPanels />;
    default:
      return null;
  }
}
