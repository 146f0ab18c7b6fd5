import { xyRoute, type MeshShape } from './geometry';
import type { Message } from './rounds';

/**
 * The EDN reduction's last part with combining at the top level (ours; the OTIS paper's EDN sends the
 * four top-level partials straight to the target, as many steps as their XY routes need): in a first
 * step some top-level nodes send their partial to another top-level node (or to the target) and in a
 * second the nodes that received send the combined partial on, so the target takes the four in two
 * steps wherever it sits. Handing the result out runs the same way outwards: the target sends to some
 * top-level nodes, which pass it on. Each step's XY routes share no channel.
 *
 * Found by trying, in a fixed order, every way to do it in one step, then in two: each top-level node
 * other than the target sends exactly once (a partial goes on whole, so it is never counted twice),
 * and a node sends in the first step only what it holds from the start.
 */
export function topRounds(
  side: number,
  target: number,
  top: readonly number[],
  way: 'in' | 'out',
): Message[][] {
  const others = top.filter((v) => v !== target);
  for (const rounds of [1, 2]) {
    const found = arrange(side, target, others, way, rounds);
    if (found) return found;
  }
  throw new Error(`no two-step top level for target ${target} of a ${side} × ${side} mesh`);
}

/**
 * For each top-level node i, its step (1 or 2) and its partner: where it sends (gathering) or who
 * sends to it (handing out), −1 for the target. A partner is a node of the other step: gathering, a
 * first-step node sends to a second-step one; handing out, a second-step node hears from a first-step
 * one. Returns the steps' messages, or null when no arrangement of `rounds` steps has disjoint routes.
 */
function arrange(
  side: number,
  target: number,
  nodes: readonly number[],
  way: 'in' | 'out',
  rounds: number,
): Message[][] | null {
  const n = nodes.length;
  const step = new Array<number>(n).fill(1);
  const partner = new Array<number>(n).fill(-1);
  const shape: MeshShape = { side, groups: 1 };
  const route = new Uint32Array(4 * side);
  const disjoint = (messages: Message[]) => {
    const used = new Set<number>();
    for (const [a, b] of messages) {
      const len = xyRoute(shape, 0, a, b, route);
      for (let i = 0; i < len; i++) {
        if (used.has(route[i])) return false;
        used.add(route[i]);
      }
    }
    return true;
  };
  const messagesOf = (): Message[][] | null => {
    const out: Message[][] = Array.from({ length: rounds }, () => []);
    for (let i = 0; i < n; i++) {
      const p = partner[i] < 0 ? target : nodes[partner[i]];
      // A partner must be of the other step: gathering, 1 → 2; handing out, 1 → 2 as well.
      if (partner[i] >= 0 && (step[partner[i]] === step[i] || (way === 'in' ? step[i] !== 1 : step[i] !== 2)))
        return null;
      if (way === 'in') out[step[i] - 1].push([nodes[i], p]);
      else out[step[i] - 1].push([p, nodes[i]]);
    }
    return out.every(disjoint) ? out : null;
  };
  const visit = (i: number): Message[][] | null => {
    if (i === n) return messagesOf();
    for (let s = 1; s <= rounds; s++)
      for (let q = -1; q < n; q++) {
        if (q === i || (rounds === 1 && q >= 0)) continue;
        [step[i], partner[i]] = [s, q];
        const found = visit(i + 1);
        if (found) return found;
      }
    return null;
  };
  return visit(0);
}
