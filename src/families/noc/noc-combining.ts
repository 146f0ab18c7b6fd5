import { blocksOf, place, StepState, type NocPlan, type PlannedMessage } from './noc-constructive';
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
  const holds = Array.from({ length: P }, () => new Uint8Array(B));
  const wants = Array.from({ length: P }, () => new Uint8Array(B));
  origin.forEach((v, b) => (holds[v][b] = 1));
  let missing = 0;
  destinations.forEach((d, b) =>
    d.forEach((v) => {
      wants[v][b] = 1;
      if (!holds[v][b]) missing++;
    }),
  );
  const st = new StepState(routes);
  const steps: PlannedMessage[][] = [];
  const coming = Array.from({ length: P }, () => new Uint8Array(B));
  while (missing > 0) {
    st.next();
    const gain = (u: number, v: number) => {
      let n = 0;
      for (let b = 0; b < B; b++) if (holds[u][b] && wants[v][b] && !holds[v][b] && !coming[v][b]) n++;
      return n;
    };
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
      for (let b = 0; b < B; b++)
        if (holds[u][b] && wants[v][b] && !holds[v][b] && !coming[v][b]) {
          blocks.push(b);
          coming[v][b] = 1;
        }
      step.push({ from: u, to: v, links, block: blocks[0], ...(blocks.length > 1 ? { blocks } : {}) });
    }
    for (const m of step)
      for (const b of m.blocks ?? [m.block]) {
        holds[m.to][b] = 1;
        coming[m.to][b] = 0;
        missing--;
      }
    steps.push(step);
  }
  return { steps };
}
