import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findAlgorithm } from '../../src/registry';
import { defaultsOf } from '../../src/kernel/params/schema';
import { heldCounts } from '../../src/kernel/replay/holding-queries';
import { CLI_LIMITS } from '../../src/limits';
import { run } from '../../src/run';
import { type RunResult } from '../../src/result';
import { SlicedPainter, type Drawing, type PainterHost, type Surface } from './slicedPainter';
import { ringLayout } from './ringGeometry';

/** A clock that only moves when told, and a task queue run by hand. */
function fakeHost() {
  let t = 0;
  const queue: (() => void)[] = [];
  const host: PainterHost = {
    now: () => t,
    later(task) {
      queue.push(task);
      return () => {
        const i = queue.indexOf(task);
        if (i >= 0) queue.splice(i, 1);
      };
    },
  };
  return {
    host,
    advance: (ms: number) => (t += ms),
    pending: () => queue.length,
    /** Runs queued tasks until none is left; returns how many ran. */
    drain() {
      let n = 0;
      while (queue.length) {
        queue.shift()!();
        n++;
      }
      return n;
    },
  };
}

/** A surface whose "context" is a list of drawing calls; `shown` holds each presented picture. */
function recordingSurface() {
  let current: string[] = [];
  const shown: string[][] = [];
  const surface: Surface<string[]> = {
    start() {
      current = [];
      return current;
    },
    flush(ctx) {
      ctx.push('flush');
    },
    present() {
      shown.push(current.filter((c) => c !== 'flush'));
    },
  };
  return { surface, shown };
}

describe('SlicedPainter', () => {
  /** Ten parts of 3 ms each. */
  const tenParts = (tag: string, advance: (ms: number) => void) =>
    function* (ctx: string[]): Drawing {
      for (let i = 0; i < 10; i++) {
        ctx.push(`${tag}${i}`);
        advance(3);
        yield;
      }
    };

  it('spreads a picture over tasks within the budget and shows it once, complete', () => {
    const h = fakeHost();
    const { surface, shown } = recordingSurface();
    const p = new SlicedPainter(surface, 8, h.host);
    p.request(100, 100, tenParts('a', h.advance));
    // 3 parts (9 ms ≥ 8 ms) in the asking task; nothing is shown until the last part.
    expect(shown).toEqual([]);
    expect(p.busy).toBe(true);
    expect(h.drain()).toBe(3);
    expect(shown).toEqual([['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9']]);
    expect(p.lastSlices).toBe(4);
    expect(p.busy).toBe(false);
  });

  it('the slice in the asking task has a budget of its own', () => {
    const h = fakeHost();
    const { surface, shown } = recordingSurface();
    const p = new SlicedPainter(surface, 8, h.host, 4);
    const log: string[] = [];
    p.request(100, 100, function* (ctx) {
      for (let i = 0; i < 10; i++) {
        ctx.push(`a${i}`);
        log.push(`${i}@${h.host.now()}`);
        h.advance(3);
        yield;
      }
    });
    // 2 parts (6 ms ≥ 4 ms) now, then 3 a task (9 ms ≥ 8 ms): 2 + 3 + 3 + 2.
    expect(log).toEqual(['0@0', '1@3']);
    expect(h.drain()).toBe(3);
    expect(shown).toHaveLength(1);
    expect(p.lastSlices).toBe(4);
  });

  it('draws a small picture at once, in the task that asked', () => {
    const h = fakeHost();
    const { surface, shown } = recordingSurface();
    const p = new SlicedPainter(surface, 100, h.host);
    p.request(100, 100, tenParts('a', h.advance));
    expect(shown).toHaveLength(1);
    expect(h.pending()).toBe(0);
    expect(p.lastSlices).toBe(1);
  });

  it('sliced or not, the same calls in the same order', () => {
    const sliced = recordingSurface();
    const whole = recordingSurface();
    const h1 = fakeHost();
    const h2 = fakeHost();
    new SlicedPainter(sliced.surface, 0, h1.host).request(1, 1, tenParts('x', h1.advance));
    new SlicedPainter(whole.surface, Infinity, h2.host).request(1, 1, tenParts('x', h2.advance));
    h1.drain();
    expect(sliced.shown).toEqual(whole.shown);
  });

  it('after a big picture, the next one starts in a task of its own; after a small one, at once', () => {
    const h = fakeHost();
    const { surface, shown } = recordingSurface();
    const p = new SlicedPainter(surface, 8, h.host);
    p.request(1, 1, tenParts('a', h.advance)); // 4 slices
    h.drain();
    p.request(1, 1, function* (ctx) {
      ctx.push('small');
      yield;
    });
    expect(shown).toHaveLength(1);
    expect(h.drain()).toBe(1);
    expect(shown[1]).toEqual(['small']);
    // That one fitted in a slice: the next is drawn in the asking task.
    p.request(1, 1, function* (ctx) {
      ctx.push('small again');
      yield;
    });
    expect(shown[2]).toEqual(['small again']);
    expect(h.pending()).toBe(0);
  });

  it('requests during a picture wait for it (no restart) and only the newest is drawn next', () => {
    const h = fakeHost();
    const { surface, shown } = recordingSurface();
    const p = new SlicedPainter(surface, 8, h.host);
    p.request(1, 1, tenParts('a', h.advance));
    p.request(1, 1, tenParts('b', h.advance));
    p.request(1, 1, tenParts('c', h.advance));
    h.drain();
    expect(shown.map((s) => s.join(''))).toEqual(['a0a1a2a3a4a5a6a7a8a9', 'c0c1c2c3c4c5c6c7c8c9']);
  });

  it('dispose stops the picture in progress', () => {
    const h = fakeHost();
    const { surface, shown } = recordingSurface();
    const p = new SlicedPainter(surface, 8, h.host);
    p.request(1, 1, tenParts('a', h.advance));
    p.dispose();
    expect(h.pending()).toBe(0);
    expect(shown).toEqual([]);
  });

  it('a drawing that throws in a later slice goes to onError, and the painter draws the next one', () => {
    const h = fakeHost();
    const { surface, shown } = recordingSurface();
    const p = new SlicedPainter(surface, 8, h.host);
    const errors: unknown[] = [];
    p.onError = (e) => errors.push(e);
    p.request(1, 1, function* (ctx) {
      ctx.push('a');
      h.advance(10);
      yield;
      throw new Error('negative radius');
    });
    expect(h.drain()).toBe(1);
    expect(errors.map((e) => (e as Error).message)).toEqual(['negative radius']);
    expect(p.busy).toBe(false);
    expect(shown).toEqual([]);
    p.request(1, 1, tenParts('b', h.advance));
    h.drain();
    expect(shown).toEqual([['b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9']]);
  });

  it('without onError, a drawing that throws throws from the task that ran it', () => {
    const h = fakeHost();
    const { surface } = recordingSurface();
    const p = new SlicedPainter(surface, 8, h.host);
    expect(() =>
      p.request(1, 1, function* () {
        yield;
        throw new Error('boom');
      }),
    ).toThrow('boom');
  });
});

/** A canvas context that writes down every call and property write (paths by their contents). */
function recordingContext(log: string[]): CanvasRenderingContext2D {
  const show = (v: unknown): string =>
    v instanceof RecordingPath
      ? `path[${v.ops.join(';')}]`
      : typeof v === 'number'
        ? v.toFixed(3)
        : String(v);
  return new Proxy({} as Record<string, unknown>, {
    get(target, key) {
      if (key in target) return target[key as string];
      if (key === 'measureText') return (s: string) => ({ width: s.length * 7 });
      return (...args: unknown[]) => log.push(`${String(key)}(${args.map(show).join(',')})`);
    },
    set(target, key, value) {
      target[key as string] = value;
      log.push(`${String(key)}=${show(value)}`);
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

class RecordingPath {
  ops: string[] = [];
  constructor() {
    return new Proxy(this, {
      get(target, key) {
        if (key in target) return target[key as keyof RecordingPath];
        return (...args: unknown[]) =>
          target.ops.push(
            `${String(key)}(${args.map((a) => (typeof a === 'number' ? a.toFixed(3) : String(a))).join(',')})`,
          );
      },
    });
  }
}

function result(id: string, extra: Record<string, number | string>): RunResult {
  const spec = findAlgorithm(id);
  if (!spec) throw new Error(`no algorithm ${id}`);
  return run(id, { ...defaultsOf(spec.params), ...extra }, CLI_LIMITS);
}

/** The calls of one picture, drawn through a painter with the given budget. */
function calls(draw: (ctx: CanvasRenderingContext2D) => Drawing, budgetMs: number) {
  const h = fakeHost();
  let log: string[] = [];
  const shown: string[][] = [];
  const surface: Surface<CanvasRenderingContext2D> = {
    start() {
      log = [];
      return recordingContext(log);
    },
    flush() {
      h.advance(1); // every part "takes" 1 ms: a budget of 0 puts each part in a task of its own
    },
    present() {
      shown.push(log);
    },
  };
  const p = new SlicedPainter(surface, budgetMs, h.host);
  p.request(800, 600, draw);
  h.drain();
  return { shown, slices: p.lastSlices };
}

describe('network pictures drawn in slices', () => {
  beforeEach(() => vi.stubGlobal('Path2D', RecordingPath));
  afterEach(() => vi.unstubAllGlobals());

  it('the ring: sliced into many tasks, exactly the calls of the picture drawn at once', async () => {
    const { ringSceneParts } = await import('../families/ring/ringScene');
    const { paintCanvas } = await import('../scene/paintCanvas');
    const r = result('one-stage', { nodes: 1100, wavelengths: 64 });
    for (const step of [0, 1, 7]) {
      const counts = heldCounts(r.holdings, step);
      const layout = ringLayout(800, 600, r.topology.nodeCount, 64);
      const frame = { result: r, step, layout, counts, hovered: null, groups: null, highlight: null };
      // Laid out and painted in the same slices, as the view does.
      const draw = function* (ctx: CanvasRenderingContext2D) {
        yield* paintCanvas(ctx, yield* ringSceneParts(frame));
      };
      const sliced = calls(draw, 0);
      const whole = calls(draw, Infinity);
      expect(whole.slices).toBe(1);
      expect(sliced.slices).toBeGreaterThan(step === 0 ? 2 : 10);
      expect(sliced.shown).toHaveLength(1);
      expect(sliced.shown).toEqual(whole.shown);
      // Lightpaths are the only strokes on this ring (no lane guides, no marks): none before step 1.
      expect(whole.shown[0].includes('stroke()')).toBe(step > 0);
    }
  }, 60_000);

  it('the star: sliced into many tasks, exactly the calls of the picture drawn at once', async () => {
    const { starPicture } = await import('../families/star/starPicture');
    const { paintCanvas } = await import('../scene/paintCanvas');
    const { DESK_TYPE } = await import('./canvasText');
    const r = result('star-gossip', { nodes: 1030, 'wavelengths-per-node': 3 });
    for (const step of [0, 1, r.schedule.stepCount]) {
      const picture = starPicture(r, step);
      // Laid out and painted in the same slices, as the view does.
      const draw = function* (ctx: CanvasRenderingContext2D) {
        yield* paintCanvas(ctx, yield* picture.layout(800, 600, DESK_TYPE));
      };
      const sliced = calls(draw, 0);
      const whole = calls(draw, Infinity);
      expect(sliced.slices).toBeGreaterThan(2);
      expect(sliced.shown).toEqual(whole.shown);
    }
  }, 60_000);
});
