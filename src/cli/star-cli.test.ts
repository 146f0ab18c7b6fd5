import { describe, expect, it } from 'vitest';
import type { ScheduleJson } from '../kernel/format/schedule-json';
import { type CheckReport } from './check-command';
import { type ListedAlgorithm } from './list-command';
import { memoryCli, outText as out, flags } from './cli.test-util';

const { files, cli, formulas } = memoryCli();

const STAR = ['star-scatter', 'star-gather', 'star-broadcast', 'star-gossip', 'star-multiscatter'];

describe('command line: the passive-star algorithms', () => {
  it('list shows the five with their parameters and bounds', () => {
    const r = cli('list');
    expect(r.code).toBe(0);
    const listed = JSON.parse(out(r)) as ListedAlgorithm[];
    for (const id of STAR) {
      const a = listed.find((x) => x.id === id)!;
      expect(a).toBeDefined();
      expect(a.params.map((p) => p.key)).toEqual(
        expect.arrayContaining(['nodes', 'wavelengths-per-node', 'tuning-delay']),
      );
    }
    const b = listed.find((x) => x.id === 'star-broadcast')!;
    expect(b.params.map((p) => p.key)).toEqual(
      expect.arrayContaining(['messages', 'variant', 'split-steps']),
    );
  });

  it('formulas: paper and constructed costs, by hand for gossip P = 64, k = 3, D = 0.5, m = 2', () => {
    const { row } = formulas(
      'star-gossip',
      ...flags({ nodes: 64, 'wavelengths-per-node': 3, 'tuning-delay': 0.5, messages: 2 }),
    );
    // 3 steps; 3 · 64 · 3 = 576 tunings; 1·2 + 4·2 + 16·2 = 42; total 576 · 0.5 + 42 = 330; clock 3 · 0.5 + 42.
    expect(row('steps').constructed).toBe(3);
    expect(row('tunings').constructed).toBe(576);
    expect(row('communication').constructed).toBe(42);
    expect(row('total').constructed).toBe(330);
    expect(row('clock').constructed).toBeCloseTo(43.5, 12);
  });

  it('schedule writes a star that check verifies; the file carries ports with the fanout', () => {
    const r = cli('schedule', 'star-multiscatter', '--nodes', '9', '--wavelengths-per-node', '2');
    expect(r.code).toBe(0);
    const text = out(r);
    const doc = JSON.parse(text) as ScheduleJson;
    expect(doc.ports).toEqual({ tx: 2, rx: 2, fanout: 2 });
    expect(doc.auxiliary_nodes).toBe(2);
    // Links: 9 uplinks, the coupler, 9 downlinks; k · P = 18 wavelengths on each.
    expect(doc.links).toHaveLength(19);
    expect(doc.links[9]).toMatchObject({
      from: 9,
      to: 10,
      kind: 'coupler',
      channels: 18,
      sharing: 'exclusive',
    });
    expect(doc.links[10]).toMatchObject({ from: 10, to: 0, kind: 'downlink', sharing: 'shared' });
    files.set('ms9.json', text);
    const c = cli('check', 'ms9.json');
    expect(c.code).toBe(0);
    const rep = JSON.parse(out(c)) as CheckReport;
    expect(rep.ok).toBe(true);
    expect(rep.blocks).toBe(9 * 8);
  });

  it('check reads ports.fanout: a bad value is bad input, a message past it a violation', () => {
    const text = out(
      cli('schedule', 'star-broadcast', '--nodes', '16', '--variant', 'naive', '--messages', '1'),
    );
    const doc = JSON.parse(text) as ScheduleJson;
    files.set('zero.json', JSON.stringify({ ...doc, ports: { tx: 3, rx: 3, fanout: 0 } }));
    const bad = cli('check', 'zero.json');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/ports\.fanout must be a whole number ≥ 1; got 0/);
    // Fanout 2 < k = 3: node 0's first multicast (3 receivers) now breaks the life-span.
    files.set('two.json', JSON.stringify({ ...doc, ports: { tx: 3, rx: 3, fanout: 2 } }));
    const r = cli('check', 'two.json');
    expect(r.code).toBe(1);
    const rep = JSON.parse(out(r)) as CheckReport;
    // Multicasts to 3 children: 1 in step 1, 4 in step 2 (16 nodes, k = 3).
    expect(rep.counts).toEqual({ fanout: 5 });
  });

  it('h′ above h is bad input: exit 2, one line with the bounds', () => {
    const r = cli(
      'formulas',
      'star-broadcast',
      ...flags({ nodes: 16, 'wavelengths-per-node': 3, 'split-steps': 3 }),
    );
    expect(r.code).toBe(2);
    expect(r.err).toBe('Split steps h′ (split-steps) must be from 0 to h = 2 for these P and k; got 3');
    const k = cli('formulas', 'star-gossip', '--wavelengths-per-node', '16');
    expect(k.code).toBe(2);
    expect(k.err).toMatch(/wavelengths-per-node.*1 to 15.*"16"/);
  });

  it('reproduce star-tables and sweep star-split-steps run', () => {
    const r = cli('reproduce', 'star-tables');
    expect(r.code).toBe(0);
    expect(out(r)).toContain('Table 2: gossip (ata), tuning hPkD');
    const s = cli('sweep', 'star-split-steps');
    expect(s.code).toBe(0);
    const lines = out(s).trim().split('\n');
    expect(lines[0]).toMatch(
      /^series,x,formula,constructed,paper,verified,algorithm,nodes,.*,baseline,note$/,
    );
    expect(lines).toHaveLength(1 + 12);
  });
});
