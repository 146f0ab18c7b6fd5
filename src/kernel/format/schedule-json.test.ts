import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, findAlgorithm } from '../../registry';
import { defaultsOf } from '../params/schema';
import { CLI_LIMITS } from '../../limits';
import { measure, run } from '../../run';
import { type RunResult } from '../../result';
import { verify } from '../verify/verifier';
import { blockTableOf, withBlockLists } from '../model/schedule';
import {
  CSV_HEADER,
  scheduleCsvChunks,
  scheduleJsonChunks,
  toScheduleJson,
  writeScheduleCsv,
  writeScheduleJson,
} from './schedule-export';
import { fromScheduleJson, migrateScheduleDocument, ScheduleFormatError } from './schedule-import';
import { SCHEDULE_FORMAT, SCHEDULE_VERSION, type ScheduleJson } from './schedule-json';

function runOf(algorithm: string, nodes: number, wavelengths: number): RunResult {
  const spec = findAlgorithm(algorithm)!;
  return run(algorithm, { ...defaultsOf(spec.params), nodes, wavelengths }, CLI_LIMITS);
}

function jsonText(r: RunResult): string {
  let text = '';
  writeScheduleJson(r, (chunk) => (text += chunk));
  return text;
}

/** Export → text → import → verify, compared with the original run. */
function roundTrip(r: RunResult) {
  const doc = toScheduleJson(r);
  const text = jsonText(r);
  expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(doc)));
  const { topology, schedule } = fromScheduleJson(JSON.parse(text));
  const { report, holdings } = verify(schedule, topology);
  // Both verified: the built schedule and the one read back (not merely "the same verdict").
  expect(r.report.ok).toBe(true);
  expect(report.ok).toBe(true);
  expect(report.total).toBe(r.report.total);
  expect(schedule.stepCount).toBe(r.schedule.stepCount);
  expect(schedule.transferCount).toBe(r.schedule.transferCount);
  expect(schedule.phases).toEqual(r.schedule.phases);
  expect(report.usage.channelsUsed).toBe(r.report.usage.channelsUsed);
  expect(report.usage.maxLinkLoad).toBe(r.report.usage.maxLinkLoad);
  expect(report.usage.longestRoute).toBe(r.report.usage.longestRoute);
  expect(report.checked).toEqual(r.report.checked);
  // Imported blocks are lists: a pair-rectangle original is compared with its lists written out.
  const listed =
    r.schedule.transferBlocks.kind === 'pairs' ? verify(withBlockLists(r.schedule), r.topology) : r;
  expect(holdings).toEqual(listed.holdings);
  // Exporting the imported schedule gives the same network, blocks and steps.
  const again = toScheduleJson({
    algorithm: r.algorithm,
    params: r.params,
    topology,
    schedule,
    summary: measure(findAlgorithm(r.algorithm)!, schedule, report.usage, r.params).summary,
    report,
  });
  expect(again.links).toEqual(doc.links);
  expect(again.blocks).toEqual(doc.blocks);
  expect(again.steps).toEqual(doc.steps);
  expect(again.summary).toEqual(doc.summary);
}

describe('export', () => {
  it('writes the documented fields (ring all-gather, N = 4)', () => {
    const r = runOf('ring-allgather', 4, 2);
    const doc = toScheduleJson(r);
    expect(doc.format).toBe(SCHEDULE_FORMAT);
    expect(doc.version).toBe(SCHEDULE_VERSION);
    expect(Object.keys(doc).slice(0, 3)).toEqual(['format', 'version', 'algorithm']);
    expect(doc.algorithm).toBe('ring-allgather');
    expect(doc.collective).toBe('allgather');
    expect(doc.nodes).toBe(4);
    expect('auxiliary_nodes' in doc).toBe(false);
    expect('ports' in doc).toBe(false);
    expect(doc.params.nodes).toBe(4);
    expect(doc.links).toHaveLength(8);
    expect(doc.links[0]).toEqual({
      id: 0,
      from: 0,
      to: 1,
      kind: 'fibre-cw',
      channels: 2,
      sharing: 'exclusive',
    });
    expect(doc.links[4]).toEqual({
      id: 4,
      from: 0,
      to: 3,
      kind: 'fibre-ccw',
      channels: 2,
      sharing: 'exclusive',
    });
    expect(doc.blocks[2]).toEqual({ id: 2, origin: 2, to: 'all', bytes: r.schedule.blocks.bytes });
    expect(doc.steps).toHaveLength(3);
    expect(doc.steps[0].phase).toBe('ring');
    expect('active_links' in doc.steps[0]).toBe(false);
    expect(doc.steps[0].transfers[3]).toEqual({ from: 3, to: [0], path: [3], channel: 0, blocks: [3] });
    expect(doc.summary).toEqual({
      steps: 3,
      phases: 1,
      channels_used: 1,
      transfers: 12,
      max_link_load: 1,
      longest_route: 1,
      seconds: r.summary.seconds,
      verified: true,
    });
  });

  it('expands counter-clockwise arcs into ccw link ids', () => {
    const doc = toScheduleJson(runOf('neighbor-exchange', 5, 1));
    // Relay variant: node 0 sends one hop counter-clockwise over link n + 0 to node 4.
    const ccw = doc.steps[0].transfers.find((t) => t.from === 0 && t.to[0] === 4);
    expect(ccw).toEqual({ from: 0, to: [4], path: [5], channel: 0, blocks: [0] });
    expect(doc.links[5]).toMatchObject({ from: 0, to: 4, kind: 'fibre-ccw' });
  });

  it('keeps multi-block transfers (Neighbor Exchange, w = 1)', () => {
    const doc = toScheduleJson(runOf('neighbor-exchange', 8, 1));
    expect(doc.steps[1].transfers[0].blocks).toHaveLength(2);
  });

  it('writes big schedules in bounded chunks that parse to the same document', () => {
    const r = runOf('ring-allgather', 300, 1); // 89 700 transfers
    let chunks = 0;
    let longest = 0;
    let text = '';
    for (const c of scheduleJsonChunks(r)) {
      chunks++;
      longest = Math.max(longest, c.length);
      text += c;
    }
    expect(chunks).toBeGreaterThan(20);
    expect(longest).toBeLessThan(70_000);
    const doc = JSON.parse(text) as ScheduleJson;
    expect(doc.summary.transfers).toBe(89_700);
    expect(doc.steps[298].transfers[299]).toEqual({
      from: 299,
      to: [0],
      path: [299],
      channel: 0,
      blocks: [1],
    });
  });

  it('writes CSV: one line per transfer, space-separated lists', () => {
    const r = runOf('neighbor-exchange', 6, 1);
    let text = '';
    writeScheduleCsv(r, (c) => (text += c));
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(r.schedule.transferCount + 1);
    expect(lines[1]).toBe('1,pair swap,0,0,1,0,0,0');
    expect(lines[2]).toBe('1,pair swap,1,1,0,7,0,1');
    // Step 2, w = 1: node 0 passes both blocks left (link 6 + 0 = 6, counter-clockwise to node 5).
    expect(lines[7]).toBe('2,exchange,6,0,5,6,0,0 1');
    let chunked = '';
    for (const c of scheduleCsvChunks(r)) chunked += c;
    expect(chunked).toBe(text);
  });

  it('quotes CSV fields that need it', () => {
    const r = runOf('ring-allgather', 3, 1);
    const schedule = { ...r.schedule, phases: ['ring, "fast"'] };
    const text = [...scheduleCsvChunks({ schedule, topology: r.topology })].join('');
    expect(text.split('\n')[1]).toBe('1,"ring, ""fast""",0,0,1,0,0,0');
  });
});

describe('round trip: export → import → verify', () => {
  const cases: [number, number][] = [
    [2, 1],
    [3, 1],
    [4, 2],
    [5, 3],
    [6, 1],
    [7, 4],
    [8, 2],
    [9, 1],
    [12, 4],
    [13, 2],
  ];
  for (const a of ALGORITHMS)
    it(`${a.id} over (N, w) = ${cases.map((c) => `(${c})`).join(' ')}`, () => {
      for (const [n, w] of cases) roundTrip(runOf(a.id, n, w));
    });

  it('holds for random (N, w) of every algorithm', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALGORITHMS.map((a) => a.id)),
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 1, max: 5 }),
        (alg, n, w) => roundTrip(runOf(alg, n, w)),
      ),
      { numRuns: 40 },
    );
  });
});

/** A small valid document to break field by field. */
function baseDoc(): Record<string, unknown> & { steps: Record<string, unknown>[] } {
  return JSON.parse(JSON.stringify(toScheduleJson(runOf('ring-allgather', 4, 2))));
}

function importError(mutate: (d: ReturnType<typeof baseDoc>) => unknown): string {
  const d = baseDoc();
  const replaced = mutate(d);
  try {
    fromScheduleJson(replaced === undefined ? d : replaced);
  } catch (e) {
    expect(e).toBeInstanceOf(ScheduleFormatError);
    const message = (e as Error).message;
    expect(message).not.toMatch(/\n/);
    return message;
  }
  throw new Error('no error');
}

/* eslint-disable @typescript-eslint/no-explicit-any */
describe('import refuses malformed documents with a message naming the field', () => {
  const cases: [string, (d: any) => unknown, string][] = [
    ['not an object', () => [1, 2], 'the schedule must be a JSON object; got an array'],
    ['null', () => null, 'the schedule must be a JSON object; got null'],
    [
      'wrong format',
      (d) => void (d.format = 'v2'),
      'format must be "optical-collectives/schedule-v1"; got "v2"',
    ],
    [
      'no format',
      (d) => void delete d.format,
      'format must be "optical-collectives/schedule-v1"; got nothing',
    ],
    [
      'a newer version',
      (d) => void (d.version = 2),
      'version must be at most 1 (the newest version this app reads); got 2',
    ],
    [
      'a version that is not a number',
      (d) => void (d.version = '1'),
      'version must be a whole number ≥ 1; got "1"',
    ],
    ['bad collective', (d) => void (d.collective = 'allsort'), 'collective must be one of allgather,'],
    ['algorithm not text', (d) => void (d.algorithm = 3), 'algorithm must be a string; got 3'],
    ['zero nodes', (d) => void (d.nodes = 0), 'nodes must be a whole number ≥ 1; got 0'],
    ['fractional nodes', (d) => void (d.nodes = 2.5), 'nodes must be a whole number ≥ 1; got 2.5'],
    [
      'negative aux',
      (d) => void (d.auxiliary_nodes = -1),
      'auxiliary_nodes must be a whole number ≥ 0; got -1',
    ],
    ['ports not object', (d) => void (d.ports = 2), 'ports must be an object; got 2'],
    ['zero ports', (d) => void (d.ports = { tx: 0, rx: 1 }), 'ports.tx must be a whole number ≥ 1; got 0'],
    ['links missing', (d) => void delete d.links, 'links must be an array; got nothing'],
    [
      'link out of order',
      (d) => void (d.links[3].id = 5),
      'links[3].id must be 3 (links are listed in id order',
    ],
    [
      'link to a missing node',
      (d) => void (d.links[2].from = 4),
      'links[2].from must be a processor id from 0 to 3; got 4',
    ],
    [
      'link to a missing vertex',
      (d) => void ((d.auxiliary_nodes = 1), (d.links[2].to = 9)),
      'links[2].to must be a vertex id (processors, then auxiliary nodes) from 0 to 4; got 9',
    ],
    [
      'no channels',
      (d) => void (d.links[0].channels = 0),
      'links[0].channels must be a whole number ≥ 1; got 0',
    ],
    ['link kind', (d) => void (d.links[1].kind = 7), 'links[1].kind must be a string; got 7'],
    [
      'sharing',
      (d) => void (d.links[1].sharing = 'sometimes'),
      'links[1].sharing must be "exclusive" or "shared"; got "sometimes"',
    ],
    ['blocks missing', (d) => void (d.blocks = {}), 'blocks must be an array; got an object'],
    ['block id', (d) => void (d.blocks[1].id = '1'), 'blocks[1].id must be 1 (blocks are listed in id order'],
    [
      'block origin',
      (d) => void (d.blocks[1].origin = -1),
      'blocks[1].origin must be a processor id from 0 to 3; got -1',
    ],
    [
      'block destinations',
      (d) => void (d.blocks[2].to = 'everyone'),
      'blocks[2].to must be "all" or an array of processor ids; got "everyone"',
    ],
    [
      'block destination id',
      (d) => void (d.blocks[2].to = [0, 7]),
      'blocks[2].to[1] must be a processor id from 0 to 3; got 7',
    ],
    [
      'block sizes differ',
      (d) => void (d.blocks[3].bytes = 12),
      'blocks[3].bytes must be 4194304, as blocks[0].bytes (all blocks have one size); got 12',
    ],
    [
      'too many holding cells',
      (d) => void ((d.nodes = 1 << 20), (d.blocks = d.blocks.concat(Array(300).fill(d.blocks[0])))),
      'blocks: 1048576 processors × 304 blocks need',
    ],
    ['steps missing', (d) => void delete d.steps, 'steps must be an array; got nothing'],
    ['step not object', (d) => void (d.steps[1] = 'x'), 'steps[1] must be an object; got "x"'],
    ['phase missing', (d) => void delete d.steps[1].phase, 'steps[1].phase must be a string; got nothing'],
    ['transfers missing', (d) => void delete d.steps[0].transfers, 'steps[0].transfers must be an array'],
    [
      'negative channel',
      (d) => void (d.steps[2].transfers[0].channel = -1),
      'steps[2].transfers[0].channel must be a whole number ≥ 0; got -1',
    ],
    [
      'fractional channel',
      (d) => void (d.steps[2].transfers[0].channel = 0.5),
      'steps[2].transfers[0].channel must be a whole number ≥ 0; got 0.5',
    ],
    [
      'channel beyond the column',
      (d) => void (d.steps[2].transfers[1].channel = 70000),
      'steps[2].transfers[1].channel must be at most 65535 (the channel column is 16-bit); got 70000',
    ],
    [
      'sender missing',
      (d) => void delete d.steps[0].transfers[2].from,
      'steps[0].transfers[2].from must be a whole number ≥ 0; got nothing',
    ],
    [
      'receivers not a list',
      (d) => void (d.steps[0].transfers[2].to = 3),
      'steps[0].transfers[2].to must be an array',
    ],
    [
      'too many receivers',
      (d) => void (d.steps[0].transfers[2].to = [0, 1, 3, 3, 3]),
      'steps[0].transfers[2].to lists 5 receivers, but there are only 4 processors',
    ],
    [
      'path link not a number',
      (d) => void (d.steps[1].transfers[0].path = ['0']),
      'steps[1].transfers[0].path[0] must be a whole number ≥ 0; got "0"',
    ],
    [
      'path longer than the network',
      (d) => void (d.steps[1].transfers[0].path = Array(9).fill(0)),
      'steps[1].transfers[0].path has 9 links, but the network has only 8',
    ],
    [
      'block list missing',
      (d) => void delete d.steps[1].transfers[3].blocks,
      'steps[1].transfers[3].blocks must be an array; got nothing',
    ],
    [
      'active link that does not exist',
      (d) => void (d.steps[1].active_links = [0, 8]),
      'steps[1].active_links[1] must be a link id from 0 to 7; got 8',
    ],
  ];
  for (const [name, mutate, message] of cases)
    it(name, () => {
      expect(importError(mutate)).toContain(message);
    });
});

describe('import leaves the rules to the verifier', () => {
  const check = (d: unknown) => {
    const { topology, schedule } = fromScheduleJson(d);
    return verify(schedule, topology).report;
  };

  it('reports ids beyond the tables as violations, kept exactly as written', () => {
    const d: any = baseDoc();
    d.steps[0].transfers[0].from = 70_000;
    d.steps[1].transfers[0].blocks = [70_001];
    d.steps[2].transfers[0].path = [99];
    d.steps[2].transfers[1].to = [80_000];
    const rep = check(d);
    expect(rep.counts['bad-node']).toBe(2);
    expect(rep.counts['bad-block']).toBe(1);
    expect(rep.counts['bad-link']).toBe(1);
    const text = rep.violations.map((v) => v.message).join('\n');
    expect(text).toContain('sender 70000');
    expect(text).toContain('block 70001');
    expect(text).toContain('link 99');
    expect(text).toContain('receiver 80000');
  });

  it('reports an empty route and a sender that is an auxiliary vertex', () => {
    const d: any = baseDoc();
    d.auxiliary_nodes = 1;
    d.steps[0].transfers[1].path = [];
    d.steps[1].transfers[0].from = 4;
    const rep = check(d);
    expect(rep.counts['empty-route']).toBe(1);
    expect(rep.counts['bad-node']).toBe(1);
  });

  it('accepts defaults: no kind, no sharing, no bytes, no algorithm', () => {
    const d: any = baseDoc();
    for (const l of d.links) {
      delete l.kind;
      delete l.sharing;
    }
    for (const b of d.blocks) delete b.bytes;
    delete d.algorithm;
    delete d.summary;
    delete d.params;
    const { topology, schedule } = fromScheduleJson(d);
    expect(schedule.algorithm).toBe('imported');
    expect(topology.kind).toBe('generic');
    expect(topology.linkKinds).toEqual(['link']);
    expect(schedule.blocks.bytes).toBe(1);
    expect(verify(schedule, topology).report.ok).toBe(true);
  });

  it('reads per-block destination lists, "all" mixed in', () => {
    // Broadcast of block 0 from node 0 to nodes 1 and 2 over a tree route; block 1 must reach all.
    const d = {
      format: SCHEDULE_FORMAT,
      collective: 'broadcast',
      nodes: 3,
      links: [
        { id: 0, from: 0, to: 1, channels: 1 },
        { id: 1, from: 0, to: 2, channels: 1 },
        { id: 2, from: 1, to: 0, channels: 1 },
        { id: 3, from: 1, to: 2, channels: 1 },
      ],
      blocks: [
        { id: 0, origin: 0, to: [1, 2] },
        { id: 1, origin: 1, to: 'all' },
      ],
      steps: [
        {
          phase: 'tree',
          transfers: [
            { from: 0, to: [1, 2], path: [0, 1], channel: 0, blocks: [0] },
            { from: 1, to: [0, 2], path: [2, 3], channel: 0, blocks: [1] },
          ],
        },
      ],
    };
    const { schedule } = fromScheduleJson(d);
    expect(blockTableOf(schedule).destinations.kind).toBe('list');
    expect(check(d).ok).toBe(true);
    d.blocks[0].to = [1, 2, 0];
    d.steps[0].transfers[0].to = [1];
    const rep = check(d);
    expect(rep.counts).toEqual({ postcondition: 1 });
    expect(rep.violations[0].message).toBe('node 2 never receives block 0');
  });

  it('treats a step without active_links as having every link, when others have them', () => {
    const d: any = baseDoc();
    d.steps[0].active_links = [0, 1, 2, 3];
    expect(check(d).ok).toBe(true);
    d.steps[1].active_links = [0, 1, 2];
    const rep = check(d);
    expect(rep.counts).toEqual({ 'inactive-link': 1 });
    expect(rep.violations[0]).toMatchObject({ step: 2, transfer: 7 });
  });
});

describe('versions', () => {
  it('a file without a version is version 1 and reads as before; migration is pure', () => {
    const doc = toScheduleJson(runOf('ring-allgather', 5, 2)) as unknown as Record<string, unknown>;
    const old = { ...doc };
    delete old.version;
    const migrated = migrateScheduleDocument(old);
    expect(migrated.version).toBe(SCHEDULE_VERSION);
    expect('version' in old).toBe(false);
    const a = fromScheduleJson(old);
    const b = fromScheduleJson(doc);
    expect(verify(a.schedule, a.topology).report.ok).toBe(true);
    expect(a.schedule.transferCount).toBe(b.schedule.transferCount);
  });
});
