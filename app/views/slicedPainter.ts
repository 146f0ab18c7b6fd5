/**
 * Pictures drawn in slices. A drawing is a generator that yields wherever it may pause (after each
 * batch of strokes, every so many nodes); the painter runs it on a back buffer for at most a time
 * budget per task, making the browser rasterise what was drawn before it measures (so the budget
 * covers the pixels, not only the JavaScript), and shows the picture when it is complete. The
 * visible canvas always holds a whole picture: the previous one until the next is done.
 *
 * A small picture is drawn and shown within the task that asked for it, as if drawn directly. A
 * big one (a 1024-node ring's 512 long lightpaths cost the software rasteriser 20–40 ms) is spread
 * over a few tasks, so no task of the page runs long; once a picture has needed more than one slice,
 * the next starts in a task of its own rather than in the one that asked (which also renders the page). Requests that arrive while a picture is being
 * drawn do not restart it (at full speed a restarted picture would never be finished): the newest is
 * drawn next, and the ones in between are skipped.
 */

import { prepareCanvas } from '../lib/useSize';

/** A picture being drawn; each `yield` is a point where the painter may continue in a later task. */
export type Drawing = Generator<void, void, void>;

/** Where a painter draws and how it shows the result. */
export interface Surface<C> {
  /** A cleared back buffer of `width` × `height` CSS pixels, in its default state; null if unavailable. */
  start(width: number, height: number): C | null;
  /** Makes the browser rasterise what has been drawn so far (its cost then falls in this slice). */
  flush(ctx: C): void;
  /** Shows the finished back buffer. */
  present(): void;
}

/** The clock and task queue (injectable for tests). */
export interface PainterHost {
  now(): number;
  /** Runs `task` in a later task; returns a function that cancels it. */
  later(task: () => void): () => void;
}

const browserHost: PainterHost = {
  now: () => performance.now(),
  later(task) {
    const t = setTimeout(task, 0);
    return () => clearTimeout(t);
  },
};

interface Request<C> {
  width: number;
  height: number;
  draw: (ctx: C) => Drawing;
}

export class SlicedPainter<C> {
  private job: Drawing | null = null;
  private wanted: Request<C> | null = null;
  private cancel: (() => void) | null = null;
  /** Tasks the last finished picture took (1: drawn within the task that asked for it). */
  lastSlices = 0;
  private slices = 0;
  /**
   * Told when a drawing throws; the drawing is dropped and the painter stays usable. Without it the
   * error propagates (from a later slice, to the page's uncaught-error handler).
   */
  onError: ((error: unknown) => void) | null = null;

  /**
   * `budgetMs` bounds each slice; `firstSliceMs` the one run in the task that asked for the picture,
   * which has already done other work (a React render, the other views).
   */
  constructor(
    private readonly surface: Surface<C>,
    private readonly budgetMs: number,
    private readonly host: PainterHost = browserHost,
    private readonly firstSliceMs = budgetMs,
  ) {}

  /** Asks for a picture: drawn now if the painter is idle, else after the one in progress. */
  request(width: number, height: number, draw: (ctx: C) => Drawing): void {
    this.wanted = { width, height, draw };
    if (this.job || this.cancel) return;
    // A picture that fitted in one slice last time is drawn now, in the asking task (no frame shows
    // the old picture); a big one starts in a task of its own, so the asking task stays short.
    if (this.lastSlices <= 1) this.startNext(true);
    else this.cancel = this.host.later(() => this.startNext());
  }

  /** Whether a picture is being drawn or waiting to be. */
  get busy(): boolean {
    return this.job !== null || this.cancel !== null;
  }

  /** Stops drawing (the component is going away). */
  dispose(): void {
    this.cancel?.();
    this.cancel = null;
    this.job = null;
    this.wanted = null;
  }

  private startNext(asked = false): void {
    this.cancel = null;
    const w = this.wanted;
    this.wanted = null;
    if (!w) return;
    const ctx = this.surface.start(w.width, w.height);
    if (ctx === null) return;
    this.job = w.draw(ctx);
    this.slices = 0;
    this.run(ctx, asked ? this.firstSliceMs : this.budgetMs);
  }

  private run(ctx: C, budgetMs: number): void {
    this.cancel = null;
    const job = this.job;
    if (!job) return;
    this.slices++;
    const t0 = this.host.now();
    try {
      for (;;) {
        if (job.next().done) break;
        this.surface.flush(ctx);
        if (this.host.now() - t0 >= budgetMs) {
          this.cancel = this.host.later(() => this.run(ctx, this.budgetMs));
          return;
        }
      }
    } catch (error) {
      this.job = null;
      this.wanted = null;
      if (!this.onError) throw error;
      this.onError(error);
      return;
    }
    this.job = null;
    this.lastSlices = this.slices;
    this.surface.present();
    // A newer picture was asked for meanwhile: it starts in a task of its own.
    if (this.wanted) this.cancel = this.host.later(() => this.startNext());
  }
}

/**
 * A canvas drawn through a back buffer at the device pixel ratio: `start` gives the buffer's context
 * scaled to CSS pixels (as `setupCanvas` does for a visible canvas), `present` copies it, pixel for
 * pixel, to `target`, sizing it as `setupCanvas` would.
 */
export function backBufferSurface(target: () => HTMLCanvasElement | null): Surface<CanvasRenderingContext2D> {
  const back = document.createElement('canvas');
  // Read back on every flush (one pixel): a buffer in memory, never a GPU texture read back.
  const ctx = back.getContext('2d', { willReadFrequently: true });
  let size = { width: 0, height: 0 };
  return {
    start(width, height) {
      if (!ctx) return null;
      prepareCanvas(back, ctx, width, height, false);
      size = { width, height };
      return ctx;
    },
    flush(c) {
      c.getImageData(0, 0, 1, 1);
    },
    present() {
      const c = target();
      const out = c?.getContext('2d');
      if (!c || !out) return;
      prepareCanvas(c, out, size.width, size.height);
      // The back buffer is already in device pixels: copy it one to one.
      out.setTransform(1, 0, 0, 1, 0, 0);
      out.drawImage(back, 0, 0);
    },
  };
}
