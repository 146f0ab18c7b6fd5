import { describe, expect, it } from 'vitest';
import { checkDocument } from './cli/check-command';
import { scheduleJsonChunks } from './kernel/format/schedule-export';
import type { LinkJson, ScheduleJson, TransferJson } from './kernel/format/schedule-json';
import { defaultsOf } from './kernel/params/schema';
import { RULE_TEXT } from './kernel/verify/rules';
import { BROWSER_LIMITS, CLI_LIMITS } from './limits';
import { findAlgorithm } from './registry';
import { run } from './run';
import { runFile } from './file-formats';

/** A run exported as the document `check` reads (a fresh copy each call, to corrupt). */
function exported(id: string, extra: Record<string, number | string> = {}): ScheduleJson {
  const r = run(id, { ...defaultsOf(findAlgorithm(id)!.params), ...extra }, CLI_LIMITS);
  expect(r.report.ok).toBe(true);
  return JSON.parse([...scheduleJsonChunks(r)].join('')) as ScheduleJson;
}

/** The id of the file's link from → to (the first one). */
const linkOf = (d: ScheduleJson, from: number, to: number) =>
  d.links.find((l) => l.from === from && l.to === to)!.id;

/** Adds a link to the file's network and returns its id. */
function addLink(d: ScheduleJson, from: number, to: number): number {
  const l: LinkJson = { id: d.links.length, from, to, kind: 'extra', channels: 1, sharing: 'exclusive' };
  d.links.push(l);
  return l.id;
}

const transfers = (d: ScheduleJson): TransferJson[] => d.steps.flatMap((s) => s.transfers);

/** The rules the check reports, and its messages. */
function checked(d: ScheduleJson) {
  const rep = checkDocument(JSON.parse(JSON.stringify(d)), 'test.json');
  return { ...rep, said: rep.violations.map((v) => `${v.rule}: ${v.message}`).join('\n') };
}

describe('a mesh or OTIS-Mesh file is checked against the model it names', () => {
  // 16 groups of 4 × 4, all-port direct: its messages run XY inside groups and over optical links.
  const otis = () =>
    exported('otis-allreduce', {
      'group-size': 16,
      method: 'direct',
      ports: 'all',
      root: 5,
      'control-group': 5,
    });

  it('an exported file passes, and the report names the model and its rules', () => {
    const rep = checked(otis());
    expect(rep.ok).toBe(true);
    expect(rep.model.declared).toMatch(/otis-allreduce on a 16 × 16 OTIS-Mesh/);
    expect(rep.model.rules.join('\n')).toMatch(/routing: XY inside a group/);
    expect(rep.model.rules.join('\n')).toMatch(/combining: messages combine/);
  });

  it('a YX route where the model routes XY', () => {
    const d = otis();
    // A message that turns: processor (g, a) to (g, b) in another row and column.
    const t = transfers(d).find(
      (x) => x.path.length >= 2 && d.links[x.path[0]].kind !== d.links[x.path.at(-1)!].kind,
    )!;
    const [u, v] = [t.from, t.to[0]];
    const side = 4;
    const [ru, cu, rv, cv] = [Math.floor((u % 16) / side), u % side, Math.floor((v % 16) / side), v % side];
    // The column first (Y), then the row (X).
    const path: number[] = [];
    let [r, c] = [ru, cu];
    const g = u - (u % 16);
    const id = (rr: number, cc: number) => g + rr * side + cc;
    while (r !== rv) {
      const nr = r + Math.sign(rv - r);
      path.push(linkOf(d, id(r, c), id(nr, c)));
      r = nr;
    }
    while (c !== cv) {
      const nc = c + Math.sign(cv - c);
      path.push(linkOf(d, id(r, c), id(r, nc)));
      c = nc;
    }
    t.path = path;
    const before = checked({ ...d, algorithm: 'imported' } as ScheduleJson);
    expect(before.counts['channel-clash'] ?? 0).toBe(before.total); // the generic rules see at most clashes
    const rep = checked(d);
    expect(rep.counts['model-routing']).toBeGreaterThanOrEqual(1);
    expect(rep.said).toMatch(/does not take the XY route .*routes XY/);
    expect(rep.rules['model-routing']).toBe(RULE_TEXT['model-routing']);
  });

  it('a link the named network does not have', () => {
    const d = otis();
    // A diagonal inside group 0, (0, 0) → (0, 5), and a message over it.
    const t = transfers(d).find((x) => x.path.length === 2 && x.from < 16)!;
    const extra = addLink(d, t.from, t.to[0]);
    t.path = [extra];
    expect(checked({ ...d, algorithm: 'imported' } as ScheduleJson).ok).toBe(true); // the generic rules let it pass
    const rep = checked(d);
    expect(rep.ok).toBe(false);
    expect(rep.counts['model-network']).toBe(1);
    expect(rep.said).toMatch(
      new RegExp(
        `link ${extra} \\(${t.from}→${t.to[0]}, 1 channel, exclusive\\) is not a link of otis-allreduce`,
      ),
    );
  });

  it('a message carrying only part of its sender’s partial, in a file that calls the all-reduce an all-gather', () => {
    const d = otis();
    // An optical message carries its gateway's combined partial; send half of it.
    const t = transfers(d).find((x) => x.blocks.length > 4)!;
    const kept = t.blocks.slice(0, 2);
    const split = { ...d, collective: 'allgather' } as ScheduleJson;
    transfers(split).find((x) => x === t)!.blocks = kept;
    // Read as copies (an all-gather), the generic rules see nothing wrong with the message itself.
    expect(
      checked({ ...split, algorithm: 'imported' } as ScheduleJson).counts['split-partial'],
    ).toBeUndefined();
    const rep = checked(split);
    expect(rep.counts['model-collective']).toBe(1);
    expect(rep.counts['split-partial']).toBe(1);
    expect(rep.said).toMatch(
      /calls its collective allgather, but otis-allreduce .* is allreduce: checked as allreduce/,
    );
    expect(rep.said).toMatch(
      /split-partial: node \d+ holds the combination of \d+ contributions but sends 2 of them/,
    );
  });

  it('single-port: ports come from the model; a file that declares others is told so', () => {
    const d = exported('mesh-allreduce', { side: 4, method: 'direct', ports: 'single', root: 5 });
    delete d.ports;
    const taken = checked(d);
    expect(taken.ok).toBe(true);
    expect(taken.model.notes.join(' ')).toMatch(/Ports taken from the model \(tx 1, rx 1\)/);
    d.ports = { tx: 2, rx: 2 };
    const rep = checked(d);
    expect(rep.counts['model-ports']).toBe(1);
    expect(rep.said).toMatch(/declares ports tx 2, rx 2, but mesh-allreduce on a 4 × 4 mesh has tx 1, rx 1/);
  });

  it('parameters the model cannot have are reported, and the generic rules still run', () => {
    const d = otis();
    d.params = { ...d.params, 'group-size': 15 };
    const rep = checked(d);
    expect(rep.counts['model-params']).toBe(1);
    expect(rep.said).toMatch(
      /names otis-allreduce, but its parameters are not valid: group-size must be a square/,
    );
  });
});

describe('a network-on-chip file is checked against the model it names', () => {
  // The fat Octagon, 8 to the other 8 (the cards' default), built at once.
  const noc = (id: 'noc-broadcast' | 'noc-scatter', extra: Record<string, string | number> = {}) =>
    exported(id, { method: 'constructive', ...extra });
  const P = 16;

  it('an exported file passes, and the report names the network, routing, combining and ports', () => {
    const rep = checked(noc('noc-broadcast'));
    expect(rep.ok).toBe(true);
    expect(rep.model.declared).toBe('noc-broadcast on the fat Octagon (16 processors on 8 routers)');
    expect(rep.model.rules).toEqual([
      expect.stringMatching(/^network: fat Octagon: 8 routers, 12 full-duplex router links/),
      expect.stringMatching(/^routing: minimal/),
      'combining: messages do not combine: each carries one block',
      expect.stringMatching(/^ports: 1 per processor/),
    ]);
  });

  it('a route that passes through a processor', () => {
    const d = noc('noc-scatter');
    const t = transfers(d).find((x) => x.path.length >= 3)!;
    const router = d.links[t.path[0]].to;
    // Another processor on the sender's router: the message drops into it and leaves again.
    const other = d.links.find((l) => l.kind === 'eject' && l.from === router && l.to !== t.from)!.to;
    t.path = [t.path[0], linkOf(d, router, other), linkOf(d, other, router), ...t.path.slice(1)];
    const rep = checked(d);
    expect(rep.counts['through-processor']).toBe(1);
    expect(rep.said).toMatch(
      new RegExp(`passes through processor ${other}: processors only send and receive`),
    );
    expect(
      checked({ ...d, algorithm: 'imported' } as ScheduleJson).counts['through-processor'],
    ).toBeUndefined();
  });

  it('two blocks in one message where the model does not combine', () => {
    const d = noc('noc-broadcast');
    // A relay that holds two blocks by its step sends both in one message.
    const held = new Map<number, Set<number>>();
    for (let v = 0; v < P; v++) held.set(v, new Set(v < 8 ? [v] : []));
    let done = false;
    for (const s of d.steps) {
      if (!done)
        for (const t of s.transfers) {
          const mine = [...held.get(t.from)!].filter((b) => b !== t.blocks[0]);
          if (mine.length) {
            t.blocks = [t.blocks[0], mine[0]];
            done = true;
            break;
          }
        }
      for (const t of s.transfers) for (const b of t.blocks) held.get(t.to[0])!.add(b);
    }
    expect(done).toBe(true);
    expect(checked({ ...d, algorithm: 'imported' } as ScheduleJson).ok).toBe(true);
    const rep = checked(d);
    expect(rep.counts['model-combining']).toBe(1);
    expect(rep.said).toMatch(
      /carries 2 blocks in one message; in noc-broadcast .* messages do not combine: each carries one block/,
    );
  });

  it('a link the named network does not have', () => {
    const d = noc('noc-scatter');
    // Routers 0 and 2 (vertices 16 and 18) are not linked on the Octagon (a ring, and links across).
    const extra = addLink(d, 16, 18);
    const rep = checked(d);
    expect(rep.counts['model-network']).toBe(1);
    expect(rep.said).toMatch(
      new RegExp(
        `link ${extra} \\(16→18, 1 channel, exclusive\\) is not a link of noc-scatter on the fat Octagon`,
      ),
    );
  });

  it('a route longer than the model’s routing allows', () => {
    const d = noc('noc-scatter');
    const router = (x: number) => 16 + ((((x - 16) % 8) + 8) % 8);
    // A message from router a to its ring neighbour a + 1, sent the long way round: a − 1, a − 2, …
    const t = transfers(d).find(
      (x) => x.path.length === 3 && d.links[x.path[1]].to === router(d.links[x.path[1]].from + 1),
    )!;
    const [a, b] = [d.links[t.path[1]].from, d.links[t.path[1]].to];
    const way: number[] = [];
    for (let x = a; x !== b; x = router(x - 1)) way.push(linkOf(d, x, router(x - 1)));
    t.path = [t.path[0], ...way, t.path[2]];

    const rep = checked(d);
    expect(rep.counts['model-routing']).toBe(1);
    expect(rep.said).toMatch(
      /takes 7 router hops; the shortest route takes 1, and the model allows no longer one \(minimal routing, detour = 0\)/,
    );
    // With detour = 4 declared, the route is still 2 hops over.
    d.params = { ...d.params, detour: 4 };
    expect(checked(d).said).toMatch(/allows at most 4 router hops more \(detour = 4\)/);
  });

  it('a broadcast whose messages combine passes as combine = yes, and is refused where the model says one block', () => {
    const d = noc('noc-broadcast', { combine: 'yes' });
    expect(transfers(d).some((t) => t.blocks.length > 1)).toBe(true);
    expect(d.steps.length).toBeLessThanOrEqual(8); // 8 to the other 8
    const rep = checked(d);
    expect(rep.ok).toBe(true);
    expect(rep.model.rules).toContain(
      'combining: messages combine: one may carry several blocks (combine = yes; the paper’s messages carry one)',
    );
    d.params = { ...d.params, combine: 'no' };
    const refused = checked(d);
    expect(refused.counts['model-combining']).toBe(transfers(d).filter((t) => t.blocks.length > 1).length);
    expect(refused.rules['model-combining']).toBe(
      'a message carries several blocks, but the model does not combine messages',
    );
  });

  it('a file that names no model gets the generic rules, and a note saying so', () => {
    const d = noc('noc-scatter');
    delete (d as Partial<ScheduleJson>).algorithm;
    const rep = checked(d);
    expect(rep.ok).toBe(true);
    expect(rep.model).toEqual({
      declared: null,
      rules: [],
      notes: [
        expect.stringMatching(
          /^The file names no algorithm, so no model: checked with the generic rules only/,
        ),
      ],
    });
  });
});

describe('every schedule the app builds keeps its own model’s rules', () => {
  it('mesh and OTIS-Mesh in every method, NoC broadcasts and scatters with detours, ports and combining', () => {
    const configs: [string, Record<string, string | number>][] = [
      ['mesh-allreduce', { side: 8, method: 'edn', ports: 'all', root: 9 }],
      ['mesh-allreduce', { side: 8, method: 'edn-combine', ports: 'all', root: 0 }],
      ['mesh-allreduce', { side: 4, method: 'binomial', ports: 'single', root: 5 }],
      [
        'otis-allreduce',
        { 'group-size': 16, method: 'edn-combine', ports: 'all', root: 0, 'control-group': 3 },
      ],
      [
        'otis-allreduce',
        { 'group-size': 16, method: 'direct', ports: 'single', root: 10, 'control-group': 0 },
      ],
      [
        'noc-scatter',
        { method: 'constructive', detour: 2, network: 'mesh', 'per-router': 1, pattern: 'aas' },
      ],
      ['noc-scatter', { method: 'constructive', ports: 2, placement: 'opposite' }],
      ['noc-broadcast', { method: 'constructive', receivers: '0-15', combine: 'yes', ports: 2 }],
      ['noc-broadcast', { method: 'constructive', network: 'hypercube', 'per-router': 1, pattern: 'aab' }],
    ];
    for (const [id, extra] of configs) {
      const rep = checked(exported(id, extra));
      expect(rep.said, `${id} ${JSON.stringify(extra)}`).toBe('');
      expect(rep.model.declared).not.toBeNull();
    }
  });
});

describe('the app’s Open schedule checks the same model rules', () => {
  it('a route through a processor is a violation on the page too, and the result names the model', () => {
    const d = exported('noc-scatter', { method: 'constructive' });
    const ok = runFile(JSON.stringify(d), { name: 'ok.json', hash: 'h' }, BROWSER_LIMITS);
    expect(ok.report.ok).toBe(true);
    expect(ok.report.model?.declared).toMatch(/noc-scatter on the fat Octagon/);
    const t = transfers(d).find((x) => x.path.length >= 3)!;
    const router = d.links[t.path[0]].to;
    const other = d.links.find((l) => l.kind === 'eject' && l.from === router && l.to !== t.from)!.to;
    t.path = [t.path[0], linkOf(d, router, other), linkOf(d, other, router), ...t.path.slice(1)];
    const f = runFile(JSON.stringify(d), { name: 'bad.json', hash: 'h' }, BROWSER_LIMITS);
    expect(f.report.counts['through-processor']).toBe(1);
  });
});
