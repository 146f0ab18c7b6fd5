import type { RunResult } from '../../src/run';
import { CircuitView } from './CircuitView';
import { RingView } from './RingView';
import { StarView } from './StarView';

/**
 * The network drawing for a result, chosen by its interconnect model. Each model adds its case here
 * (ring, star, reconfigurable circuits); the WDM ring view is the fallback.
 */
export function MainView({
  result,
  step,
  compact = false,
}: {
  result: RunResult;
  step: number;
  /** Compare mode: smaller panes, no legends. */
  compact?: boolean;
}) {
  switch (result.topology.kind) {
    case 'circuit':
      return <CircuitView result={result} step={step} compact={compact} />;
    case 'star':
      return <StarView result={result} step={step} compact={compact} />;
    default:
      return <RingView result={result} step={step} compact={compact} />;
  }
}
