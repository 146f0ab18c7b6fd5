import { describe, expect, it } from 'vitest';
import { runFile } from '../../src/file-formats';
import { CLI_LIMITS } from '../../src/limits';
import { frameScene } from '../scene/pictureExport';
import type { PathItem } from '../scene/scene';
import { DESK_TYPE } from './canvasText';
import { graphPicture } from './GraphView';
import { EACH_VERTEX_UP_TO } from './graphScene';

/** A schedule file of `nodes` processors with one transfer, 0 → 1, read as the page reads it. */
const wide = (nodes: number) =>
  runFile(
    JSON.stringify({
      format: 'optical-collectives/schedule-v1',
      collective: 'scatter',
      nodes,
      links: [{ id: 0, from: 0, to: 1, channels: 1 }],
      blocks: [{ id: 0, origin: 0, to: [1] }],
      steps: [{ phase: 'p', transfers: [{ from: 0, to: [1], path: [0], channel: 0, blocks: [0] }] }],
    }),
    { name: 'wide.json', hash: '' },
    CLI_LIMITS,
  );

/** Characters of path data the picture of step 1 holds: what drawing it costs grows with them. */
const pathChars = (nodes: number) =>
  frameScene(graphPicture(wide(nodes), 1), 800, 600, DESK_TYPE)
    .items.filter((i): i is PathItem => i.kind === 'path')
    .reduce((n, p) => n + p.d.length, 0);

describe('the general graph view at any number of processors', () => {
  it('draws each processor up to a screen’s worth, then a band: millions cost what thousands do', () => {
    const few = pathChars(64);
    const most = pathChars(EACH_VERTEX_UP_TO);
    expect(most).toBeGreaterThan(few * 8); // each processor a dot
    const many = pathChars(4_194_304);
    expect(many).toBeLessThan(few * 2); // a band and the step's ends, not four million dots
  });
});
