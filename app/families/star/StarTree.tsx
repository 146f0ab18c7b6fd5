import type { NetworkViewProps } from '../../interconnects';
import { TcpTreePanel } from './TcpTreePanel';

/** The star's tree for the tree tab: the TCP1 tree of scatter, gather and broadcast, with a caption. */
export function StarTree({ result, step }: NetworkViewProps) {
  return (
    <div className="flex h-full min-h-0 flex-col p-2" data-testid="tree-view">
      <p className="text-sm text-text">
        The TCP1 tree: node 0 in the middle, each ring the processors reached in one step. Bold edges carry
        this step&apos;s transmissions; hover a processor (or Tab to the tree and move with the arrow keys) to
        find it in the star.
      </p>
      <div className="min-h-0 flex-1">
        <TcpTreePanel result={result} step={step} fill />
      </div>
    </div>
  );
}
