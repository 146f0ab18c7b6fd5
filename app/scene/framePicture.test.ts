import { describe, expect, it } from 'vitest';
import { DESK_TYPE, LECTURE_TYPE } from '../views/canvasText';
import { legendLayout, type FramePicture, type LegendEntry } from './framePicture';
import { textsOf, type PathItem } from './scene';
import { frameScene } from './pictureExport';
import { text } from './primitives';

const entries: LegendEntry[] = [
  { label: 'received this step', mark: 'ring', colours: ['#f59e0b'] },
  { label: 'λ0', mark: 'line', colours: ['#4e79a7'] },
  { label: 'partial', mark: 'strip', colours: ['#fff', '#000'] },
  { label: 'words only', mark: 'none', colours: [] },
];

describe('legendLayout', () => {
  it('puts entries in one row when they fit, in rows when they do not, never past the right edge', () => {
    const wide = legendLayout(entries, 2000, DESK_TYPE);
    expect(new Set(wide.placed.map((p) => p.y)).size).toBe(1);
    const narrow = legendLayout(entries, 260, LECTURE_TYPE);
    expect(new Set(narrow.placed.map((p) => p.y)).size).toBeGreaterThan(1);
    expect(narrow.height).toBeGreaterThan(wide.height);
    expect(narrow.size).toBe(19);
    expect(legendLayout([], 500, DESK_TYPE).height).toBe(0);
  });
});

describe('the exported frame', () => {
  const picture: FramePicture = {
    name: 'test',
    title: 'a test',
    *layout(width, height, type) {
      yield;
      return [
        { kind: 'path', ops: [['R', 0, 0, width, height]], fill: '#123456' },
        text('inside', 1, 1, type.min || 12, 400, '#000000'),
      ];
    },
    legend: () => entries,
  };

  it('a page in the theme’s background (white in light), the picture above (clipped to its box) and the legend in the picture’s type below', () => {
    const scene = frameScene(picture, 600, 400, LECTURE_TYPE);
    const paths = scene.items.filter((i): i is PathItem => i.kind === 'path');
    expect(paths[0]).toMatchObject({ d: 'M0 0L600 0L600 400L0 400Z', fill: '#ffffff', clip: null });
    const drawn = paths.find((p) => p.fill === '#123456')!;
    const box = Number(/L600 ([\d.]+)/.exec(drawn.d)![1]);
    expect(box).toBeLessThan(400 - legendLayout(entries, 600, LECTURE_TYPE).height);
    expect(drawn.clip).toBe(0);
    const texts = textsOf(scene);
    expect(texts.map((t) => t.text)).toEqual(['inside', 'received this step', 'λ0', 'partial', 'words only']);
    for (const t of texts.slice(1)) {
      expect(t.size).toBe(19);
      expect(t.y).toBeGreaterThan(box);
      expect(t.clip).toBeNull();
    }
  });
});
