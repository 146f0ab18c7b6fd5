import { findCard } from '../../../src/cards';
import { selectResult, selectStep, useApp } from '../../store/store';
import { lectureSceneHref } from './lectureScene';
import { TcpTreePanel } from './TcpTreePanel';
import { TradeoffPanel } from './TradeoffPanel';

/**
 * The passive star's own panels, as the algorithm's card lists them (`panels`): the h′ trade-off, the
 * TCP1 tree; and the lecture scene.
 */
export function StarPanels() {
  const result = useApp(selectResult);
  const step = useApp(selectStep);
  const card = result ? findCard(result.algorithm) : undefined;
  if (!result || card?.topology !== 'star') return null;
  const panels = card.panels ?? [];
  return (
    <>
      {panels.includes('tradeoff') && (
        <section className="rounded-lg border border-divider bg-surface p-3">
          <h2 className="text-lg font-bold text-text">Split steps h′: tuning against data</h2>
          <TradeoffPanel result={result} />
        </section>
      )}
      {panels.includes('tree') && (
        <section className="rounded-lg border border-divider bg-surface p-3">
          <h2 className="text-lg font-bold text-text">TCP1 tree</h2>
          <TcpTreePanel result={result} step={step} />
        </section>
      )}
      <section className="rounded-lg border border-divider bg-surface p-3 text-sm">
        <a
          className="font-semibold text-info underline"
          href={lectureSceneHref()}
          data-testid="lecture-scene-link"
        >
          Lecture scene: the paper’s example, 64 processors, k = 3, split broadcast with h′ = 2
        </a>
      </section>
    </>
  );
}
