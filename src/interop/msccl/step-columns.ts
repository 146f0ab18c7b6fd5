/**
 * Steps of an MSCCL file as columns: row j of every column is one step, so a file's steps are a
 * dozen arrays, not an object each (the collector would copy each object while the import runs).
 * The model keeps the steps as read (a threadblock's steps are consecutive rows); the op graph keeps
 * them again in its own order, beside where each is (ops.ts). Types and buffers stay the file's
 * strings: one shared string each, so a column of them is a column of references. Numbers the
 * file writes (offsets, counts, dependencies) are plain arrays of numbers: they hold small whole
 * numbers unboxed, and any size a file may write exactly (a Float64Array would box every number
 * read before the code is compiled; an Int32Array would wrap a large one).
 */

export type Buf = 'i' | 'o' | 's';

export interface StepColumns {
  count: number;
  /** Position in its threadblock (what dependencies count). */
  pos: Int32Array;
  /** The `s` attribute as written. */
  s: number[];
  type: string[];
  srcbuf: Buf[];
  srcoff: number[];
  dstbuf: Buf[];
  dstoff: number[];
  cnt: number[];
  depid: number[];
  deps: number[];
  /** 1: the step signals its threadblock's flag when it ends. */
  hasdep: Uint8Array;
  /** 1: malformed in the file, read as a no-op without dependency. */
  bad: Uint8Array;
}

/** Columns with room for `capacity` steps, none used. */
export function stepColumns(capacity: number): StepColumns {
  const n = Math.max(1, capacity);
  return {
    count: 0,
    pos: new Int32Array(n),
    s: new Array<number>(n).fill(0),
    type: new Array<string>(n),
    srcbuf: new Array<Buf>(n),
    srcoff: new Array<number>(n).fill(0),
    dstbuf: new Array<Buf>(n),
    dstoff: new Array<number>(n).fill(0),
    cnt: new Array<number>(n).fill(0),
    depid: new Array<number>(n).fill(0),
    deps: new Array<number>(n).fill(0),
    hasdep: new Uint8Array(n),
    bad: new Uint8Array(n),
  };
}

/** A new row at the end (the columns doubled when full); its index. */
export function addStepRow(c: StepColumns): number {
  if (c.count === c.pos.length) {
    const more = stepColumns(2 * c.count);
    for (let j = 0; j < c.count; j++) copyStepRow(c, j, more, j);
    Object.assign(c, more, { count: c.count });
  }
  return c.count++;
}

/** Row `from` of `a` written to row `to` of `b`. */
export function copyStepRow(a: StepColumns, from: number, b: StepColumns, to: number): void {
  b.pos[to] = a.pos[from];
  b.s[to] = a.s[from];
  b.type[to] = a.type[from];
  b.srcbuf[to] = a.srcbuf[from];
  b.srcoff[to] = a.srcoff[from];
  b.dstbuf[to] = a.dstbuf[from];
  b.dstoff[to] = a.dstoff[from];
  b.cnt[to] = a.cnt[from];
  b.depid[to] = a.depid[from];
  b.deps[to] = a.deps[from];
  b.hasdep[to] = a.hasdep[from];
  b.bad[to] = a.bad[from];
}
