import { hierarchy, tree as treeLayout, type HierarchyPointNode } from 'd3';
import { useMemo, useRef, type KeyboardEvent } from 'react';
import { findCard } from '../../src/cards';
import type { TreeNode } from '../../src/kernel/spec';
import type { RunResult } from '../../src/result';
import { COLORS } from '../lib/colors';
import { usePalette } from '../lib/theme';
import { useTypeScale } from '../lib/typeScale';
import { typePx } from './canvasText';
import { useSize } from '../lib/useSize';
import { useRovingFocus } from '../lib/useRovingFocus';
import { usePane, usePaneStore } from '../store/paneContext';
import { selectHighlight } from '../store/selectionSlice';
import { interconnectUi } from '../interconnects';
import { thinLabels } from './treeLabels';

/** Leaves drawn one by one up to this many; larger trees show their leaves as a band. */
const MAX_LEAVES_DRAWN = 256;

/**
 * The algorithm's tree (d3-hierarchy), the current phase's level highlighted. Hovering a tree node
 * marks its network nodes on the ring; hovering a ring node marks its path down the tree. From the
 * keyboard the tree is one stop of Tab: the arrow keys move between its nodes (↑ parent, ↓ first
 * child, ← → along the level), and the node in focus marks its network nodes as hovering does.
 */
export function TreeView({ result, step }: { result: RunResult; step: number }) {
  const box = useRef<HTMLDivElement>(null);
  const { width, height } = useSize(box);
  const pane = usePaneStore();
  const highlight = usePane(selectHighlight);
  usePalette(); // drawn in the theme's colours: redrawn when it changes
  // The tree node that takes the focus from Tab (roving focus: one stop for the whole tree).
  const roving = useRovingFocus<SVGGElement>();
  const { current, setCurrent } = roving;
  const spec = findCard(result.algorithm);
  const t = useMemo(() => spec?.tree?.(result.params) ?? null, [spec, result.params]);
  const s = result.schedule;
  const phase = step >= 1 && step <= s.stepCount ? s.phases[s.stepPhase[step - 1]] : null;
  const depth = t && phase !== null ? t.depthOfPhase(phase) : null;

  // Labels in the type scale (lecture mode: 18 px at least); room above the root and under the leaves.
  const type = useTypeScale();
  const [innerPx, leafPx] = [typePx(type, 13), typePx(type, 12)];
  const [top, bottom] = [innerPx + 12, leafPx + 12];
  const laid = useMemo(() => {
    if (!t || width === 0) return null;
    const leaves = t.root.members.length;
    const root = hierarchy<TreeNode>(t.root, (d) =>
      leaves > MAX_LEAVES_DRAWN && isLeafParent(d) ? null : d.children,
    );
    return treeLayout<TreeNode>().size([Math.max(10, width - 40), Math.max(10, height - top - bottom - 22)])(
      root,
    );
  }, [t, width, height, top, bottom]);

  const FamilyTree = interconnectUi(result.topology.kind).Tree;
  if (!t && FamilyTree && spec?.panels?.includes('tree')) return <FamilyTree result={result} step={step} />;
  if (!t)
    return (
      <p className="p-4 text-muted" data-testid="tree-view">
        {spec?.name ?? 'This algorithm'} is not organised by a tree
        {spec?.noTree
          ? `: ${spec.noTree}.`
          : '. The tree view draws OpTree’s m-ary tree and the TCP1 tree of the passive star’s scatter, gather and broadcast.'}
      </p>
    );
  const hl = new Set(highlight ?? []);
  const contains = (d: HierarchyPointNode<TreeNode>) => d.data.members.some((m) => hl.has(m));
  const nodes = laid?.descendants() ?? [];
  // Each level's labels thinned to what fits at their size.
  const labelled = labelledNodes(nodes, innerPx, leafPx);
  const r = (d: HierarchyPointNode<TreeNode>) => (d.children ? 9 : nodes.length > 120 ? 3 : 6);
  const focusable = Math.min(current, Math.max(0, nodes.length - 1));
  // The nodes marked from the network (a hovered or chosen node): their path, in words.
  const path = hl.size === 1 ? nodes.filter(contains).map((d) => d.data.label) : [];
  const onKey = (e: KeyboardEvent, i: number) => {
    roving.moveTo(e, treeKeyTarget(nodes, i, e.key));
  };
  return (
    <div className="flex h-full min-h-0 w-full flex-col" data-testid="tree-view" data-depth={depth ?? ''}>
      <p className="px-2 pt-1 text-sm text-text">
        {t.caption}
        {depth !== null && (
          <>
            {' '}
            <b style={{ color: COLORS.highlight }}>This step works on level {depth}.</b>
          </>
        )}
        {path.length > 0 && (
          <span className="block" data-testid="tree-path">
            Marked: node {[...hl].join(', ')}, in {path.join(' › ')}.
          </span>
        )}
      </p>
      <div ref={box} className="relative min-h-0 flex-1">
        {laid && (
          <svg
            width={width}
            height={height}
            role="tree"
            aria-label="Algorithm tree: arrow keys move between its nodes"
          >
            <g transform={`translate(20,${top})`}>
              {depth !== null && (
                <rect
                  x={-16}
                  y={(nodes.find((d) => d.depth === depth)?.y ?? 0) - 16}
                  width={width - 8}
                  height={32}
                  rx={8}
                  fill="rgba(219,39,119,0.10)"
                  data-testid="tree-level"
                />
              )}
              {laid.links().map((l, i) => (
                <line
                  key={i}
                  x1={l.source.x}
                  y1={l.source.y}
                  x2={l.target.x}
                  y2={l.target.y}
                  stroke={hl.size && contains(l.target) ? COLORS.highlight : COLORS.line}
                  strokeWidth={hl.size && contains(l.target) ? 3 : 1.5}
                />
              ))}
              {nodes.map((d, i) => (
                <g
                  key={i}
                  ref={roving.ref(i)}
                  transform={`translate(${d.x},${d.y})`}
                  onMouseEnter={() => pane.getState().setHighlight(d.data.members)}
                  onMouseLeave={() => pane.getState().setHighlight(null)}
                  onFocus={() => {
                    setCurrent(i);
                    pane.getState().setHighlight(d.data.members);
                  }}
                  onBlur={() => pane.getState().setHighlight(null)}
                  onKeyDown={(e) => onKey(e, i)}
                  tabIndex={i === focusable ? 0 : -1}
                  role="treeitem"
                  aria-level={d.depth + 1}
                  aria-label={`${d.data.label}: network nodes ${summarise(d.data.members)}`}
                  className="cursor-pointer"
                  data-testid="tree-node"
                  data-depth={d.depth}
                >
                  <circle
                    r={r(d)}
                    fill={
                      d.depth === depth
                        ? COLORS.highlight
                        : hl.size && contains(d)
                          ? '#f9a8d4'
                          : COLORS.background
                    }
                    stroke={COLORS.node}
                    strokeWidth={1.5}
                  />
                  {labelled.has(i) && (
                    <text
                      y={d.children ? -innerPx : leafPx + 6}
                      textAnchor="middle"
                      fontSize={d.children ? innerPx : leafPx}
                      fill={COLORS.text}
                    >
                      {d.data.label}
                    </text>
                  )}
                  <title>
                    {d.data.label}: network nodes {summarise(d.data.members)}
                  </title>
                </g>
              ))}
            </g>
          </svg>
        )}
      </div>
    </div>
  );
}

/**
 * Where an arrow key (or Home, End) moves the focus from node `i` of `nodes` (breadth first, as
 * d3's `descendants`): ↑ the parent, ↓ the first child, ← → the neighbours on the same level;
 * null: nowhere (the key is not the tree's, or there is no such node).
 */
export function treeKeyTarget<T>(nodes: HierarchyPointNode<T>[], i: number, key: string): number | null {
  const d = nodes[i];
  if (!d) return null;
  const level = nodes.filter((x) => x.depth === d.depth);
  const at = level.indexOf(d);
  const target =
    key === 'ArrowUp'
      ? d.parent
      : key === 'ArrowDown'
        ? d.children?.[0]
        : key === 'ArrowLeft'
          ? level[at - 1]
          : key === 'ArrowRight'
            ? level[at + 1]
            : key === 'Home'
              ? nodes[0]
              : key === 'End'
                ? nodes[nodes.length - 1]
                : undefined;
  if (!target) return null;
  const j = nodes.indexOf(target);
  return j < 0 ? null : j;
}

/** Horizontal room per leaf, to decide whether leaf labels fit. */
/** The nodes whose labels are written: each level thinned on its own (thinLabels). */
function labelledNodes(nodes: HierarchyPointNode<TreeNode>[], innerPx: number, leafPx: number): Set<number> {
  const out = new Set<number>();
  const levels = new Map<number, number[]>();
  nodes.forEach((d, i) => levels.set(d.depth, [...(levels.get(d.depth) ?? []), i]));
  for (const idx of levels.values()) {
    const shown = thinLabels(
      idx.map((i) => ({ x: nodes[i].x, label: nodes[i].data.label })),
      // A digit is about 0.58 of the type's size.
      (nodes[idx[0]].children ? innerPx : leafPx) * 0.58,
    );
    idx.forEach((i, k) => shown[k] && out.add(i));
  }
  return out;
}

const isLeafParent = (d: TreeNode) =>
  d.children.length > 0 && d.children.every((c) => c.children.length === 0);

function summarise(m: number[]): string {
  return m.length <= 8 ? m.join(', ') : `${m.slice(0, 6).join(', ')}, … (${m.length} in all)`;
}
