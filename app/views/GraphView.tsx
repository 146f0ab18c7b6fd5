import { useCallback, useMemo } from 'react';
import { interconnectOf, isKnownInterconnect } from '../../src/interconnects';
import type { RunResult } from '../../src/result';
import { COLORS, wavelengthColor } from '../lib/colors';
import { useCanvasBox } from '../lib/useSize';
import { PictureBox } from './PictureBox';
import { useFramePicture } from '../scene/currentFrame';
import type { LaidOutPicture, LegendEntry } from '../scene/framePicture';
import { useTypeScale } from '../lib/typeScale';
import { ringLayout } from './ringGeometry';
import { usePanZoom, useZoomedCanvas, ZoomReset } from './usePanZoom';
import { usePane } from '../store/paneContext';
import { selectHighlight } from '../store/selectionSlice';
import { paintCanvas } from '../scene/paintCanvas';
import { graphSceneParts, mostChannels } from './graphScene';
import { markedAttr, useMarkedLinks } from './markedLinks';

/**
 * Any network, drawn without knowing its model: processors on a circle, auxiliary vertices
 * (couplers, switches) on a smaller one inside, and the current step's transfers as straight lines
 * along the links of their routes, coloured by channel. The picture for schedules from files and for
 * interconnect models the app has no view of their own for — never a ring that is not there.
 */
export function GraphView({
  result,
  step,
  compact = false,
}: {
  result: RunResult;
  step: number;
  compact?: boolean;
}) {
  const frame = useCanvasBox();
  const { width, height } = frame;
  const topo = result.topology;
  const n = topo.nodeCount;
  const layout = useMemo(() => ringLayout(width, height, n, 1), [width, height, n]);
  const known = isKnownInterconnect(topo.kind);
  const type = useTypeScale();
  // Nodes picked elsewhere (a violation clicked in the list, a legend): ringed in magenta.
  const highlight = usePane(selectHighlight);
  // Links marked from the link-load view or a verdict: drawn as bands under the nodes.
  const marked = useMarkedLinks(result);

  // The picture as primitives, laid out and painted by the shared painter in the same slices.
  const paint = useCallback(
    function* (ctx: CanvasRenderingContext2D) {
      yield* paintCanvas(
        ctx,
        yield* graphSceneParts(result, step, layout, { highlight, marked, compact, type }),
      );
    },
    [result, step, layout, compact, highlight, marked, type],
  );
  const name = `${interconnectOf(topo.kind).name} of ${n} processors`;
  const zoom = usePanZoom(frame, name, { resetOn: n });
  useZoomedCanvas(frame, paint, zoom.view);
  useFramePicture(compact ? null : graphPicture(result, step, highlight, marked));

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      {!known && (
        <p className="mx-2 mt-1 rounded bg-warn-soft px-2 py-1 text-sm text-warn" data-testid="unknown-model">
          This app has no picture of its own for “{topo.kind}” networks: drawn as a general graph, with each
          transfer along the links of its route. The schedule is verified all the same.
        </p>
      )}
      <PictureBox
        frame={frame}
        pictureLabel={`${name} at step ${step} of ${result.schedule.stepCount}`}
        data-testid="graph-view"
        data-step={step}
        data-highlighted={highlight?.join(',') ?? ''}
        data-marked-links={markedAttr(marked)}
        {...zoom.boxProps}
      >
        <ZoomReset zoom={zoom} />
      </PictureBox>
    </div>
  );
}

/** The channels the schedule's transfers use (the legend's colours), at most `max` of them. */
function channelsUsed(r: RunResult, max: number): number[] {
  const seen = new Set<number>();
  const c = r.schedule.channel;
  for (let t = 0; t < c.length && seen.size <= max; t++) seen.add(c[t]);
  return [...seen].sort((a, b) => a - b);
}

/** Any network at `step` as a picture of any size (the layout of the view on screen). */
export function graphPicture(
  r: RunResult,
  step: number,
  highlight: readonly number[] | null = null,
  marked: readonly number[] = [],
): LaidOutPicture {
  const topo = r.topology;
  const n = topo.nodeCount;
  const channels = mostChannels(topo.linkChannels);
  return {
    name: 'graph',
    title: `${interconnectOf(topo.kind).name} of ${n} processors, step ${step} of ${r.schedule.stepCount}`,
    layout: (width, height, type) =>
      graphSceneParts(r, step, ringLayout(width, height, n, 1), { highlight, marked, compact: false, type }),
    legend: () => {
      const used = channelsUsed(r, 8);
      return [
        { label: 'processors', mark: 'swatch', colours: [COLORS.node] },
        ...(topo.auxCount
          ? [{ label: 'switches and couplers', mark: 'swatch', colours: [COLORS.muted] } as LegendEntry]
          : []),
        { label: 'transfers along their links, by channel:', mark: 'none', colours: [] },
        ...used.slice(0, 8).map((ch): LegendEntry => ({
          label: `channel ${ch}`,
          mark: 'line',
          colours: [wavelengthColor(ch, channels)],
        })),
        ...(used.length > 8 ? [{ label: 'and more', mark: 'none', colours: [] } as LegendEntry] : []),
      ];
    },
  };
}
