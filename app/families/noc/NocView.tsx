import { useMemo, useState } from 'react';
import { nocExtrasOf } from '../../../src/families/noc/noc-picture';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import { useCanvasBox } from '../../lib/useSize';
import { PictureBox } from '../../views/PictureBox';
import type { NetworkViewProps } from '../../interconnects';
import { useTypeScale } from '../../lib/typeScale';
import { useFramePicture } from '../../scene/currentFrame';
import { nocPicture } from './nocPicture';
import { GraphView } from '../../views/GraphView';
import { canDraw } from '../../views/TooSmall';
import { usePanZoom, useZoomedCanvas, ZoomReset } from '../../views/usePanZoom';
import { nocLayout } from './nocLayout';
import { useScenePainter } from '../../scene/useScenePainter';
import { hitTest } from '../../scene/hitTest';
import { selectAttempt } from '../../store/store';
import { usePane } from '../../store/paneContext';
import { selectPicked } from '../../store/selectionSlice';
import { attemptShown } from './nocAttempt';
import { ClashButtons, ClashDetails } from './NocClash';
import { CLASH_COLUMN, longerShown, networkRight, nocHitGroup, nocSceneParts, nocTop } from './nocScene';
import { NocAttemptBar } from './NocAttemptBar';
import { NocLegend } from './NocLegend';
import { cycleRole, roleOf, roleText } from './nocRoles';
import { markedAttr, useMarkedLinks } from '../../views/markedLinks';

/**
 * A network-on-chip: routers (squares) and their links, processors (circles) on their routers, ringed
 * by role (sender, receiver, both) and filled by how many of their messages they hold; the step's
 * messages along their paths, one colour per sender. While a search runs, its best attempt at the
 * step target is drawn instead (`selectAttempt`), each channel two of its messages share in the step
 * marked in red; a click on one names the messages. Without NoC extras (a file), the graph view.
 */
export function NocView(props: NetworkViewProps) {
  const info = nocExtrasOf(props.result.extras);
  return info ? <NocPicture {...props} /> : <GraphView {...props} />;
}

function NocPicture({ result, step, compact = false, legend = !compact }: NetworkViewProps) {
  const frame = useCanvasBox();
  const { width, height } = frame;
  const x = nocExtrasOf(result.extras)!;
  const type = useTypeScale();
  const top = nocTop(type, compact);
  // The search's attempt (not in compare mode's small panes): drawn in place of the result.
  const attempt = usePane((s) => (compact ? null : selectAttempt(s)));
  const picked = usePane((s) => (attempt ? (s.search?.picked ?? null) : null));
  // In lecture mode an open clash's box (as big as its type) takes a column on the right, and the
  // network is drawn left of it: the box never covers the routes it names.
  const lecture = usePane((s) => s.config.options.lecture);
  const aside = lecture && attempt && picked !== null ? CLASH_COLUMN : 0;
  const layout = useMemo(() => nocLayout(x, width - aside, height, top), [x, width, aside, height, top]);
  const [hover, setHover] = useState<{ p: number; x: number; y: number } | null>(null);
  const longer = useMemo(() => longerShown(result, step, attempt), [result, step, attempt]);
  // Its clash marks in this step, and the clash picked in words.
  const shown = useMemo(
    () => attemptShown(attempt, result.topology, layout, step, picked),
    [attempt, result.topology, layout, step, picked],
  );
  const { marks, detail } = shown;

  // The node under the pointer, else the one chosen in the node field (a processor or a router):
  // ringed, its messages drawn over the others, as the other views do.
  const n = result.topology.nodeCount;
  const chosen = usePane(selectPicked(n));
  const marked = hover?.p ?? chosen;
  const markedLinks = useMarkedLinks(result);
  const counts = stepCounts(result.holdings, step).counts;
  const roles = useMemo(() => {
    const t = new Set(x.senders);
    const r = new Set(x.receivers);
    return x.procRouter.map((_, p) => roleOf(p, t, r));
  }, [x]);
  // What each processor must end with: its share of the destinations (scatter: one per sender).
  const wanted = useMemo(() => stepCounts(result.holdings, result.schedule.stepCount).counts, [result]);
  const initial = useMemo(() => stepCounts(result.holdings, 0).counts, [result]);

  // The picture as primitives, laid out and painted by the shared painter in the same slices; the
  // processors' hit targets depend on the layout only.
  const paint = useScenePainter(nocSceneParts, {
    result,
    step,
    width,
    layout,
    ...shown,
    compact,
    type,
    marked,
    markedLinks,
  });

  const hits = useMemo(() => [nocHitGroup(layout)], [layout]);
  const zoom = usePanZoom(frame, x.name, { resetOn: layout });
  const processorAt = (px: number, py: number) => hitTest(hits, px, py, zoom.view)?.id ?? -1;
  useZoomedCanvas(frame, paint, zoom.view);
  // The clash buttons where their channels show at this zoom (those out of sight left out).
  const shownMarks = marks
    .map((m) => {
      const [sx, sy] = zoom.pz.toScreen(m.x, m.y);
      return { ...m, x: sx, y: sy };
    })
    .filter((m) => m.x >= 0 && m.x <= width && m.y >= 0 && m.y <= height);
  useFramePicture(compact ? null : nocPicture(result, step, { attempt, picked, marked, markedLinks }));

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <PictureBox
        frame={frame}
        pictureLabel={`${x.name} with ${x.procRouter.length} processors at step ${step} of ${result.schedule.stepCount}`}
        data-testid="noc-view"
        data-step={step}
        data-marked={marked ?? ''}
        data-marked-links={markedAttr(markedLinks)}
        data-longer-routes={longer.length}
        data-network-right={Math.round(networkRight(layout, type))}
        style={{ cursor: hover ? 'pointer' : undefined }}
        {...zoom.boxProps}
        onMouseMove={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const [px, py] = [e.clientX - rect.left, e.clientY - rect.top];
          const p = processorAt(px, py);
          setHover(p < 0 ? null : { p, x: px, y: py });
        }}
        onMouseLeave={() => setHover(null)}
        onClick={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const p = processorAt(e.clientX - rect.left, e.clientY - rect.top);
          if (p >= 0) cycleRole(p, x.senders, x.receivers);
        }}
      >
        {canDraw(width, height) && <ClashButtons marks={shownMarks} step={step} picked={picked} />}
        {detail && (
          <ClashDetails
            detail={detail}
            mark={shownMarks.find((m) => m.clash === picked)}
            width={width}
            height={height}
            aside={aside ? { top, width: aside - 8 } : undefined}
          />
        )}
        <ZoomReset zoom={zoom} />
        {hover && (
          <div
            className="pointer-events-none absolute z-10 w-max max-w-72 rounded border border-border bg-surface px-3 py-2 text-sm shadow-lg"
            style={{ left: hover.x + 14, top: hover.y + 14 }}
            data-testid="node-tooltip"
          >
            <div className="font-semibold">
              Processor {hover.p} · router {x.procRouter[hover.p]} · {roleText[roles[hover.p]]}
            </div>
            <div>
              holds {counts[hover.p] - initial[hover.p]} of the {wanted[hover.p] - initial[hover.p]} messages
              it must receive
            </div>
            <div className="text-muted">click: sender → receiver → both → neither</div>
          </div>
        )}
      </PictureBox>
      {!compact && <NocAttemptBar attempt={attempt} steps={result.schedule.stepCount} step={step} />}
      {legend && <NocLegend bound={x.bound} attempt={attempt !== null} longer={longer.length > 0} />}
    </div>
  );
}
