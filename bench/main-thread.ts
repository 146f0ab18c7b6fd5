/**
 * What the renderer's main thread did while a page played, from two Chromium recordings.
 *
 * A Chrome trace (`browser.startTracing`, category `toplevel`): the length of every task the main
 * thread ran, not only the ones over 50 ms that the long-task API reports.
 *
 * A V8 CPU profile (CDP `Profiler.stop`, the `.cpuprofile` format DevTools opens): the
 * stretches of time the main thread was busy without a break, and what it spent them on. A busy
 * stretch is at least one task (back-to-back tasks with no idle sample between them merge), so it
 * bounds a long task from above and says what made it long.
 */

export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface BusyStretch {
  /** Start, in ms from the profile's start. */
  startMs: number;
  durationMs: number;
  /** Self time by function (name and file:line), longest first. */
  self: { name: string; ms: number }[];
  /** Total (inclusive) time by function, longest first: which caller the self time belongs to. */
  total: { name: string; ms: number }[];
}

const IDLE = '(idle)';

function label(n: CpuProfileNode): string {
  const f = n.callFrame;
  const file = f.url ? f.url.slice(f.url.lastIndexOf('/') + 1) : '';
  return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
}

/** The busy stretches of at least `minMs`, longest first, with their `top` heaviest functions. */
export function busyStretches(p: CpuProfile, minMs: number, top = 12): BusyStretch[] {
  const byId = new Map<number, CpuProfileNode>();
  const parent = new Map<number, number>();
  for (const n of p.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  // Sample i covers the time from its timestamp to the next one.
  const times: number[] = [];
  let t = p.startTime;
  for (const d of p.timeDeltas) times.push((t += d));
  const out: BusyStretch[] = [];
  let start = -1;
  const close = (end: number) => {
    const durationMs = (times[end] - times[start]) / 1000;
    if (durationMs >= minMs) {
      const self = new Map<string, number>();
      const total = new Map<string, number>();
      for (let i = start; i < end; i++) {
        const ms = (times[i + 1] - times[i]) / 1000;
        const leaf = byId.get(p.samples[i])!;
        self.set(label(leaf), (self.get(label(leaf)) ?? 0) + ms);
        const seen = new Set<string>();
        for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
          const name = label(byId.get(id)!);
          if (seen.has(name) || name === '(root)') continue;
          seen.add(name);
          total.set(name, (total.get(name) ?? 0) + ms);
        }
      }
      const rank = (m: Map<string, number>) =>
        [...m]
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
          .map(([name, ms]) => ({ name, ms }));
      out.push({
        startMs: (times[start] - p.startTime) / 1000,
        durationMs,
        self: rank(self),
        total: rank(total),
      });
    }
    start = -1;
  };
  for (let i = 0; i < p.samples.length; i++) {
    const idle = byId.get(p.samples[i])?.callFrame.functionName === IDLE;
    if (!idle && start < 0) start = i;
    else if (idle && start >= 0) close(i);
  }
  if (start >= 0 && times.length) close(times.length - 1);
  return out.sort((a, b) => b.durationMs - a.durationMs);
}

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  dur?: number;
  /** Thread time: what the task ran on the CPU, without the time the thread waited for one. */
  tdur?: number;
  args?: { name?: string };
}

/** Task names the main thread's scheduler records (older and newer Chromium). */
const TASK_EVENTS = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/**
 * Lengths (ms) of the tasks run by the busiest renderer main thread of a trace: the page that played
 * (other renderers, if any, sit idle). Nested task events count once, as their outermost task.
 */
export function mainThreadTasks(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): number[] {
  return mainThreadTaskTimes(trace).map((t) => t.wall);
}

/**
 * The same tasks with their wall time and their CPU time (ms): on a machine shared with other work
 * a task can wait for a core in the middle, and only its CPU time says what it costs by itself.
 */
export function mainThreadTaskTimes(
  trace: { traceEvents: TraceEvent[] } | TraceEvent[],
): { wall: number; cpu: number }[] {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mains = new Set<string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      mains.add(`${e.pid}:${e.tid}`);
  const byThread = new Map<string, { start: number; dur: number; tdur: number }[]>();
  for (const e of events as (TraceEvent & { ts: number })[]) {
    if (e.ph !== 'X' || !TASK_EVENTS.has(e.name) || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key)) continue;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push({ start: e.ts, dur: e.dur, tdur: e.tdur ?? e.dur });
  }
  let best: { wall: number; cpu: number }[] = [];
  let bestSum = -1;
  for (const list of byThread.values()) {
    list.sort((a, b) => a.start - b.start || b.dur - a.dur);
    const outer: { wall: number; cpu: number }[] = [];
    let end = -Infinity;
    for (const t of list) {
      if (t.start < end) continue; // inside the previous task
      outer.push({ wall: t.dur / 1000, cpu: t.tdur / 1000 });
      end = t.start + t.dur;
    }
    const sum = outer.reduce((a, b) => a + b.wall, 0);
    if (sum > bestSum) [best, bestSum] = [outer, sum];
  }
  return best;
}
