/**
 * A stand-in for a canvas's 2D context that draws nothing and writes down a scene (scene.ts): the
 * views' painters run on it unchanged, so the exported SVG is the picture on screen, from the same
 * code. It implements the part of CanvasRenderingContext2D the painters use: paths (moveTo, lineTo,
 * arc, rect, closePath, also as Path2D objects), fill and stroke, fillRect and strokeRect, fillText
 * with font, alignment and baseline, save and restore, translate, scale, rotate and setTransform,
 * global alpha, line width, caps, joins and dashes, clip, drawImage (embedded as a PNG) and
 * measureText (a deterministic estimate, the same in a browser and in Node).
 *
 * Painters make paths with `new Path2D()`; a recording swaps in ScenePath for the duration of each
 * slice of drawing (`withScenePaths`), so their paths can be read back. Between slices the page's
 * own Path2D is in place, so the views on screen are not affected.
 */
import type { ClipRef, PathItem, Scene, TextItem } from './scene';
import {
  apply,
  IDENTITY,
  multiply,
  PathData,
  scaleOf,
  ScenePath,
  withScenePaths,
  type Matrix,
} from './scenePath';
import { ANCHOR, estimateTextWidth, parseFont, splitAlpha } from './sceneText';
interface State {
  m: Matrix;
  fillStyle: string;
  strokeStyle: string;
  lineWidth: number;
  lineCap: PathItem['lineCap'];
  lineJoin: PathItem['lineJoin'];
  dash: number[];
  globalAlpha: number;
  font: string;
  textAlign: string;
  textBaseline: TextItem['baseline'];
  imageSmoothingEnabled: boolean;
  clip: ClipRef;
}

const initialState = (): State => ({
  m: IDENTITY,
  fillStyle: '#000000',
  strokeStyle: '#000000',
  lineWidth: 1,
  lineCap: 'butt',
  lineJoin: 'miter',
  dash: [],
  globalAlpha: 1,
  font: '10px sans-serif',
  textAlign: 'start',
  textBaseline: 'alphabetic',
  imageSmoothingEnabled: true,
  clip: null,
});

/** An image source drawImage accepts here: anything that can give a PNG data URL, or be drawn on a canvas. */
interface ImageLike {
  width: number;
  height: number;
  toDataURL?: (type?: string) => string;
}

/** The PNG data URL of an image (a canvas gives its own; anything else is drawn on a canvas first). */
function imageHref(img: ImageLike): string {
  if (typeof img.toDataURL === 'function') return img.toDataURL('image/png');
  if (typeof document === 'undefined') throw new Error('an image can be embedded only from a canvas here');
  const c = document.createElement('canvas');
  c.width = img.width;
  c.height = img.height;
  c.getContext('2d')?.drawImage(img as unknown as CanvasImageSource, 0, 0);
  return c.toDataURL('image/png');
}

/** The recording context. Use `recordScene` or `asCanvas()` to hand it to a painter. */
export class SceneRecorder {
  readonly scene: Scene;
  private s: State = initialState();
  private stack: State[] = [];
  private path = new PathData();

  constructor(width: number, height: number) {
    this.scene = { width, height, items: [], clips: [] };
  }

  /** This recorder typed as the canvas context the painters take (it implements the part they use). */
  asCanvas(): CanvasRenderingContext2D {
    return this as unknown as CanvasRenderingContext2D;
  }

  // Styles.
  get fillStyle(): string {
    return this.s.fillStyle;
  }
  set fillStyle(v: string) {
    this.s.fillStyle = String(v);
  }
  get strokeStyle(): string {
    return this.s.strokeStyle;
  }
  set strokeStyle(v: string) {
    this.s.strokeStyle = String(v);
  }
  get lineWidth(): number {
    return this.s.lineWidth;
  }
  set lineWidth(v: number) {
    if (v > 0 && Number.isFinite(v)) this.s.lineWidth = v;
  }
  get lineCap(): PathItem['lineCap'] {
    return this.s.lineCap;
  }
  set lineCap(v: PathItem['lineCap']) {
    this.s.lineCap = v;
  }
  get lineJoin(): PathItem['lineJoin'] {
    return this.s.lineJoin;
  }
  set lineJoin(v: PathItem['lineJoin']) {
    this.s.lineJoin = v;
  }
  get globalAlpha(): number {
    return this.s.globalAlpha;
  }
  set globalAlpha(v: number) {
    if (v >= 0 && v <= 1) this.s.globalAlpha = v;
  }
  get font(): string {
    return this.s.font;
  }
  set font(v: string) {
    this.s.font = v;
  }
  get textAlign(): string {
    return this.s.textAlign;
  }
  set textAlign(v: string) {
    this.s.textAlign = v;
  }
  get textBaseline(): TextItem['baseline'] {
    return this.s.textBaseline;
  }
  set textBaseline(v: TextItem['baseline']) {
    this.s.textBaseline = v;
  }
  get imageSmoothingEnabled(): boolean {
    return this.s.imageSmoothingEnabled;
  }
  set imageSmoothingEnabled(v: boolean) {
    this.s.imageSmoothingEnabled = v;
  }
  setLineDash(segments: number[]): void {
    this.s.dash = segments.length % 2 ? [...segments, ...segments] : [...segments];
  }
  getLineDash(): number[] {
    return [...this.s.dash];
  }

  // State and transforms.
  save(): void {
    this.stack.push({ ...this.s, dash: [...this.s.dash] });
  }
  restore(): void {
    const s = this.stack.pop();
    if (s) this.s = s;
  }
  reset(): void {
    this.s = initialState();
    this.stack = [];
    this.path = new PathData();
  }
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    this.s.m = [a, b, c, d, e, f];
  }
  resetTransform(): void {
    this.s.m = IDENTITY;
  }
  transform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    this.s.m = multiply(this.s.m, [a, b, c, d, e, f]);
  }
  translate(x: number, y: number): void {
    this.transform(1, 0, 0, 1, x, y);
  }
  scale(x: number, y: number): void {
    this.transform(x, 0, 0, y, 0, 0);
  }
  rotate(angle: number): void {
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    this.transform(c, s, -s, c, 0, 0);
  }

  // The current path (transformed as each call is made, as a canvas does).
  beginPath(): void {
    this.path = new PathData();
  }
  moveTo(x: number, y: number): void {
    this.path.add(['M', x, y], this.s.m);
  }
  lineTo(x: number, y: number): void {
    this.path.add(['L', x, y], this.s.m);
  }
  closePath(): void {
    this.path.add(['Z'], this.s.m);
  }
  rect(x: number, y: number, w: number, h: number): void {
    this.path.add(['R', x, y, w, h], this.s.m);
  }
  arc(cx: number, cy: number, r: number, a0: number, a1: number, ccw = false): void {
    this.path.add(['A', cx, cy, r, a0, a1, ccw], this.s.m);
  }

  /** Path data of a Path2D drawn now (under the current transform), or of the current path. */
  private dataOf(path: unknown): string {
    if (path instanceof ScenePath) {
      const p = new PathData();
      for (const op of path.ops) p.add(op, this.s.m);
      return p.d;
    }
    if (path !== undefined && typeof path !== 'string')
      throw new Error('a Path2D made outside a recording cannot be read (see withScenePaths)');
    return this.path.d;
  }

  fill(path?: unknown, rule?: CanvasFillRule): void {
    const r = typeof path === 'string' ? path : rule;
    this.pushPath(this.dataOf(path), true, false, r === 'evenodd' ? 'evenodd' : 'nonzero');
  }
  stroke(path?: unknown): void {
    this.pushPath(this.dataOf(path), false, true, 'nonzero');
  }
  fillRect(x: number, y: number, w: number, h: number): void {
    const p = new PathData();
    p.add(['R', x, y, w, h], this.s.m);
    this.pushPath(p.d, true, false, 'nonzero');
  }
  strokeRect(x: number, y: number, w: number, h: number): void {
    const p = new PathData();
    p.add(['R', x, y, w, h], this.s.m);
    this.pushPath(p.d, false, true, 'nonzero');
  }
  /** A cleared area is left out of the scene (the exported picture has its own background). */
  clearRect(): void {}

  clip(path?: unknown): void {
    const d = this.dataOf(path);
    this.scene.clips.push({ d, parent: this.s.clip });
    this.s.clip = this.scene.clips.length - 1;
  }

  private pushPath(d: string, fill: boolean, stroke: boolean, fillRule: PathItem['fillRule']): void {
    if (!d) return;
    const [fc, fa] = splitAlpha(this.s.fillStyle);
    const [sc, sa] = splitAlpha(this.s.strokeStyle);
    const k = scaleOf(this.s.m);
    this.scene.items.push({
      kind: 'path',
      d,
      fill: fill ? fc : null,
      fillOpacity: fill ? fa * this.s.globalAlpha : 1,
      stroke: stroke ? sc : null,
      strokeOpacity: stroke ? sa * this.s.globalAlpha : 1,
      strokeWidth: this.s.lineWidth * k,
      lineCap: this.s.lineCap,
      lineJoin: this.s.lineJoin,
      dash: this.s.dash.map((v) => v * k),
      fillRule,
      clip: this.s.clip,
    });
  }

  // Text.
  fillText(text: string, x: number, y: number): void {
    const f = parseFont(this.s.font);
    const [px, py] = apply(this.s.m, x, y);
    const [colour, alpha] = splitAlpha(this.s.fillStyle);
    const m = this.s.m;
    this.scene.items.push({
      kind: 'text',
      text: String(text),
      x: px,
      y: py,
      size: f.size * scaleOf(m),
      weight: f.weight,
      family: f.family,
      anchor: ANCHOR[this.s.textAlign] ?? 'start',
      baseline: this.s.textBaseline,
      fill: colour,
      opacity: alpha * this.s.globalAlpha,
      rotate: (Math.atan2(m[1], m[0]) * 180) / Math.PI,
      clip: this.s.clip,
    });
  }
  measureText(text: string): TextMetrics {
    const size = parseFont(this.s.font).size;
    return {
      width: estimateTextWidth(String(text), size),
      actualBoundingBoxAscent: size * 0.72,
      actualBoundingBoxDescent: size * 0.22,
      fontBoundingBoxAscent: size * 0.9,
      fontBoundingBoxDescent: size * 0.25,
    } as TextMetrics;
  }

  // Images: (image, dx, dy) or (image, dx, dy, dw, dh), axis-aligned transforms.
  drawImage(img: ImageLike, dx: number, dy: number, dw = img.width, dh = img.height): void {
    const [x0, y0] = apply(this.s.m, dx, dy);
    const [x1, y1] = apply(this.s.m, dx + dw, dy + dh);
    this.scene.items.push({
      kind: 'image',
      x: Math.min(x0, x1),
      y: Math.min(y0, y1),
      width: Math.abs(x1 - x0),
      height: Math.abs(y1 - y0),
      href: imageHref(img),
      opacity: this.s.globalAlpha,
      smooth: this.s.imageSmoothingEnabled,
      clip: this.s.clip,
    });
  }
}

/** A picture drawn by a painter: a plain function, or a generator that yields between parts. */
export type Paint = (ctx: CanvasRenderingContext2D) => Generator<void, void, void> | void;

/** Records `paint` into a scene of `width` × `height`, all at once (tests, small pictures). */
export function recordScene(width: number, height: number, paint: Paint): Scene {
  const rec = new SceneRecorder(width, height);
  withScenePaths(() => {
    const drawing = paint(rec.asCanvas());
    if (drawing) while (!drawing.next().done);
  });
  return rec.scene;
}
