import { useState } from 'react';
import type { RunResult } from '../../src/result';
import { interconnectUi } from '../interconnects';
import { useReadableStep } from '../lib/useReadableStep';
import { selectPlaying, useApp } from '../store/store';
import { nodeFacts } from './NodeTooltip';
import { usePickedNode } from './pickedNode';

/** The chosen node, if it is one of this result's. */
function usePicked(result: RunResult): number | null {
  const n = result.topology.nodeCount;
  return usePickedNode((s) => (s.node !== null && s.node < n ? s.node : null));
}

/**
 * The keyboard's way to what hovering a node shows: one line under the network view with a field for
 * a node's number. The chosen node is marked in the picture (and its path in the tree, as hovering
 * does); what it holds and sends is written in `NodeFactsBox`, over the picture. ↑/↓ in the field go
 * through the nodes; Esc leaves it.
 */
export function NodeDetails({ result, factsId }: { result: RunResult; factsId: string }) {
  const n = result.topology.nodeCount;
  const picked = usePicked(result);
  const [text, setText] = useState(picked === null ? '' : String(picked));
  const pick = (raw: string) => {
    setText(raw);
    const v = raw.trim() === '' ? NaN : Number(raw);
    const next = Number.isInteger(v) && v >= 0 && v < n ? v : null;
    usePickedNode.getState().set(next);
    // The same marks as hovering the node: the views' highlight, the star's hovered processor.
    useApp.getState().setHighlight(next === null ? null : [next]);
    interconnectUi(result.topology.kind).pick?.(next);
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
  const node = usePicked(result);
  const playing = useApp(selectPlaying);
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
