import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../../../src/kernel/params/schema';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import { CLI_LIMITS } from '../../../src/limits';
import { findAlgorithm } from '../../../src/registry';
import { run } from '../../../src/run';
import { hitTest } from '../../scene/hitTest';
import { frameScene } from '../../scene/pictureExport';
import type { PathPrimitive } from '../../scene/primitives';
import { textsOf } from '../../scene/scene';
import { DESK_TYPE } from '../../views/canvasText';
import { ringLayout } from '../../views/ringGeometry';
import { expectHitsAsRingGeometry } from '../../views/ringHits.test-util';
import { ringPicture } from './ringPicture';
import { stepRange } from '../../../src/kernel/model/schedule';
import { ringScene, ringSceneParts } from './ringScene';

const r = run(
  'ring-allgather',
  { ...defaultsOf(findAlgorithm('ring-allgather')!.params), nodes: 16, wavelengths: 4 },
  CLI_LIMITS,
);
const layout = ringLayout(800, 600, 16, 4);
const frame = (hovered: number | null) =>
  ringScene({
    result: r,
    step: 3,
    layout,
    counts: stepCounts(r.holdings, 3).counts,
    hovered,
    groups: null,
    highlight: null,
  });

describe('ringScene', () => {
  it('finds the node under the pointer where the ring geometry does, zoomed in or not', () => {
    const scene = frame(null);
    expect(expectHitsAsRingGeometry(scene, layout, 16)).toBeGreaterThan(100);
    // At 3×, shifted: the view point over node 4's centre.
    const view = { k: 3, x: -900, y: -500 };
    const [wx, wy] = [layout.cx + layout.r * Math.cos(0), layout.cy + layout.r * Math.sin(0)];
    expect(hitTest(scene, view.x + 3 * wx, view.y + 3 * wy, view)?.id).toBe(4);
  });

  it('dims the lightpaths that neither start nor end at the hovered node', () => {
    const alphas = (hovered: number | null) =>
      frame(hovered)
        .filter((p): p is PathPrimitive => p.kind === 'path' && p.lineCap !== undefined)
        .map((p) => p.alpha);
    expect(alphas(null).every((a) => a === 1)).toBe(true);
    expect(alphas(5)).toContain(0.2);
    expect(alphas(5)).toContain(1);
  });

  it('exports with node numbers, the caption, λ numbers on halos and the legend, one scene for SVG and PNG', () => {
    const scene = frameScene(ringPicture(r, 3, { laneNumbers: [0, 3] }), 1000, 640, DESK_TYPE);
    const words = textsOf(scene).map((t) => t.text);
    for (const w of ['0', '15', 'Step 3 / 15', 'λ0', 'λ3', 'received this step']) expect(words).toContain(w);
    const lane = textsOf(scene).find((t) => t.text === 'λ3')!;
    expect(lane.halo).toEqual({ colour: 'rgba(255,255,255,0.92)', width: 3 });
    // The ring is clipped to its box above the legend; the page is the first thing drawn.
    expect(scene.clips).toHaveLength(1);
    expect(scene.items[0]).toMatchObject({ kind: 'path', d: 'M0 0L1000 0L1000 640L0 640Z', clip: null });
  });

  it('lays a big step out in parts (the view spreads them over tasks), the same primitives as all at once', () => {
    const big = run(
      'ring-allgather',
      { ...defaultsOf(findAlgorithm('ring-allgather')!.params), nodes: 2048, wavelengths: 4 },
      CLI_LIMITS,
    );
    const [a, b] = stepRange(big.schedule, 1);
    expect(b - a).toBe(2048);
    const f = {
      result: big,
      step: 1,
      layout: ringLayout(800, 600, 2048, 4),
      counts: stepCounts(big.holdings, 1).counts,
      hovered: null,
      groups: null,
      highlight: null,
    };
    const parts = ringSceneParts(f);
    let pauses = 0;
    let r = parts.next();
    for (; !r.done; r = parts.next()) pauses++;
    // A pause every 512 lightpaths.
    expect(pauses).toBe(Math.floor((b - a) / 512));
    expect(r.value).toEqual(ringScene(f));
  });
});
