import { useId } from 'react';
import { interconnectUi, type NetworkViewProps } from '../interconnects';
import { NodeDetails, NodeFactsBox } from './NodeDetails';
import { useStepCountsAhead } from './useStepCountsAhead';

/**
 * The network drawing for a result, chosen by its interconnect model (see app/interconnects.tsx),
 * and under it (not in compare mode's small panes) the node field: the keyboard's way to a node's
 * details, written over the picture's corner. Between steps it counts the holdings of the steps
 * likely shown next (useStepCountsAhead).
 */
export function MainView({ result, step, compact = false, legend }: NetworkViewProps) {
  const { View } = interconnectUi(result.topology.kind);
  const factsId = useId();
  // The next steps' holdings counted between steps, not in the task that moves the step.
  useStepCountsAhead(result.holdings, step);
  if (compact) return <View result={result} step={step} compact legend={legend} />;
  return (
    <div className="flex h-full min-h-0 min-w-0 flex-col">
      <div className="relative min-h-0 flex-1">
        <View result={result} step={step} compact={false} />
        <NodeFactsBox result={result} step={step} id={factsId} />
      </div>
      <NodeDetails result={result} factsId={factsId} />
    </div>
  );
}
