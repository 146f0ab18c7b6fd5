import { COLORS } from '../lib/colors';
import { PathOps, text, type Primitive, type TextPrimitive } from '../scene/primitives';

/**
 * The type scale of the pictures drawn on canvas: sizes are given for the desk, and lecture mode
 * scales them up with a floor, so that nothing drawn is under 18 px there (the HTML panels follow
 * the same rule in styles.css). One scale for every view.
 */
export interface TypeScale {
  factor: number;
  /** Smallest size drawn, px. */
  min: number;
}
export const DESK_TYPE: TypeScale = { factor: 1, min: 0 };
export const LECTURE_TYPE: TypeScale = { factor: 1.35, min: 18 };

/** A size of the desk scale, in this scale (px, whole). */
export const typePx = (t: TypeScale, base: number) => Math.max(t.min, Math.round(base * t.factor));

/**
 * Text the network views share, as text primitives: a caption in the middle of the drawing (the step
 * counter and what the step is, readable from the back of a hall) and node numbers around it.
 */
export function centreCaption(
  cx: number,
  cy: number,
  size: number,
  title: string,
  lines: readonly string[],
  type: TypeScale = DESK_TYPE,
): TextPrimitive[] {
  size = Math.max(size, type.min);
  const out = [text(title, cx, cy - size * 0.35, size, 700, COLORS.text)];
  const sub = typePx(type, Math.max(11, size * 0.55));
  // Lines as far apart as their own type needs (lecture type is larger against the title).
  const lead = Math.max(size * 0.6, sub * 1.15);
  lines.forEach((line, i) =>
    out.push(text(line, cx, cy + Math.max(size * 0.55, sub * 0.9) + lead * i, sub, 600, COLORS.muted)),
  );
  return out;
}

/** The step counter every view shows in its centre. */
export const stepTitle = (step: number, steps: number) => (step === 0 ? 'Start' : `Step ${step} / ${steps}`);

/**
 * Node numbers at `at(i)`, sized for how many there are (in the type scale); drawn only up to 64
 * nodes, and where numbers would run into each other (lecture type on a small ring), every k-th.
 * `muted(i)` greys out a number (dummies, ghosts).
 */
export function nodeLabels(
  n: number,
  at: (i: number) => readonly [number, number],
  muted: (i: number) => boolean = () => false,
  type: TypeScale = DESK_TYPE,
): TextPrimitive[] {
  if (n > 64) return [];
  const size = typePx(type, n <= 16 ? 16 : n <= 32 ? 14 : 11);
  // Room a number needs (two digits at most) against the distance between neighbours.
  const [a, b] = n > 1 ? [at(0), at(1)] : [at(0), at(0)];
  const gap = Math.hypot(a[0] - b[0], a[1] - b[1]);
  const every = gap > 0 ? Math.max(1, Math.ceil((size * (String(n - 1).length * 0.6 + 0.4)) / gap)) : 1;
  const out: TextPrimitive[] = [];
  for (let i = 0; i < n; i += every) {
    const [x, y] = at(i);
    out.push(text(String(i), x, y, size, 600, muted(i) ? COLORS.muted : COLORS.text));
  }
  return out;
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
export function matrixMargins(rows: number, type: TypeScale = DESK_TYPE): { left: number; top: number } {
  const digits = String(Math.max(0, rows - 1)).length;
  const k = typePx(type, 12) / 12;
  return {
    left: Math.ceil((TITLE_BAND + 6 + digits * DIGIT_PX + 4) * Math.max(k, typePx(type, 14) / 14)),
    top: Math.ceil(40 * Math.max(k, typePx(type, 14) / 14)),
  };
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
 * `cols` cells (the two matrix views), as primitives: one geometry for the screen and the exports.
 */
export function matrixFramePrimitives(
  m: { left: number; top: number },
  side: number,
  rows: number,
  cols: number,
  across: string,
  down: string,
  type: TypeScale = DESK_TYPE,
): Primitive[] {
  const [title, number] = [typePx(type, 14), typePx(type, 12)];
  const k = number / 12;
  const frame = new PathOps();
  frame.rect(m.left - 0.5, m.top - 0.5, side + 1, side + 1);
  const titles = { anchor: 'start', baseline: 'alphabetic' } as const;
  const out: Primitive[] = [
    { kind: 'path', ops: frame.ops, stroke: COLORS.line, lineWidth: 1 },
    text(across, m.left, m.top - 22 * k, title, 600, COLORS.text, titles),
    text(down, (TITLE_BAND - 4) * (title / 14), m.top + side, title, 600, COLORS.text, {
      ...titles,
      rotate: -Math.PI / 2,
    }),
  ];
  // Rows far enough apart for the numbers' height, columns for their width, at round steps.
  const rowEvery = roundStep(Math.max(numberEvery(rows), (number * 1.3 * rows) / side), rows);
  for (let r = 0; r < rows; r += rowEvery)
    out.push(
      text(String(r), m.left - 4, m.top + ((r + 0.5) * side) / rows, number, 400, COLORS.muted, {
        anchor: 'end',
      }),
    );
  const width = String(cols - 1).length * DIGIT_PX * k + 6;
  const every = roundStep(Math.max(numberEvery(cols), (width * cols) / side), cols);
  for (let c = 0; c < cols; c += every)
    out.push(
      text(String(c), m.left + ((c + 0.5) * side) / cols, m.top - 5, number, 400, COLORS.muted, {
        baseline: 'alphabetic',
      }),
    );
  return out;
}
