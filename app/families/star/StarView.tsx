import { stepRange } from '../../../src/kernel/model/schedule';
import { kOf } from '../../../src/families/star/star-params';
import { heldCounts } from '../../../src/kernel/replay/holding-queries';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import type { RunResult } from '../../../src/result';
import { COLORS } from '../../lib/colors';
import { useCanvasBox } from '../../lib/useSize';
import { PictureBox } from '../../views/PictureBox';
import type { NetworkViewProps } from '../../interconnects';
import { NodeTooltip } from '../../views/NodeTooltip';
import { usePanZoom, useZoomedCanvas, ZoomReset, type ZoomedPicture } from '../../views/usePanZoom';
import { usePane, usePaneStore } from '../../store/paneContext';
import { selectHovered } from '../../store/selectionSlice';
import { nodeXY, starGeometry, starLayout, type StarLayout } from './starLayout';
import { starHitGroup, starSceneParts } from './starScene';
import { useScenePainter } from '../../scene/useScenePainter';
import { hitTest } from '../../scene/hitTest';
import { tuningCounts, tuningsOf } from './starTunings';
import { LEGEND_SHOWN, stepColours } from './stepColours';
import { useMemo } from 'react';
import { useTypeScale } from '../../lib/typeScale';
import { typePx } from '../../views/canvasText';
import { channelsInStep, describeChannels } from '../../views/wavelengthList';
import { useFramePicture } from '../../scene/currentFrame';
import { starPicture } from './starPicture';
import { LegendMark } from '../../scene/LegendRow';
import { markedAttr, useMarkedLinks } from '../../views/markedLinks';

/**
 * The passive star: the coupler in the centre, processors around it. In each step every transmission
 * is drawn from its sender into the coupler and out to each of its receivers in the colour of its
 * wavelength; nodes that retuned a receiver (or transmitter) in the step get a magenta ring, dummy
 * processors of a padded machine are drawn as dashed ghosts, and each disc fills as the node gets
 * what it will finally hold. In compare mode the tuning count stays, without the colour legend.
 */
export function StarView({ result, step, compact = false, legend = !compact }: NetworkViewProps) {
  const frame = useCanvasBox();
  const { width, height } = frame;
  const hovered = usePane(selectHovered);
  const setHovered = usePaneStore().getState().hover;
  const marked = useMarkedLinks(result);
  const n = result.topology.nodeCount;
  const real = result.realNodes;
  const k = kOf(result.params);
  const type = useTypeScale();
  const labelPx = typePx(type, 16);
  const layout = useMemo(() => starLayout(width, height, n, labelPx), [width, height, n, labelPx]);
  const geometry = useMemo(() => starGeometry(layout, n), [layout, n]);
  const tunings = useMemo(() => tuningsOf(result, k), [result, k]);
  const finalCounts = useMemo(() => heldCounts(result.holdings, result.schedule.stepCount), [result]);
  const counts = stepCounts(result.holdings, step).counts;
  const colours = useMemo(() => stepColours(result, step), [result, step]);
  // The legend names what the step uses, as runs ("λ0–765 every 3rd"), as the ring's does.
  const used = useMemo(() => channelsInStep(result.schedule, step), [result, step]);
  const [a, b] = step >= 1 ? stepRange(result.schedule, step) : [0, 0];
  const retunedHere = step >= 1 ? tunings.retunedStart[step] - tunings.retunedStart[step - 1] : 0;
  const { here: tuningsHere, soFar: tuningsSoFar } = tuningCounts(tunings, step);

  // The picture as primitives, laid out and painted by the shared painter in the same slices (a big
  // star over a few tasks, see SlicedPainter; a small one at once); the processors' hit targets
  // depend on the layout only.
  const paint = useScenePainter(starSceneParts, {
    result,
    step,
    layout,
    geometry,
    counts,
    finalCounts,
    colours,
    tunings,
    real,
    hovered,
    type,
    marked,
  });

  const hits = useMemo(() => [starHitGroup(layout, n)], [layout, n]);
  const zoom = usePanZoom(frame, `Passive star of ${n} processors`, { resetOn: n });
  useZoomedCanvas(frame, paint, zoom.view);
  useFramePicture(compact ? null : starPicture(result, step, { hovered, finalCounts, tunings, marked }));

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <PictureBox
        frame={frame}
        pictureLabel={`Passive star of ${n} processors at step ${step} of ${result.schedule.stepCount}`}
        data-testid="star-view"
        data-step={step}
        data-marked-links={markedAttr(marked)}
        data-transmissions={b - a}
        data-retuned={retunedHere}
        data-ghosts={n - real}
        {...zoom.boxProps}
        onMouseMove={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const node = hitTest(hits, e.clientX - rect.left, e.clientY - rect.top, zoom.view)?.id ?? null;
          if (node !== hovered) setHovered(node);
        }}
        onMouseLeave={() => setHovered(null)}
      >
        {hovered !== null && hovered < n && (
          <HoverTip result={result} step={step} node={hovered} layout={layout} width={width} zoom={zoom} />
        )}
        <ZoomReset zoom={zoom} />
      </PictureBox>
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 px-2 py-1 text-sm text-text">
        <span data-testid="star-tunings">
          tunings this step: <b className="tabular-nums">{tuningsHere}</b> · so far:{' '}
          <b className="tabular-nums">{tuningsSoFar}</b>
        </span>
        {legend && (
          <>
            <span className="inline-flex items-center gap-1">
              <LegendMark entry={{ mark: 'ring', colours: [COLORS.highlight] }} />
              retuned this step
            </span>
            <span className="inline-flex items-center gap-1">
              <LegendMark entry={{ mark: 'ring', colours: [COLORS.arrived] }} />
              received
            </span>
            {n > real && (
              <span className="inline-flex items-center gap-1">
                <span className="inline-block h-3 w-3 rounded-full border-2 border-dashed border-border" />
                dummy ({n - real})
              </span>
            )}
            {colours.count > LEGEND_SHOWN ? (
              // Many wavelengths: neighbours in the palette look alike, so one strip shows its whole range.
              <span className="inline-flex flex-wrap items-center gap-1" data-testid="star-legend-range">
                <span
                  className="inline-block h-1.5 w-24 rounded"
                  style={{ background: `linear-gradient(to right, ${colours.strip.join(', ')})` }}
                />
                {colours.count.toLocaleString('en-US')} wavelengths in this step: {describeChannels(used)}
              </span>
            ) : (
              <span className="flex flex-wrap items-center gap-x-2">
                {colours.legend.map(([w, colour]) => (
                  <span key={w} className="inline-flex items-center gap-1">
                    <span className="inline-block h-1.5 w-4 rounded" style={{ background: colour }} />λ{w}
                  </span>
                ))}
              </span>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function HoverTip({
  result,
  step,
  node,
  layout,
  width,
  zoom,
}: {
  result: RunResult;
  step: number;
  node: number;
  layout: StarLayout;
  width: number;
  zoom: ZoomedPicture;
}) {
  const [x, y] = zoom.pz.toScreen(...nodeXY(layout, node, result.topology.nodeCount));
  return <NodeTooltip result={result} step={step} node={node} x={x} y={y} flip={x > width - 300} />;
}
