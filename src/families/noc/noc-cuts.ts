import type { NocNetwork } from './noc-network';

/**
 * Cuts of a network's routers, the two questions the NoC bounds and the paper's estimate ask:
 * how much can flow from some routers to others over router channels (one message per directed
 * channel; `routerFlow`), and how few links split some routers into two sides holding half of a load
 * each (`fewestLinksHalving`).
 */

/**
 * The most messages that can go at once from routers with `supply` to routers with `demand` (as
 * many as each allows; Infinity for no limit), one per directed router channel: a maximum flow,
 * found by breadth-first augmenting paths.
 */
export function routerFlow(net: NocNetwork, supply: ArrayLike<number>, demand: ArrayLike<number>): number {
  const R = net.routers;
  const [S, T] = [R, R + 1];
  const cap = Array.from({ length: R + 2 }, () => new Map<number, number>());
  const add = (u: number, v: number, c: number) => {
    cap[u].set(v, (cap[u].get(v) ?? 0) + c);
    if (!cap[v].has(u)) cap[v].set(u, 0);
  };
  for (const [a, b] of net.edges) {
    add(a, b, 1);
    add(b, a, 1);
  }
  for (let r = 0; r < R; r++) {
    if (supply[r] > 0) add(S, r, supply[r]);
    if (demand[r] > 0) add(r, T, demand[r]);
  }
  let flow = 0;
  const previous = new Int32Array(R + 2);
  for (;;) {
    previous.fill(-1);
    previous[S] = S;
    const queue = [S];
    for (let i = 0; i < queue.length && previous[T] < 0; i++)
      for (const [v, c] of cap[queue[i]])
        if (c > 0 && previous[v] < 0) {
          previous[v] = queue[i];
          queue.push(v);
        }
    if (previous[T] < 0) return flow;
    let push = Infinity;
    for (let v = T; v !== S; v = previous[v]) push = Math.min(push, cap[previous[v]].get(v)!);
    if (push === Infinity) return Infinity; // a router both supplies and demands without limit
    for (let v = T; v !== S; v = previous[v]) {
      const u = previous[v];
      cap[u].set(v, cap[u].get(v)! - push);
      cap[v].set(u, cap[v].get(u)! + push);
    }
    flow += push;
  }
}

/**
 * The fewest links between two sides of routers 0 … load.length − 1 whose loads sum to ⌊total/2⌋ and
 * ⌈total/2⌉, every split tried (router 0 on the first side: a split and its mirror cut the same
 * links); Infinity when no split halves the load. For a few dozen routers at most.
 */
export function fewestLinksHalving(
  load: ArrayLike<number>,
  links: readonly (readonly [number, number])[],
): number {
  const R = load.length;
  let total = 0;
  for (let v = 0; v < R; v++) total += load[v];
  let best = Infinity;
  for (let mask = 0; mask < 1 << Math.max(0, R - 1); mask++) {
    const side = (v: number) => (v === 0 ? 0 : (mask >> (v - 1)) & 1);
    let a = 0;
    for (let v = 0; v < R; v++) if (!side(v)) a += load[v];
    if (a !== Math.floor(total / 2) && a !== Math.ceil(total / 2)) continue;
    let cut = 0;
    for (const [u, v] of links) if (side(u) !== side(v)) cut++;
    best = Math.min(best, cut);
  }
  return best;
}
