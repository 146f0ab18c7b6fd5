import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS } from '../registry';
import { SCHEDULE_FORMAT, type ScheduleJson } from '../kernel/format/schedule-json';
import { toScheduleJson } from '../kernel/format/schedule-export';
import { CLI_LIMITS } from '../limits';
import { run } from '../run';
import { type RunResult } from '../result';
import { RULE_TEXT } from '../kernel/verify/rules';
import { checkCommand, type CheckReport } from './check-command';
import { execute } from './commands';
import { exportResult } from './schedule-command';
import { type CommandOutput } from './command-kit';
import { memoryCli, outText } from './cli.test-util';
import { type FormulasReport } from './formulas-command';
import { type ListedAlgorithm } from './list-command';

/** Files the tests pretend exist. */
const { files, io, cli } = memoryCli();

function ok(r: CommandOutput): string {
  expect(r.err).toBeUndefined();
  expect(r.code).toBe(0);
  return outText(r);
}

/** Bad input: exit 2, no output, exactly one line on stderr. */
function bad(r: CommandOutput): string {
  expect(r.code).toBe(2);
  expect(outText(r)).toBe('');
  expect(r.err).toBeDefined();
  expect(r.err).not.toMatch(/[\r\n]/);
  expect(r.err!.length).toBeGreaterThan(10);
  return r.err!;
}

describe('list', () => {
  it('lists every algorithm of the registry with its parameter schema, as JSON', () => {
    const list = JSON.parse(ok(cli('list'))) as ListedAlgorithm[];
    expect(list.map((a) => a.id)).toEqual(ALGORITHMS.map((a) => a.id));
    for (const [i, a] of ALGORITHMS.entries()) {
      const l = list[i];
      expect(l).toMatchObject({
        name: a.name,
        family: a.family,
        collective: a.collective,
        topology: a.topology,
        paper: { file: a.paper.file, title: a.paper.title },
      });
      expect(l.params.map((p) => p.key)).toEqual(a.params.map((p) => p.key));
    }
    const nodes = list[0].params.find((p) => p.key === 'nodes')!;
    expect(nodes).toMatchObject({ label: 'Nodes N', kind: 'int', min: 2, max: 65_536, default: 8 });
    expect(nodes.help.length).toBeGreaterThan(5);
    const bandwidth = list[0].params.find((p) => p.key === 'bandwidth')!;
    expect(bandwidth).toMatchObject({ unit: 'Gb/s', min: 0.001, max: 100_000 });
    expect(bandwidth).not.toHaveProperty('min_exclusive');
  });

  it('prints a readable table with --format text', () => {
    const text = ok(cli('list', '--format', 'text'));
    for (const a of ALGORITHMS) {
      expect(text).toContain(a.id);
      for (const p of a.params) expect(text).toContain(`--${p.key}`);
    }
    expect(text).toContain('a whole number from 2 to 65,536; default 8');
  });

  it('says when a parameter applies, by the rule the panel and the links follow', () => {
    const list = JSON.parse(ok(cli('list'))) as ListedAlgorithm[];
    const noc = list.find((a) => a.id === 'noc-scatter')!;
    expect(noc.params.find((p) => p.key === 'rows')!.applies_when).toEqual({
      key: 'network',
      one_of: ['mesh', 'torus'],
    });
    expect(noc.params.find((p) => p.key === 'network')).not.toHaveProperty('applies_when');
    expect(ok(cli('list', '--format', 'text'))).toContain('Only when network is mesh or torus.');
  });
});

describe('schedule', () => {
  it('exports a verified schedule as JSON', () => {
    const doc = JSON.parse(
      ok(cli('schedule', 'ring-allgather', '--nodes', '5', '--wavelengths=2')),
    ) as ScheduleJson;
    expect(doc.format).toBe(SCHEDULE_FORMAT);
    expect(doc.params).toMatchObject({ nodes: 5, wavelengths: 2 });
    expect(doc.steps).toHaveLength(4);
    expect(doc.summary).toMatchObject({ steps: 4, transfers: 20, verified: true });
  });

  it('exports CSV', () => {
    const text = ok(cli('schedule', 'neighbor-exchange', '--nodes', '4', '--format', 'csv'));
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('step,phase,transfer,from,to,path,channel,blocks');
    expect(lines).toHaveLength(1 + 4 + 8);
  });

  it('passes --out to the caller', () => {
    const r = cli('schedule', 'ring-allgather', '--out', 'ring.json');
    expect(r.code).toBe(0);
    expect(r.outFile).toBe('ring.json');
  });

  it('still exports a schedule that fails verification, with exit code 1 and one line', () => {
    const good = run('ring-allgather', { ...defaults('ring-allgather'), nodes: 4 }, CLI_LIMITS);
    const failing: RunResult = {
      ...good,
      report: {
        ...good.report,
        ok: false,
        total: 2,
        counts: { causality: 2 },
        violations: [{ rule: 'causality', step: 1, transfer: 0, message: 'node 0 sends block 3 in step 1' }],
      },
    };
    const r = exportResult(failing, 'json');
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'ring-allgather: the schedule fails verification (2 violations: causality 2; first: node 0 sends block 3 in step 1); exported anyway',
    );
    expect((JSON.parse(outText(r)) as ScheduleJson).summary.verified).toBe(false);
  });
});

function defaults(id: string): Record<string, number | string> {
  return Object.fromEntries(ALGORITHMS.find((a) => a.id === id)!.params.map((p) => [p.key, p.default]));
}

describe('formulas', () => {
  it('gives each closed form next to the constructed value', () => {
    const rep = JSON.parse(ok(cli('formulas', 'neighbor-exchange', '--nodes', '7'))) as FormulasReport;
    expect(rep.algorithm).toBe('neighbor-exchange');
    expect(rep.params.nodes).toBe(7);
    expect(rep.verified).toBe(true);
    expect(rep.variant).toContain('odd N');
    expect(rep.rows.map((r) => r.id)).toEqual(['steps', 'wavelengths', 'time']);
    expect(rep.rows[0]).toMatchObject({ formula: 3.5, constructed: 3, unit: 'steps' });
    expect(rep.rows[0].note).toContain('odd');
    expect(rep.rows[0].source).toContain('Table 1');
  });

  it('cites the paper value where the paper prints one', () => {
    const rep = JSON.parse(
      ok(cli('formulas', 'ring-allgather', '--nodes', '1024', '--wavelengths', '64')),
    ) as FormulasReport;
    expect(rep.rows[0]).toMatchObject({ formula: 1023, constructed: 1023, paper: { value: 1023 } });
  });

  it('prints a text table with --format text', () => {
    const text = ok(cli('formulas', 'ring-allgather', '--nodes', '6', '--format', 'text'));
    expect(text).toContain('Steps: formula 5 steps, constructed 5 steps');
  });
});

// ------------------------------------------------------------------------------------------------
// check, with faults injected into exported documents

/* eslint-disable @typescript-eslint/no-explicit-any */
function exported(algorithm: string, nodes: number, wavelengths: number): any {
  const r = run(algorithm, { ...defaults(algorithm), nodes, wavelengths }, CLI_LIMITS);
  return JSON.parse(JSON.stringify(toScheduleJson(r)));
}

function check(doc: unknown): { r: CommandOutput; rep: CheckReport } {
  files.set('s.json', JSON.stringify(doc));
  const r = cli('check', 's.json');
  expect([0, 1]).toContain(r.code);
  const rep = JSON.parse(outText(r)) as CheckReport;
  expect(r.code).toBe(rep.ok ? 0 : 1);
  if (!rep.ok) expect(r.err).not.toMatch(/[\r\n]/);
  return { r, rep };
}

describe('check', () => {
  it('passes an exported schedule and reports what it checked', () => {
    const { r, rep } = check(exported('ring-allgather', 6, 2));
    expect(r.code).toBe(0);
    expect(rep).toMatchObject({
      file: 's.json',
      algorithm: 'ring-allgather',
      nodes: 6,
      links: 12,
      steps: 5,
      transfers: 30,
      ok: true,
      total: 0,
      counts: {},
      violations: [],
      claimed_verified: true,
    });
  });

  it('catches two transfers on one link and channel in a step', () => {
    const d = exported('neighbor-exchange', 6, 2);
    const [a, b] = d.steps[1].transfers; // node 0 sends two blocks over one link, λ0 and λ1
    expect(a.path).toEqual(b.path);
    b.channel = a.channel;
    const { r, rep } = check(d);
    expect(r.code).toBe(1);
    expect(rep.counts).toEqual({ 'channel-clash': 1 });
    expect(rep.violations[0]).toMatchObject({ rule: 'channel-clash', step: 2, transfer: 7 });
    expect(rep.rules['channel-clash']).toContain('exclusive link');
    expect(r.err).toContain(
      's.json: 1 violation: channel-clash 1; first: transfers 6 and 7 both use channel 0',
    );
  });

  it('catches a block sent before it is held', () => {
    const d = exported('ring-allgather', 6, 1);
    d.steps[0].transfers[0].blocks = [3];
    const { rep } = check(d);
    expect(rep.counts.causality).toBeGreaterThanOrEqual(1);
    expect(rep.violations[0]).toMatchObject({ rule: 'causality', step: 1, transfer: 0 });
    expect(rep.violations[0].message).toBe('node 0 sends block 3 in step 1 before it holds it');
  });

  it('catches a missing delivery', () => {
    const d = exported('ring-allgather', 6, 1);
    d.steps.pop();
    const { rep } = check(d);
    expect(rep.counts).toEqual({ postcondition: 6 });
    expect(rep.violations[0]).toMatchObject({ rule: 'postcondition', step: 0, transfer: -1 });
  });

  it('catches a route link that does not start where the route has reached', () => {
    const d = exported('ring-allgather', 6, 1);
    d.steps[0].transfers[0].path = [0, 8]; // 0→1, then 2→1: node 2 is not on the route
    const { rep } = check(d);
    expect(rep.counts).toEqual({ 'broken-route': 1 });
    expect(rep.violations[0].message).toContain('link 8 starts at 2');
  });

  it('catches a receiver the route does not reach', () => {
    const d = exported('ring-allgather', 6, 1);
    d.steps[0].transfers[0].to = [2];
    expect(check(d).rep.counts['receiver-off-route']).toBe(1);
  });

  it('catches a channel the link does not have', () => {
    const d = exported('ring-allgather', 6, 2);
    d.steps[2].transfers[4].channel = 2;
    expect(check(d).rep.counts).toEqual({ 'channel-range': 1 });
  });

  it('catches active_links that omit a used link', () => {
    const d = exported('ring-allgather', 6, 1);
    const all = d.links.map((l: { id: number }) => l.id);
    for (const st of d.steps) st.active_links = all;
    expect(check(d).rep.ok).toBe(true);
    for (const st of d.steps) st.active_links = all.filter((l: number) => l !== 0);
    const { rep } = check(d);
    expect(rep.counts).toEqual({ 'inactive-link': 5 });
    expect(rep.violations[0].message).toBe('transfer 0 uses link 0 (0→1), absent in step 1');
  });

  it('lets a shared link carry two transfers on one channel, where an exclusive one clashes', () => {
    const d = exported('ring-allgather', 6, 1);
    d.steps[0].transfers.push({ ...d.steps[0].transfers[0] });
    expect(check(d).rep.counts).toEqual({ 'channel-clash': 1 });
    d.links[0].sharing = 'shared';
    const { r, rep } = check(d);
    expect(r.code).toBe(0);
    expect(rep.usage.max_link_load).toBe(2);
  });

  it('enforces port limits', () => {
    const d = exported('neighbor-exchange', 7, 1); // relay: every node sends and receives two per step
    d.ports = { tx: 2, rx: 2 };
    expect(check(d).rep.ok).toBe(true);
    d.ports = { tx: 1, rx: 1 };
    const { rep } = check(d);
    expect(rep.counts).toEqual({ 'tx-ports': 21, 'rx-ports': 21 });
  });

  it('checks a passive star: a coupler link whose channels are wavelengths', () => {
    // Processors 0..3, coupler input 4 and output 5. Uplinks i→4, the coupler 4→5 (exclusive: one
    // transmitter per wavelength), downlinks 5→j (shared: they repeat what the coupler carries).
    const w = 2;
    const links = [
      ...[0, 1, 2, 3].map((i) => ({
        id: i,
        from: i,
        to: 4,
        kind: 'uplink',
        channels: w,
        sharing: 'exclusive',
      })),
      { id: 4, from: 4, to: 5, kind: 'coupler', channels: w, sharing: 'exclusive' },
      ...[0, 1, 2, 3].map((j) => ({
        id: 5 + j,
        from: 5,
        to: j,
        kind: 'downlink',
        channels: w,
        sharing: 'shared',
      })),
    ];
    const bcast = (i: number, channel: number) => {
      const others = [0, 1, 2, 3].filter((j) => j !== i);
      return { from: i, to: others, path: [i, 4, ...others.map((j) => 5 + j)], channel, blocks: [i] };
    };
    const d: any = {
      format: SCHEDULE_FORMAT,
      algorithm: 'star-allgather',
      collective: 'allgather',
      nodes: 4,
      auxiliary_nodes: 2,
      ports: { tx: 1, rx: 2 },
      links,
      blocks: [0, 1, 2, 3].map((b) => ({ id: b, origin: b, to: 'all', bytes: 1 })),
      steps: [
        { phase: 'broadcast', transfers: [bcast(0, 0), bcast(1, 1)] },
        { phase: 'broadcast', transfers: [bcast(2, 0), bcast(3, 1)] },
      ],
    };
    expect(check(d).rep.ok).toBe(true);
    // Two transmitters on λ0 in one step collide in the coupler.
    d.steps[0].transfers[1].channel = 0;
    let rep = check(d).rep;
    expect(rep.counts).toEqual({ 'channel-clash': 1 });
    expect(rep.violations[0].message).toContain('on link 4 (4→5)');
    // A receiver tuned to one wavelength only (k = 1) cannot hear both.
    d.steps[0].transfers[1].channel = 1;
    d.ports = { tx: 1, rx: 1 };
    rep = check(d).rep;
    expect(rep.counts['rx-ports']).toBe(4);
  });

  it('checks reconfigurable circuits: shared links in force only where listed', () => {
    // Four nodes; every ordered pair has a circuit link; each step lists the circuits in force.
    const pairs = [0, 1, 2, 3].flatMap((i) => [0, 1, 2, 3].filter((j) => j !== i).map((j) => [i, j]));
    const link = (i: number, j: number) => pairs.findIndex(([a, b]) => a === i && b === j);
    const d: any = {
      format: SCHEDULE_FORMAT,
      collective: 'allgather',
      nodes: 4,
      links: pairs.map(([i, j], id) => ({
        id,
        from: i,
        to: j,
        kind: 'circuit',
        channels: 1,
        sharing: 'shared',
      })),
      blocks: [0, 1, 2, 3].map((b) => ({ id: b, origin: b, to: 'all', bytes: 1 })),
      steps: [
        {
          phase: 'ring circuits',
          active_links: [link(0, 1), link(1, 2), link(2, 3), link(3, 0)],
          transfers: [0, 1, 2, 3].map((i) => ({
            from: i,
            to: [(i + 1) % 4, (i + 2) % 4],
            path: [link(i, (i + 1) % 4), link((i + 1) % 4, (i + 2) % 4)],
            channel: 0,
            blocks: [i],
          })),
        },
        {
          phase: 'cross circuits',
          active_links: [link(0, 3), link(1, 0), link(2, 1), link(3, 2)],
          transfers: [0, 1, 2, 3].map((i) => ({
            from: i,
            to: [(i + 3) % 4],
            path: [link(i, (i + 3) % 4)],
            channel: 0,
            blocks: [i], // node i − 1 lacks only block i
          })),
        },
      ],
    };
    const first = check(d);
    expect(first.rep.ok).toBe(true);
    expect(first.rep.usage.max_link_load).toBe(2); // shared circuits carry two routes at once
    d.steps[1].active_links = [link(0, 3), link(1, 0), link(2, 1)];
    expect(check(d).rep.counts).toEqual({ 'inactive-link': 1 });
  });

  it('names the bad field of a malformed file', () => {
    const d = exported('ring-allgather', 4, 1);
    d.steps[3 - 1].transfers[0].channel = -1;
    files.set('bad.json', JSON.stringify(d));
    expect(bad(cli('check', 'bad.json'))).toBe(
      'bad.json: steps[2].transfers[0].channel must be a whole number ≥ 0; got -1',
    );
  });

  it('lists at most 20 violations but counts all', () => {
    const d = exported('ring-allgather', 30, 1);
    for (const st of d.steps) st.active_links = [];
    const { rep } = check(d);
    expect(rep.total).toBe(30 * 29);
    expect(rep.violations).toHaveLength(20);
  });
});

describe('docs/schedule-format.md', () => {
  const doc = readFileSync(fileURLToPath(new URL('../../docs/schedule-format.md', import.meta.url)), 'utf8');

  it('shows the exact output of the command it names, and that output checks', () => {
    const example = /<!-- prettier-ignore -->\n```json\n([\s\S]*?)```/.exec(doc)![1];
    const made = ok(
      cli('schedule', 'ring-allgather', '--nodes', '4', '--wavelengths', '1', '--message-bytes', '1024'),
    );
    expect(example).toBe(made);
    expect(check(JSON.parse(example)).rep.ok).toBe(true);
    const firstStep = JSON.parse(example);
    firstStep.steps = firstStep.steps.slice(0, 1);
    const { rep } = check(firstStep);
    expect(rep.counts).toEqual({ postcondition: 8 });
    expect(rep.violations[0].message).toBe('node 0 never receives block 1');
    firstStep.steps[0].transfers[0].blocks = [1];
    expect(check(firstStep).rep.counts).toEqual({ postcondition: 9, causality: 1 });
  });

  it('names every rule of the verifier', () => {
    for (const rule of Object.keys(RULE_TEXT)) expect(doc).toContain(`\`${rule}\``);
  });
});

describe('bad input: exit 2, one line naming the problem', () => {
  files.set('not-json.json', '{"format": ');
  const cases: [string[], string][] = [
    [
      [],
      'no command given; commands are list, schedule, formulas, bounds, sweep, heatmap, reproduce, check, help',
    ],
    [
      ['frobnicate'],
      'unknown command "frobnicate"; commands are list, schedule, formulas, bounds, sweep, heatmap, reproduce, check, help',
    ],
    [['schedule'], 'schedule needs an algorithm: ring-allgather, neighbor-exchange'],
    [['schedule', 'tree'], 'unknown algorithm "tree"; algorithms are ring-allgather, neighbor-exchange'],
    [['schedule', 'ring-allgather', 'extra'], 'schedule: unexpected argument "extra"'],
    [
      ['schedule', 'ring-allgather', '--nodes', '0'],
      'Nodes N (nodes) must be a whole number from 2 to 65,536; got "0"',
    ],
    [
      ['formulas', 'ring-allgather', '--nodes=2.5'],
      'Nodes N (nodes) must be a whole number from 2 to 65,536; got "2.5"',
    ],
    [['schedule', 'ring-allgather', '--nodes'], '--nodes needs a value'],
    [['schedule', 'ring-allgather', '--bandwidth', '0'], 'must be a number from 0.001 to 100,000 Gb/s'],
    [
      ['schedule', 'ring-allgather', '--speed', '3'],
      'ring-allgather has no parameter --speed; it takes --nodes,',
    ],
    [
      ['schedule', 'ring-allgather', '--flit-bytes', '33'],
      'Flit size (flit-bytes) must divide the packet size 128 B',
    ],
    [['schedule', 'ring-allgather', '--nodes', '65536'], 'the command line allows at most 200,000,000'],
    [
      ['schedule', 'ring-allgather', '--format', 'xml'],
      '--format for schedule must be json or csv or msccl or chakra or trace; got "xml"',
    ],
    [['list', '--format', 'csv'], '--format for list must be json or text; got "csv"'],
    [['list', '--nodes', '3'], 'list has no option --nodes; it takes --format, --out'],
    [['check'], 'check needs a schedule file: check FILE.json'],
    [
      ['check', 'missing.json'],
      "cannot read missing.json: ENOENT: no such file or directory, open 'missing.json'",
    ],
    [['check', 'not-json.json'], 'not-json.json is not valid JSON:'],
    [['check', 'not-json.json', '--nodes', '4'], 'check has no option --nodes'],
  ];
  for (const [argv, message] of cases)
    it(argv.join(' ') || '(nothing)', () => {
      expect(bad(cli(...argv))).toContain(message);
    });
});

describe('help', () => {
  it('lists the commands and every parameter of every algorithm', () => {
    for (const argv of [['help'], ['--help'], ['schedule', '--help']]) {
      const text = ok(cli(...argv));
      for (const c of ['list', 'schedule', 'formulas', 'check', 'help']) expect(text).toContain(`  ${c}`);
      for (const a of ALGORITHMS) {
        expect(text).toContain(a.id);
        for (const p of a.params) expect(text).toContain(`--${p.key}`);
      }
      expect(text).toContain('Exit status');
    }
  });

  it('narrows to one algorithm', () => {
    const text = ok(cli('schedule', 'neighbor-exchange', '--help'));
    expect(text).toContain('neighbor-exchange: Neighbor Exchange');
    expect(text).not.toContain('ring-allgather: Ring');
  });
});

describe('the program (spawned)', () => {
  const exec = promisify(execFile);
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // The local tsx binary, not npx, so that npm's own warnings cannot reach stderr.
  const tsx = (...args: string[]) =>
    exec(join(root, 'node_modules/.bin/tsx'), ['src/cli/main.ts', ...args], { cwd: root });

  it('prints the list', async () => {
    const { stdout } = await tsx('list');
    expect((JSON.parse(stdout) as ListedAlgorithm[]).map((a) => a.id)).toEqual(ALGORITHMS.map((a) => a.id));
  }, 60_000);

  it('writes --out, which check then passes; bad input exits 2 with one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oc-cli-'));
    try {
      const file = join(dir, 's.json');
      await tsx('schedule', 'neighbor-exchange', '--nodes', '9', '--out', file);
      const r = checkCommand(readFileSync(file, 'utf8'), file);
      expect(r.code).toBe(0);
      const fail = await tsx('schedule', 'ring-allgather', '--nodes', '0').then(
        () => null,
        (e: { code: number; stderr: string; stdout: string }) => e,
      );
      expect(fail?.code).toBe(2);
      expect(fail?.stdout).toBe('');
      expect(fail?.stderr).toBe('Nodes N (nodes) must be a whole number from 2 to 65,536; got "0"\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('sweep and reproduce', () => {
  it('refuse unknown ids and list the known ones', () => {
    const s = execute(['sweep', 'no-such-sweep'], io);
    expect(s.code).toBe(2);
    expect(s.err).toMatch(/^unknown sweep id "no-such-sweep"; ids are /);
    const r = execute(['reproduce'], io);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^reproduce needs an id: /);
  });
});
