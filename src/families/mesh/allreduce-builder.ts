import { indexArray, resized } from '../../kernel/model/columns';
import { PartialSets } from '../../kernel/model/partial-sets';
import type { Schedule } from '../../kernel/model/schedule';
import { groupSize, opticalLink, xyRoute, type MeshShape } from './geometry';
import { gatherRounds, scatterRounds, type Message, type Method, type Ports } from './rounds';

/** What an all-reduce on a mesh or OTIS-Mesh is built from. */
export interface AllReducePlan {
  algorithm: string;
  shape: MeshShape;
  /** The root's index inside the control group (inside the mesh when there is one group). */
  root: number;
  /** The control group (OTIS-Mesh only): its index is also every other group's gateway. */
  control: number;
  method: Method;
  ports: Ports;
}

/** Phase names, in schedule order; `OPTICAL_PHASES` are the steps on optical links. */
export const PHASES = {
  reduceGroups: 'reduce in groups',
  opticalUp: 'optical (to the control group)',
  reduceControl: 'reduce in the control group',
  distributeControl: 'distribute in the control group',
  opticalDown: 'optical (from the control group)',
  distributeGroups: 'distribute in groups',
  reduce: 'reduce',
  distribute: 'distribute',
} as const;
export const OPTICAL_PHASES: readonly string[] = [PHASES.opticalUp, PHASES.opticalDown];

/**
 * The all-reduce of the OTIS paper (Sec. III): every group combines its partials at its gateway (the
 * processor whose optical link reaches the control group, index `control`), the gateways send them
 * over the optical links, the control group combines everything at the root, and the result goes
 * back the same way. One group: a plain mesh all-reduce at the root. Every message carries its
 * sender's whole partial (the set of contributions it combines, as ranges), so the verifier can
 * check that nothing is counted twice.
 */
export function buildAllReduce(plan: AllReducePlan): Schedule {
  const { shape, method, ports } = plan;
  const q = shape.side;
  const p = groupSize(shape);
  const n = shape.groups * p;
  const b = new ReductionBuilder(n, plan.algorithm, ports);
  const groups = shape.groups;
  const inGroups = (phase: string, rounds: Message[][], only: (g: number) => boolean) => {
    for (const round of rounds) {
      b.step(phase);
      for (let g = 0; g < groups; g++) {
        if (!only(g)) continue;
        for (const [from, to] of round) b.electronic(shape, g, from, to);
      }
    }
  };
  if (groups === 1) {
    inGroups(PHASES.reduce, gatherRounds(q, plan.root, method, ports), () => true);
    inGroups(PHASES.distribute, scatterRounds(q, plan.root, method, ports), () => true);
    return b.done();
  }
  const c = plan.control;
  const others = (g: number) => g !== c;
  const control = (g: number) => g === c;
  inGroups(PHASES.reduceGroups, gatherRounds(q, c, method, ports), others);
  b.step(PHASES.opticalUp);
  for (let g = 0; g < groups; g++) if (g !== c) b.optical(shape, g, c);
  inGroups(PHASES.reduceControl, gatherRounds(q, plan.root, method, ports), control);
  inGroups(PHASES.distributeControl, scatterRounds(q, plan.root, method, ports), control);
  b.step(PHASES.opticalDown);
  for (let g = 0; g < groups; g++) if (g !== c) b.optical(shape, c, g);
  inGroups(PHASES.distributeGroups, scatterRounds(q, c, method, ports), others);
  void p;
  return b.done();
}

/**
 * Collects the transfers of a reduction step by step. It keeps every processor's partial: a message
 * carries its sender's partial as it was at the start of the step, and receivers fold messages in at
 * the end of the step (a complete result replaces what they had).
 */
class ReductionBuilder {
  private phases: string[] = [];
  private stepPhase: number[] = [];
  private stepStart: number[] = [0];
  private count = 0;
  private src: Uint32Array;
  private dst: Uint32Array;
  private pathOffsets: Uint32Array;
  private pathLinks: Uint32Array;
  private pathLen = 0;
  private rangeOffsets: Uint32Array;
  private bounds: Uint32Array;
  private boundsLen = 0;
  private readonly partial: PartialSets;
  private readonly route: Uint32Array;
  /** Transfers of the current step (from `stepFirst` on), folded in when the next step starts. */
  private stepFirst = 0;

  constructor(
    private readonly n: number,
    private readonly algorithm: string,
    private readonly ports: Ports,
  ) {
    // Every processor sends about twice (its partial up, the result down): room for that at once.
    const cap = 2 * n + 1024;
    this.src = new Uint32Array(cap);
    this.dst = new Uint32Array(cap);
    this.pathOffsets = new Uint32Array(cap + 1);
    this.pathLinks = new Uint32Array(cap * 4);
    this.rangeOffsets = new Uint32Array(cap + 1);
    this.bounds = new Uint32Array(cap * 2);
    this.partial = new PartialSets(n, n);
    this.route = new Uint32Array(Math.max(16, 2 * Math.ceil(Math.sqrt(n))));
  }

  step(phase: string): void {
    this.fold();
    this.stepFirst = this.count;
    let k = this.phases.indexOf(phase);
    if (k < 0) k = this.phases.push(phase) - 1;
    this.stepPhase.push(k);
    this.stepStart.push(this.count);
  }

  electronic(m: MeshShape, g: number, from: number, to: number): void {
    const len = xyRoute(m, g, from, to, this.route);
    const p = groupSize(m);
    this.add(g * p + from, g * p + to, len);
  }

  /** The optical link from (g, x) to (x, g). */
  optical(m: MeshShape, g: number, x: number): void {
    const p = groupSize(m);
    this.route[0] = opticalLink(m, g, x);
    this.add(g * p + x, x * p + g, 1);
  }

  /** Adds the transfer from → to along the first `len` links of `route`. */
  private add(from: number, to: number, len: number): void {
    const t = this.count++;
    if (t === this.src.length) this.grow();
    this.stepStart[this.stepStart.length - 1] = this.count;
    this.src[t] = from;
    this.dst[t] = to;
    while (this.pathLen + len > this.pathLinks.length)
      this.pathLinks = resized(this.pathLinks, this.pathLinks.length * 2);
    for (let i = 0; i < len; i++) this.pathLinks[this.pathLen + i] = this.route[i];
    this.pathLen += len;
    this.pathOffsets[t + 1] = this.pathLen;
    // The message is the sender's partial as it is now, at the start of the step.
    const words = this.partial.wordsOf(from);
    while (this.boundsLen + words > this.bounds.length)
      this.bounds = resized(this.bounds, this.bounds.length * 2);
    this.boundsLen += this.partial.writeTo(from, this.bounds, this.boundsLen);
    this.rangeOffsets[t + 1] = this.boundsLen / 2;
  }

  /** Folds the step's messages into their receivers. */
  private fold(): void {
    for (let t = this.stepFirst; t < this.count; t++)
      this.partial.fold(this.dst[t], this.bounds, 2 * this.rangeOffsets[t], 2 * this.rangeOffsets[t + 1]);
    this.stepFirst = this.count;
  }

  private grow(): void {
    const cap = this.src.length * 2;
    this.src = resized(this.src, cap);
    this.dst = resized(this.dst, cap);
    this.pathOffsets = resized(this.pathOffsets, cap + 1);
    this.rangeOffsets = resized(this.rangeOffsets, cap + 1);
  }

  done(): Schedule {
    this.fold();
    const T = this.count;
    const n = this.n;
    const origin = indexArray(n, n);
    for (let v = 0; v < n; v++) origin[v] = v;
    const src = indexArray(T, n);
    src.set(this.src.subarray(0, T));
    return {
      algorithm: this.algorithm,
      collective: 'allreduce',
      nodeCount: n,
      stepCount: this.stepPhase.length,
      transferCount: T,
      phases: this.phases,
      stepPhase: Uint16Array.from(this.stepPhase),
      stepStart: Uint32Array.from(this.stepStart),
      src,
      channel: new Uint16Array(T),
      path: {
        kind: 'link-list',
        offsets: this.pathOffsets.slice(0, T + 1),
        links: this.pathLinks.slice(0, this.pathLen),
      },
      receivers: { kind: 'path-end' },
      transferBlocks: {
        kind: 'ranges',
        offsets: this.rangeOffsets.slice(0, T + 1),
        bounds: this.bounds.slice(0, this.boundsLen),
      },
      blocks: { count: n, origin, destinations: { kind: 'all' }, bytes: 0 },
      ...(this.ports === 'single' ? { ports: { tx: 1, rx: 1 } } : {}),
    };
  }
}
