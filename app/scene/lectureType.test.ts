/**
 * Every family's view, drawn in lecture type through the scene layer: no text under 18 px, and the
 * legend in the picture. This is how the sizes of drawn text are asserted without a browser.
 */
import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../src/registry';
import { defaultsOf } from '../../src/kernel/params/schema';
import { CLI_LIMITS } from '../../src/limits';
import { run } from '../../src/run';
import type { RunResult } from '../../src/result';
import { DESK_TYPE, LECTURE_TYPE } from '../views/canvasText';
import type { FramePicture } from './framePicture';
import { frameScene } from './pictureExport';
import { textsOf, type Scene } from './scene';

function result(id: string, extra: Record<string, number | string> = {}): RunResult {
  const spec = findAlgorithm(id);
  if (!spec) throw new Error(`no algorithm ${id}`);
  return run(id, { ...defaultsOf(spec.params), ...extra }, CLI_LIMITS);
}

/** The exported scene of a picture, written from its primitives. */
const record = (p: FramePicture, type = LECTURE_TYPE, width = 1280, height = 720): Scene =>
  frameScene(p, width, height, type);

/** Asserts the lecture-type rules on a picture; returns its texts for further checks. */
function expectLecturePicture(p: FramePicture) {
  const scene = record(p);
  const texts = textsOf(scene);
  expect(texts.length).toBeGreaterThan(0);
  const small = texts.filter((t) => t.size < 18).map((t) => `${t.text} (${t.size} px)`);
  expect(small).toEqual([]);
  const labels = new Set(texts.map((t) => t.text));
  for (const entry of p.legend()) expect(labels).toContain(entry.label);
  expect(p.legend().length).toBeGreaterThan(0);
  return texts;
}

describe('pictures in lecture type, through the scene layer', () => {
  it('the ring (several steps, several sizes)', async () => {
    const { ringPicture } = await import('../families/ring/ringPicture');
    const r = result('ring-allgather', { nodes: 16, wavelengths: 4 });
    for (const step of [0, 1, r.schedule.stepCount]) {
      const texts = expectLecturePicture(ringPicture(r, step));
      expect(texts.map((t) => t.text)).toContain(
        step === 0 ? 'Start' : `Step ${step} / ${r.schedule.stepCount}`,
      );
    }
    // Desk type is smaller: the check above is not passing by accident.
    const desk = textsOf(record(ringPicture(r, 1), DESK_TYPE));
    expect(Math.min(...desk.map((t) => t.size))).toBeLessThan(18);
    // A small export keeps the rule too.
    const small = record(ringPicture(r, 1), LECTURE_TYPE, 480, 360);
    expect(textsOf(small).every((t) => t.size >= 18)).toBe(true);
  });
});

describe('pictures in lecture type: the star', () => {
  it('scatter (TCP1) and gossip with dummies', async () => {
    const { starPicture } = await import('../families/star/starPicture');
    for (const r of [result('star-scatter'), result('star-gossip', { nodes: 30, 'wavelengths-per-node': 2 })])
      for (const step of [0, 1, r.schedule.stepCount]) expectLecturePicture(starPicture(r, step));
  });
});

describe('pictures in lecture type: the mesh', () => {
  it('a mesh and an OTIS-Mesh, whole and zoomed in', async () => {
    const { meshPicture } = await import('../families/mesh/meshPicture');
    for (const r of [result('mesh-allreduce', { side: 4 }), result('otis-allreduce')])
      for (const step of [0, 1, r.schedule.stepCount]) expectLecturePicture(meshPicture(r, step));
    const r = result('mesh-allreduce', { side: 8 });
    const zoomed = meshPicture(r, 1, {
      screen: { width: 800, height: 600, view: { k: 4, x: -1200, y: -900 }, type: LECTURE_TYPE },
    });
    expectLecturePicture(zoomed);
  });
});

describe('pictures in lecture type: the circuit switch', () => {
  it('ReTri with ghosts, Bruck, and only node 0’s blocks', async () => {
    const { circuitPicture } = await import('../families/circuit/circuitPicture');
    for (const r of [result('retri', { nodes: 8 }), result('bruck', { nodes: 9 })])
      for (const step of [0, 1, r.schedule.stepCount]) expectLecturePicture(circuitPicture(r, step));
    expectLecturePicture(circuitPicture(result('retri', { nodes: 27 }), 2, { onlyNode0: true, hover: 3 }));
  });
});

describe('pictures in lecture type: the network-on-chip', () => {
  it('broadcast and scatter, before the first step (the bound drawn) and after', async () => {
    const { nocPicture } = await import('../families/noc/nocPicture');
    for (const r of [result('noc-broadcast'), result('noc-scatter')])
      for (const step of [0, 1, r.schedule.stepCount]) expectLecturePicture(nocPicture(r, step));
  });
});

describe('pictures in lecture type: the general graph view', () => {
  it('any network (a ring, a star with its coupler), as schedules from files are drawn', async () => {
    const { graphPicture } = await import('../views/GraphView');
    for (const r of [
      result('ring-allgather', { nodes: 12, wavelengths: 2 }),
      result('star-scatter', { nodes: 16 }),
    ])
      for (const step of [0, 1]) expectLecturePicture(graphPicture(r, step, [1]));
  });
});

describe('pictures in lecture type: the matrices of the detail pane', () => {
  it('holdings and blocks: the image unsmoothed in its box, numbers and titles at 18 px or more', async () => {
    const { matrixPicture } = await import('../views/matrixPicture');
    const image = { width: 27, height: 27, toDataURL: () => 'data:image/png;base64,AAAA' };
    for (const [rows, cols] of [
      [16, 16],
      [27, 27],
      [1024, 1024],
    ]) {
      const p = matrixPicture({
        name: 'blocks',
        title: 'blocks',
        image: image as unknown as HTMLCanvasElement,
        rows,
        cols,
        across: 'destination d →',
        down: '← source r',
        legend: () => [{ label: 'delivered', mark: 'swatch', colours: ['rgb(22,163,74)'] }],
        selected: { row: 1, col: 2 },
      });
      const texts = expectLecturePicture(p);
      expect(texts.map((t) => t.text)).toEqual(
        expect.arrayContaining(['destination d →', '← source r', '0']),
      );
      expect(texts.find((t) => t.text === '← source r')?.rotate).toBeCloseTo(-90);
      const img = record(p).items.find((i) => i.kind === 'image');
      expect(img).toMatchObject({ smooth: false, href: 'data:image/png;base64,AAAA' });
    }
  });
});
