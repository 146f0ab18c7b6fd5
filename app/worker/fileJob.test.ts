import { describe, expect, it } from 'vitest';
import { scheduleJsonChunks } from '../../src/kernel/format/schedule-export';
import { defaultsOf } from '../../src/kernel/params/schema';
import { CLI_LIMITS } from '../../src/limits';
import { findAlgorithm } from '../../src/registry';
import { run } from '../../src/run';
import { contentHash } from '../files/contentHash';
import { WorkerClient } from './client';
import { inlineWorker } from './inline';

const schedule = () => {
  const r = run(
    'ring-allgather',
    { ...defaultsOf(findAlgorithm('ring-allgather')!.params), nodes: 6 },
    CLI_LIMITS,
  );
  return [...scheduleJsonChunks(r)].join('');
};

describe('files read by the worker (the same protocol the page uses)', () => {
  it('a schedule file arrives as a verified run named by its hash, with its progress in bytes', async () => {
    const text = schedule();
    const c = new WorkerClient(inlineWorker);
    const seen: number[] = [];
    const reply = await c.runFile({ name: 'ring.json', data: new Blob([text]) }, (done) => seen.push(done));
    expect(reply?.result.report.ok).toBe(true);
    expect(reply?.result.source).toMatchObject({ name: 'ring.json', hash: contentHash(text) });
    expect(seen.at(-1)).toBe(new Blob([text]).size);
  });

  it('a kept copy whose content no longer gives its hash is called damaged', async () => {
    const c = new WorkerClient(inlineWorker);
    await expect(
      c.runFile({ name: 'ring.json', data: new Blob([schedule()]), hash: '00112233445566' }),
    ).rejects.toThrow(/The copy of ring\.json kept in this browser is damaged .*open the file again/);
  });

  it('a topology file gives its network’s parameters; as a schedule it is refused for what it is', async () => {
    const c = new WorkerClient(inlineWorker);
    const topo = new Blob(['{"routers": 4, "links": [[0, 1], [1, 2], [2, 3]]}']);
    expect(await c.readNetworkFile('t.json', topo)).toEqual({
      network: 'custom',
      routers: '4',
      links: '0,1,1,2,2,3',
      'per-router': '1',
    });
    await expect(c.runFile({ name: 't.json', data: topo })).rejects.toThrow(
      /^t\.json is a NoC topology file/,
    );
    await expect(
      c.readNetworkFile('t.json', new Blob(['{"routers": 4000000000, "links": []}'])),
    ).rejects.toThrow('t.json: "routers" must be a whole number from 2 to 64; got 4000000000');
  });

  it('a file over the size limit is refused before a byte is read', async () => {
    const c = new WorkerClient(inlineWorker);
    const big = new Blob([new Uint8Array(1_000_001)]);
    await expect(c.readNetworkFile('big.json', big)).rejects.toThrow(
      /^big\.json is 1,000,001 bytes; a topology file may be at most 1 MB/,
    );
  });
});

describe('schedules made elsewhere, read by the worker', () => {
  it('MSCCL XML is detected by content and read on the network asked for', async () => {
    const { ringAllreduceXml } = await import('../../src/interop/fixtures/ring-allreduce-xml');
    const c = new WorkerClient(inlineWorker);
    const xml = ringAllreduceXml(4, 1);
    const full = await c.runFile({ name: 'ar.data', data: new Blob([xml]) });
    expect(full?.result.extras?.interop).toMatchObject({ format: 'msccl', coll: 'allreduce' });
    expect(full?.result.report.ok).toBe(true);
    const ring = await c.runFile({
      name: 'ar.data',
      data: new Blob([xml]),
      options: { network: { kind: 'ring', wavelengths: 1 }, stretch: true },
    });
    expect(ring?.result.extras?.interop).toMatchObject({ shows: 'stretched' });
    expect(ring?.result.source?.hash).toBe(full?.result.source?.hash);
  });

  it('a broken XML file is refused in one line', async () => {
    const c = new WorkerClient(inlineWorker);
    await expect(c.runFile({ name: 'b.xml', data: new Blob(['<algo ngpus="2"><gpu>']) })).rejects.toThrow(
      /^b\.xml is not well-formed XML/,
    );
  });
});
