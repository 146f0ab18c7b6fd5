/**
 * Which of `items` (one level of a tree: centres x and labels) get their label: from left to right,
 * a label is written when it clears the last one written by a small gap, so at 64 leaves every few
 * are numbered instead of all running together; the first is always written. `charPx` is the width
 * of a character of the labels' type.
 */
export function thinLabels(items: readonly { x: number; label: string }[], charPx: number): boolean[] {
  const order = items.map((_, i) => i).sort((a, b) => items[a].x - items[b].x);
  const shown = items.map(() => false);
  let right = -Infinity;
  for (const i of order) {
    const half = (items[i].label.length * charPx) / 2;
    if (items[i].x - half < right + 4) continue;
    shown[i] = true;
    right = items[i].x + half;
  }
  return shown;
}
