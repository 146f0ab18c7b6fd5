/**
 * Typed-array columns. Schedules hold millions of transfers, so every per-transfer field is one
 * typed array (struct of arrays). Index columns use 16-bit storage whenever the largest value fits,
 * which halves memory for rings of up to 65 535 nodes.
 */
export type IndexArray = Uint16Array | Uint32Array;
export type SignedArray = Int16Array | Int32Array;

/** An unsigned column able to hold values 0..maxValue. */
export function indexArray(length: number, maxValue: number): IndexArray {
  return maxValue <= 0xffff ? new Uint16Array(length) : new Uint32Array(length);
}

/** A signed column able to hold values -maxAbs..maxAbs. */
export function signedArray(length: number, maxAbs: number): SignedArray {
  return maxAbs <= 0x7fff ? new Int16Array(length) : new Int32Array(length);
}

/** A new column of the same type as `a` with room for `length` values, holding a's first values. */
export function resized<T extends IndexArray | SignedArray | Uint32Array | Float64Array>(
  a: T,
  length: number,
): T {
  const Ctor = a.constructor as new (n: number) => T;
  const out = new Ctor(length);
  out.set(a.subarray(0, Math.min(a.length, length)) as never);
  return out;
}

/** The ArrayBuffers behind a set of views, without duplicates (for postMessage transfer lists). */
export function buffersOf(views: Iterable<ArrayBufferView | null | undefined>): ArrayBuffer[] {
  const seen = new Set<ArrayBuffer>();
  for (const v of views) if (v && v.buffer instanceof ArrayBuffer) seen.add(v.buffer);
  return [...seen];
}
