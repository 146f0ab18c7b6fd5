import type { TryView } from '../../src/tryit/try-view';

/**
 * The holdings matrix after the step being edited: a row per processor, a column per block (or
 * contribution); held in teal, still needed by the goal outlined in amber, neither blank.
 */
export function TryHoldings({ view }: { view: TryView }) {
  const h = view.check.holdings;
  const N = view.board.nodes;
  const B = view.board.blockNames.length;
  const after = view.attempt.at + 1;
  const cell = Math.max(4, Math.min(22, Math.floor(320 / Math.max(N, B))));
  let held = 0;
  const rects = [];
  for (let v = 0; v < N; v++)
    for (let b = 0; b < B; b++) {
      const has = h.arrival[v * h.blocks + b] <= after;
      const need = view.board.target[v * B + b] === 1;
      if (has) held++;
      if (!has && !need) continue;
      rects.push(
        <rect
          key={v * B + b}
          x={b * cell + 1}
          y={v * cell + 1}
          width={cell - 2}
          height={cell - 2}
          fill={has ? '#0f766e' : '#fffbeb'}
          stroke={has ? 'none' : '#d97706'}
          strokeWidth={1}
        />,
      );
    }
  return (
    <figure className="rounded-md bg-surface p-2 shadow-sm" data-testid="try-holdings">
      <figcaption className="text-sm text-text">
        Who holds what after step {after}: {held} held (teal); amber: still to arrive. Rows: {N} processors;
        columns: {B} {view.board.reduction ? 'contributions' : 'blocks'}.
      </figcaption>
      <svg
        width={B * cell}
        height={N * cell}
        className="mt-1 max-w-full border border-divider"
        role="img"
        aria-label={`Holdings after step ${after}: ${held} of ${N * B} cells held`}
      >
        {rects}
      </svg>
    </figure>
  );
}
