/**
 * A picture as plain data: what a family's layout returns and the one shared painter draws — on a
 * canvas (paintCanvas.ts), as SVG (primitiveSvg.ts) and for the pointer (hitTest.ts). No canvas is
 * needed to make one, so a layout is tested in Node like any other function.
 *
 * - `path`: path operations (moves, lines, arcs, rectangles) in the picture's coordinates, filled
 *   and/or stroked in one style. Many shapes of one style go in one path (one canvas call).
 * - `text`: a label at a point, with its size, weight, anchor and baseline, and an optional halo.
 * - `image`: pixels (RGBA, row by row: the mesh's pixel per processor when zoomed far out) or a
 *   canvas already drawn (a matrix picture), scaled onto a rectangle, smoothed or hard-edged.
 * - `group`: primitives shown only within a range of zoom (level of detail), optionally clipped,
 *   optionally moved and scaled (a pan and zoom of their own), and the hit targets of what they show
 *   (which node or link is under the pointer).
 */
import type { PathOp } from './pathData';

export type { PathOp } from './pathData';
export { PathOps } from './pathData';

export interface PathPrimitive {
  kind: 'path';
  ops: PathOp[];
  fill?: string;
  stroke?: string;
  lineWidth?: number;
  /** Opacity of the whole path (times the colour's own alpha). */
  alpha?: number;
  lineCap?: 'butt' | 'round' | 'square';
  lineJoin?: 'miter' | 'round' | 'bevel';
  /** Dash lengths, empty or absent when solid. */
  dash?: number[];
  fillRule?: 'nonzero' | 'evenodd';
}

export interface TextPrimitive {
  kind: 'text';
  text: string;
  x: number;
  y: number;
  /** Size, px. */
  size: number;
  /** 400 regular, 600 semibold, 700 bold. */
  weight: number;
  anchor: 'start' | 'middle' | 'end';
  baseline: 'alphabetic' | 'middle' | 'top' | 'bottom' | 'hanging' | 'ideographic';
  fill: string;
  /** A stroke drawn under the letters (keeps a label readable over lines). */
  halo?: { colour: string; width: number };
  /** Font family; system-ui, sans-serif when absent. */
  family?: string;
  /** Turned about (x, y) by this angle, radians as a canvas turns (−π/2: reading upwards). */
  rotate?: number;
}

/** Pixels to draw: `cols` × `rows`, four bytes (red, green, blue, alpha) each, row by row. */
export interface Pixels {
  cols: number;
  rows: number;
  data: Uint8ClampedArray;
}

/** An image already drawn (a canvas, a bitmap: a matrix's picture), scaled as it is. */
export type DrawnImage = CanvasImageSource & { width: number; height: number };

export interface ImagePrimitive {
  kind: 'image';
  /** Where the pixels go: a rectangle in the picture's coordinates. */
  x: number;
  y: number;
  width: number;
  height: number;
  pixels: Pixels | DrawnImage;
  /** Smoothed when scaled (else each pixel a hard-edged square). */
  smooth: boolean;
}

/** Something the pointer can be over: a node or a link, by its id in the topology. */
export interface HitTarget {
  kind: 'node' | 'link';
  id: number;
  shape: HitShape;
}

export type HitShape =
  | { kind: 'circle'; x: number; y: number; r: number }
  | { kind: 'rect'; x: number; y: number; w: number; h: number }
  /** Within `width / 2` of the segment from (x0, y0) to (x1, y1). */
  | { kind: 'segment'; x0: number; y0: number; x1: number; y1: number; width: number }
  /** Between radii r0 and r1 round (cx, cy), at an angle from a0 to a1 (radians, a0 < a1, any turn). */
  | { kind: 'sector'; cx: number; cy: number; r0: number; r1: number; a0: number; a1: number }
  /**
   * A block of `cols` × `rows` square cells of side `cell`, its top left at (x, y): the target's id
   * is that of the top-left cell, the others count on along the rows (a grid of processors).
   */
  | { kind: 'cells'; x: number; y: number; cell: number; cols: number; rows: number };

/** A move and scale: a point (x, y) inside shows at (this.x + k·x, this.y + k·y) outside. */
export interface Transform {
  k: number;
  x: number;
  y: number;
}

export interface GroupPrimitive {
  kind: 'group';
  items: Primitive[];
  /** Shown from this zoom up (inclusive); absent: from any zoom. */
  minZoom?: number;
  /** Shown below this zoom; absent: at any zoom. */
  maxZoom?: number;
  /** Clipped to this path (in the coordinates the group is in, before its transform). */
  clip?: PathOp[];
  /**
   * Its items moved and scaled (after the clip). Zoom ranges inside are of the zoom seen there (the
   * outer zoom times k), and so are hit shapes' coordinates.
   */
  transform?: Transform;
  /** What the pointer can be over in this group (tested topmost first: later targets win). */
  hits?: HitTarget[];
}

export type Primitive = PathPrimitive | TextPrimitive | ImagePrimitive | GroupPrimitive;

/**
 * A layout made in parts: it yields where it may pause (every so many lightpaths), so a big picture
 * is laid out over several tasks, and returns the primitives.
 */
export type Layout = Generator<void, Primitive[], void>;

/** Runs a generator made in parts to its end, all at once, and gives what it returns. */
export function finish<T>(parts: Generator<void, T, void>): T {
  for (;;) {
    const r = parts.next();
    if (r.done) return r.value;
  }
}

/** The family of the pictures' type unless a text says otherwise. */
export const PICTURE_FONT = 'system-ui, sans-serif';

/** Is a group shown at zoom k? */
export const shownAt = (g: GroupPrimitive, k: number) =>
  (g.minZoom === undefined || k >= g.minZoom) && (g.maxZoom === undefined || k < g.maxZoom);

/** The shape-adding part of a canvas path, which PathOps and Path2D both have. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(cx: number, cy: number, r: number, a0: number, a1: number, ccw?: boolean): void;
}

/** A text primitive in the pictures' family, centred on (x, y) unless `more` says otherwise. */
export const text = (
  t: string,
  x: number,
  y: number,
  size: number,
  weight: number,
  fill: string,
  more: Partial<TextPrimitive> = {},
): TextPrimitive => ({
  kind: 'text',
  text: t,
  x,
  y,
  size,
  weight,
  anchor: 'middle',
  baseline: 'middle',
  fill,
  ...more,
});
