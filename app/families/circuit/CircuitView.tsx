import { useMemo, useState } from 'react';
import type { RunResult } from '../../../src/result';
import { circuitFacts, circuitStep, reconfigurations } from './circuitFacts';
import { useCanvasBox } from '../../lib/useSize';
import { PictureBox } from '../../views/PictureBox';
import type { NetworkViewProps } from '../../interconnects';
import { useTypeScale } from '../../lib/typeScale';
import { usePanZoom, useZoomedCanvas, ZoomReset } from '../../views/usePanZoom';
import { usePane, usePaneStore } from '../../store/paneContext';
import { selectPicked } from '../../store/selectionSlice';
import { loadsOf, transfersInStep } from '../../../src/families/circuit/circuit-bands';
import { useFramePicture } from '../../scene/currentFrame';
import { circuitLegend, circuitPicture } from './circuitPicture';
import { LegendRow } from '../../scene/LegendRow';
import { circuitHitGroup, circuitLayout, circuitSceneParts, circuitXY } from './circuitScene';
import { useScenePainter } from '../../scene/useScenePainter';
import { hitTest } from '../../scene/hitTest';
import { markedAttr, useMarkedLinks } from '../../views/markedLinks';

/**
 * The optical circuit switch: nodes on a circle, the circuits in force in this phase as chords coloured
 * by subring, a strip of phases with a marker on each reconfiguration, and the blocks leaving each node
 * this phase (orange to the right, blue to the left; thicker = more blocks).
 */
export function CircuitView({ result, step, compact = false, legend = !compact }: NetworkViewProps) {
  const frame = useCanvasBox();
  const { width, height } = frame;
  const [pointer, setHover] = useState<{ node: number; x: number; y: number } | null>(null);
  // As in the paper's Fig. 1: only the blocks node 0 sends, so the circuits stay visible. A view
  // option, so that a link keeps it (`only0`); a lecture-mode link starts that way.
  const onlyNode0 = usePane((st) => st.config.options.onlyNode0);
  const pane = usePaneStore();
  const setOnlyNode0 = (on: boolean) => pane.getState().setOptions({ onlyNode0: on });
  const n = result.topology.nodeCount;
  const layout = useMemo(() => circuitLayout(width, height, n), [width, height, n]);
  // The node under the pointer, else the one chosen in the node field (no tooltip then: its words
  // are under the view).
  const picked = usePane(selectPicked(n));
  const hover = useMemo(
    () => pointer ?? (picked === null ? null : { node: picked, x: -1, y: -1 }),
    [pointer, picked],
  );
  const xy = useMemo(() => circuitXY(layout, n), [layout, n]);
  const info = circuitStep(result, step);
  // A dense phase is drawn as bands, one per circuit and direction, from its loads counted in the worker.
  const loads = loadsOf(result.extras, step);
  const focus = hover?.node ?? null;
  const x = useMemo(() => reconfigurations(result), [result]);
  const marked = useMarkedLinks(result);

  // Laid out as primitives and painted by the shared painter in slices like the ring and the star
  // (see SlicedPainter): a 2,187-node phase's circuits and transfers take longer than a frame may.
  const type = useTypeScale();
  const paint = useScenePainter(circuitSceneParts, {
    result,
    step,
    layout,
    xy,
    hover: focus,
    onlyNode0,
    type,
    loads,
    marked,
  });

  const hits = useMemo(() => [circuitHitGroup(layout, n)], [layout, n]);
  const zoom = usePanZoom(frame, `Circuit switch with ${n} nodes`, { resetOn: n });
  useZoomedCanvas(frame, paint, zoom.view);
  useFramePicture(compact ? null : circuitPicture(result, step, { hover: focus, onlyNode0, loads, marked }));

  const hovered = pointer && <NodeInfo result={result} step={step} node={pointer.node} />;
  return (
    <div className="relative flex h-full min-h-0 w-full flex-col">
      {/* In compare mode's small panes at the desk the phase strip and the switch sit in the picture's
          corner, where the ring leaves room, so that the picture keeps the pane's height (lecture
          type's node numbers reach into the corners: there they keep their row). */}
      <div
        className={
          compact && type.min === 0
            ? 'absolute left-1 top-0 z-10 flex flex-col items-start'
            : 'flex flex-wrap items-center justify-center gap-3'
        }
      >
        <PhaseStrip x={x} step={step} />
        <label className="flex items-center gap-1 pt-1 text-sm text-text">
          <input
            type="checkbox"
            checked={onlyNode0}
            onChange={(e) => setOnlyNode0(e.target.checked)}
            data-testid="only-node0"
          />
          {/* Short in compare mode's narrow panes, so that the picture keeps its room. */}
          {compact ? 'node 0 only' : 'only node 0’s blocks (as in Fig. 1)'}
        </label>
      </div>
      {/* Not in compare mode's small panes, which have no legend either. */}
      {loads && !compact && (
        <p className="px-2 text-center text-sm text-text" data-testid="circuit-bands">
          {transfersInStep(result.schedule, step).toLocaleString('en-US')} transfers, added up per circuit ·
          busiest: {loads.max.toLocaleString('en-US')} blocks one way ·{' '}
          {onlyNode0 || focus !== null
            ? `node ${onlyNode0 ? 0 : focus}’s own drawn over them`
            : 'hover or pick a node for its own'}
        </p>
      )}
      <PictureBox
        frame={frame}
        pictureLabel={`Circuit switch with ${n} nodes, phase ${step}: circuits ±${info.offset}${loads ? `; blocks going right on the outer lanes, left on the inner ones, at most ${loads.max} over one circuit` : ''}`}
        data-testid="circuit-view"
        data-step={step}
        data-marked-links={markedAttr(marked)}
        data-offset={info.offset}
        data-subrings={info.subrings}
        data-reconfigured={info.reconfigured ? 1 : 0}
        data-drawn={loads ? 'bands' : 'transfers'}
        data-lanes-right={loads?.usedRight ?? ''}
        data-lanes-left={loads?.usedLeft ?? ''}
        data-busiest={loads?.max ?? ''}
        {...zoom.boxProps}
        onMouseMove={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const [px, py] = [e.clientX - rect.left, e.clientY - rect.top];
          const node = hitTest(hits, px, py, zoom.view)?.id ?? null;
          setHover(node === null ? null : { node, x: px, y: py });
        }}
        onMouseLeave={() => setHover(null)}
      >
        {pointer && (
          <div
            className="pointer-events-none absolute z-10 w-max max-w-72 rounded border border-border bg-surface px-2 py-1 text-sm shadow"
            style={{ left: pointer.x + 12, top: pointer.y + 12 }}
          >
            {hovered}
          </div>
        )}
        <ZoomReset zoom={zoom} />
      </PictureBox>
      {legend && <LegendRow entries={circuitLegend(result, step)} testId="circuit-legend" />}
    </div>
  );
}

/** One box per phase; ⟳ marks a reconfiguration before it; the current phase is highlighted. */
function PhaseStrip({ x, step }: { x: boolean[]; step: number }) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-1 px-2 pt-1" data-testid="phase-strip">
      {x.map((rebuilt, k) => (
        <span
          key={k}
          className={`rounded px-2 py-0.5 text-sm font-semibold ${step - 1 === k ? 'bg-inverse text-surface' : 'bg-panel text-text'}`}
          data-reconfigured={rebuilt ? 1 : 0}
        >
          {rebuilt && <span title="reconfigured before this phase">⟳ </span>}P{k}
        </span>
      ))}
    </div>
  );
}

function NodeInfo({ result, step, node }: { result: RunResult; step: number; node: number }) {
  const { title, lines } = useMemo(() => circuitFacts(result, step, node), [result, step, node]);
  return (
    <>
      <b>{title}</b>
      {lines.map((l, i) => (
        <div key={i}>{l}</div>
      ))}
    </>
  );
}
