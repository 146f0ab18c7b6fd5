import { interconnectOf } from '../../src/interconnects';
import { receiversOf } from '../../src/kernel/model/paths';
import { stepRange } from '../../src/kernel/model/schedule';
import { blockListText } from '../lib/blockText';
import { heldBlocks } from '../../src/kernel/replay/holding-queries';
import { stepCounts } from '../../src/kernel/replay/step-counts';
import type { RunResult } from '../../src/result';

/** What a node holds after the step and what it sends in it: a title and lines of plain text. */
export function nodeFacts(result: RunResult, step: number, node: number): { title: string; lines: string[] } {
  const s = result.schedule;
  const B = s.blocks.count;
  // The count from the per-step snapshots; the blocks themselves only when few, found without asking
  // about every block (multi-scatter on 4096 nodes has 16.8 million).
  const heldCount = stepCounts(result.holdings, step).counts[node];
  const held = heldCount <= 24 ? heldBlocks(result.holdings, node, step, 24).sort((a, b) => a - b) : [];
  const sends: string[] = [];
  if (step >= 1) {
    const [a, e] = stepRange(s, step);
    const rx = new Uint32Array(Math.max(1, result.topology.nodeCount + result.topology.auxCount));
    for (let t = a; t < e && sends.length < 4; t++) {
      if (s.src[t] !== node) continue;
      const blocks = blockListText(s, t, 12);
      const to = Array.from(rx.subarray(0, receiversOf(s, result.topology, t, rx))).join(', ');
      sends.push(`block ${blocks} → node ${to}${channelText(result, s.channel[t])}`);
    }
  }
  const lines = [`holds ${heldCount} of ${B} blocks${heldCount <= 24 ? `: ${held.join(', ')}` : ''}`];
  if (sends.length > 0) lines.push(`sends ${sends.join('; ')}`);
  return { title: `Node ${node}`, lines };
}

/** " on λ3" on a WDM network, " on channel 3" elsewhere, nothing where channels mean nothing. */
function channelText(result: RunResult, ch: number): string {
  const { name, symbol } = interconnectOf(result.topology.kind).channel;
  if (symbol === null) return '';
  return symbol === 'λ' ? ` on λ${ch}` : ` on ${name} ${ch}`;
}

/** What a node holds after the step and what it sends in it (shown on hover). */
export function NodeTooltip({
  result,
  step,
  node,
  x,
  y,
  flip,
}: {
  result: RunResult;
  step: number;
  node: number;
  x: number;
  y: number;
  /** Show the tooltip left of the pointer (near the right edge). */
  flip: boolean;
}) {
  const { title, lines } = nodeFacts(result, step, node);
  return <FactsTooltip title={title} lines={lines} x={x} y={y} flip={flip} spaced />;
}

/**
 * A node's facts in a box beside the pointer at (x, y) (left of it when `flip`): the title, then one
 * line each (`spaced`: a little room between them); `maxWidth` is the box's Tailwind width limit.
 */
export function FactsTooltip({
  title,
  lines,
  x,
  y,
  flip,
  spaced = false,
  maxWidth = 'max-w-72',
}: {
  title: string;
  lines: readonly string[];
  x: number;
  y: number;
  flip: boolean;
  spaced?: boolean;
  maxWidth?: string;
}) {
  return (
    <div
      className={`pointer-events-none absolute z-10 w-max ${maxWidth} rounded border border-border bg-surface px-3 py-2 text-sm shadow-lg`}
      style={{ left: x + 14, top: y + 14, transform: flip ? 'translateX(calc(-100% - 28px))' : undefined }}
      data-testid="node-tooltip"
    >
      <div className="font-semibold">{title}</div>
      {lines.map((l, i) => (
        <div key={l} className={spaced && i > 0 ? 'mt-1' : undefined}>
          {l}
        </div>
      ))}
    </div>
  );
}
