import { useId, useState } from 'react';
import type { RunResult } from '../../src/result';
import { useStarHover } from '../families/star/starHover';
import { interconnectUi } from '../interconnects';
import { useReadableStep } from '../lib/useReadableStep';
import { selectPlaying, useApp } from '../store/store';
import { nodeFacts } from './NodeTooltip';
import { usePickedNode } from './pickedNode';

/**
 * The keyboard's way to what hovering a node shows, and its text alternative: a field for a node's
 * number under the network view. The chosen node is marked in the picture (and its path in the
 * tree, as hovering does), and what it holds and sends is written beside the field, for the current
 * step. The field takes ↑/↓ to go through the nodes; Esc leaves it.
 */
export function NodeDetails({ result, step }: { result: RunResult; step: number }) {
  const n = result.topology.nodeCount;
  const picked = usePickedNode((s) => s.node);
  const [text, setText] = useState(picked === null ? '' : String(picked));
  const node = picked !== null && picked < n ? picked : null;
  const playing = useApp(selectPlaying);
  // Text that changes with the step: a few times a second while playing, and not read out meanwhile.
  const shown = useReadableStep(step, playing);
  const id = useId();
  const facts =
    node === null ? null : (interconnectUi(result.topology.kind).facts ?? nodeFacts)(result, shown, node);
  const pick = (raw: string) => {
    setText(raw);
    const v = raw.trim() === '' ? NaN : Number(raw);
    const next = Number.isInteger(v) && v >= 0 && v < n ? v : null;
    usePickedNode.getState().set(next);
    // The same marks as hovering the node: the views' highlight, the star's hovered processor.
    useApp.getState().setHighlight(next === null ? null : [next]);
    if (result.topology.kind === 'star') useStarHover.getState().set(next);
  };
  return (
    <div
      className="flex min-h-8 flex-wrap items-baseline gap-x-2 px-2 pb-1 text-sm text-slate-700"
      data-testid="node-details"
      data-node={node ?? ''}
    >
      <label htmlFor={id} className="font-medium whitespace-nowrap">
        Node details
      </label>
      <input
        id={id}
        type="number"
        min={0}
        max={n - 1}
        step={1}
        value={text}
        placeholder={`0–${n - 1}`}
        onChange={(e) => pick(e.target.value)}
        className="w-24 rounded border border-slate-300 px-2 py-0.5 tabular-nums"
        aria-describedby={`${id}-facts`}
        data-testid="node-details-input"
      />
      <span
        id={`${id}-facts`}
        aria-live={playing ? 'off' : 'polite'}
        className="min-w-0 flex-1"
        data-testid="node-details-facts"
      >
        {facts ? (
          <>
            <b>{facts.title}</b>
            {facts.lines.map((l) => (
              <span key={l}> · {l}</span>
            ))}
          </>
        ) : (
          <span className="text-slate-600">a node’s number: what it holds and sends</span>
        )}
      </span>
    </div>
  );
}
