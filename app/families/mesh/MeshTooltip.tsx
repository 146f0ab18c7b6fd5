import { meshGridOf, type MeshExtras } from '../../../src/families/mesh/mesh-picture';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import { pathLength, receiversOf } from '../../../src/kernel/model/paths';
import { stepRange } from '../../../src/kernel/model/schedule';
import type { RunResult } from '../../../src/result';
import { formatCount } from '../../lib/format';
import { plural } from '../../lib/format';
import { FactsTooltip } from '../../views/NodeTooltip';

/** "processor 5 of group 3" (OTIS-Mesh) or "processor 5" (one mesh). */
const nameOf = (v: number, p: number, groups: number) =>
  groups > 1 ? `(G${Math.floor(v / p)}, ${v % p})` : `${v}`;

/**
 * What a processor holds after the step and what it sends and receives in it; zoomed out to group
 * tiles, the same for the group's gateway-level picture: which group, how many of its processors have
 * the complete result. A title and lines of plain text.
 */
export function meshFacts(
  result: RunResult,
  step: number,
  node: number,
  counts: Uint32Array,
  info: MeshExtras | null,
  side: number,
  tiles: boolean,
): { title: string; lines: string[] } {
  const s = result.schedule;
  const total = s.blocks.count;
  const p = side * side;
  const groups = info?.groups ?? 1;
  const lines: string[] = [];
  let title: string;
  if (tiles) {
    const g = Math.floor(node / p);
    let complete = 0;
    let most = 0;
    for (let v = g * p; v < (g + 1) * p; v++) {
      if (counts[v] >= total) complete++;
      most = Math.max(most, counts[v]);
    }
    title = `Group G${g}${info && g === info.control ? ' (control group)' : ''}`;
    lines.push(`${formatCount(complete)} of ${formatCount(p)} processors hold the complete result`);
    if (complete < p)
      lines.push(`largest partial: ${formatCount(most)} of ${formatCount(total)} contributions`);
    lines.push('zoom in to see its processors');
  } else {
    const g = Math.floor(node / p);
    const i = node % p;
    title = `Processor ${nameOf(node, p, groups)}`;
    if (info) {
      if (g === (info.control >= 0 ? info.control : 0) && i === info.root) title += ' · root';
      else if (groups > 1 && i === info.control) title += ' · gateway';
      const level = info.level?.[i] ?? 0;
      if (level) title += ` · EDN level ${level}`;
    }
    const c = counts[node];
    lines.push(
      c >= total
        ? `holds the complete result (${formatCount(total)} contributions)`
        : `its partial combines ${formatCount(c)} of ${formatCount(total)} contributions`,
    );
    if (step >= 1 && step <= s.stepCount) {
      const [a, b] = stepRange(s, step);
      const to = new Uint32Array(4);
      let heard = 0;
      for (let t = a; t < b; t++) {
        const from = s.src[t];
        if (from !== node && heard >= 3) continue;
        receiversOf(s, result.topology, t, to);
        const hops = pathLength(s, t);
        const optical = groups > 1 && Math.floor(from / p) !== Math.floor(to[0] / p);
        const how = optical ? 'over its optical link' : plural(hops, 'hop');
        if (from === node) lines.push(`sends its partial to ${nameOf(to[0], p, groups)} (${how})`);
        else if (to[0] === node) {
          lines.push(`receives from ${nameOf(from, p, groups)} (${how})`);
          heard++;
        }
      }
    }
    if (groups > 1)
      lines.push(
        g === i ? 'no optical link (G = N)' : `optical link to ${nameOf(i * p + g, p, groups)} (dashed)`,
      );
  }
  return { title, lines };
}

/** `meshFacts` of one processor (not a group tile) at a step: the node field under the view. */
export function meshProcessorFacts(result: RunResult, step: number, node: number) {
  // As the view reads it.
  const { info, side } = meshGridOf(result);
  return meshFacts(result, step, node, stepCounts(result.holdings, step).counts, info, side, false);
}

/** `meshFacts` beside the pointer. */
export function MeshTooltip({
  result,
  step,
  node,
  counts,
  info,
  side,
  tiles,
  x,
  y,
  flip,
}: {
  result: RunResult;
  step: number;
  node: number;
  counts: Uint32Array;
  info: MeshExtras | null;
  side: number;
  tiles: boolean;
  x: number;
  y: number;
  flip: boolean;
}) {
  const { title, lines } = meshFacts(result, step, node, counts, info, side, tiles);
  return <FactsTooltip title={title} lines={lines} x={x} y={y} flip={flip} maxWidth="max-w-80" />;
}
