import { Fig1Scenes } from './Fig1Scenes';
import { PaperClaims } from './PaperClaims';
import { ReconfigEditor } from './ReconfigEditor';
import { SpeedupExplorer } from './SpeedupExplorer';

/** What the circuit family adds under the formulas: reconfiguration, speed-ups, the paper's claims. */
export function CircuitPanels() {
  return (
    <>
      <ReconfigEditor />
      <SpeedupExplorer />
      <PaperClaims />
      <Fig1Scenes />
    </>
  );
}
