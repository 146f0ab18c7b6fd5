import { blocksOf, type NocPlan, type PlannedMessage } from './noc-constructive';
import { place, StepState } from './noc-step-state';
import { processorsOf } from './noc-network';
import type { NocRoutes } from './noc-paths';
import type { Communication } from './noc-patterns';

/**
 * A broadcast whose messages combine (ours; not the NoC paper's model, where a message carries one
 * block): a message from u to v carries every block u holds at the start of the step that v still
 * needs. Greedy, step by step: the pairs whose message would bring the most blocks go first (then
 * the shorter route, then the lower ids), each on the first free shortest path with a port free at
 * both ends; a receiver's later messages in the step carry only what its earlier ones do not. Every
 * step places at least one message, so it ends.
 */
export function combiningPlan(routes: NocRoutes, c: Communication): NocPlan {
  const P = processorsOf(routes.net);
  const { origin, destinations } = blocksOf(c);
  const B = origin.length;
  // Sets of blocks as bit sets, W words each: what each processor holds, and what it still needs
  // that no message of the step brings yet.
  const W = Math.ceil(B / 32);
  const holds = new Uint32Array(P * W);
  const needs = new Uint32Array(P * W);
  const set = (a: Uint32Array, v: number, b: number) => (a[v * W + (b >> 5)] |= 1 << (b & 31));
  origin.forEach((v, b) => set(holds, v, b));
  let missing = 0;
  destinations.forEach((d, b) =>
    d.forEach((v) => {
      if (holds[v * W + (b >> 5)] & (1 << (b & 31))) return;
      set(needs, v, b);
      missing++;
    }),
  );
  const gain = (u: number, v: number) => {
    let n = 0;
    for (let w = 0; w < W; w++) n += bits(holds[u * W + w] & needs[v * W + w]);
    return n;
  };
  const st = new StepState(routes);
  const steps: PlannedMessage[][] = [];
  while (missing > 0) {
    st.next();
    const pairs: [number, number, number, number][] = [];
    for (let u = 0; u < P; u++)
      for (let v = 0; v < P; v++) {
        const g = u === v ? 0 : gain(u, v);
        if (g > 0) pairs.push([u, v, g, routes.hops(u, v)]);
      }
    pairs.sort((x, y) => y[2] - x[2] || x[3] - y[3] || x[0] - y[0] || x[1] - y[1]);
    const step: PlannedMessage[] = [];
    for (const [u, v] of pairs) {
      if (gain(u, v) === 0) continue; // an earlier message of the step brings it all
      const links = place(routes, st, u, v, 0);
      if (!links) continue;
      const blocks: number[] = [];
      for (let w = 0; w < W; w++) {
        const brought = holds[u * W + w] & needs[v * W + w];
        needs[v * W + w] &= ~brought;
        for (let b = 0; b < 32; b++) if (brought & (1 << b)) blocks.push(32 * w + b);
      }
      step.push({ from: u, to: v, links, block: blocks[0], ...(blocks.length > 1 ? { blocks } : {}) });
    }
    // Received at the end of the step: held from the next one on.
    for (const m of step)
      for (const b of m.blocks ?? [m.block]) {
        set(holds, m.to, b);
        missing--;
      }
    steps.push(step);
  }
  return { steps };
}

/** Set bits of a 32-bit word. */
function bits(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
