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

/**
 * Axis titles of a square matrix picture whose top-left corner is (left, top): one above it, one
 * turned up along its left side (the two matrix views).
 */
export function drawMatrixTitles(
  ctx: CanvasRenderingContext2D,
  left: number,
  top: number,
  side: number,
  across: string,
  down: string,
): void {
  ctx.font = '600 14px system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(across, left, top - 10);
  ctx.save();
  ctx.translate(14, top + side);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText(down, 0, 0);
  ctx.restore();
}
