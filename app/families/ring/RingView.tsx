import { useMemo, useState } from 'react';
import { stepRange } from '../../../src/kernel/model/schedule';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import type { RunResult } from '../../../src/result';
import { markedAttr, useMarkedLinks } from '../../views/markedLinks';
import { useCanvasBox } from '../../lib/useSize';
import { PictureBox } from '../../views/PictureBox';
import type { NetworkViewProps } from '../../interconnects';
import { ringLayout } from '../../views/ringGeometry';
import { useTypeScale } from '../../lib/typeScale';
import { NodeTooltip } from '../../views/NodeTooltip';
import { usePane, usePaneStore } from '../../store/paneContext';
import { selectHighlight, selectPicked } from '../../store/selectionSlice';
import { usePanZoom, useZoomedCanvas, ZoomReset } from '../../views/usePanZoom';
import { canDraw } from '../../views/TooSmall';
import { channelsInStep } from '../../views/wavelengthList';
import { useFramePicture } from '../../scene/currentFrame';
import { ringPicture } from './ringPicture';
import { useScenePainter } from '../../scene/useScenePainter';
import { hitTest } from '../../scene/hitTest';
import { phaseGroups, phaseOf, ringHitGroup, ringSceneParts } from './ringScene';
import { RingLegend } from './RingLegend';

/**
 * The WDM ring: nodes on a circle (filled in proportion to what they hold), the clockwise fibre's
 * wavelength lanes outside it and the counter-clockwise fibre's inside, and the current step's
 * lightpaths drawn in their lanes, coloured by wavelength. Drawn on a canvas, so a ring of thousands
 * of nodes costs one draw per frame, not thousands of DOM elements.
 */
export function RingView({ result, step, compact = false, legend = !compact }: NetworkViewProps) {
  const frame = useCanvasBox();
  const { width, height } = frame;
  const pane = usePaneStore();
  const highlight = usePane(selectHighlight);
  const markedLinks = useMarkedLinks(result);
  const [hover, setHover] = useState<{ node: number; x: number; y: number } | null>(null);
  const n = result.topology.nodeCount;
  // The node chosen in the node field: drawn as if hovered.
  const picked = usePane(selectPicked(n));
  const marked = hover?.node ?? picked;
  const w = result.topology.linkChannels[0] ?? 1;
  const layout = useMemo(() => ringLayout(width, height, n, w), [width, height, n, w]);
  const counts = stepCounts(result.holdings, step).counts;
  const lightpaths = step >= 1 ? stepRange(result.schedule, step) : [0, 0];
  // The subsets change with the phase, not with every step: computed once per phase.
  const phase = phaseOf(result, step);
  const groups = useMemo(() => phaseGroups(result, phase), [result, phase]);
  const inStep = useMemo(() => channelsInStep(result.schedule, step), [result, step]);
  // λ numbers on the lanes, when asked for (the legend's toggle).
  const [laneNumbers, setLaneNumbers] = useState(false);

  // The picture as primitives, laid out and painted by the shared painter in the same slices (a
  // big ring's step, up to 229,376 lightpaths, over several tasks, see SlicedPainter); the nodes'
  // hit targets depend on the layout only.
  const type = useTypeScale();
  const paint = useScenePainter(ringSceneParts, {
    result,
    step,
    layout,
    counts,
    hovered: marked,
    groups,
    highlight,
    type,
    laneNumbers: laneNumbers ? inStep : null,
    markedLinks,
  });

  const hits = useMemo(() => [ringHitGroup(layout, n)], [layout, n]);
  const zoom = usePanZoom(frame, `Ring of ${n} nodes`, { maxZoom: ringMaxZoom(n), resetOn: n });
  useZoomedCanvas(frame, paint, zoom.view);
  useFramePicture(
    compact
      ? null
      : ringPicture(result, step, {
          marked,
          highlight,
          markedLinks,
          laneNumbers: laneNumbers ? inStep : null,
        }),
  );

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <PictureBox
        frame={frame}
        pictureLabel={ariaLabel(result, step)}
        data-testid="ring-view"
        data-step={step}
        data-lightpaths={lightpaths[1] - lightpaths[0]}
        data-highlighted={highlight?.join(',') ?? ''}
        data-marked-links={markedAttr(markedLinks)}
        data-lane-numbers={laneNumbers ? 1 : 0}
        {...zoom.boxProps}
        onMouseMove={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const x = e.clientX - rect.left;
          const y = e.clientY - rect.top;
          const node = hitTest(hits, x, y, zoom.view)?.id ?? null;
          setHover(node === null ? null : { node, x, y });
          const hl = pane.getState().highlight;
          if (node === null ? hl !== null : hl?.length !== 1 || hl[0] !== node)
            pane.getState().setHighlight(node === null ? null : [node]);
        }}
        onMouseLeave={() => {
          setHover(null);
          pane.getState().setHighlight(null);
        }}
      >
        {/* A corner button rather than a legend line: the legend's room is the picture's. */}
        {!compact && canDraw(width, height) && (
          <button
            type="button"
            className="absolute top-1 right-1 rounded-md border border-border bg-surface/90 px-2 py-0.5 text-sm font-medium text-text hover:bg-panel aria-pressed:bg-inverse aria-pressed:text-surface"
            aria-pressed={laneNumbers}
            title="Write the wavelength numbers on the lanes the step uses"
            onClick={() => setLaneNumbers(!laneNumbers)}
            data-testid="lane-numbers"
          >
            λ numbers
          </button>
        )}
        {hover && (
          <NodeTooltip
            result={result}
            step={step}
            node={hover.node}
            x={hover.x}
            y={hover.y}
            flip={hover.x > width - 300}
          />
        )}
        <ZoomReset zoom={zoom} />
      </PictureBox>
      {legend && (
        <RingLegend w={w} used={result.summary.channelsUsed} inStep={inStep} groups={groups?.length ?? 0} />
      )}
    </div>
  );
}

/** Deepest zoom of a ring: deep enough that a node of the 4,096-node ring is a few px wide. */
const ringMaxZoom = (n: number) => Math.max(16, Math.min(64, n / 64));

function ariaLabel(r: RunResult, step: number): string {
  return `Ring of ${r.topology.nodeCount} nodes at step ${step} of ${r.schedule.stepCount}`;
}
