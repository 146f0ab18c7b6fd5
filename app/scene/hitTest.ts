/**
 * The shared painter's pointer side: which node or link of a picture's primitives is under a point
 * of the view, through its pan and zoom. Targets of groups not shown at the view's zoom are skipped;
 * where targets overlap, the one drawn last (on top) wins.
 */
import type { View } from '../views/panZoom';
import { shownAt, type HitShape, type HitTarget, type Primitive } from './primitives';

const TURN = 2 * Math.PI;

/** Is the world point (x, y) inside `s`? */
export function insideShape(s: HitShape, x: number, y: number): boolean {
  switch (s.kind) {
    case 'circle':
      return Math.hypot(x - s.x, y - s.y) <= s.r;
    case 'cells':
      return x >= s.x && x < s.x + s.cols * s.cell && y >= s.y && y < s.y + s.rows * s.cell;
    case 'rect':
      return x >= s.x && x <= s.x + s.w && y >= s.y && y <= s.y + s.h;
    case 'segment': {
      const [dx, dy] = [s.x1 - s.x0, s.y1 - s.y0];
      const len2 = dx * dx + dy * dy;
      const t = len2 ? Math.max(0, Math.min(1, ((x - s.x0) * dx + (y - s.y0) * dy) / len2)) : 0;
      return Math.hypot(x - (s.x0 + t * dx), y - (s.y0 + t * dy)) <= s.width / 2;
    }
    case 'sector': {
      const d = Math.hypot(x - s.cx, y - s.cy);
      if (d < s.r0 || d > s.r1) return false;
      // The point's angle brought into [a0, a0 + one turn).
      const a = Math.atan2(y - s.cy, x - s.cx);
      const from = (((a - s.a0) % TURN) + TURN) % TURN;
      return from <= s.a1 - s.a0;
    }
  }
}

/** The target itself if (x, y) is inside its shape; of a block of cells, the cell's own target. */
function hitOf(t: HitTarget, x: number, y: number): HitTarget | null {
  const s = t.shape;
  if (s.kind !== 'cells') return insideShape(s, x, y) ? t : null;
  const [c, r] = [Math.floor((x - s.x) / s.cell), Math.floor((y - s.y) / s.cell)];
  if (c < 0 || r < 0 || c >= s.cols || r >= s.rows) return null;
  return { kind: t.kind, id: t.id + r * s.cols + c, shape: s };
}

function topmost(items: readonly Primitive[], x: number, y: number, k: number): HitTarget | null {
  for (let i = items.length - 1; i >= 0; i--) {
    const g = items[i];
    if (g.kind !== 'group' || !shownAt(g, k)) continue;
    // Into the group's own coordinates, where its items and targets are.
    const t = g.transform ?? { k: 1, x: 0, y: 0 };
    const [gx, gy, gk] = [(x - t.x) / t.k, (y - t.y) / t.k, k * t.k];
    const inner = topmost(g.items, gx, gy, gk);
    if (inner) return inner;
    const hits = g.hits ?? [];
    for (let j = hits.length - 1; j >= 0; j--) {
      const hit = hitOf(hits[j], gx, gy);
      if (hit) return hit;
    }
  }
  return null;
}

/** The target under the view point (x, y), or null. */
export function hitTest(
  items: readonly Primitive[],
  x: number,
  y: number,
  view: View = { k: 1, x: 0, y: 0 },
): HitTarget | null {
  return topmost(items, (x - view.x) / view.k, (y - view.y) / view.k, view.k);
}
