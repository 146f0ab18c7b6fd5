/**
 * Smallest box, in CSS pixels either way, that a picture is drawn in. Below it a picture would be
 * illegible (and its geometry degenerate), so the box says so instead (see TooSmall).
 */
export const MIN_DRAW_PX = 120;

/** Whether a measured box is big enough to draw in (a box not measured yet is 0 × 0: not drawn). */
export function canDraw(width: number, height: number): boolean {
  return width >= MIN_DRAW_PX && height >= MIN_DRAW_PX;
}
