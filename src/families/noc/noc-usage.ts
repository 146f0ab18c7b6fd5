/**
 * What the messages of a candidate schedule use, step by step — each router channel, each
 * processor's sending and receiving ports — and the conflicts that makes: a channel wanted twice in a
 * step, a processor over its ports. Kept as messages are added and removed, so a search's fitness is
 * counted once and then updated move by move. The scatter search (noc-anneal.ts) and the broadcast
 * search (noc-broadcast-search.ts) both keep their genes' usage here.
 */
export interface UsageShape {
  /** Router channels (ids from `base` on). */
  channels: number;
  base: number;
  processors: number;
  ports: number;
}

export class StepUsage {
  /** Messages on each (step, router channel), and on each (step, processor) out and in. */
  private readonly use: Uint16Array;
  private readonly tx: Uint16Array;
  private readonly rx: Uint16Array;
  /** Conflicts the usage makes now. */
  conflicts = 0;

  constructor(
    steps: number,
    private readonly s: UsageShape,
  ) {
    this.use = new Uint16Array(steps * s.channels);
    this.tx = new Uint16Array(steps * s.processors);
    this.rx = new Uint16Array(steps * s.processors);
  }

  /** Adds (sign 1) or removes (−1) a message from `from` to `to` over `links` in step `step`. */
  add(step: number, links: ArrayLike<number>, from: number, to: number, sign: 1 | -1): void {
    const s = this.s;
    const row = step * s.channels - s.base;
    for (let k = 0; k < links.length; k++) this.bump(this.use, row + links[k], sign, 1);
    this.bump(this.tx, step * s.processors + from, sign, s.ports);
    this.bump(this.rx, step * s.processors + to, sign, s.ports);
  }

  /** Conflicts such a message would add (it must not be counted in the usage). */
  costOf(step: number, links: ArrayLike<number>, from: number, to: number): number {
    const s = this.s;
    const row = step * s.channels - s.base;
    let cost = 0;
    for (let k = 0; k < links.length; k++) if (this.use[row + links[k]] >= 1) cost++;
    if (this.tx[step * s.processors + from] >= s.ports) cost++;
    if (this.rx[step * s.processors + to] >= s.ports) cost++;
    return cost;
  }

  /** Is such a message, counted in the usage, in a conflict (a channel or a port over its limit)? */
  clashes(step: number, links: ArrayLike<number>, from: number, to: number): boolean {
    const s = this.s;
    const row = step * s.channels - s.base;
    for (let k = 0; k < links.length; k++) if (this.use[row + links[k]] > 1) return true;
    return this.tx[step * s.processors + from] > s.ports || this.rx[step * s.processors + to] > s.ports;
  }

  private bump(a: Uint16Array, cell: number, sign: 1 | -1, cap: number): void {
    if (sign > 0) {
      if (a[cell] >= cap) this.conflicts++;
      a[cell]++;
    } else {
      a[cell]--;
      if (a[cell] >= cap) this.conflicts--;
    }
  }
}
