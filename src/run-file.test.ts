import { describe, expect, it } from 'vitest';
import { scheduleJsonChunks } from './kernel/format/schedule-export';
import { ScheduleFormatError, fromScheduleJson } from './kernel/format/schedule-import';
import { defaultsOf } from './kernel/params/schema';
import { BROWSER_LIMITS, CLI_LIMITS, InputError } from './limits';
import { findAlgorithm } from './registry';
import { FILE_ALGORITHM } from './result';
import { run } from './run';
import { runFile } from './file-formats';

const exported = (id: string, extra: Record<string, number | string> = {}) => {
  const r = run(id, { ...defaultsOf(findAlgorithm(id)!.params), ...extra }, CLI_LIMITS);
  return { r, text: [...scheduleJsonChunks(r)].join('') };
};

describe('a schedule file as a run', () => {
  it('an exported schedule reads back verified, with the same steps, transfers and holdings', () => {
    for (const [id, extra] of [
      ['neighbor-exchange', { nodes: 12 }],
      ['star-gossip', { nodes: 10, 'wavelengths-per-node': 2 }],
      ['retri', { nodes: 27, reconfigure: '0,1,0' }],
    ] as const) {
      const { r, text } = exported(id, extra);
      const f = runFile(text, { name: `${id}.json`, hash: 'abc' }, BROWSER_LIMITS);
      expect(f.report.ok, id).toBe(true);
      expect(f.algorithm).toBe(FILE_ALGORITHM);
      expect(f.source).toEqual({ name: `${id}.json`, hash: 'abc', madeBy: id });
      // Each network is recognised by its links and drawn by its model's view (the ring's routes as
      // arcs again).
      expect(f.topology.kind).toBe(r.topology.kind);
      expect(f.topology.linkCount).toBe(r.topology.linkCount);
      expect(f.schedule.path).toEqual(r.schedule.path);
      expect(f.summary.steps).toBe(r.summary.steps);
      expect(f.summary.transfers).toBe(r.summary.transfers);
      expect(Number.isNaN(f.summary.seconds)).toBe(true);
      expect(f.formulas).toEqual([]);
    }
  });

  it('a schedule that breaks the rules is a result with its violations, not an error', () => {
    const { text } = exported('ring-allgather', { nodes: 6 });
    const doc = JSON.parse(text);
    // Step 2 sends before anything arrived there: node 0 sends block 3, which it does not hold yet.
    doc.steps[0].transfers[0].blocks = [3];
    const f = runFile(JSON.stringify(doc), { name: 'broken.json', hash: 'x' }, BROWSER_LIMITS);
    expect(f.report.ok).toBe(false);
    expect(f.report.violations[0]).toMatchObject({ rule: 'causality', step: 1 });
  });

  it('bad files get the message the command line prints, naming the file', () => {
    expect(() => runFile('{"format"', { name: 'a.json', hash: 'x' }, BROWSER_LIMITS)).toThrow(
      /^a\.json is not JSON/,
    );
    const bad = { format: 'optical-collectives/schedule-v1', collective: 'allsort' };
    let cli = '';
    try {
      fromScheduleJson(bad);
    } catch (e) {
      if (e instanceof ScheduleFormatError) cli = e.message;
    }
    expect(cli).toMatch(/collective must be one of/);
    expect(() => runFile(JSON.stringify(bad), { name: 'b.json', hash: 'x' }, BROWSER_LIMITS)).toThrow(
      new InputError(`b.json: ${cli}`),
    );
  });

  it('states the limit a file is over', () => {
    const { text } = exported('ring-allgather', { nodes: 64 });
    expect(() =>
      runFile(
        text,
        { name: 'big.json', hash: 'x' },
        { ...BROWSER_LIMITS, name: 'a small page', transfers: 100, holdingCells: 1e9 },
      ),
    ).toThrow(/big\.json has 4,032 transfers; a small page shows at most 100/);
  });
});

describe('recognising a ring in a file', () => {
  it("every ring algorithm's schedule comes back as ring arcs, equal to the built ones", () => {
    for (const id of ['ring-allgather', 'neighbor-exchange', 'one-stage', 'wrht', 'optree']) {
      const { r, text } = exported(id, { nodes: 9, wavelengths: 3 });
      const f = runFile(text, { name: `${id}.json`, hash: 'h' }, BROWSER_LIMITS);
      expect(f.topology.kind, id).toBe('wdm-ring');
      expect(f.schedule.path, id).toEqual(r.schedule.path);
      expect(f.report.ok, id).toBe(true);
    }
  });

  it('a route that is not an arc from its sender, or a link out of place, keeps the graph', () => {
    const { text } = exported('ring-allgather', { nodes: 6 });
    const hop = JSON.parse(text);
    hop.steps[0].transfers[0].path = [2]; // node 0 sending over the link that leaves node 2
    expect(runFile(JSON.stringify(hop), { name: 'a', hash: 'h' }, BROWSER_LIMITS).topology.kind).toBe(
      'generic',
    );
    const moved = JSON.parse(text);
    moved.links[0].to = 3;
    expect(runFile(JSON.stringify(moved), { name: 'b', hash: 'h' }, BROWSER_LIMITS).topology.kind).toBe(
      'generic',
    );
  });
});

describe('recognising a star and a circuit switch in a file', () => {
  it("every star algorithm's file is a star again, with its k, and the star's tunings computed", () => {
    for (const id of ['star-scatter', 'star-gather', 'star-broadcast', 'star-gossip', 'star-multiscatter']) {
      const { r, text } = exported(id, { nodes: 10, 'wavelengths-per-node': 2 });
      const f = runFile(text, { name: `${id}.json`, hash: 'h' }, BROWSER_LIMITS);
      expect(f.topology.kind, id).toBe('star');
      expect(f.params['wavelengths-per-node'], id).toBe(2);
      expect((f.extras?.tunings as { rxTotal: number }).rxTotal, id).toBe(
        (r.extras?.tunings as { rxTotal: number }).rxTotal,
      );
    }
  });

  it('a circuit-switch file is a circuit switch again, its configurations read off its links', () => {
    const { r, text } = exported('retri', { nodes: 27, reconfigure: '1,0,1' });
    const f = runFile(text, { name: 'retri.json', hash: 'h' }, BROWSER_LIMITS);
    expect(f.topology.kind).toBe('circuit');
    expect(Array.from(f.topology.linkTo)).toEqual(Array.from(r.topology.linkTo));
  });

  it('a network that is neither is a graph', () => {
    const { text } = exported('star-gossip', { nodes: 10, 'wavelengths-per-node': 2 });
    const doc = JSON.parse(text);
    doc.links[0].channels += 1;
    expect(runFile(JSON.stringify(doc), { name: 'x', hash: 'h' }, BROWSER_LIMITS).topology.kind).toBe(
      'generic',
    );
  });
});
