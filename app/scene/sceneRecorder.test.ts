import { describe, expect, it } from 'vitest';
import { textsOf, type PathItem } from './scene';
import { recordScene, SceneRecorder } from './sceneRecorder';
import { estimateTextWidth, parseFont, splitAlpha } from './sceneText';

const paths = (items: { kind: string }[]) => items.filter((i): i is PathItem => i.kind === 'path');

describe('SceneRecorder', () => {
  it('records lines and rectangles in absolute coordinates with their styles', () => {
    const scene = recordScene(100, 50, (ctx) => {
      ctx.strokeStyle = '#ff0000';
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
      ctx.setLineDash([4, 2]);
      ctx.beginPath();
      ctx.moveTo(1, 2);
      ctx.lineTo(10.004, 20);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = 'rgba(0, 0, 255, 0.5)';
      ctx.globalAlpha = 0.5;
      ctx.fillRect(5, 6, 7, 8);
    });
    const [line, rect] = paths(scene.items);
    expect(line).toMatchObject({
      d: 'M1 2L10 20',
      stroke: '#ff0000',
      strokeWidth: 3,
      lineCap: 'round',
      dash: [4, 2],
      fill: null,
    });
    expect(rect).toMatchObject({
      d: 'M5 6L12 6L12 14L5 14Z',
      fill: 'rgb(0,0,255)',
      fillOpacity: 0.25,
      stroke: null,
    });
  });

  it('applies translate, scale and rotate to points, widths and text', () => {
    const scene = recordScene(100, 100, (ctx) => {
      ctx.translate(10, 20);
      ctx.scale(2, 2);
      ctx.lineWidth = 1.5;
      ctx.strokeRect(0, 0, 5, 5);
      ctx.font = '600 9px system-ui, sans-serif';
      ctx.fillText('a', 1, 1);
      ctx.rotate(-Math.PI / 2);
      ctx.fillText('up', 0, 0);
    });
    const [rect] = paths(scene.items);
    expect(rect.d).toBe('M10 20L20 20L20 30L10 30Z');
    expect(rect.strokeWidth).toBe(3);
    const [a, up] = textsOf(scene);
    expect(a).toMatchObject({ x: 12, y: 22, size: 18, weight: 600, rotate: 0 });
    expect(up.rotate).toBeCloseTo(-90);
    expect([up.x, up.y]).toEqual([10, 20]);
  });

  it('save and restore bring back the transform, the styles and the dash', () => {
    const scene = recordScene(10, 10, (ctx) => {
      ctx.fillStyle = '#111111';
      ctx.save();
      ctx.translate(5, 5);
      ctx.fillStyle = '#222222';
      ctx.restore();
      ctx.fillRect(0, 0, 1, 1);
    });
    expect(paths(scene.items)[0]).toMatchObject({ d: 'M0 0L1 0L1 1L0 1Z', fill: '#111111' });
  });

  it('writes arcs as SVG arcs in the canvas direction, a whole circle in two halves', () => {
    const scene = recordScene(100, 100, (ctx) => {
      ctx.beginPath();
      ctx.arc(50, 50, 10, 0, 2 * Math.PI);
      ctx.fill();
      ctx.beginPath();
      ctx.arc(50, 50, 10, 0, Math.PI / 2, true);
      ctx.stroke();
    });
    const [circle, quarter] = paths(scene.items);
    expect(circle.d).toBe('M60 50A10 10 0 0 1 40 50A10 10 0 0 1 60 50');
    // Counter-clockwise from 0 to π/2 is three quarters of a turn, the other way round (sweep 0).
    expect(quarter.d).toBe('M60 50A10 10 0 0 0 42.93 42.93A10 10 0 0 0 50 60');
  });

  it('reads paths made with Path2D while recording, under the transform at fill time', () => {
    const scene = recordScene(100, 100, (ctx) => {
      const p = new Path2D();
      p.rect(0, 0, 2, 2);
      p.moveTo(0, 0);
      p.lineTo(3, 4);
      ctx.translate(10, 10);
      ctx.fill(p);
    });
    expect(paths(scene.items)[0].d).toBe('M10 10L12 10L12 12L10 12ZM10 10L13 14');
    // Outside a recording Path2D is the environment's again (none in Node).
    expect((globalThis as { Path2D?: unknown }).Path2D).toBeUndefined();
  });

  it('records text with its anchor, baseline, colour and the font size in px', () => {
    const scene = recordScene(100, 100, (ctx) => {
      ctx.font = 'bold 20px Georgia, serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = '#0f172a';
      ctx.fillText('λ3 <&>', 40, 30);
      ctx.font = '12px system-ui';
      ctx.textAlign = 'right';
      ctx.fillText('7', 5, 6);
    });
    expect(textsOf(scene)).toMatchObject([
      {
        text: 'λ3 <&>',
        x: 40,
        y: 30,
        size: 20,
        weight: 700,
        family: 'Georgia, serif',
        anchor: 'middle',
        baseline: 'middle',
        fill: '#0f172a',
      },
      { text: '7', size: 12, weight: 400, anchor: 'end', baseline: 'middle' },
    ]);
  });

  it('clips what follows until restore, nested clips inside their parent', () => {
    const scene = recordScene(100, 100, (ctx) => {
      ctx.save();
      ctx.beginPath();
      ctx.rect(0, 0, 50, 50);
      ctx.clip();
      ctx.fillRect(0, 0, 10, 10);
      ctx.beginPath();
      ctx.rect(0, 0, 5, 5);
      ctx.clip();
      ctx.fillRect(0, 0, 1, 1);
      ctx.restore();
      ctx.fillRect(0, 0, 2, 2);
    });
    expect(scene.clips).toEqual([
      { d: 'M0 0L50 0L50 50L0 50Z', parent: null },
      { d: 'M0 0L5 0L5 5L0 5Z', parent: 0 },
    ]);
    expect(scene.items.map((i) => i.clip)).toEqual([0, 1, null]);
  });

  it('embeds an image drawn onto it as its PNG data URL, at its place and size', () => {
    const rec = new SceneRecorder(100, 100);
    const ctx = rec.asCanvas();
    ctx.translate(10, 0);
    ctx.imageSmoothingEnabled = false;
    const image = { width: 4, height: 2, toDataURL: () => 'data:image/png;base64,AAAA' };
    ctx.drawImage(image as unknown as HTMLCanvasElement, 5, 6, 40, 20);
    ctx.drawImage(image as unknown as HTMLCanvasElement, 0, 0);
    expect(rec.scene.items).toMatchObject([
      {
        kind: 'image',
        x: 15,
        y: 6,
        width: 40,
        height: 20,
        href: 'data:image/png;base64,AAAA',
        smooth: false,
      },
      { kind: 'image', x: 10, y: 0, width: 4, height: 2 },
    ]);
  });

  it('measures text with a deterministic estimate that grows with size and length', () => {
    const rec = new SceneRecorder(10, 10).asCanvas();
    rec.font = '10px sans-serif';
    const short = rec.measureText('12').width;
    rec.font = '20px sans-serif';
    expect(rec.measureText('12').width).toBeCloseTo(2 * short);
    expect(estimateTextWidth('1234', 10)).toBeCloseTo(2 * estimateTextWidth('12', 10));
    expect(estimateTextWidth('MM', 10)).toBeGreaterThan(estimateTextWidth('ii', 10));
  });

  it('reads colours with alpha and font shorthands', () => {
    expect(splitAlpha('rgba(148,163,184,0.10)')).toEqual(['rgb(148,163,184)', 0.1]);
    expect(splitAlpha('#11223380')[1]).toBeCloseTo(0.5, 2);
    expect(splitAlpha('#db2777')).toEqual(['#db2777', 1]);
    expect(parseFont('600 14px system-ui, sans-serif')).toEqual({
      size: 14,
      weight: 600,
      family: 'system-ui, sans-serif',
    });
    expect(parseFont('13.5px monospace')).toEqual({ size: 13.5, weight: 400, family: 'monospace' });
  });
});

describe('arcs as browsers sweep them', () => {
  it('a whole turn counter-clockwise from 0 to 2π is a whole circle (a hole in a ring band)', () => {
    const scene = recordScene(100, 100, (ctx) => {
      ctx.beginPath();
      ctx.arc(50, 50, 20, 0, 2 * Math.PI);
      ctx.arc(50, 50, 10, 0, 2 * Math.PI, true);
      ctx.fill();
    });
    expect(paths(scene.items)[0].d).toBe(
      'M70 50A20 20 0 0 1 30 50A20 20 0 0 1 70 50L60 50A10 10 0 0 0 40 50A10 10 0 0 0 60 50',
    );
  });
  it('a clockwise arc whose end is below its start goes on round (the short way is not taken)', () => {
    const scene = recordScene(100, 100, (ctx) => {
      ctx.beginPath();
      ctx.arc(0, 0, 10, Math.PI / 2, 0);
      ctx.stroke();
    });
    // Three quarters of a turn, clockwise, in two pieces.
    expect(paths(scene.items)[0].d).toBe('M0 10A10 10 0 0 1 -7.07 -7.07A10 10 0 0 1 10 0');
  });
});
