import { pathLength, pathLinks, receiversOf } from '../../kernel/model/paths';
import { blockCountOf, EXAMPLE_BLOCKS, firstBlockIds, type Schedule } from '../../kernel/model/schedule';
import type { Topology } from '../../kernel/model/topology';
import { describeSource, ExportRefused, partialBytesOf, type ExportSource } from '../export-source';
import { messageCount } from '../program';

/**
 * The step timeline as Trace Event JSON (the format chrome://tracing and Perfetto open): a process
 * per rank with a track of its sends and one of its receives, every transfer a complete event lasting
 * its step under the time model (a step lasts as long as the model says, all its transfers with it),
 * and a "schedule" process on top with the steps and the phases (also as global markers). Without a
 * time model (a schedule file) every step is drawn as 1 ms, and the file says so.
 */

/** Events written at most: transfers plus messages, some 200 bytes each (about 100 MB). */
export const TRACE_MAX_EVENTS = 500_000;

/** Events per chunk of text (a millisecond or two of work). */
const CHUNK = 500;
const STEP_WITHOUT_TIME_US = 1000;

export function traceEvents(s: Schedule): number {
  return s.transferCount + messageCount(s);
}

/** Refuses a schedule with more events than a trace viewer opens comfortably. */
export function checkTrace(src: Pick<ExportSource, 'algorithm' | 'schedule'>): void {
  const k = traceEvents(src.schedule);
  if (k > TRACE_MAX_EVENTS)
    throw new ExportRefused(
      `${src.algorithm}: the trace would hold ${k.toLocaleString('en-US')} events; it is written for at most ${TRACE_MAX_EVENTS.toLocaleString('en-US')} (what Perfetto and chrome://tracing open comfortably)`,
    );
}

/** Start of each step and the end of the last, in microseconds; `timed` false when there is no time. */
export function stepTimes(stepSeconds: Float64Array): { start: Float64Array; timed: boolean } {
  let total = 0;
  for (const x of stepSeconds) total += x;
  const timed = Number.isFinite(total) && total > 0;
  const start = new Float64Array(stepSeconds.length + 1);
  for (let i = 0; i < stepSeconds.length; i++)
    start[i + 1] = start[i] + (timed ? stepSeconds[i] * 1e6 : STEP_WITHOUT_TIME_US);
  return { start, timed };
}

const us = (x: number) => Math.round(x * 1000) / 1000;

export function* traceJsonChunks(src: ExportSource): Generator<string, void, undefined> {
  checkTrace(src);
  const s = src.schedule;
  const topo = src.topology;
  const n = s.nodeCount;
  const { start, timed } = stepTimes(src.stepSeconds);
  const reduction = s.collective === 'allreduce';
  const partial = partialBytesOf(src);
  const head = {
    displayTimeUnit: 'ms',
    otherData: {
      source: `Optical Collectives Lab: ${describeSource(src)}`,
      steps: s.stepCount,
      transfers: s.transferCount,
      time: timed
        ? `the time model's seconds per step; ${us(start[s.stepCount])} µs in all`
        : 'no time model: every step drawn as 1 ms',
    },
  };
  yield `${JSON.stringify(head).slice(0, -1)},"traceEvents":[\n`;
  const events: unknown[] = [];
  let written = false;
  const flush = (): string => {
    const text = events.length
      ? (written ? ',\n' : '') + events.map((e) => JSON.stringify(e)).join(',\n')
      : '';
    written ||= events.length > 0;
    events.length = 0;
    return text;
  };
  const meta = (pid: number, name: string, sort: number, threads: string[]) => {
    events.push({ ph: 'M', name: 'process_name', pid, args: { name } });
    events.push({ ph: 'M', name: 'process_sort_index', pid, args: { sort_index: sort } });
    threads.forEach((t, i) =>
      events.push({ ph: 'M', name: 'thread_name', pid, tid: i + 1, args: { name: t } }),
    );
  };
  meta(n, 'schedule', -1, ['steps', 'phases']);
  for (let r = 0; r < n; r++) {
    meta(r, `rank ${r}${r >= src.realNodes ? ' (ghost)' : ''}`, r, ['sends', 'receives']);
    if (events.length >= CHUNK) yield flush();
  }
  let phaseFrom = 1;
  for (let step = 1; step <= s.stepCount; step++) {
    const phase = s.phases[s.stepPhase[step - 1]] ?? '';
    const [a, e] = [s.stepStart[step - 1], s.stepStart[step]];
    events.push({
      name: `step ${step}`,
      ph: 'X',
      ts: us(start[step - 1]),
      dur: us(start[step] - start[step - 1]),
      pid: n,
      tid: 1,
      args: { phase, transfers: e - a, seconds: src.stepSeconds[step - 1] ?? 0 },
    });
    const next = step < s.stepCount ? s.phases[s.stepPhase[step]] : undefined;
    if (next !== phase) {
      events.push({
        name: phase,
        ph: 'X',
        ts: us(start[phaseFrom - 1]),
        dur: us(start[step] - start[phaseFrom - 1]),
        pid: n,
        tid: 2,
        args: { steps: `${phaseFrom}–${step}` },
      });
      events.push({ name: phase, ph: 'i', s: 'g', ts: us(start[phaseFrom - 1]) });
      phaseFrom = step + 1;
    }
    if (events.length >= CHUNK) yield flush();
  }
  yield flush();

  const rx = new Uint32Array(Math.max(1, topo.nodeCount + topo.auxCount));
  const links = new Uint32Array(Math.max(1, topo.linkCount));
  for (let step = 1; step <= s.stepCount; step++) {
    const phase = s.phases[s.stepPhase[step - 1]] ?? '';
    const ts = us(start[step - 1]);
    const dur = us(start[step] - start[step - 1]);
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
      const k = receiversOf(s, topo, t, rx);
      const to = Array.from(rx.subarray(0, k)).filter((d) => d !== s.src[t]);
      const count = blockCountOf(s, t);
      const bytes = reduction ? partial : count * s.blocks.bytes;
      const what = reduction
        ? { contributions: count }
        : { blocks: count, block_ids: Array.from(firstBlockIds(s, t, EXAMPLE_BLOCKS)) };
      const common = { step, phase, transfer: t, channel: s.channel[t], bytes, ...what };
      events.push({
        name: `→ ${to.join(', ')}`,
        cat: 'send',
        ph: 'X',
        ts,
        dur,
        pid: s.src[t],
        tid: 1,
        args: { to, route: routeText(s, topo, t, links), ...common },
      });
      for (const d of to)
        events.push({
          name: `← ${s.src[t]}`,
          cat: 'receive',
          ph: 'X',
          ts,
          dur,
          pid: d,
          tid: 2,
          args: { from: s.src[t], ...common },
        });
      if (events.length >= CHUNK) yield flush();
    }
  }
  yield flush();
  yield '\n]}\n';
}

/** A transfer's route: the ring arc's direction and length, or its links as "from→to". */
function routeText(s: Schedule, topo: Topology, t: number, links: Uint32Array): string {
  if (s.path.kind === 'ring-arc') {
    const h = s.path.hops[t];
    return `${h > 0 ? 'clockwise' : 'counter-clockwise'}, ${Math.abs(h)} hop${Math.abs(h) === 1 ? '' : 's'}`;
  }
  const k = pathLength(s, t);
  if (links.length < k) links = new Uint32Array(k);
  pathLinks(s, topo, t, links);
  const shown = Array.from(
    links.subarray(0, Math.min(k, 12)),
    (l) => `${topo.linkFrom[l]}→${topo.linkTo[l]}`,
  );
  return k > 12 ? `${shown.join(' ')} … (${k} links)` : shown.join(' ');
}
