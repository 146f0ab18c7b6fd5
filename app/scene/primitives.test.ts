import { describe, expect, it } from 'vitest';
import { hitTest, insideShape } from './hitTest';
import { paintCanvas, type PaintContext } from './paintCanvas';
import { toScene, toSvg } from './primitiveSvg';
import { PathOps, text, type Primitive } from './primitives';

const square = new PathOps();
square.rect(10, 10, 20, 20);
const disc = new PathOps();
disc.circle(50, 50, 10);
const picture: Primitive[] = [
  { kind: 'path', ops: square.ops, fill: 'rgba(255,0,0,0.5)', stroke: '#000000', lineWidth: 2 },
  { kind: 'path', ops: disc.ops, stroke: '#00ff00', dash: [3, 3], alpha: 0.5 },
  text('λ3 <a&b>', 40, 80, 12, 700, '#0f172a', { halo: { colour: '#ffffff', width: 3 } }),
  {
    kind: 'group',
    minZoom: 2,
    clip: square.ops,
    items: [text('close up', 15, 15, 9, 400, '#111111', { anchor: 'start' })],
  },
];

describe('toSvg', () => {
  const svg = toSvg(picture, 100, 100, 'a test');

  it('writes paths with their fill, stroke, opacity and dash, and text with its halo, escaped', () => {
    expect(svg).toContain(
      '<path d="M10 10L30 10L30 30L10 30Z" fill="rgb(255,0,0)" fill-opacity="0.5" stroke="#000000" stroke-width="2"/>',
    );
    expect(svg).toContain(
      '<path d="M60 50L60 50A10 10 0 0 1 40 50A10 10 0 0 1 60 50" fill="none" stroke="#00ff00" stroke-width="1" stroke-opacity="0.5" stroke-dasharray="3 3"/>',
    );
    expect(svg).toMatch(/<text x="40" y="80" font-size="12" font-weight="700"[^>]*text-anchor="middle"/);
    expect(svg).toContain(
      'stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke">λ3 &lt;a&amp;b&gt;</text>',
    );
    expect(svg).toContain('<title>a test</title>');
  });

  it('leaves out a group below its zoom, and clips it where it is shown', () => {
    expect(svg).not.toContain('close up');
    const near = toScene(picture, 100, 100, 2);
    expect(near.clips).toEqual([{ d: 'M10 10L30 10L30 30L10 30Z', parent: null }]);
    expect(near.items.at(-1)).toMatchObject({ kind: 'text', text: 'close up', anchor: 'start', clip: 0 });
  });
});

describe('hitTest', () => {
  const node = (id: number, x: number, y: number, r: number) =>
    ({ kind: 'node', id, shape: { kind: 'circle', x, y, r } }) as const;
  const items: Primitive[] = [
    {
      kind: 'group',
      items: [],
      hits: [
        node(0, 50, 50, 20),
        node(1, 60, 50, 20),
        { kind: 'link', id: 7, shape: { kind: 'segment', x0: 0, y0: 90, x1: 100, y1: 90, width: 4 } },
      ],
    },
    { kind: 'group', items: [], minZoom: 4, hits: [node(2, 50, 50, 2)] },
  ];

  it('gives the target drawn last where shapes overlap, and null off every shape', () => {
    expect(hitTest(items, 55, 50)?.id).toBe(1);
    expect(hitTest(items, 35, 50)?.id).toBe(0);
    expect(hitTest(items, 50, 91)).toMatchObject({ kind: 'link', id: 7 });
    expect(hitTest(items, 50, 93)).toBeNull();
  });

  it('reads the point through the pan and zoom, and skips groups not shown at that zoom', () => {
    // At 4×, shifted by (−100, −100): view point (100, 100) is world (50, 50), where node 2 shows.
    expect(hitTest(items, 100, 100, { k: 4, x: -100, y: -100 })?.id).toBe(2);
    expect(hitTest(items, 50, 50)?.id).toBe(1);
  });

  it('knows a sector of a ring across the angle where it wraps', () => {
    const s = { kind: 'sector', cx: 0, cy: 0, r0: 8, r1: 12, a0: Math.PI - 0.1, a1: Math.PI + 0.1 } as const;
    expect(insideShape(s, -10, 0.5)).toBe(true);
    expect(insideShape(s, -10, -0.5)).toBe(true);
    expect(insideShape(s, -5, 0)).toBe(false);
    expect(insideShape(s, 0, 10)).toBe(false);
  });
});

describe('paintCanvas', () => {
  /** A context that writes down the calls the painter makes. */
  function fakeContext() {
    const calls: string[] = [];
    const state: Record<string, unknown> = {};
    const ctx = new Proxy(state, {
      get: (_, name: string) =>
        name in state
          ? state[name]
          : (...args: unknown[]) => calls.push(`${name}(${args.map((a) => JSON.stringify(a)).join(',')})`),
      set: (_, name: string, v) => {
        calls.push(`${name}=${JSON.stringify(v)}`);
        state[name] = v;
        return true;
      },
    }) as unknown as PaintContext;
    return { ctx, calls };
  }

  it('draws each path with its style through the view, yielding after each path', () => {
    const { ctx, calls } = fakeContext();
    const drawing = paintCanvas(ctx, picture, { k: 2, x: 5, y: 6 });
    let parts = 0;
    while (!drawing.next().done) parts++;
    expect(parts).toBe(2);
    expect(calls.slice(0, 3)).toEqual(['save()', 'translate(5,6)', 'scale(2,2)']);
    const fill = calls.indexOf('fill("nonzero")');
    expect(calls.slice(calls.indexOf('rect(10,10,20,20)'), fill + 1)).toEqual([
      'rect(10,10,20,20)',
      'globalAlpha=1',
      'fillStyle="rgba(255,0,0,0.5)"',
      'fill("nonzero")',
    ]);
    expect(calls).toContain('arc(50,50,10,0,6.283185307179586,false)');
    expect(calls).toContain('setLineDash([3,3])');
    expect(calls).toContain('globalAlpha=0.5');
    expect(calls).toContain('font="700 12px system-ui, sans-serif"');
    expect(calls.indexOf('strokeText("λ3 <a&b>",40,80)')).toBeLessThan(
      calls.indexOf('fillText("λ3 <a&b>",40,80)'),
    );
    // At 2× the close-up group is shown, clipped to the square.
    expect(calls).toContain('fillText("close up",15,15)');
    expect(calls).toContain('clip()');
  });

  it('leaves out a group below its zoom', () => {
    const { ctx, calls } = fakeContext();
    const drawing = paintCanvas(ctx, picture);
    while (!drawing.next().done);
    expect(calls.join(' ')).not.toContain('close up');
  });

  it('turns a text about its point: moved there, turned, written at the origin, and put back', () => {
    const { ctx, calls } = fakeContext();
    const turned = text('← source r', 20, 90, 14, 600, '#000000', { rotate: -Math.PI / 2 });
    const drawing = paintCanvas(ctx, [turned]);
    while (!drawing.next().done);
    const at = calls.indexOf('translate(20,90)');
    expect(calls.slice(at, at + 2)).toEqual(['translate(20,90)', `rotate(${-Math.PI / 2})`]);
    expect(calls.indexOf('fillText("← source r",0,0)')).toBeGreaterThan(at);
    expect(calls.lastIndexOf('restore()')).toBeGreaterThan(calls.indexOf('fillText("← source r",0,0)'));
  });
});
