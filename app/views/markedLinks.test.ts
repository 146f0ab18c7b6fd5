import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../../src/kernel/params/schema';
import { findAlgorithm } from '../../src/registry';
import { runFile } from '../../src/file-formats';
import { CLI_LIMITS } from '../../src/limits';
import { run } from '../../src/run';
import { ringPicture } from '../families/ring/ringPicture';
import { COLORS } from '../lib/colors';
import { frameScene } from '../scene/pictureExport';
import type { PathItem } from '../scene/scene';
import { useApp } from '../store/store';
import { DESK_TYPE } from './canvasText';
import { graphPicture } from './GraphView';
import { endsOf, linksOfTransfer, markLinks, markProblem } from './markedLinks';
import { meshPicture } from '../families/mesh/meshPicture';
import { starPicture } from '../families/star/starPicture';
import { circuitPicture } from '../families/circuit/circuitPicture';
import { nocPicture } from '../families/noc/nocPicture';
import { decodeConfig, encodeConfig, defaultConfig } from '../../src/config/url-codec';
import type { FramePicture } from '../scene/framePicture';

/** A schedule file of 6 processors: 0 → 1 over link 0, then 2 → 4 over links 1 (2→3) and 2 (3→4). */
const file = () =>
  runFile(
    JSON.stringify({
      format: 'optical-collectives/schedule-v1',
      collective: 'scatter',
      nodes: 6,
      links: [
        { id: 0, from: 0, to: 1, channels: 1 },
        { id: 1, from: 2, to: 3, channels: 1 },
        { id: 2, from: 3, to: 4, channels: 1 },
      ],
      blocks: [
        { id: 0, origin: 0, to: [1] },
        { id: 1, origin: 2, to: [4] },
      ],
      steps: [
        { phase: 'p', transfers: [{ from: 0, to: [1], path: [0], channel: 0, blocks: [0] }] },
        { phase: 'p', transfers: [{ from: 2, to: [4], path: [1, 2], channel: 0, blocks: [1] }] },
      ],
    }),
    { name: 'marks.json', hash: '' },
    CLI_LIMITS,
  );

/** The wide translucent highlight strokes of a picture: the marked links' bands. */
const bands = (p: FramePicture) =>
  frameScene(p, 800, 600, DESK_TYPE).items.filter(
    (i): i is PathItem =>
      i.kind === 'path' && i.stroke === COLORS.highlight && i.strokeOpacity < 1 && i.strokeWidth >= 6,
  );

describe('a marked link on the picture', () => {
  it('names the links of a message and their ends, each once', () => {
    const r = file();
    expect(linksOfTransfer(r, 1)).toEqual([1, 2]);
    expect(linksOfTransfer(r, 5)).toEqual([]);
    expect(endsOf(r.topology, [1, 2])).toEqual([2, 3, 4]);
  });

  it('highlights its two ends (after any nodes given)', () => {
    const r = file();
    markLinks(r, [0], null, [5]);
    expect(useApp.getState().highlight).toEqual([5, 0, 1]);
    markLinks(r, [1, 2], null);
    expect(useApp.getState().highlight).toEqual([2, 3, 4]);
  });

  it('is a band from end to end on the general graph view, only when marked', () => {
    const r = file();
    expect(bands(graphPicture(r, 1, [0, 1]))).toHaveLength(0);
    const [band] = bands(graphPicture(r, 1, [0, 1], [0]));
    expect(band).toBeDefined();
    // One segment: a move and a line, from processor 0's place to processor 1's.
    expect(band.d.match(/[ML]/g)).toEqual(['M', 'L']);
  });

  it('is a band on the ring view too', () => {
    const alg = 'ring-allgather';
    const r = run(alg, { ...defaultsOf(findAlgorithm(alg)!.params), nodes: 8 }, CLI_LIMITS);
    expect(bands(ringPicture(r, 1, { highlight: [3, 4] }))).toHaveLength(0);
    const [band] = bands(ringPicture(r, 1, { highlight: [3, 4], markedLinks: [3] }));
    expect(band).toBeDefined();
    expect(band.d.match(/[ML]/g)).toEqual(['M', 'L']);
  });
});

/** A built schedule of `alg` at its defaults and `params`. */
const built = (alg: string, params: Record<string, number | string> = {}) =>
  run(alg, { ...defaultsOf(findAlgorithm(alg)!.params), ...params }, CLI_LIMITS);

describe('a marked link on every family’s picture', () => {
  const cases: [string, (r: ReturnType<typeof built>, marked?: readonly number[]) => FramePicture][] = [
    ['mesh-allreduce', (r, marked) => meshPicture(r, 1, { marked })],
    ['otis-allreduce', (r, marked) => meshPicture(r, 1, { marked })],
    ['star-scatter', (r, marked) => starPicture(r, 1, { marked })],
    ['retri', (r, marked) => circuitPicture(r, 1, { marked })],
    ['noc-broadcast', (r, marked) => nocPicture(r, 1, { markedLinks: marked })],
  ];
  for (const [alg, picture] of cases)
    it(`${alg}: a band only where a link is marked`, () => {
      const r = built(alg);
      expect(bands(picture(r))).toHaveLength(0);
      expect(bands(picture(r, [0]))).toHaveLength(1);
    });
});

describe('the mark in the link (mark=)', () => {
  it('is written, read back, and a malformed one is refused saying how it is written', () => {
    const c = { ...defaultConfig('ring-allgather'), mark: [3, 7] };
    expect(encodeConfig(c)).toMatch(/(^|&)mark=3%2C7(&|$)/);
    expect(decodeConfig(`?${encodeConfig(c)}`).config.mark).toEqual([3, 7]);
    expect(encodeConfig(defaultConfig('ring-allgather'))).not.toMatch(/mark=/);
    const bad = decodeConfig('?v=2&alg=ring-allgather&mark=3,x');
    expect(bad.config.mark).toEqual([]);
    expect(bad.ignored.join(' ')).toMatch(/mark must be link ids.*got "3,x"/);
  });

  it('a link beyond the network is refused once the network is known, naming its links', () => {
    const r = built('ring-allgather', { nodes: 8 });
    expect(markProblem(r, [3, 15])).toBeNull();
    expect(markProblem(r, [3, 16])).toBe(
      'mark: link 16 is not in this network (its links are 0 to 15); nothing marked',
    );
  });

  it('marking links writes them into the link’s configuration', () => {
    const r = built('ring-allgather', { nodes: 8 });
    markLinks(r, [5], 2);
    expect(useApp.getState().config.mark).toEqual([5]);
  });
});

describe('the mark kept in the link alone', () => {
  it('Back to a link with another mark takes the drawn one off, so the link’s own is drawn', () => {
    const r = built('ring-allgather', { nodes: 8 });
    useApp.setState({ result: r, config: { ...defaultConfig('ring-allgather'), params: r.params } });
    markLinks(r, [5], null);
    expect(useApp.getState().markedOn?.links).toBe('5');
    // The same link again (a reload, a scene): nothing changes.
    useApp.getState().loadConfig({ ...useApp.getState().config });
    expect(useApp.getState().markedOn?.links).toBe('5');
    // Back to the entry with link 3 marked: the mark of link 5 leaves the picture, with its ends.
    useApp.getState().loadConfig({ ...useApp.getState().config, mark: [3] });
    expect(useApp.getState().markedOn).toBeNull();
    expect(useApp.getState().highlight).toBeNull();
    expect(useApp.getState().config.mark).toEqual([3]);
    markLinks(r, [3], null);
    expect(useApp.getState().highlight).toEqual([3, 4]);
  });

  it('leaves the link when another highlight or another schedule takes its place', () => {
    const r = built('ring-allgather', { nodes: 8 });
    useApp.setState({ result: r, config: { ...defaultConfig('ring-allgather'), params: r.params } });
    markLinks(r, [5], null);
    useApp.getState().setHighlight([1]);
    expect(useApp.getState().config.mark).toEqual([]);
    expect(useApp.getState().markedOn).toBeNull();
    markLinks(r, [5], null);
    useApp.getState().runSucceeded(built('ring-allgather', { nodes: 8 }), 1);
    expect(useApp.getState().config.mark).toEqual([]);
    expect(useApp.getState().highlight).toBeNull();
  });
});
