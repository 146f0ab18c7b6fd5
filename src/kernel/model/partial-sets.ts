/**
 * Every processor's partial result in a reduction, as a set of contribution ids kept as sorted
 * disjoint half-open ranges (contributions.ts), all in one growing arena instead of one small array
 * per processor: a million processors' partials cost a few words each, and folding a message in
 * allocates nothing. A message is given as words [lo, hi) of an array of range bounds (a schedule's
 * `bounds`); the complete result is the one range [0, n).
 *
 * Used by the mesh family's builder (to write each message's contents) and by the verifier's
 * reduction rules (to check them), so both read the same sets the same way.
 */
import { firstCommonIn, unionInto } from './contributions';

export class PartialSets {
  private readonly start: Uint32Array;
  /** Words (2 per range) of each partial; COMPLETE for the whole result. */
  private readonly words: Uint32Array;
  private arena: Uint32Array;
  private top: number;
  private live: number;

  constructor(
    readonly nodes: number,
    /** Contributions: processor v < contributions starts with {v}, the others with nothing. */
    readonly contributions: number,
  ) {
    this.start = new Uint32Array(nodes);
    this.words = new Uint32Array(nodes);
    this.arena = new Uint32Array(Math.max(64, 8 * nodes));
    for (let v = 0; v < Math.min(nodes, contributions); v++) {
      this.start[v] = 2 * v;
      this.words[v] = 2;
      this.arena[2 * v] = v;
      this.arena[2 * v + 1] = v + 1;
    }
    this.top = 2 * Math.min(nodes, contributions);
    this.live = this.top;
  }

  /** Whether words [lo, hi) of `a` are the complete result. */
  isCompleteSet(a: ArrayLike<number>, lo: number, hi: number): boolean {
    return hi - lo === 2 && a[lo] === 0 && a[lo + 1] === this.contributions;
  }

  isComplete(v: number): boolean {
    return this.words[v] === COMPLETE;
  }

  /** Contributions in v's partial. */
  size(v: number): number {
    if (this.words[v] === COMPLETE) return this.contributions;
    let n = 0;
    const s = this.start[v];
    for (let i = s; i < s + this.words[v]; i += 2) n += this.arena[i + 1] - this.arena[i];
    return n;
  }

  /** Words v's partial takes when written out (2 for the complete result). */
  wordsOf(v: number): number {
    return this.words[v] === COMPLETE ? 2 : this.words[v];
  }

  /** Writes v's partial into out[at …]; returns the words written. */
  writeTo(v: number, out: Uint32Array, at: number): number {
    if (this.words[v] === COMPLETE) {
      out[at] = 0;
      out[at + 1] = this.contributions;
      return 2;
    }
    const from = this.start[v];
    const w = this.words[v];
    for (let i = 0; i < w; i++) out[at + i] = this.arena[from + i];
    return w;
  }

  /** v's partial as ranges (a copy; tests and reports). */
  rangesOf(v: number): Uint32Array {
    const out = new Uint32Array(this.wordsOf(v));
    this.writeTo(v, out, 0);
    return out;
  }

  /** The smallest id in words [lo, hi) of `a` that v's partial lacks, or −1. */
  firstMissing(v: number, a: ArrayLike<number>, lo: number, hi: number): number {
    if (this.words[v] === COMPLETE) {
      for (let i = lo; i < hi; i += 2) if (a[i + 1] > this.contributions) return this.contributions;
      return -1;
    }
    const b = this.arena;
    let j = this.start[v];
    const je = j + this.words[v];
    for (let i = lo; i < hi; i += 2) {
      let x = a[i];
      const end = a[i + 1];
      while (x < end) {
        while (j < je && b[j + 1] <= x) j += 2;
        if (j >= je || b[j] > x) return x;
        x = b[j + 1];
      }
    }
    return -1;
  }

  /** Whether words [lo, hi) of `a` are exactly v's partial. */
  equals(v: number, a: ArrayLike<number>, lo: number, hi: number): boolean {
    if (this.words[v] === COMPLETE) return this.isCompleteSet(a, lo, hi);
    if (hi - lo !== this.words[v]) return false;
    const s = this.start[v];
    for (let i = 0; i < hi - lo; i++) if (this.arena[s + i] !== a[lo + i]) return false;
    return true;
  }

  /** The smallest id both in v's partial and in words [lo, hi) of `a`, or −1. */
  firstCommon(v: number, a: ArrayLike<number>, lo: number, hi: number): number {
    if (this.words[v] === COMPLETE) return hi > lo ? a[lo] : -1;
    const j = this.start[v];
    return firstCommonIn(a, lo, hi, this.arena, j, j + this.words[v]);
  }

  /**
   * Folds words [lo, hi) of `a` into v's partial: the union (touching ranges merged), or the complete
   * result, which replaces it. `a` must not be this object's own storage.
   */
  fold(v: number, a: ArrayLike<number>, lo: number, hi: number): void {
    if (this.isCompleteSet(a, lo, hi)) {
      this.live -= this.words[v] === COMPLETE ? 0 : this.words[v];
      this.words[v] = COMPLETE;
      return;
    }
    if (this.words[v] === COMPLETE || hi === lo) return;
    const old = this.words[v];
    // Merge into the scratch buffer, then write back in place when the union takes no more words
    // than the old partial (touching ranges merge: the common case), else at the arena's top.
    if (this.merged.length < old + (hi - lo)) this.merged = new Uint32Array(2 * (old + (hi - lo)));
    const out = this.merged;
    const k = unionInto(a, lo, hi, this.arena, this.start[v], this.start[v] + old, out);
    if (k === 2 && out[0] === 0 && out[1] === this.contributions) {
      this.live -= old;
      this.words[v] = COMPLETE;
      return;
    }
    if (k > old) {
      this.reserve(k);
      this.start[v] = this.top;
      this.top += k;
    }
    const at = this.start[v];
    for (let w = 0; w < k; w++) this.arena[at + w] = out[w];
    this.words[v] = k;
    this.live += k - old;
  }

  /** Where `fold` merges before writing back. */
  private merged = new Uint32Array(64);

  /** Room for `extra` more words at the top, compacting the arena when most of it is dead. */
  private reserve(extra: number): void {
    if (this.top + extra <= this.arena.length) return;
    // Compact into an arena at least four times what is live, so that each compaction frees at
    // least three quarters of it: compactions stay few however many folds rewrite their partials.
    const size = Math.max(this.arena.length, 4 * (this.live + extra));
    const next =
      size === this.arena.length && this.live * 2 < size ? this.spare(size) : new Uint32Array(size);
    let k = 0;
    for (let v = 0; v < this.nodes; v++) {
      const w = this.words[v];
      if (w === COMPLETE || w === 0) continue;
      const from = this.start[v];
      for (let i = 0; i < w; i++) next[k + i] = this.arena[from + i];
      this.start[v] = k;
      k += w;
    }
    this.spareArena = this.arena;
    this.arena = next;
    this.top = k;
    this.live = k;
  }

  /** The previous arena, reused for the next compaction when it has the right size. */
  private spareArena: Uint32Array | null = null;
  private spare(size: number): Uint32Array {
    const s = this.spareArena;
    return s && s.length === size ? s : new Uint32Array(size);
  }
}

const COMPLETE = 0xffffffff;
