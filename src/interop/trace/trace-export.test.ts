import { describe, expect, it } from 'vitest';
import { defaultsOf, type ParamValues } from '../../kernel/params/schema';
import { CLI_LIMITS } from '../../limits';
import { ALGORITHMS } from '../../registry';
import { run } from '../../run';
import type { RunResult } from '../../result';
import { ExportRefused } from '../export-source';
import { recursiveDoubling } from '../test-schedules.test-util';
import { checkTrace, TRACE_MAX_EVENTS, traceJsonChunks } from './trace-export';

const build = (id: string, params: ParamValues = {}) =>
  run(id, { ...defaultsOf(ALGORITHMS.find((a) => a.id === id)!.params), ...params }, CLI_LIMITS);

interface TraceEvent {
  name: string;
  ph: string;
  ts?: number;
  dur?: number;
  pid?: number;
  tid?: number;
  s?: string;
  cat?: string;
  args?: Record<string, unknown>;
}
const traceOf = (r: RunResult) =>
  JSON.parse([...traceJsonChunks(r)].join('')) as {
    otherData: Record<string, unknown>;
    traceEvents: TraceEvent[];
  };

describe('Trace Event JSON of the step timeline', () => {
  it('ring all-gather: every transfer a complete event on its sender and on its receiver, lasting its step', () => {
    const r = build('ring-allgather', { nodes: 4 });
    const { traceEvents: ev, otherData } = traceOf(r);
    expect(otherData.steps).toBe(3);
    const sends = ev.filter((e) => e.cat === 'send');
    const recvs = ev.filter((e) => e.cat === 'receive');
    expect(sends).toHaveLength(12);
    expect(recvs).toHaveLength(12);
    const sec = r.stepSeconds;
    const starts = [0, sec[0], sec[0] + sec[1]].map((x) => x * 1e6);
    for (const e of [...sends, ...recvs]) {
      const step = e.args!.step as number;
      expect(e.ph).toBe('X');
      expect(e.ts).toBeCloseTo(starts[step - 1], 2);
      expect(e.dur).toBeCloseTo(sec[step - 1] * 1e6, 2);
    }
    const t0 = sends.find((e) => e.args!.transfer === 0)!;
    expect(t0.pid).toBe(r.schedule.src[0]);
    expect(t0.tid).toBe(1);
    expect(t0.args).toMatchObject({ channel: r.schedule.channel[0], blocks: 1, route: 'clockwise, 1 hop' });
    const to = (t0.args!.to as number[])[0];
    expect(recvs.find((e) => e.args!.transfer === 0)).toMatchObject({ pid: to, tid: 2, name: `← ${t0.pid}` });
    // A process per rank with a sends and a receives track, and the schedule on top.
    const names = ev.filter((e) => e.name === 'process_name').map((e) => e.args!.name);
    expect(names).toEqual(['schedule', 'rank 0', 'rank 1', 'rank 2', 'rank 3']);
    expect(ev.filter((e) => e.pid === 4 && e.ph === 'X' && e.tid === 1).map((e) => e.name)).toEqual([
      'step 1',
      'step 2',
      'step 3',
    ]);
  });

  it('phases as global markers and as spans on the schedule track', () => {
    const r = build('star-broadcast', { nodes: 8 });
    const { traceEvents: ev } = traceOf(r);
    expect(ev.filter((e) => e.ph === 'i' && e.s === 'g').map((e) => e.name)).toEqual([
      'broadcast-split',
      'broadcast',
      'exchange',
    ]);
    expect(ev.filter((e) => e.tid === 2 && e.pid === 8 && e.ph === 'X').map((e) => e.name)).toEqual([
      'broadcast-split',
      'broadcast',
      'exchange',
    ]);
    // A multicast: one event at the sender naming its receivers, one at each receiver.
    const multi = ev.find((e) => e.cat === 'send' && (e.args!.to as number[]).length === 3)!;
    expect(multi.name).toMatch(/^→ \d+, \d+, \d+$/);
    expect(ev.filter((e) => e.cat === 'receive' && e.args!.transfer === multi.args!.transfer)).toHaveLength(
      3,
    );
  });

  it('without a time model (a schedule file) every step is drawn as 1 ms, and the file says so', () => {
    const r = recursiveDoubling(4);
    const { traceEvents: ev, otherData } = traceOf(r);
    expect(otherData.time).toMatch(/no time model: every step drawn as 1 ms/);
    const steps = ev.filter((e) => e.pid === 4 && e.tid === 1 && e.ph === 'X');
    expect(steps.map((e) => [e.ts, e.dur])).toEqual([
      [0, 1000],
      [1000, 1000],
    ]);
    // An all-reduce's messages are partial results: how many contributions each combines.
    expect(ev.filter((e) => e.cat === 'send').map((e) => e.args!.contributions)).toEqual([
      1, 1, 1, 1, 2, 2, 2, 2,
    ]);
  });

  it('is written in chunks of at most 500 events', () => {
    const r = build('ring-allgather', { nodes: 40 });
    const chunks = [...traceJsonChunks(r)];
    const events = JSON.parse(chunks.join('')).traceEvents.length as number;
    expect(chunks.length).toBeGreaterThanOrEqual(events / 500);
    expect(Math.max(...chunks.map((c) => c.split('\n').length))).toBeLessThanOrEqual(502);
  });

  it(`refuses more than ${TRACE_MAX_EVENTS.toLocaleString('en-US')} events, before writing anything`, () => {
    const r = build('ring-allgather', { nodes: 510 });
    expect(() => checkTrace(r)).toThrow(ExportRefused);
    expect(() => traceJsonChunks(r).next()).toThrow(/519,180 events; it is written for at most 500,000/);
  });
});
