/**
 * Paths as primitives hold them and SVG writes them: path operations (PathOps, with a canvas path's
 * method names), the 2D transform a group puts them under (a 3 × 2 matrix), and SVG path data in
 * absolute coordinates (PathData).
 */

export type Matrix = readonly [number, number, number, number, number, number];
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];
export const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];
/** How much the matrix scales lengths (exact for a similarity, the geometric mean otherwise). */
export const scaleOf = (m: Matrix) => Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
/** Whether circles stay circles (rotation, uniform scale, translation, maybe a mirror). */
export const isSimilarity = (m: Matrix) =>
  (Math.abs(m[0] - m[3]) < 1e-9 && Math.abs(m[1] + m[2]) < 1e-9) ||
  (Math.abs(m[0] + m[3]) < 1e-9 && Math.abs(m[1] - m[2]) < 1e-9);

/** A coordinate as written in the SVG: at most two decimals, no trailing zeros. */
export const coord = (v: number): string => String(Math.round(v * 100) / 100 || 0);

export type PathOp =
  | ['M', number, number]
  | ['L', number, number]
  | ['Z']
  | ['R', number, number, number, number]
  | ['A', number, number, number, number, number, boolean];

/** Path data under construction, in absolute coordinates. */
export class PathData {
  parts: string[] = [];
  private cur: [number, number] | null = null;
  private start: [number, number] = [0, 0];

  add(op: PathOp, m: Matrix): void {
    switch (op[0]) {
      case 'M':
        this.moveTo(apply(m, op[1], op[2]));
        return;
      case 'L':
        this.lineTo(apply(m, op[1], op[2]));
        return;
      case 'Z':
        if (this.cur) {
          this.parts.push('Z');
          this.cur = this.start;
        }
        return;
      case 'R': {
        const [, x, y, w, h] = op;
        this.moveTo(apply(m, x, y));
        this.lineTo(apply(m, x + w, y));
        this.lineTo(apply(m, x + w, y + h));
        this.lineTo(apply(m, x, y + h));
        this.add(['Z'], m);
        return;
      }
      case 'A':
        this.arc(op, m);
    }
  }

  private moveTo(p: [number, number]): void {
    this.parts.push(`M${coord(p[0])} ${coord(p[1])}`);
    this.cur = this.start = p;
  }

  private lineTo(p: [number, number]): void {
    if (!this.cur) return this.moveTo(p);
    this.parts.push(`L${coord(p[0])} ${coord(p[1])}`);
    this.cur = p;
  }

  /** Canvas arc semantics: a line from the current point to the arc's start, then the arc. */
  private arc([, cx, cy, r, a0, a1, ccw]: Extract<PathOp, ['A', ...unknown[]]>, m: Matrix): void {
    // The sweep as browsers work it out: a whole turn when asked for one either way, else the angle
    // from start to end in the arc's direction.
    const full = 2 * Math.PI;
    const delta =
      !ccw && a1 - a0 >= full
        ? full
        : ccw && a0 - a1 >= full
          ? -full
          : !ccw && a0 > a1
            ? full - ((a0 - a1) % full)
            : ccw && a0 < a1
              ? -(full - ((a1 - a0) % full))
              : a1 - a0;
    const at = (a: number) => apply(m, cx + r * Math.cos(a), cy + r * Math.sin(a));
    this.lineTo(at(a0));
    if (delta === 0 || r <= 0) return;
    if (isSimilarity(m)) {
      // In pieces of at most half a turn, so each SVG arc is unambiguous. SVG's sweep flag 1 is
      // clockwise on screen, as canvas's default direction; a mirror turns it round.
      const mirrored = m[0] * m[3] - m[1] * m[2] < 0;
      const sweep = delta > 0 !== mirrored ? 1 : 0;
      const rr = coord(r * scaleOf(m));
      const pieces = Math.ceil(Math.abs(delta) / Math.PI - 1e-9);
      for (let i = 1; i <= pieces; i++) {
        const [x, y] = at(a0 + (delta * i) / pieces);
        this.parts.push(`A${rr} ${rr} 0 0 ${sweep} ${coord(x)} ${coord(y)}`);
        this.cur = [x, y];
      }
    } else {
      // Stretched: an ellipse, written as short chords.
      const pieces = Math.max(4, Math.ceil(Math.abs(delta) / (Math.PI / 32)));
      for (let i = 1; i <= pieces; i++) this.lineTo(at(a0 + (delta * i) / pieces));
    }
  }

  get d(): string {
    return this.parts.join('');
  }
}

/**
 * Path operations under construction, with the method names of a canvas path (so helpers that add
 * shapes to a path — a node's held wedge — serve a layout too).
 */
export class PathOps {
  readonly ops: PathOp[] = [];
  moveTo(x: number, y: number): void {
    this.ops.push(['M', x, y]);
  }
  lineTo(x: number, y: number): void {
    this.ops.push(['L', x, y]);
  }
  closePath(): void {
    this.ops.push(['Z']);
  }
  rect(x: number, y: number, w: number, h: number): void {
    this.ops.push(['R', x, y, w, h]);
  }
  arc(cx: number, cy: number, r: number, a0: number, a1: number, ccw = false): void {
    this.ops.push(['A', cx, cy, r, a0, a1, ccw]);
  }
  /** A whole circle as its own subpath. */
  circle(x: number, y: number, r: number): void {
    this.moveTo(x + r, y);
    this.arc(x, y, r, 0, 2 * Math.PI);
  }
  get empty(): boolean {
    return this.ops.length === 0;
  }
}
