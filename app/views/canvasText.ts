import { COLORS } from '../lib/colors';

/**
 * Text the network views share: a caption in the middle of the drawing (the step counter and what
 * the step is, readable from the back of a hall) and node numbers around it.
 */
export function drawCentreCaption(
  ctx: CanvasRenderingContext2D,
  cx: number,
  cy: number,
  size: number,
  title: string,
  lines: readonly string[],
): void {
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = COLORS.text;
  ctx.font = `700 ${size}px system-ui, sans-serif`;
  ctx.fillText(title, cx, cy - size * 0.35);
  ctx.font = `600 ${Math.max(11, size * 0.55)}px system-ui, sans-serif`;
  ctx.fillStyle = COLORS.muted;
  lines.forEach((line, i) => ctx.fillText(line, cx, cy + size * (0.55 + 0.6 * i)));
}

/** The step counter every view shows in its centre. */
export const stepTitle = (step: number, steps: number) => (step === 0 ? 'Start' : `Step ${step} / ${steps}`);

/**
 * Node numbers at `at(i)`, sized for how many there are; drawn only up to 64 nodes. `muted(i)` greys
 * out a number (dummies, ghosts).
 */
export function drawNodeLabels(
  ctx: CanvasRenderingContext2D,
  n: number,
  at: (i: number) => readonly [number, number],
  muted: (i: number) => boolean = () => false,
): void {
  if (n > 64) return;
  ctx.font = `600 ${n <= 16 ? 16 : n <= 32 ? 14 : 11}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let i = 0; i < n; i++) {
    const [x, y] = at(i);
    ctx.fillStyle = muted(i) ? COLORS.muted : COLORS.text;
    ctx.fillText(String(i), x, y);
  }
}

/** Width of the band the turned-up title of a matrix takes on its left (14 px type), px. */
const TITLE_BAND = 18;
/** Width of one digit of the 12 px numbers (system-ui digits are about 6.8 px wide), px. */
const DIGIT_PX = 7;

/**
 * Room left of and above a square matrix picture for its titles and numbers: on the left the
 * turned-up title's band, a gap, then the widest row number, right-aligned; above, the title over
 * the column numbers. Computed from the numbers, so a title never runs over them.
 */
export function matrixMargins(rows: number): { left: number; top: number } {
  const digits = String(Math.max(0, rows - 1)).length;
  return { left: TITLE_BAND + 6 + Math.ceil(digits * DIGIT_PX) + 4, top: 40 };
}

/**
 * A round step of at least `min` for numbering `count` rows or columns: a power of two when the count
 * is one (0, 128, 256, … on 1024 nodes), else 1, 2 or 5 times a power of ten.
 */
export function roundStep(min: number, count: number): number {
  let step = 1;
  if ((count & (count - 1)) === 0) {
    while (step < min) step *= 2;
    return step;
  }
  for (let ten = 1; ; ten *= 10) for (const k of [1, 2, 5]) if ((step = k * ten) >= min) return step;
}

/** Every how many rows (columns) a number is written: at most about 16 along a side, at round steps. */
export const numberEvery = (count: number) => roundStep(Math.ceil(count / 16), count);

/**
 * A square matrix picture's frame, axis titles (one above, one turned up along the left side) and
 * row and column numbers (every numberEvery-th), for a picture at `m` of `side` px with `rows` ×
 * `cols` cells (the two matrix views).
 */
export function drawMatrixFrame(
  ctx: CanvasRenderingContext2D,
  m: { left: number; top: number },
  side: number,
  rows: number,
  cols: number,
  across: string,
  down: string,
): void {
  ctx.strokeStyle = '#94a3b8';
  ctx.strokeRect(m.left - 0.5, m.top - 0.5, side + 1, side + 1);
  ctx.fillStyle = COLORS.text;
  ctx.font = '600 14px system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(across, m.left, m.top - 22);
  ctx.save();
  ctx.translate(TITLE_BAND - 4, m.top + side);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText(down, 0, 0);
  ctx.restore();
  ctx.font = '12px system-ui, sans-serif';
  ctx.fillStyle = '#475569';
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (let r = 0; r < rows; r += numberEvery(rows))
    ctx.fillText(String(r), m.left - 4, m.top + ((r + 0.5) * side) / rows);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  // Column numbers as far apart as the widest of them needs.
  const every = Math.max(
    numberEvery(cols),
    Math.ceil(((String(cols - 1).length * DIGIT_PX + 6) * cols) / side),
  );
  for (let c = 0; c < cols; c += every)
    ctx.fillText(String(c), m.left + ((c + 0.5) * side) / cols, m.top - 5);
}
