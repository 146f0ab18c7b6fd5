import { describe, expect, it } from 'vitest';
import type { ScheduleJson } from '../kernel/format/schedule-json';
import { type CheckReport } from './check-command';
import { type ListedAlgorithm } from './list-command';
import { errText as err, memoryCli, outText as out, flags } from './cli.test-util';

const { files, cli, formulas } = memoryCli();

describe('command line: meshes and OTIS-Mesh', () => {
  it('list shows both all-reduces with their parameters', () => {
    const listed = JSON.parse(out(cli('list'))) as ListedAlgorithm[];
    const otis = listed.find((a) => a.id === 'otis-allreduce')!;
    expect(otis.params.map((p) => p.key)).toEqual(
      expect.arrayContaining(['group-size', 'ports', 'method', 'root', 'control-group', 'optical-us']),
    );
    expect(listed.find((a) => a.id === 'mesh-allreduce')!.params.map((p) => p.key)).toContain('side');
  });

  it('formulas: P = 16, all-port direct, root and control group at 10 (middle), by hand', () => {
    const { row } = formulas(
      'otis-allreduce',
      ...flags({ 'group-size': 16, method: 'direct', ports: 'all', root: 10, 'control-group': 10 }),
    );
    // Root (row 2, column 2) of a 4 × 4 group; XY routes end on the column unless the sender shares
    // the row: 8 senders in rows 0-1 enter from the north, 4 in row 3 from the south, 2 from the west,
    // 1 from the east. The north channel is the bottleneck: 8 steps in each of the four phases.
    expect(row('steps-best').constructed).toBe(32);
    expect(row('optical').constructed).toBe(2);
  });

  it('formulas: EDN at P = 16 takes 4 (H + 2) = 12 electronic steps with H = 1', () => {
    const { row } = formulas('otis-allreduce', '--group-size', '16', '--method', 'edn');
    // In each of the four phases: three children into each level-1 node, the level-1 nodes to the
    // root's neighbourhood, the last hop to the root: 3 steps.
    expect(row('steps-best').constructed).toBe(12);
  });

  it('schedule writes an all-reduce that check accepts with the reduction rules', () => {
    const r = cli('schedule', 'mesh-allreduce', '--side', '4', '--method', 'binomial', '--ports', 'single');
    expect(r.code).toBe(0);
    const text = out(r);
    const json = JSON.parse(text) as ScheduleJson;
    expect(json.collective).toBe('allreduce');
    files.set('mesh.json', text);
    const c = cli('check', 'mesh.json');
    expect(c.code).toBe(0);
    expect((JSON.parse(out(c)) as CheckReport).ok).toBe(true);
    // A contribution counted twice: the first message sent again, in a later reduce step where its
    // sender, its receiver and its channel are free (so only the double count is wrong).
    type Step = { phase: string; transfers: { from: number; to: number[]; path: number[] }[] };
    const steps = (json as unknown as { steps: Step[] }).steps;
    const first = steps[0]!.transfers[0]!;
    const free = steps.findIndex(
      (st, i) =>
        i > 0 &&
        st.phase === 'reduce' &&
        st.transfers.every(
          (x) => x.from !== first.from && !x.to.includes(first.to[0]!) && !x.path.includes(first.path[0]!),
        ),
    );
    expect(free).toBeGreaterThan(0);
    steps[free]!.transfers.push(first);
    files.set('twice.json', JSON.stringify(json));
    const bad = cli('check', 'twice.json');
    expect(bad.code).toBe(1);
    const rep = JSON.parse(out(bad)) as CheckReport;
    expect(rep.violations.map((v) => v.rule)).toContain('double-count');
  });

  const cases: [string[], string][] = [
    [['--group-size', '15'], 'group-size must be a square (4, 16, 64, 256, 1024), not 15'],
    [['--group-size', '4', '--method', 'edn'], 'must be a power of 4 from 16 up for EDN levels'],
    [['--group-size', '16', '--root', '16'], 'root must be a processor of the group: 0 to 15'],
    [['--group-size', '16', '--control-group', '20'], 'must be a processor of the group: 0 to 15'],
    [['--group-size', '16', '--ports', 'single'], 'EDN levels need all ports'],
    [['--group-size', '16', '--ports', 'some'], 'ports'],
  ];
  for (const [argv, message] of cases)
    it(`bad value ${argv.join(' ')}: exit 2 with one line`, () => {
      const r = cli('schedule', 'otis-allreduce', ...argv);
      expect(r.code).toBe(2);
      expect(out(r)).toBe('');
      const e = err(r).trim();
      expect(e.split('\n')).toHaveLength(1);
      expect(e).toContain(message);
    });
});

describe('command line: NoC bounds', () => {
  it('bounds prints every lower bound with its argument, the binding one named, without building', () => {
    const r = cli(
      'bounds',
      'noc-scatter',
      ...flags({ topology: 'fat-octagon', senders: '0-7', receivers: '8-15' }),
    );
    expect(r.code).toBe(0);
    const rep = JSON.parse(out(r)) as {
      binding: string;
      steps: number;
      bounds: { id: string; why: string }[];
    };
    // Table 2: 48 messages leave routers 1–3 over 5 links, ⌈48 / 5⌉ = 10.
    expect(rep).toMatchObject({ binding: 'bound-cut', steps: 10 });
    expect(rep.bounds.find((b) => b.id === 'bound-cut')!.why).toBe(
      '48 messages leave routers {1, 2, 3} over 5 links',
    );
  });

  it('an algorithm without bounds of its own, and a bad topology, exit 2 with one line', () => {
    expect(cli('bounds', 'ring-allgather').code).toBe(2);
    const r = cli('bounds', 'noc-scatter', '--topology', 'ring:5');
    expect(r.code).toBe(2);
    expect(err(r)).toContain('topology must be mesh:RxC');
  });
});

describe('command line: a NoC network of one’s own', () => {
  it('--topology FILE.json reads the network; a bad file exits 2 naming the file', () => {
    files.set('ring4.json', '{"routers": 4, "links": [[0, 1], [1, 2], [2, 3], [3, 0]]}');
    const { report: rep } = formulas(
      'noc-scatter',
      ...flags({ topology: 'ring4.json', pattern: 'aas', method: 'constructive' }),
    );
    expect(rep.params).toMatchObject({ network: 'custom', routers: 4, links: '0,1,1,2,2,3,3,0' });
    files.set('bad.json', '{"routers": 4, "links": [[0, 9]]}');
    const bad = cli('schedule', 'noc-scatter', '--topology', 'bad.json');
    expect(bad.code).toBe(2);
    expect(err(bad)).toBe('bad.json: "links[0]" must be a pair of router numbers from 0 to 3; got [0,9]');
  });

  it('a topology file too big, or a schedule file in its place, is refused in one line before it is read', () => {
    files.set('huge.json', `{"routers": 4, "links": [${'[0, 1], '.repeat(200_000)}[1, 2]]}`);
    const big = cli('schedule', 'noc-scatter', '--topology', 'huge.json');
    expect(big.code).toBe(2);
    expect(err(big)).toBe(
      'huge.json is 1.6 MB; a topology file may be at most 1 MB (the largest network it can describe takes a few kB)',
    );
    files.set('s.json', [...cli('schedule', 'ring-allgather', '--nodes', '4').out].join(''));
    const schedule = cli('schedule', 'noc-scatter', '--topology', 's.json');
    expect(schedule.code).toBe(2);
    expect(err(schedule)).toMatch(
      /^s\.json is a schedule file \(JSON, docs\/schedule-format\.md\), not a network topology file: .*check s\.json/,
    );
  });

  it('check names a topology file for what it is and says how to use it', () => {
    files.set('ring4.json', '{"routers": 4, "links": [[0, 1], [1, 2], [2, 3], [3, 0]]}');
    const r = cli('check', 'ring4.json');
    expect(r.code).toBe(2);
    expect(err(r)).toMatch(
      /^ring4\.json is a NoC topology file \(JSON: routers and links\), not a schedule file: .*Open topology \(JSON\).*--topology ring4\.json/,
    );
  });
});
