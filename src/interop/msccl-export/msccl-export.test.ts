import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../kernel/jobs';
import { defaultsOf, type ParamValues } from '../../kernel/params/schema';
import { destinationRange, listedBlocks } from '../../kernel/model/schedule';
import { runFile } from '../../file-formats';
import { CLI_LIMITS } from '../../limits';
import { ALGORITHMS } from '../../registry';
import { run } from '../../run';
import type { RunResult } from '../../result';
import { ExportRefused } from '../export-source';
import { messageCount } from '../program';
import { recursiveDoubling } from '../test-schedules.test-util';
import { mscclJob, mscclXmlChunks, mscclXmlText } from './msccl-export';
import { checkMscclXml } from './xml-checker.test-util';

const build = (id: string, params: ParamValues = {}) =>
  run(id, { ...defaultsOf(ALGORITHMS.find((a) => a.id === id)!.params), ...params }, CLI_LIMITS);
const xmlOf = (r: RunResult) => [...mscclXmlChunks(r)].join('');

/** What a `custom` file's rank r must hold in output chunk k: block k from its origin's input chunk k. */
function customExpect(r: RunResult) {
  const t = listedBlocks(r.schedule.blocks, r.schedule.nodeCount);
  return (rank: number, k: number) => {
    const d = t.destinations;
    let wanted = d.kind === 'all';
    if (d.kind !== 'all') {
      const [a, e] = destinationRange(d, k);
      for (let i = a; i < e; i++) if (d.nodes[i] === rank) wanted = true;
    }
    return wanted ? { origin: t.origin[k], index: k } : null;
  };
}

/** Small sizes of every algorithm: the defaults, and a few smaller or odd ones. */
const SIZES: Record<string, ParamValues[]> = {
  'ring-allgather': [{ nodes: 4 }, { nodes: 9 }],
  'neighbor-exchange': [{ nodes: 6 }, { nodes: 7 }],
  'star-scatter': [{ nodes: 9 }],
  'star-gossip': [{ nodes: 10 }],
  'star-multiscatter': [{ nodes: 8 }],
  retri: [{ nodes: 9 }, { nodes: 10 }],
  bruck: [{ nodes: 8 }],
};

describe('MSCCL XML export', () => {
  it('every algorithm in the registry, at small sizes, exports a file that runs and does its collective, or refuses naming a limit', () => {
    const refusals: string[] = [];
    for (const a of ALGORITHMS)
      for (const params of [{}, ...(SIZES[a.id] ?? [])]) {
        const r = build(a.id, params);
        let xml: string;
        try {
          xml = xmlOf(r);
        } catch (e) {
          expect(e).toBeInstanceOf(ExportRefused);
          expect((e as Error).message).toMatch(/MSCCL allows at most \d+ .*\(|ghost ranks/);
          refusals.push(`${a.id} ${JSON.stringify(params)}`);
          continue;
        }
        const v = checkMscclXml(xml, customExpect(r));
        expect(v.errors, `${a.id} ${JSON.stringify(params)}`).toEqual([]);
        expect(v.ngpus).toBe(r.schedule.nodeCount);
        // One MSCCL message per Lab message (none of these carries more than 71 chunks) …
        expect(v.messages, a.id).toBe(messageCount(r.schedule));
        // … and none later than in the Lab's schedule (earlier only when the Lab waited for a link).
        expect(v.steps, a.id).toBeLessThanOrEqual(r.schedule.stepCount);
      }
    // Only the star's gossip on 10 processors (padded to 12 with ghosts) is refused among these.
    expect(refusals).toEqual(['star-gossip {"nodes":10}']);
  });

  it('names the collective MSCCL knows: gossip as all-gather, multi-scatter as all-to-all, scatter and M-to-N as custom', () => {
    const coll = (id: string, p: ParamValues = {}) => /coll="(\w+)"/.exec(xmlOf(build(id, p)))![1];
    expect(coll('ring-allgather')).toBe('allgather');
    expect(coll('star-gossip')).toBe('allgather');
    expect(coll('star-multiscatter', { nodes: 8 })).toBe('alltoall');
    expect(coll('direct-alltoall')).toBe('alltoall');
    expect(coll('star-broadcast')).toBe('broadcast');
    expect(coll('mesh-allreduce')).toBe('allreduce');
    expect(coll('star-scatter')).toBe('custom');
    expect(coll('star-gather')).toBe('custom');
    expect(coll('noc-broadcast')).toBe('custom');
  });

  it('ring all-gather: one send and one receive threadblock per rank, one step per Lab step, every waited step marked', () => {
    const r = build('ring-allgather', { nodes: 5 });
    const f = runToEnd(mscclJob(r));
    expect(f.layout.coll).toBe('allgather');
    expect(f.nchannels).toBe(1);
    for (const g of f.gpus) {
      const [send, recv, local] = g.tbs;
      expect(g.tbs).toHaveLength(3);
      expect(send.send).toBeGreaterThanOrEqual(0);
      expect(recv.recv).toBeGreaterThanOrEqual(0);
      expect(send.steps.map((s) => s.type)).toEqual(['s', 's', 's', 's']);
      expect(recv.steps.map((s) => s.type)).toEqual(['r', 'r', 'r', 'r']);
      expect(local.steps).toEqual([expect.objectContaining({ type: 'cpy', cnt: 1 })]);
      // Each send after the first forwards what the previous receive brought.
      expect(send.steps.slice(1).map((s) => [s.depid, s.deps])).toEqual([
        [1, 0],
        [1, 1],
        [1, 2],
      ]);
      expect(recv.steps.slice(0, 3).every((s) => s.hasdep === 1)).toBe(true);
    }
    const v = checkMscclXml(xmlOf(r));
    expect(v.errors).toEqual([]);
    expect(v.steps).toBe(4);
    expect(v.messages).toBe(20);
  });

  it('writes minBytes, maxBytes (the modelled size, 4 × 1 KiB here, plus one: the older runtime excludes it), inplace and outofplace', () => {
    const head = (id: string, p: ParamValues = {}) => xmlOf(build(id, p)).split('\n')[1];
    expect(head('ring-allgather', { nodes: 4, 'message-bytes': 1024 })).toMatch(
      /nchunksperloop="4" ngpus="4" coll="allgather" inplace="1" outofplace="1" minBytes="0" maxBytes="4097"/,
    );
    // All-to-all reads inputs that an in-place run would overwrite: out of place only.
    expect(head('direct-alltoall')).toMatch(/inplace="0" outofplace="1"/);
    // The mesh all-reduce's partials are message-bytes each; one chunk.
    expect(head('mesh-allreduce', { 'message-bytes': 64 })).toMatch(/nchunksperloop="1" .*maxBytes="65"/);
  });

  it('refuses beyond the runtime with the limit named: steps per threadblock, XML elements per rank, ghost ranks', () => {
    // Counted before anything is laid out: 69 messages from rank 0 to rank 1, one step each at least.
    expect(() => runToEnd(mscclJob(build('ring-allgather', { nodes: 70 })))).toThrow(
      /rank 0's threadblock sending to rank 1 needs at least 69 steps in one threadblock, dependency no-ops included; MSCCL allows at most 64 \(MSCCL_MAX_NUM_STEPS/,
    );
    // Counted on the threadblocks: WRHT's relays wait for several threadblocks each (no-ops).
    expect(() => runToEnd(mscclJob(build('wrht', { nodes: 64 })))).toThrow(
      /rank 1's threadblock 0 needs 109 steps in one threadblock, dependency no-ops included; MSCCL allows at most 64/,
    );
    expect(() => runToEnd(mscclJob(build('optree', { nodes: 64 })))).toThrow(
      /rank 24 needs 1,031 XML elements one rank keeps .*; MSCCL allows at most 1,024 \(the executor's XML reader/,
    );
    expect(() => runToEnd(mscclJob(build('star-gossip', { nodes: 10 })))).toThrow(
      /pads 10 processors to 12 \(2 ghost ranks/,
    );
  });

  it('refuses a schedule without blocks (nchunksperloop would be 0, which both runtimes refuse)', () => {
    const doc = {
      format: 'optical-collectives/schedule-v1',
      collective: 'scatter',
      nodes: 2,
      links: [{ id: 0, from: 0, to: 1, channels: 1 }],
      blocks: [],
      steps: [],
    };
    const r = runFile(JSON.stringify(doc), { name: 'empty.json', hash: 'test' }, CLI_LIMITS);
    expect(r.report.ok).toBe(true);
    expect(() => xmlOf(r)).toThrow(/no blocks; an MSCCL algorithm needs at least one chunk/);
  });

  it('spreads many peers over channels to stay within 32 threadblocks per channel', () => {
    const r = build('direct-alltoall', { nodes: 40 });
    const f = runToEnd(mscclJob(r));
    expect(f.nchannels).toBe(2);
    const v = checkMscclXml([...mscclXmlText(f)].join(''));
    expect(v.errors).toEqual([]);
  });

  it('all-reduce: each partial received into scratch, then folded in locally after the sends of its step', () => {
    const r = build('mesh-allreduce');
    const f = runToEnd(mscclJob(r));
    // Rank 1 of the 4 × 4 mesh receives three partials in step 1 and sends its sum in step 2.
    const g = f.gpus[1];
    const recvs = g.tbs.filter((t) => t.recv >= 0);
    const first = recvs.map((t) =>
      t.steps
        .filter((s) => s.type !== 'nop')
        .slice(0, 2)
        .map((s) => s.type)
        .join(' '),
    );
    expect(first.filter((x) => x.startsWith('r cpy') || x.startsWith('r re')).length).toBe(recvs.length);
    // The first fold copies the rank's own input to its output; the later ones add into it.
    const local = recvs.flatMap((t) => t.steps.filter((s) => s.type === 'cpy' || s.type === 're'));
    expect(local.filter((s) => s.type === 'cpy' && s.srcbuf === 0 && s.dstbuf === 1)).toHaveLength(1);
    expect(local.every((s) => s.dstbuf === 1 && s.dstoff === 0)).toBe(true);
    const v = checkMscclXml([...mscclXmlText(f)].join(''));
    expect(v.errors).toEqual([]);
    expect(v.messages).toBe(30);
  });

  it('all-reduce by recursive doubling: every rank sends and receives in each step, and its fold waits for its send', () => {
    const r = recursiveDoubling(8);
    const v = checkMscclXml(xmlOf(r));
    expect(v.errors).toEqual([]);
    expect(v.coll).toBe('allreduce');
    expect(v.steps).toBe(3);
    expect(v.messages).toBe(24);
  });

  it('the download is sliced: it pauses (empty chunks) while it builds, at least once per rank', () => {
    const chunks = [...mscclXmlChunks(build('star-multiscatter', { nodes: 8 }))];
    expect(chunks.filter((c) => c === '').length).toBeGreaterThanOrEqual(8);
    expect(chunks.join('')).toMatch(/<\/algo>\n$/);
    // A pause at least every 64 ops as the threadblocks are assembled (and every 64 messages placed).
    const ring = build('ring-allgather', { nodes: 40 });
    const pauses = [...mscclXmlChunks(ring)].filter((c) => c === '').length;
    expect(pauses).toBeGreaterThanOrEqual((2 * messageCount(ring.schedule)) / 64);
  });

  it('the checker (the importer, races included, plus the written text) fails files with a missing hasdep, a lost receive, a wrong offset, a tab, a race', () => {
    const xml = xmlOf(build('ring-allgather', { nodes: 4 }));
    expect(checkMscclXml(xml).errors).toEqual([]);
    const firstHasdep = xml.indexOf('hasdep="1"');
    const noHasdep = xml.slice(0, firstHasdep) + 'hasdep="0"' + xml.slice(firstHasdep + 10);
    expect(checkMscclXml(noHasdep).errors.join()).toMatch(/signal: rank \d+, threadblock \d+, step \d+/);
    const lines = xml.split('\n');
    const lastRecv = lines.map((l) => l.includes('type="r"')).lastIndexOf(true);
    const lost = lines.filter((_, i) => i !== lastRecv).join('\n');
    expect(checkMscclXml(lost).errors.join()).toMatch(
      /unmatched: rank 2, threadblock 0, step 2 sends to rank 3/,
    );
    const moved = xml.replace(
      'type="r" srcbuf="i" srcoff="0" dstbuf="o" dstoff="3"',
      'type="r" srcbuf="i" srcoff="0" dstbuf="o" dstoff="2"',
    );
    expect(moved).not.toBe(xml);
    expect(checkMscclXml(moved).errors.join()).toMatch(/collective: rank 0, output chunk 3/);
    expect(checkMscclXml(xml.replace('  <gpu id="1"', '\t<gpu id="1"')).errors.join()).toMatch(
      /malformed: .*XML reader .* finds a tab/,
    );
    // An all-reduce whose folds do not wait for the sends of their step: the partial races.
    const rd = xmlOf(recursiveDoubling(4));
    expect(checkMscclXml(rd).errors).toEqual([]);
    const racy = rd.replace(/(type="(?:cpy|re)"[^>]*?) depid="\d+" deps="\d+"/g, '$1 depid="-1" deps="-1"');
    expect(racy).not.toBe(rd);
    expect(checkMscclXml(racy).errors.join()).toMatch(
      /race: rank \d+, threadblock \d+, step \d+ .*output chunk 0/,
    );
    // A custom file is judged against the Lab's expectation through the importer's replay.
    const sc = build('star-scatter', { nodes: 9 });
    const wanted = customExpect(sc);
    expect(checkMscclXml(xmlOf(sc), wanted).errors).toEqual([]);
    const shifted = (r: number, k: number) => {
      const e = wanted(r, k);
      return e && { origin: e.origin, index: e.index + 1 };
    };
    expect(checkMscclXml(xmlOf(sc), shifted).errors.join()).toMatch(
      /output chunk \d+ holds .*not input chunk/,
    );
  });
});
