import { describe, expect, it } from 'vitest';
import { frameScene } from '../scene/pictureExport';
import type { PathItem } from '../scene/scene';
import { DESK_TYPE } from './canvasText';
import { graphPicture } from './GraphView';
import { EACH_VERTEX_UP_TO } from './graphScene';
import { oneTransferFile } from './oneTransferFile.test-util';

/** Characters of path data the picture of step 1 holds: what drawing it costs grows with them. */
const pathChars = (nodes: number) =>
  frameScene(graphPicture(oneTransferFile(nodes), 1), 800, 600, DESK_TYPE)
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
