import { describe, expect, it } from 'vitest';
import { nocExtrasOf } from '../../../src/families/noc/noc-picture';
import { defaultsOf } from '../../../src/kernel/params/schema';
import { stepRange } from '../../../src/kernel/model/schedule';
import { CLI_LIMITS } from '../../../src/limits';
import { findAlgorithm } from '../../../src/registry';
import { run } from '../../../src/run';
import { COLORS } from '../../lib/colors';
import { hitTest } from '../../scene/hitTest';
import type { PathPrimitive, Primitive, TextPrimitive } from '../../scene/primitives';
import { DESK_TYPE } from '../../views/canvasText';
import { senderColour } from './NocClash';
import { nocLayout } from './nocLayout';
import { nocScene, nocTop, type NocFrame } from './nocScene';

// The fat Octagon scatter from 8 to the other 8: 16 processors on 8 routers.
const r = run('noc-scatter', defaultsOf(findAlgorithm('noc-scatter')!.params), CLI_LIMITS);
const x = nocExtrasOf(r.extras)!;
const layout = nocLayout(x, 800, 600, nocTop(DESK_TYPE));
/** The frame's marks and settings (the network, step and box are given per test). */
const frame = (o: Partial<NocFrame> = {}): Omit<NocFrame, 'result' | 'step' | 'width' | 'layout'> => ({
  attempt: null,
  picked: null,
  marks: [],
  detail: null,
  compact: false,
  type: DESK_TYPE,
  marked: null,
  ...o,
});
const paths = (items: Primitive[]) => items.filter((i): i is PathPrimitive => i.kind === 'path');
const texts = (items: Primitive[]) => items.filter((i): i is TextPrimitive => i.kind === 'text');

describe('nocScene', () => {
  it('lays out a step as plain data: links, one path per message in its sender’s colour, routers, processors, caption', () => {
    const items = nocScene({ ...frame(), result: r, step: 1, width: 800, layout });
    expect(JSON.parse(JSON.stringify(items))).toEqual(items);
    const [a, b] = stepRange(r.schedule, 1);
    const messages = paths(items).filter(
      (p) => p.lineCap === 'round' && p.dash === undefined && p.stroke !== COLORS.highlight && !p.fill,
    );
    expect(messages.map((p) => p.stroke)).toEqual(
      Array.from({ length: b - a }, (_, i) => senderColour(r.schedule.src[a + i], false)),
    );
    const routers = paths(items).filter((p) => p.fill === COLORS.node);
    expect(routers.map((p) => p.ops[0][0])).toEqual(Array<string>(x.routers).fill('R'));
    const processors = paths(items).filter(
      (p) => p.ops.length === 2 && p.ops[1][0] === 'A' && p.ops[1][3] === layout.processorRadius,
    );
    expect(processors).toHaveLength(16);
    const words = texts(items).map((t) => t.text);
    expect(words).toContain(`Step 1 / ${r.schedule.stepCount}`);
    expect(words.filter((w) => /^\d+$/.test(w)).sort((p, q) => +p - +q)).toEqual(
      Array.from({ length: 16 }, (_, p) => String(p)),
    );
  });

  it('draws the binding bound’s cut before the first step, and no message', () => {
    const items = nocScene({ ...frame(), result: r, step: 0, width: 800, layout });
    const cut = paths(items).find((p) => p.stroke === COLORS.conflict && p.dash?.join() === '8,5');
    expect(cut?.ops.length).toBeGreaterThan(0);
    expect(paths(items).some((p) => p.lineCap === 'round')).toBe(false);
    expect(texts(items).map((t) => t.text)).toContain('Start');
  });

  it('rings the marked processor and leaves the caption out in a compare pane', () => {
    const items = nocScene({
      ...frame({ marked: 3, compact: true }),
      result: r,
      step: 1,
      width: 800,
      layout,
    });
    const ring = paths(items).find((p) => p.stroke === COLORS.highlight)!;
    const pr = layout.processorRadius;
    expect(ring.ops[0]).toEqual(['M', layout.xy[6] + pr + Math.max(3, pr / 2), layout.xy[7]]);
    expect(texts(items).some((t) => t.text.startsWith('Step'))).toBe(false);
  });

  it('finds the processor under the pointer, zoomed in or not, and nothing on a router', () => {
    const items = nocScene({ ...frame(), result: r, step: 1, width: 800, layout });
    for (let p = 0; p < 16; p++) {
      const [px, py] = [layout.xy[2 * p], layout.xy[2 * p + 1]];
      expect(hitTest(items, px + 2, py - 2)?.id).toBe(p);
      const view = { k: 2, x: -100, y: -50 };
      expect(hitTest(items, view.x + view.k * px, view.y + view.k * py, view)?.id).toBe(p);
    }
    const P = layout.processors;
    expect(hitTest(items, layout.xy[2 * P], layout.xy[2 * P + 1])).toBeNull();
  });
});
