import type { MeshLayout } from './meshLayout';

/**
 * What the mesh view decides before it draws, kept free of the canvas so it can be tested: how full
 * a partial looks, which blocks are on screen, and when groups are drawn as tiles.
 */

/**
 * How far a partial of `count` contributions is from the complete result of `total`, from 0 (its
 * own value) to 1, on a logarithmic scale: a reduction multiplies what a partial holds at each level,
 * so a gateway with its group's P contributions sits halfway to the P² of an OTIS-Mesh, not at 1/P.
 */
export function partialFraction(count: number, total: number): number {
  if (total <= 1 || count >= total) return 1;
  if (count <= 1) return 0;
  return Math.log(count) / Math.log(total);
}

/**
 * Below this many screen pixels per processor, groups are drawn as tiles (one fill per group): a
 * processor smaller than that is a speck, and a screen of them (over 40,000) costs the rasteriser
 * more than a frame.
 */
export const TILE_BELOW_PX = 3;

/** Are the groups drawn as tiles at zoom `k`? (A plain mesh is always drawn processor by processor.) */
export const showsTiles = (l: MeshLayout, groups: number, k: number) =>
  groups > 1 && l.cell * k < TILE_BELOW_PX;

/**
 * Is a plain mesh drawn as an image at zoom `k` (a pixel per processor, meshImage.ts)? Below the
 * same size as the tiles: a screen of processor rectangles would cost the rasteriser too much.
 */
export const showsImage = (l: MeshLayout, groups: number, k: number) =>
  groups === 1 && l.cell * k < TILE_BELOW_PX;

/** The groups whose blocks meet the rectangle [x0, x1] × [y0, y1] (layout coordinates), row by row. */
export function visibleGroups(
  l: MeshLayout,
  groups: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): number[] {
  const block = l.side * l.cell + l.gap;
  const clamp = (v: number) => Math.max(0, Math.min(l.across - 1, v));
  const [c0, c1] = [clamp(Math.floor((x0 - l.x0) / block)), clamp(Math.floor((x1 - l.x0) / block))];
  const [r0, r1] = [clamp(Math.floor((y0 - l.y0) / block)), clamp(Math.floor((y1 - l.y0) / block))];
  const out: number[] = [];
  for (let r = r0; r <= r1; r++)
    for (let c = c0; c <= c1; c++) {
      const g = r * l.across + c;
      if (g < groups) out.push(g);
    }
  return out;
}

/** Top-left corner of group g's block. */
export function blockAt(l: MeshLayout, g: number): [number, number] {
  const block = l.side * l.cell + l.gap;
  return [l.x0 + (g % l.across) * block, l.y0 + Math.floor(g / l.across) * block];
}

/**
 * What a tile shows of each group in `which`: the mean partial fraction of its processors (`mean`)
 * and the fraction of its most advanced partial (`best`: the gateway's, once the group has reduced).
 */
export function groupProgress(
  counts: Uint32Array,
  total: number,
  p: number,
  which: readonly number[],
  mean: Float32Array,
  best: Float32Array,
): void {
  const logTotal = Math.log(total);
  for (const g of which) {
    let sum = 0;
    let most = 0;
    for (let v = g * p; v < (g + 1) * p; v++) {
      const c = counts[v];
      sum += c >= total ? 1 : c <= 1 ? 0 : Math.log(c) / logTotal;
      if (c > most) most = c;
    }
    mean[g] = total <= 1 ? 1 : sum / p;
    best[g] = partialFraction(most, total);
  }
}
