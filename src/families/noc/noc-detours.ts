import { pathLinks } from '../../kernel/model/paths';
import { stepRange, type Schedule } from '../../kernel/model/schedule';
import type { Topology } from '../../kernel/model/topology';

/** A message of a step whose route is longer than the shortest between its ends. */
export interface LongerRoute {
  transfer: number;
  /** Links more than the shortest route has. */
  extra: number;
}

/**
 * The messages of `step` that take a longer route than they must (a detour, as the paper's Fig. 3
 * needs one): each route's links against the fewest links from its sender to where it ends, by a
 * breadth-first search from each sender of the step over the topology's links.
 */
export function longerRoutes(s: Schedule, topo: Topology, step: number): LongerRoute[] {
  if (step < 1 || step > s.stepCount) return [];
  const [a, b] = stepRange(s, step);
  const nodes = topo.nodeCount + topo.auxCount;
  // Out-links of each node, in compressed rows.
  const start = new Uint32Array(nodes + 1);
  for (let l = 0; l < topo.linkCount; l++) start[topo.linkFrom[l] + 1]++;
  for (let v = 0; v < nodes; v++) start[v + 1] += start[v];
  const next = new Uint32Array(topo.linkCount);
  const fill = start.slice(0, nodes);
  for (let l = 0; l < topo.linkCount; l++) next[fill[topo.linkFrom[l]]++] = topo.linkTo[l];
  const distances = new Map<number, Int32Array>();
  const from = (src: number) => {
    let d = distances.get(src);
    if (d) return d;
    d = new Int32Array(nodes).fill(-1);
    const queue = new Uint32Array(nodes);
    let [head, tail] = [0, 0];
    d[src] = 0;
    queue[tail++] = src;
    while (head < tail) {
      const v = queue[head++];
      for (let i = start[v]; i < start[v + 1]; i++)
        if (d[next[i]] < 0) {
          d[next[i]] = d[v] + 1;
          queue[tail++] = next[i];
        }
    }
    distances.set(src, d);
    return d;
  };
  const links = new Uint32Array(topo.linkCount);
  const out: LongerRoute[] = [];
  for (let t = a; t < b; t++) {
    const k = pathLinks(s, topo, t, links);
    if (k === 0) continue;
    const extra = k - from(s.src[t])[topo.linkTo[links[k - 1]]];
    if (extra > 0) out.push({ transfer: t, extra });
  }
  return out;
}
