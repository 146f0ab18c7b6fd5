import { typePx, type TypeScale } from '../../views/canvasText';
import type { NocLayout } from './nocLayout';

/** Smallest processor number written, px at the desk: smaller is not read (lecture type is larger). */
export const MIN_PROCESSOR_NUMBER = 11;

/**
 * The size of processor numbers, px: a little over the processor's radius, at least
 * MIN_PROCESSOR_NUMBER and at most 14 at the desk, in the view's type scale.
 */
export const processorNumberPx = (type: TypeScale, processorRadius: number) =>
  typePx(type, Math.max(MIN_PROCESSOR_NUMBER, Math.min(14, processorRadius * 1.1)));

/**
 * Where the NoC view writes processor numbers of `size` px: each just outside its processor, away
 * from its router, at `offset` px from the processor's centre; or null when two numbers would come
 * closer than their own width (then none is written: the node field and the tooltips still name
 * each one). Pure, so that it is tested without a browser.
 */
export function processorLabelSpots(
  layout: NocLayout,
  procRouter: ArrayLike<number>,
  size: number,
): Float64Array | null {
  const { xy, processors: P, processorRadius: pr } = layout;
  const offset = Math.max(pr * 2, pr + size * 0.75);
  const at = new Float64Array(2 * P);
  for (let p = 0; p < P; p++) {
    const [cx, cy] = [xy[2 * p], xy[2 * p + 1]];
    const [rx, ry] = [xy[2 * (P + procRouter[p])], xy[2 * (P + procRouter[p]) + 1]];
    const len = Math.hypot(cx - rx, cy - ry) || 1;
    at[2 * p] = cx + ((cx - rx) / len) * offset;
    at[2 * p + 1] = cy + ((cy - ry) / len) * offset;
  }
  // Room a number needs: its digits' width (about 0.6 of the size each) and a little gap.
  const need = size * (String(Math.max(0, P - 1)).length * 0.6 + 0.3);
  for (let a = 0; a < P; a++)
    for (let b = a + 1; b < P; b++)
      if (Math.abs(at[2 * a] - at[2 * b]) < need && Math.abs(at[2 * a + 1] - at[2 * b + 1]) < size * 1.05)
        return null;
  return at;
}
