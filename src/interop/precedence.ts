/**
 * The order an imported schedule runs in, as a graph: a node for each thing that happens (a step of a
 * threadblock, the sending half of a fused receive-and-send, a solver's flow), an edge from each thing
 * a node waits for. Message nodes take one step; the others take none. Timing it is the longest-chain
 * rule of the issue: a node finishes when the last thing it waits for has, and a message goes one step
 * after that (`place` may push it later, which is how the stretch finds free links).
 */

export interface Precedence {
  nodes: number;
  /** The message a node sends (it then takes one step), or −1 for a node that takes none. */
  message: Int32Array;
  /** What each node waits for: pred[predStart[v] … predStart[v + 1]). */
  predStart: Uint32Array;
  pred: Uint32Array;
  /** Nodes that can never finish on their own (a receive without a send, a wait for a signal never given). */
  stuck: Uint8Array;
}

/**
 * Builds a Precedence node by node: each node's waits are given when it is added. Given how many
 * nodes and waits there will be (at most), its arrays are made once at that size; otherwise they
 * double as they fill.
 */
export class PrecedenceBuilder {
  private message: Int32Array;
  private predStart: Uint32Array;
  private pred: Uint32Array;
  private nodes = 0;
  private waits = 0;
  private stuckNodes: number[] = [];

  constructor(nodes = 64, waits = 2 * nodes) {
    this.message = new Int32Array(Math.max(1, nodes));
    this.predStart = new Uint32Array(Math.max(1, nodes) + 1);
    this.pred = new Uint32Array(Math.max(1, waits));
  }

  get size(): number {
    return this.nodes;
  }

  /**
   * A new node sending `message` (−1: none) after the first `count` of `waits` (ids of earlier or
   * later nodes; −1 is passed over), so one scratch list can serve every node.
   */
  add(message: number, waits: ArrayLike<number> = [], count = waits.length): number {
    if (this.waits + count > this.pred.length) this.pred = grown(this.pred, this.waits + count);
    for (let k = 0; k < count; k++) if (waits[k] >= 0) this.pred[this.waits++] = waits[k];
    const v = this.nodes++;
    if (v === this.message.length) {
      this.message = grown(this.message, v + 1);
      this.predStart = grown(this.predStart, v + 2);
    }
    this.message[v] = message;
    this.predStart[v + 1] = this.waits;
    return v;
  }

  markStuck(v: number): void {
    this.stuckNodes.push(v);
  }

  finish(): Precedence {
    const n = this.nodes;
    const stuck = new Uint8Array(n);
    for (const v of this.stuckNodes) stuck[v] = 1;
    return {
      nodes: n,
      message: this.message.subarray(0, n),
      predStart: this.predStart.subarray(0, n + 1),
      pred: this.pred.subarray(0, this.waits),
      stuck,
    };
  }
}

/** A copy of `a` with room for at least `need` items (twice as many, to grow rarely). */
function grown<T extends Int32Array | Uint32Array>(a: T, need: number): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, 2 * a.length));
  b.set(a);
  return b;
}

/** −1 in `finish`: the node never finishes. */
export const NEVER = -1;

export interface Timing {
  /** The step by whose end each node has finished (0: before the first step), or NEVER. */
  finish: Int32Array;
  /** The finished nodes in the order they were timed (a topological order). */
  order: Uint32Array;
  /** For each node, the wait that decided its finish (−1: none): the critical path walks these. */
  decidedBy: Int32Array;
}

/**
 * Times the graph. `place(m, earliest)` returns the step message m goes in (at least `earliest`; the
 * identity when absent). With `priority`, ready nodes are timed in increasing priority (then id), so
 * a placement that fills steps greedily sees messages in the order of their first timing.
 */
export function timePrecedence(
  g: Precedence,
  place?: (message: number, earliest: number) => number,
  priority?: ArrayLike<number>,
): Timing {
  const n = g.nodes;
  const { predStart, pred } = g;
  // Successor lists, the transpose of the waits.
  const succStart = new Uint32Array(n + 1);
  for (let i = 0; i < pred.length; i++) succStart[pred[i] + 1]++;
  for (let v = 0; v < n; v++) succStart[v + 1] += succStart[v];
  const succ = new Uint32Array(pred.length);
  const fill = succStart.slice(0, n);
  for (let v = 0; v < n; v++) for (let i = predStart[v]; i < predStart[v + 1]; i++) succ[fill[pred[i]]++] = v;
  const waiting = new Uint32Array(n);
  for (let v = 0; v < n; v++) waiting[v] = predStart[v + 1] - predStart[v];

  const finish = new Int32Array(n).fill(NEVER);
  const decidedBy = new Int32Array(n).fill(-1);
  const order = new Uint32Array(n);
  let done = 0;
  const ready = priority ? new Heap(priority) : new Queue(n);
  for (let v = 0; v < n; v++) if (waiting[v] === 0 && !g.stuck[v]) ready.push(v);
  while (ready.size > 0) {
    const v = ready.pop();
    let t = 0;
    let by = -1;
    for (let i = predStart[v]; i < predStart[v + 1]; i++) {
      const f = finish[pred[i]];
      if (by < 0 || f > t) {
        by = pred[i];
        if (f > t) t = f;
      }
    }
    const m = g.message[v];
    if (m >= 0) t = place ? place(m, t + 1) : t + 1;
    finish[v] = t;
    decidedBy[v] = by;
    order[done++] = v;
    for (let i = succStart[v]; i < succStart[v + 1]; i++) {
      const w = succ[i];
      if (--waiting[w] === 0 && !g.stuck[w]) ready.push(w);
    }
  }
  return { finish, order: order.subarray(0, done), decidedBy };
}

/**
 * Cycles among the nodes that never finished (up to `max`), each as its nodes in wait order: a node
 * waits for the next, the last for the first. Nodes that never finished and lie on no cycle wait,
 * directly or not, for a stuck node or a cycle.
 */
export function cyclesAmong(g: Precedence, finish: Int32Array, max = 8): number[][] {
  const n = g.nodes;
  // 0 unvisited, 1 on the walk, 2 finished exploring.
  const state = new Uint8Array(n);
  const cycles: number[][] = [];
  const stack: number[] = [];
  const next: number[] = [];
  for (let root = 0; root < n && cycles.length < max; root++) {
    if (finish[root] !== NEVER || state[root] !== 0) continue;
    stack.push(root);
    next.push(g.predStart[root]);
    state[root] = 1;
    while (stack.length > 0 && cycles.length < max) {
      const v = stack[stack.length - 1];
      const i = next[next.length - 1];
      if (i >= g.predStart[v + 1]) {
        state[v] = 2;
        stack.pop();
        next.pop();
        continue;
      }
      next[next.length - 1] = i + 1;
      const w = g.pred[i];
      if (finish[w] !== NEVER || g.stuck[w]) continue;
      if (state[w] === 1) cycles.push(stack.slice(stack.indexOf(w)));
      else if (state[w] === 0) {
        state[w] = 1;
        stack.push(w);
        next.push(g.predStart[w]);
      }
    }
    for (const v of stack) state[v] = 2;
    stack.length = 0;
    next.length = 0;
  }
  return cycles;
}

class Queue {
  private readonly items: Uint32Array;
  private head = 0;
  private tail = 0;
  constructor(capacity: number) {
    this.items = new Uint32Array(Math.max(1, capacity));
  }
  get size(): number {
    return this.tail - this.head;
  }
  push(v: number): void {
    this.items[this.tail++] = v;
  }
  pop(): number {
    return this.items[this.head++];
  }
}

/** A binary min-heap of node ids by (key, id). */
class Heap {
  private items: number[] = [];
  constructor(private readonly key: ArrayLike<number>) {}
  get size(): number {
    return this.items.length;
  }
  private less(a: number, b: number): boolean {
    const ka = this.key[a];
    const kb = this.key[b];
    return ka < kb || (ka === kb && a < b);
  }
  push(v: number): void {
    const h = this.items;
    h.push(v);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i], h[p])) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }
  pop(): number {
    const h = this.items;
    const top = h[0];
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l], h[m])) m = l;
        if (r < h.length && this.less(h[r], h[m])) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }
}
