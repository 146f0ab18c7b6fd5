import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hitTest } from './hitTest';
import { paintCanvas, type PaintContext } from './paintCanvas';
import { toScene, toSvg } from './primitiveSvg';
import { PathOps, text, type Pixels, type Primitive } from './primitives';

// The image primitive and a group's transform (the mesh's pixel per processor and its zoom), on all
// three sides of the shared painter; and a block of cells as one hit target.

const bar = new PathOps();
bar.moveTo(0, 0);
bar.lineTo(10, 0);
const clip = new PathOps();
clip.rect(0, 20, 100, 80);
/** A picture with pixels of its own (a canvas is made once per pixel array). */
const pictureOf = (pixels: Pixels): Primitive[] => [
  {
    kind: 'group',
    clip: clip.ops,
    transform: { k: 2, x: 10, y: 20 },
    items: [
      { kind: 'image', x: 1, y: 2, width: 20, height: 10, pixels, smooth: false },
      { kind: 'path', ops: bar.ops, stroke: '#000000', lineWidth: 1.5, dash: [2, 1] },
      text('P7', 5, 5, 6, 600, '#111111', { halo: { colour: '#ffffff', width: 1 } }),
      { kind: 'group', minZoom: 3, items: [text('near', 0, 0, 4, 400, '#111111')] },
    ],
  },
];
const fresh = (): Pixels => ({
  cols: 2,
  rows: 1,
  data: new Uint8ClampedArray([255, 0, 0, 255, 0, 0, 255, 255]),
});
const picture = pictureOf(fresh());

/** A canvas stand-in: what a browser's canvas does with pixels is not the point here. */
const fakeCanvases: { width: number; height: number; put: unknown[] }[] = [];
beforeEach(() => {
  fakeCanvases.length = 0;
  vi.stubGlobal(
    'ImageData',
    class {
      constructor(
        public data: Uint8ClampedArray,
        public width: number,
        public height: number,
      ) {}
    },
  );
  vi.stubGlobal('document', {
    createElement: () => {
      const c = { width: 0, height: 0, put: [] as unknown[] };
      fakeCanvases.push(c);
      return {
        ...c,
        set width(v: number) {
          c.width = v;
        },
        set height(v: number) {
          c.height = v;
        },
        getContext: () => ({ putImageData: (d: unknown) => c.put.push(d) }),
        toDataURL: () => `data:image/png;base64,${c.width}x${c.height}`,
      };
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('an image and a transformed group as SVG', () => {
  it('writes the image where the transform puts it, as a PNG, with hard edges when not smoothed', () => {
    const svg = toSvg(picture, 200, 200);
    expect(svg).toContain(
      '<image x="12" y="24" width="40" height="20" preserveAspectRatio="none" href="data:image/png;base64,2x1" style="image-rendering:pixelated"',
    );
  });

  it('scales the coordinates, line widths, dashes, type and halos of what the group holds', () => {
    const scene = toScene(picture, 200, 200);
    expect(scene.clips).toEqual([{ d: 'M0 20L100 20L100 100L0 100Z', parent: null }]);
    expect(scene.items[1]).toMatchObject({ d: 'M10 20L30 20', strokeWidth: 3, dash: [4, 2], clip: 0 });
    expect(scene.items[2]).toMatchObject({ x: 20, y: 30, size: 12, halo: { width: 2 } });
    // Zoom ranges inside are of the zoom seen there: 2 at the outer 1, 4 at the outer 2.
    expect(scene.items).toHaveLength(3);
    expect(toScene(picture, 200, 200, 2).items.at(-1)).toMatchObject({ text: 'near', size: 8 });
  });
});

describe('an image and a transformed group on a canvas', () => {
  it('clips, then moves and scales, then draws the pixels from a canvas of their own', () => {
    const calls: string[] = [];
    const ctx = new Proxy({} as Record<string, unknown>, {
      get:
        (_, name: string) =>
        (...args: unknown[]) =>
          calls.push(
            `${name}(${args.map((a) => (typeof a === 'object' ? 'canvas' : JSON.stringify(a))).join(',')})`,
          ),
      set: (_, name: string, v) => {
        calls.push(`${name}=${JSON.stringify(v)}`);
        return true;
      },
    }) as unknown as PaintContext;
    const picture = pictureOf(fresh());
    const drawing = paintCanvas(ctx, picture);
    while (!drawing.next().done);
    const at = (c: string) => calls.indexOf(c);
    expect(at('clip()')).toBeLessThan(at('translate(10,20)'));
    expect(at('translate(10,20)')).toBeLessThan(at('scale(2,2)'));
    expect(at('scale(2,2)')).toBeLessThan(at('drawImage(canvas,1,2,20,10)'));
    expect(calls).toContain('imageSmoothingEnabled=false');
    expect(fakeCanvases[0]).toMatchObject({ width: 2, height: 1 });
    expect(calls.join(' ')).not.toContain('near');
    // Painted again, the same pixels are not copied to a new canvas.
    const again = paintCanvas(ctx, picture);
    while (!again.next().done);
    expect(fakeCanvases).toHaveLength(1);
  });
});

describe('hit-testing a block of cells in a transformed group', () => {
  const grid: Primitive[] = [
    {
      kind: 'group',
      transform: { k: 2, x: 100, y: 50 },
      items: [],
      hits: [{ kind: 'node', id: 16, shape: { kind: 'cells', x: 0, y: 0, cell: 5, cols: 4, rows: 4 } }],
    },
  ];

  it('names the cell under the point, counting along the rows from the block’s first id', () => {
    // World (100 + 2·7, 50 + 2·12) is inside the block at column 1, row 2: id 16 + 2·4 + 1.
    expect(hitTest(grid, 114, 74)?.id).toBe(25);
    expect(hitTest(grid, 101, 51)?.id).toBe(16);
    expect(hitTest(grid, 100 + 2 * 19.9, 50 + 2 * 19.9)?.id).toBe(31);
    expect(hitTest(grid, 99, 60)).toBeNull();
    expect(hitTest(grid, 141, 60)).toBeNull();
  });

  it('reads the point through the view as well as the group’s transform', () => {
    // View 3× shifted by (−30, 0): view point (3·114 − 30, 3·74) is world (114, 74).
    expect(hitTest(grid, 3 * 114 - 30, 3 * 74, { k: 3, x: -30, y: 0 })?.id).toBe(25);
  });
});
