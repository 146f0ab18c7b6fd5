import { hierarchy, tree } from 'd3';
import { useMemo, useRef, type KeyboardEvent } from 'react';
import { broadcastRadices } from '../../../src/families/star/broadcast.card';
import { kOf, readStar } from '../../../src/families/star/star-params';
import {
  radixParent,
  radixTree,
  tcp1NumberedReach,
  uniformRadices,
  type TreeNode,
} from '../../../src/families/star/tcp';
import { stepRange } from '../../../src/kernel/model/schedule';
import type { RunResult } from '../../../src/result';
import { COLORS, wavelengthColor } from '../../lib/colors';
import { usePalette } from '../../lib/theme';
import { useTypeScale } from '../../lib/typeScale';
import { useSize } from '../../lib/useSize';
import { useRovingFocus } from '../../lib/useRovingFocus';
import { typePx, type TypeScale } from '../../views/canvasText';
import { thinLabels } from '../../views/treeLabels';
import { usePane, usePaneStore } from '../../store/paneContext';
import { selectHovered } from '../../store/selectionSlice';

/** Largest tree drawn node by node. */
const MAX_TREE = 256;
const SIZE = 340;

/**
 * The TCP1 tree as a radial tree (d3-hierarchy): node 0 in the middle, each ring the nodes reached in
 * one step, coloured by that step. The edges the current step uses are drawn bold; hovering a node
 * here highlights it in the star view and the other way round.
 */
export function TcpTreePanel({
  result,
  step,
  fill = false,
}: {
  result: RunResult;
  step: number;
  /** Fill the box it is in (the detail area's Tree tab) instead of a panel's 340 px. */
  fill?: boolean;
}) {
  const n = result.topology.nodeCount;
  const k = kOf(result.params);
  const hovered = usePane(selectHovered);
  usePalette(); // drawn in the theme's colours: redrawn when it changes
  const setHovered = usePaneStore().getState().hover;
  // One stop of Tab for the whole tree; the arrow keys move the focus (roving focus).
  const roving = useRovingFocus<SVGGElement>();
  const { current, setCurrent } = roving;
  // The drawing is scaled to its box: lecture type is set in screen pixels through that scale.
  const svg = useRef<SVGSVGElement>(null);
  const box = useSize(svg);
  const type = useTypeScale();
  // The split broadcast's tree may use clique sizes below k+1 (docs/models/star.md); the others are
  // plain TCP1 in base k+1.
  const radices = useMemo(
    () =>
      result.algorithm === 'star-broadcast'
        ? broadcastRadices(readStar(result.params))
        : uniformRadices(n, k),
    [result, n, k],
  );
  const layout = useMemo(() => {
    if (n > MAX_TREE) return null;
    const root = hierarchy<TreeNode>(radixTree(n, radices));
    const radius = SIZE / 2 - 18;
    tree<TreeNode>()
      .size([2 * Math.PI, radius])
      .separation((a, b) => (a.parent === b.parent ? 1 : 2) / Math.max(1, a.depth))(root);
    const pos = (d: { x?: number; y?: number }) => {
      const a = (d.x ?? 0) - Math.PI / 2;
      const r = d.y ?? 0;
      return [SIZE / 2 + r * Math.cos(a), SIZE / 2 + r * Math.sin(a)] as const;
    };
    const h = root.height;
    return {
      nodes: root.descendants().map((d) => ({
        id: d.data.id,
        reached: d.data.step,
        at: pos(d),
        depth: d.depth,
        parent: d.parent?.data.id ?? null,
        firstChild: d.children?.[0]?.data.id ?? null,
      })),
      links: root.links().map((e) => ({ child: e.target.data.id, from: pos(e.source), to: pos(e.target) })),
      height: h,
    };
  }, [n, radices]);

  // Children whose edge to their parent carries a transmission in this step (either direction).
  const active = useMemo(() => {
    const set = new Set<number>();
    const s = result.schedule;
    // Exchange steps use TCP2 cliques, not tree edges.
    if (step < 1 || s.receivers.kind !== 'list' || s.phases[s.stepPhase[step - 1]] === 'exchange') return set;
    const rec = s.receivers;
    const [a, b] = stepRange(s, step);
    for (let t = a; t < b; t++) {
      const u = s.src[t];
      for (let r = rec.offsets[t]; r < rec.offsets[t + 1]; r++) {
        const v = rec.nodes[r];
        if (v > 0 && radixParent(v, radices) === u) set.add(v);
        else if (u > 0 && radixParent(u, radices) === v) set.add(u);
      }
    }
    return set;
  }, [result, step, radices]);

  if (!layout)
    return (
      <p className="text-sm text-muted" data-testid={fill ? 'tcp1-tree-tab' : 'tcp1-tree'}>
        The TCP1 tree is drawn for up to {MAX_TREE} processors.
      </p>
    );
  const colour = (l: number) => wavelengthColor(l, Math.max(2, layout.height + 1));
  const byId = new Map(layout.nodes.map((d) => [d.id, d]));
  const focusable = byId.has(current) ? current : 0;
  // ↑ parent, ↓ first child, ← → the previous and next processor; Home, End the first and last.
  const onKey = (e: KeyboardEvent, id: number) => {
    const d = byId.get(id);
    if (!d) return;
    const to =
      e.key === 'ArrowUp'
        ? d.parent
        : e.key === 'ArrowDown'
          ? d.firstChild
          : e.key === 'ArrowLeft'
            ? id - 1
            : e.key === 'ArrowRight'
              ? id + 1
              : e.key === 'Home'
                ? 0
                : e.key === 'End'
                  ? n - 1
                  : null;
    roving.moveTo(e, to !== null && byId.has(to) ? to : null);
  };
  const r = n <= 64 ? 7 : 4;
  const labels = treeLabels(layout, n, r, type.min > 0 ? Math.min(box.width, box.height) / SIZE : 0, type);
  return (
    <div
      className={fill ? 'flex h-full min-h-0 flex-col' : undefined}
      data-testid={fill ? 'tcp1-tree-tab' : 'tcp1-tree'}
      data-active-edges={active.size}
    >
      <svg
        ref={svg}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        className={`mx-auto block w-full ${fill ? 'min-h-0 flex-1' : 'max-w-[340px]'}`}
        role="tree"
        aria-label={`TCP1 tree of ${n} processors: arrow keys move between them`}
      >
        {layout.links.map((e) => (
          <line
            key={e.child}
            x1={e.from[0]}
            y1={e.from[1]}
            x2={e.to[0]}
            y2={e.to[1]}
            stroke={active.has(e.child) ? COLORS.text : COLORS.fibre}
            strokeWidth={active.has(e.child) ? 3 : 1}
          />
        ))}
        {layout.nodes.map((d) => (
          <g
            key={d.id}
            ref={roving.ref(d.id)}
            onMouseEnter={() => setHovered(d.id)}
            onMouseLeave={() => setHovered(null)}
            onFocus={() => {
              setCurrent(d.id);
              setHovered(d.id);
            }}
            onBlur={() => setHovered(null)}
            onKeyDown={(e) => onKey(e, d.id)}
            tabIndex={d.id === focusable ? 0 : -1}
            role="treeitem"
            aria-level={d.depth + 1}
            aria-label={
              d.reached === 0
                ? `Processor ${d.id}, the root`
                : `Processor ${d.id}, reached in step ${d.reached}${d.parent !== null ? ` from processor ${d.parent}` : ''}${active.has(d.id) ? '; its edge carries a transmission in this step' : ''}`
            }
            className="cursor-pointer"
            data-node={d.id}
          >
            <circle
              cx={d.at[0]}
              cy={d.at[1]}
              r={(labels.shown.has(d.id) ? labels.radius : r) + (hovered === d.id ? 3 : 0)}
              fill={colour(d.reached)}
              stroke={hovered === d.id ? COLORS.highlight : COLORS.background}
              strokeWidth={hovered === d.id ? 3 : 1}
            />
            {labels.shown.has(d.id) && (
              <text
                x={d.at[0]}
                y={d.at[1]}
                dy="0.35em"
                textAnchor="middle"
                fontSize={labels.size}
                fill={COLORS.onNode}
                pointerEvents="none"
              >
                {d.id}
              </text>
            )}
          </g>
        ))}
      </svg>
      <div
        className="flex flex-wrap justify-center gap-x-3 text-muted"
        style={{ fontSize: typePx(type, 12) }}
      >
        {Array.from({ length: layout.height + 1 }, (_, l) => (
          <span key={l} className="inline-flex items-center gap-1">
            <span className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: colour(l) }} />
            {l === 0 ? 'root' : `reached in step ${l}`}
          </span>
        ))}
      </div>
      <Tcp1Erratum n={n} k={k} size={typePx(type, 12)} />
    </div>
  );
}

/**
 * The star paper's TCP1 numbering erratum (Sec. 2.1), where the tree is drawn: as printed its power is
 * one too high and it leaves processors unreached; this tree is numbered by digits instead.
 */
function Tcp1Erratum({ n, k, size }: { n: number; k: number; size: number }) {
  const reach = tcp1NumberedReach(n, k);
  if (reach >= n) return null;
  return (
    <p className="px-1 pt-1 text-center text-muted" style={{ fontSize: size }} data-testid="tcp1-erratum">
      The paper’s printed numbering, node i calling (k+1)<span className="align-super">l</span> + ik + j,
      reaches only {reach} of these {n} processors: its power is one too high. This tree gives each step’s
      children the next digit instead and reaches all {n}.
    </p>
  );
}

/**
 * Which processors of the drawn tree carry their number, in what size (drawing units) and on
 * circles of what radius. At the desk every one up to 64 processors, 9 or 7 units. In lecture type
 * (`scale`: screen pixels per unit, known once the drawing is on screen) the numbers are the type
 * scale's size on screen, on circles large enough to hold them, and each ring of the tree is thinned
 * (thinLabels along its arc) so that no two run into each other.
 */
export function treeLabels(
  layout: { nodes: readonly { id: number; at: readonly [number, number]; depth: number }[] },
  n: number,
  r: number,
  scale: number,
  type: TypeScale,
): { shown: Set<number>; size: number; radius: number } {
  const base = n <= 16 ? 9 : 7;
  if (type.min <= 0 || scale <= 0)
    return { shown: new Set(n <= 64 ? layout.nodes.map((d) => d.id) : []), size: base, radius: r };
  const size = typePx(type, base) / scale;
  const charW = size * 0.62;
  const digits = String(Math.max(0, n - 1)).length;
  const radius = Math.max(r, (charW * digits) / 2 + size * 0.2);
  const shown = new Set<number>();
  const levels = new Map<number, { id: number; x: number; label: string }[]>();
  for (const d of layout.nodes) {
    const [dx, dy] = [d.at[0] - SIZE / 2, d.at[1] - SIZE / 2];
    const rad = Math.hypot(dx, dy);
    // Position along the ring's arc; the label's room is the circle that holds it.
    const item = { id: d.id, x: Math.atan2(dy, dx) * rad, label: 'x'.repeat(digits) };
    levels.set(d.depth, [...(levels.get(d.depth) ?? []), item]);
  }
  for (const items of levels.values()) {
    const keep = thinLabels(items, (2 * radius) / digits);
    items.forEach((it, k) => keep[k] && shown.add(it.id));
  }
  return { shown, size, radius };
}
