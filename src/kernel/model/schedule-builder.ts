import type { PairRect } from './block-pairs';
import { indexArray, resized, signedArray, type IndexArray, type SignedArray } from './columns';
import type { BlockTable, Collective, Schedule } from './schedule';

export interface BuilderOptions {
  algorithm: string;
  collective: Collective;
  nodeCount: number;
  blocks: BlockTable;
  pathKind: 'ring-arc' | 'link-list';
  receiverKind: 'path-end' | 'list';
  /** True when every transfer carries exactly one block (saves the offsets column). */
  singleBlock: boolean;
  /** Transfers carry rectangles of the pair blocks of this many nodes (addTransfer gets a PairRect). */
  pairNodes?: number;
  /** Expected totals; the builder grows past them when needed. */
  capacity?: { transfers?: number; blockRefs?: number; pathLinks?: number; receivers?: number };
  ports?: { tx: number; rx: number; fanout?: number };
}

/** Accumulates transfers step by step into growable typed columns. */
export class ScheduleBuilder {
  private readonly o: BuilderOptions;
  private phases: string[] = [];
  private stepPhase: number[] = [];
  private stepStart: number[] = [0];
  private n = 0;
  private src: IndexArray;
  private channel: Uint16Array;
  private hops: SignedArray | null = null;
  private pathOffsets: Uint32Array | null = null;
  private pathLinks: Uint32Array | null = null;
  private pathLen = 0;
  private rxOffsets: Uint32Array | null = null;
  private rxNodes: IndexArray | null = null;
  private rxLen = 0;
  private blockOffsets: Uint32Array | null = null;
  private blockIds: IndexArray;
  private blockLen = 0;
  /** Pair rectangles, one row per transfer: sFirst, sCount, dFirst, dStep, dCount. */
  private rects: Uint32Array[] | null = null;

  constructor(options: BuilderOptions) {
    this.o = options;
    const cap = Math.max(16, options.capacity?.transfers ?? 1024);
    const nodes = options.nodeCount;
    this.src = indexArray(cap, nodes);
    this.channel = new Uint16Array(cap);
    if (options.pathKind === 'ring-arc') this.hops = signedArray(cap, nodes);
    else {
      this.pathOffsets = new Uint32Array(cap + 1);
      this.pathLinks = new Uint32Array(Math.max(16, options.capacity?.pathLinks ?? cap));
    }
    if (options.receiverKind === 'list') {
      this.rxOffsets = new Uint32Array(cap + 1);
      this.rxNodes = indexArray(Math.max(16, options.capacity?.receivers ?? cap), nodes);
    }
    if (options.pairNodes !== undefined) {
      this.rects = Array.from({ length: 5 }, () => new Uint32Array(cap));
      this.blockIds = indexArray(0, 0);
      return;
    }
    if (!options.singleBlock) this.blockOffsets = new Uint32Array(cap + 1);
    this.blockIds = indexArray(
      Math.max(16, options.singleBlock ? cap : (options.capacity?.blockRefs ?? cap)),
      options.blocks.count,
    );
  }

  /** Starts the next step, in the named phase (phases are created on first use, in order). */
  beginStep(phase: string): void {
    if (this.stepPhase.length > 0) this.stepStart.push(this.n);
    let index = this.phases.indexOf(phase);
    if (index < 0) index = this.phases.push(phase) - 1;
    this.stepPhase.push(index);
  }

  get transferCount(): number {
    return this.n;
  }

  /** A transfer along a ring arc to the node where it ends, carrying one or more blocks. */
  addArc(src: number, hops: number, channel: number, block: number | ArrayLike<number>): void {
    if (!this.hops) throw new Error('this schedule does not use ring arcs');
    const t = this.pushTransfer(src, channel, block);
    this.hops[t] = hops;
  }

  /**
   * Appends whole steps of one-block ring arcs, `count` = stepFrom[last] of them in step order: step i
   * of the batch is entries stepFrom[i] .. stepFrom[i+1]) (stepFrom has one entry more than the
   * steps). Returns the columns' views of the new entries for the caller to fill in: the same result
   * as beginStep + addArc for each, without a call per arc (stages of a million lightpaths).
   */
  reserveArcSteps(
    phase: string,
    stepFrom: ArrayLike<number>,
  ): { src: IndexArray; hops: SignedArray; channel: Uint16Array; block: IndexArray } {
    if (!this.hops) throw new Error('this schedule does not use ring arcs');
    const count = stepFrom[stepFrom.length - 1];
    const t0 = this.n;
    if (t0 + count > this.src.length) this.grow(Math.max(t0 + count, 2 * this.src.length));
    if (this.blockLen + count > this.blockIds.length)
      this.blockIds = resized(this.blockIds, Math.max(this.blockLen + count, 2 * this.blockIds.length));
    const b0 = this.blockLen;
    if (this.blockOffsets) for (let i = 1; i <= count; i++) this.blockOffsets[t0 + i] = b0 + i;
    this.blockLen += count;
    for (let i = 0; i + 1 < stepFrom.length; i++) {
      this.n = t0 + stepFrom[i];
      this.beginStep(phase);
    }
    this.n = t0 + count;
    return {
      src: this.src.subarray(t0, t0 + count) as IndexArray,
      hops: this.hops.subarray(t0, t0 + count) as SignedArray,
      channel: this.channel.subarray(t0, t0 + count),
      block: this.blockIds.subarray(b0, b0 + count) as IndexArray,
    };
  }

  /** A transfer along explicit links to explicit receivers. */
  addTransfer(
    src: number,
    links: ArrayLike<number>,
    receivers: ArrayLike<number>,
    channel: number,
    blocks: number | ArrayLike<number> | PairRect,
  ): void {
    if (!this.pathOffsets || !this.pathLinks) throw new Error('this schedule does not use link lists');
    const t = this.pushTransfer(src, channel, blocks);
    if (this.pathLen + links.length > this.pathLinks.length)
      this.pathLinks = resized(this.pathLinks, 2 * (this.pathLen + links.length));
    for (let i = 0; i < links.length; i++) this.pathLinks[this.pathLen++] = links[i];
    this.pathOffsets[t + 1] = this.pathLen;
    if (this.rxOffsets && this.rxNodes) {
      if (this.rxLen + receivers.length > this.rxNodes.length)
        this.rxNodes = resized(this.rxNodes, 2 * (this.rxLen + receivers.length));
      for (let i = 0; i < receivers.length; i++) this.rxNodes[this.rxLen++] = receivers[i];
      this.rxOffsets[t + 1] = this.rxLen;
    }
  }

  private pushTransfer(src: number, channel: number, blocks: number | ArrayLike<number> | PairRect): number {
    if (this.stepPhase.length === 0) throw new Error('beginStep() before adding transfers');
    const t = this.n;
    if (t >= this.src.length) this.grow(2 * this.src.length);
    this.src[t] = src;
    this.channel[t] = channel;
    if (this.rects) {
      if (typeof blocks === 'number' || !('sFirst' in blocks))
        throw new Error('a pair schedule takes rectangles');
      const r = this.rects;
      r[0][t] = blocks.sFirst;
      r[1][t] = blocks.sCount;
      r[2][t] = blocks.dFirst;
      r[3][t] = blocks.dStep;
      r[4][t] = blocks.dCount;
    } else if (typeof blocks !== 'number' && 'sFirst' in blocks) {
      throw new Error('a block-list schedule got a pair rectangle');
    } else if (typeof blocks === 'number') {
      this.pushBlock(blocks);
    } else {
      if (!this.blockOffsets && blocks.length !== 1) throw new Error('single-block schedule got a block set');
      const need = this.blockLen + blocks.length;
      if (need > this.blockIds.length)
        this.blockIds = resized(this.blockIds, Math.max(need, 2 * this.blockIds.length));
      if (ArrayBuffer.isView(blocks)) {
        // Block sets from typed arrays (large all-to-all transfers) are copied in one call.
        this.blockIds.set(blocks as unknown as ArrayLike<number>, this.blockLen);
        this.blockLen = need;
      } else for (let i = 0; i < blocks.length; i++) this.blockIds[this.blockLen++] = blocks[i];
    }
    if (this.blockOffsets) this.blockOffsets[t + 1] = this.blockLen;
    this.n = t + 1;
    return t;
  }

  private pushBlock(b: number): void {
    if (this.blockLen >= this.blockIds.length)
      this.blockIds = resized(this.blockIds, 2 * this.blockIds.length);
    this.blockIds[this.blockLen++] = b;
  }

  private grow(cap: number): void {
    this.src = resized(this.src, cap);
    this.channel = resized(this.channel, cap);
    if (this.hops) this.hops = resized(this.hops, cap);
    if (this.pathOffsets) this.pathOffsets = resized(this.pathOffsets, cap + 1);
    if (this.rxOffsets) this.rxOffsets = resized(this.rxOffsets, cap + 1);
    if (this.blockOffsets) this.blockOffsets = resized(this.blockOffsets, cap + 1);
    if (this.rects) this.rects = this.rects.map((c) => resized(c, cap));
  }

  finish(): Schedule {
    const n = this.n;
    const steps = this.stepPhase.length;
    const stepStart = new Uint32Array(steps + 1);
    for (let s = 1; s < steps; s++) stepStart[s] = this.stepStart[s];
    stepStart[steps] = n;
    // Trim columns to their length (subarray keeps the buffer; copies only where much is unused).
    const trim = <T extends IndexArray | SignedArray | Uint16Array | Uint32Array>(a: T, len: number): T =>
      a.length - len > 1024 && a.length > len * 1.25 ? resized(a, len) : (a.subarray(0, len) as T);
    const path: Schedule['path'] = this.hops
      ? { kind: 'ring-arc', hops: trim(this.hops, n) }
      : {
          kind: 'link-list',
          offsets: trim(this.pathOffsets!, n + 1),
          links: trim(this.pathLinks!, this.pathLen),
        };
    const receivers: Schedule['receivers'] = this.rxOffsets
      ? { kind: 'list', offsets: trim(this.rxOffsets, n + 1), nodes: trim(this.rxNodes!, this.rxLen) }
      : { kind: 'path-end' };
    return {
      algorithm: this.o.algorithm,
      collective: this.o.collective,
      nodeCount: this.o.nodeCount,
      stepCount: steps,
      transferCount: n,
      phases: this.phases,
      stepPhase: Uint16Array.from(this.stepPhase),
      stepStart,
      src: trim(this.src, n),
      channel: trim(this.channel, n),
      path,
      receivers,
      transferBlocks: this.rects
        ? {
            kind: 'pairs',
            nodes: this.o.pairNodes!,
            sFirst: trim(this.rects[0], n),
            sCount: trim(this.rects[1], n),
            dFirst: trim(this.rects[2], n),
            dStep: trim(this.rects[3], n),
            dCount: trim(this.rects[4], n),
          }
        : {
            offsets: this.blockOffsets ? trim(this.blockOffsets, n + 1) : null,
            ids: trim(this.blockIds, this.blockLen),
          },
      blocks: this.o.blocks,
      ports: this.o.ports,
    };
  }
}
