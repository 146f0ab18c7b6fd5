import { interconnectUi, type NetworkViewProps } from '../interconnects';

/** The network drawing for a result, chosen by its interconnect model (see app/interconnects.tsx). */
export function MainView({ result, step, compact = false }: NetworkViewProps) {
  const { View } = interconnectUi(result.topology.kind);
  return <View result={result} step={step} compact={compact} />;
}
