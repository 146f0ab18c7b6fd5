import { useState } from 'react';
import type { RunResult } from '../../src/result';
import { interconnectUi } from '../interconnects';
import { useReadableStep } from '../lib/useReadableStep';
import { selectPlaying } from '../store/store';
import { usePane, usePaneStore } from '../store/paneContext';
import { selectPicked } from '../store/selectionSlice';
import { nodeFacts } from './NodeTooltip';

/**
 * The keyboard's way to what hovering a node shows: one line under the network view with a field for
 * a node's number. The chosen node is marked in the picture (and its path in the tree, as hovering
 * does); what it holds and sends is written in `NodeFactsBox`, over the picture. ↑/↓ in the field go
 * through the nodes; Esc leaves it.
 */
export function NodeDetails({ result, factsId }: { result: RunResult; factsId: string }) {
  const n = result.topology.nodeCount;
  const picked = usePane(selectPicked(n));
  const pane = usePaneStore();
  const [text, setText] = useState(picked === null ? '' : String(picked));
  const pick = (raw: string) => {
    setText(raw);
    const v = raw.trim() === '' ? NaN : Number(raw);
    const next = Number.isInteger(v) && v >= 0 && v < n ? v : null;
    // The same marks as hovering the node, in every view of the pane (selectionSlice.ts).
    pane.getState().pick(next);
  };
  return (
    <div
      className="flex h-8 shrink-0 items-center gap-2 px-2 text-sm text-text"
      data-testid="node-details"
      data-node={picked ?? ''}
    >
      <label className="flex shrink-0 items-center gap-2 whitespace-nowrap font-medium">
        <span>
          Node<span className="sr-only"> details</span>
        </span>
        <input
          type="number"
          min={0}
          max={n - 1}
          step={1}
          value={text}
          placeholder={`0–${n - 1}`}
          onChange={(e) => pick(e.target.value)}
          className="w-20 shrink-0 rounded border border-border px-2 py-0.5 font-normal tabular-nums"
          aria-describedby={factsId}
          data-testid="node-details-input"
        />
      </label>
      <span className="min-w-0 truncate text-muted">
        {picked === null
          ? 'a node’s number: what it holds and sends'
          : `node ${picked} marked · Esc leaves the field, empty it to clear`}
      </span>
    </div>
  );
}

/**
 * What the chosen node holds and sends at the current step, in a box over the picture's corner (the
 * words of its tooltip). Read out when it changes while paused; while playing it changes a few times
 * a second and is not read out.
 */
export function NodeFactsBox({ result, step, id }: { result: RunResult; step: number; id: string }) {
  const node = usePane(selectPicked(result.topology.nodeCount));
  const playing = usePane(selectPlaying);
  const shown = useReadableStep(step, playing);
  const facts =
    node === null ? null : (interconnectUi(result.topology.kind).facts ?? nodeFacts)(result, shown, node);
  return (
    <div
      id={id}
      aria-live={playing ? 'off' : 'polite'}
      className={
        facts
          ? 'pointer-events-none absolute left-2 top-2 z-10 max-w-[min(24rem,70%)] rounded border border-border bg-surface/95 px-3 py-2 text-sm text-text shadow'
          : 'sr-only'
      }
      data-testid="node-details-facts"
    >
      {facts && (
        <>
          <div className="font-semibold">{facts.title}</div>
          {facts.lines.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </>
      )}
    </div>
  );
}
