/**
 * One cold MSCCL import in this process, with the work it cost: wall and CPU time of the import,
 * the garbage collections it ran (by kind) and the megabytes it allocated: what the heap (and
 * typed arrays' memory) grew by, plus what each collection freed (node:v8's GCProfiler). Load does
 * not disturb the GC count or the megabytes, so code versions can be compared by them directly.
 *
 *   npx esbuild bench/msccl-cold.ts --bundle --platform=node --format=esm --outfile=/tmp/cold.mjs
 *   node /tmp/cold.mjs FILE.xml          # FILE: `npx tsx bench/msccl-import.ts --write FILE.xml`
 *
 * Prints one line of JSON: { ok, coldMs, cpuMs, gcs, scavenges, allocatedMb, messages }.
 */
import { readFileSync } from 'node:fs';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import { importMsccl } from '../src/interop/msccl/import-msccl';

const file = process.argv[2];
if (!file) throw new Error('usage: node cold.mjs FILE.xml');
const text = readFileSync(file, 'utf8');

/** Bytes in use: the heap's objects and the memory of typed arrays. */
const inUse = (h: { used_heap_size: number; external_memory: number }) =>
  h.used_heap_size + h.external_memory;
const gc = new GCProfiler();
gc.start();
const before = inUse(getHeapStatistics());
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const r = importMsccl(text, { name: file });
const coldMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const after = inUse(getHeapStatistics());
const { statistics } = gc.stop();
let freed = 0;
let scavenges = 0;
for (const g of statistics) {
  const [b, a] = [g.beforeGC.heapStatistics, g.afterGC.heapStatistics];
  freed += b.usedHeapSize + b.externalMemory - (a.usedHeapSize + a.externalMemory);
  if (g.gcType === 'Scavenge') scavenges++;
}
{
  console.log(
    JSON.stringify({
      ok: r.ok,
      coldMs: Math.round(coldMs),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      gcs: statistics.length,
      scavenges,
      allocatedMb: Math.round((after - before + freed) / 1e5) / 10,
      messages: r.schedule.transferCount,
    }),
  );
}
