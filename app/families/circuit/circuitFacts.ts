import { reconfigBits } from '../../../src/families/circuit/circuit-params';
import { intList } from '../../../src/kernel/params/schema';
import { gcd, type CircuitPlan } from '../../../src/families/circuit/circuits';
import { blockLists, stepRange } from '../../../src/kernel/model/schedule';
import { location } from '../../../src/kernel/replay/holding-queries';
import type { RunResult } from '../../../src/result';

/** What the circuit views need to know about one step of a circuit-switch result. */
export interface CircuitStep {
  /** Offset o of the configuration in force (node i wired to i ± o). */
  offset: number;
  /** Number of subrings, gcd(n, o). */
  subrings: number;
  /** Whether the switch was rebuilt before this step. */
  reconfigured: boolean;
}

/** The circuit plan the construction made (ReTri, Bruck), when the result carries one. */
const planOf = (r: RunResult) => r.extras?.plan as CircuitPlan | undefined;

/**
 * Reconfiguration bits of a result, one per step (one step per phase): the plan's, else the
 * parameter's, else read off the links (a schedule from a file): a phase whose circuits differ from
 * the phase before was preceded by a rebuild (rebuilding the same circuits would be pointless).
 */
export function reconfigurations(r: RunResult): boolean[] {
  const steps = r.schedule.stepCount;
  const plan = planOf(r);
  if (plan) return plan.reconfigured.slice(0, steps);
  // A file's run may carry the schedule x without the cost model: only x is read.
  if ('reconfigure' in r.params)
    return reconfigBits({ reconfigure: intList(r.params, 'reconfigure') }, steps).x;
  return Array.from({ length: steps }, (_, k) => k > 0 && offsetOf(r, k + 1) !== offsetOf(r, k));
}

/** The offset of the circuits step `st` uses, read off its first active link (1 when it has none). */
function offsetOf(r: RunResult, st: number): number {
  const a = r.schedule.activeLinks;
  const t = r.topology;
  const n = t.nodeCount;
  if (!a || a.stepStart[st] <= a.stepStart[st - 1]) return 1;
  const l = a.links[a.stepStart[st - 1]];
  return (((t.linkTo[l] - t.linkFrom[l]) % n) + n) % n;
}

/**
 * The configuration in force in step `step` (step 0 shows the circuits of step 1): from the plan the
 * construction made, or, for a result without one, read off the step's active links.
 */
export function circuitStep(r: RunResult, step: number): CircuitStep {
  const n = r.topology.nodeCount;
  const st = Math.max(1, Math.min(step, r.schedule.stepCount));
  const plan = planOf(r);
  const offset =
    plan && plan.phaseConfig.length >= st ? plan.configOffsets[plan.phaseConfig[st - 1]] : offsetOf(r, st);
  return {
    offset,
    subrings: gcd(n, offset),
    reconfigured: step >= 1 && (reconfigurations(r)[st - 1] ?? false),
  };
}

/** Transfers of a step split by direction, with their block counts (for drawing and narration). */
export function stepTransfers(
  r: RunResult,
  step: number,
): { src: number; dst: number; right: boolean; blocks: number }[] {
  const s = r.schedule;
  const t = r.topology;
  if (step < 1 || s.path.kind !== 'link-list') return [];
  const [a, b] = stepRange(s, step);
  const out: { src: number; dst: number; right: boolean; blocks: number }[] = [];
  const offs = blockLists(s).offsets;
  for (let i = a; i < b; i++) {
    const first = s.path.links[s.path.offsets[i]];
    const last = s.path.links[s.path.offsets[i + 1] - 1];
    out.push({
      src: s.src[i],
      dst: t.linkTo[last],
      right: t.linkKind[first] === 0,
      blocks: offs ? offs[i + 1] - offs[i] : 1,
    });
  }
  return out;
}

/** What a node holds after the phase and sends in it, as a title and lines of text. */
export function circuitFacts(
  result: RunResult,
  step: number,
  node: number,
): { title: string; lines: string[] } {
  // Counting needs a pass over every block: only where that stays quick while the mouse moves.
  let here: number | null = null;
  if (result.schedule.blocks.count <= 1_000_000) {
    here = 0;
    for (let b = 0; b < result.schedule.blocks.count; b++)
      if (location(result.holdings, b, step) === node) here++;
  }
  const title = `Node ${node}${node >= result.realNodes ? ' (ghost)' : ''}`;
  const lines = here !== null ? [`${here} blocks here after this phase`] : [];
  for (const t of stepTransfers(result, step).filter((x) => x.src === node))
    lines.push(`sends ${t.blocks} ${t.right ? 'right' : 'left'} to node ${t.dst}`);
  return { title, lines };
}
