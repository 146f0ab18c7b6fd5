import type { StageReport } from '../../kernel/spec';
/**
 * Stages of lightpaths on the WDM ring: wavelength assignment per stage, the per-stage report (link
 * load bound, wavelengths used, steps) and the emission of the stages, one after the other, into a
 * schedule. The one-stage model, OpTree and WRHT all build through here, so they share one assignment
 * and one way of reporting it.
 */
import { ArcLoads } from '../../kernel/model/arc-loads';
import type { Schedule } from '../../kernel/model/schedule';
import type { ScheduleBuilder } from '../../kernel/model/schedule-builder';
import type { ArcBundles, Assignment, RunsPiece } from './optree/wdm-assign';

/**
 * Reports of a schedule whose stages are its phases (runs of consecutive steps with one phase name),
 * for algorithms that relay step by step: load bound from the routes, wavelengths held = steps × w.
 */
export function phaseReports(s: Schedule, w: number, label: (phase: string) => string): StageReport[] {
  if (s.path.kind !== 'ring-arc') throw new Error('phaseReports needs ring arcs');
  const hops = s.path.hops;
  const n = s.nodeCount;
  const reports: StageReport[] = [];
  const loads = new ArcLoads(n, false);
  let first = 1;
  for (let step = 1; step <= s.stepCount; step++) {
    if (step < s.stepCount && s.stepPhase[step] === s.stepPhase[step - 1]) continue;
    // Steps first..step form one stage: its lightpaths per directed link.
    const t0 = s.stepStart[first - 1];
    const t1 = s.stepStart[step];
    loads.measure(s.src, hops, t0, t1, null);
    const load = loads.load;
    const steps = step - first + 1;
    reports.push({
      stage: reports.length + 1,
      label: label(s.phases[s.stepPhase[step - 1]]),
      firstStep: first,
      steps,
      lightpaths: t1 - t0,
      loadBound: load,
      stepBound: Math.ceil(load / w),
      wavelengthsUsed: steps * w,
      ratio: load > 0 ? (steps * w) / load : 1,
    });
    first = step + 1;
  }
  return reports;
}

/** One stage's lightpath requests: bundles of identical arcs and the blocks each bundle carries. */
export interface StageRequest {
  label: string;
  /** Phase name of the stage's steps in the schedule. */
  phase: string;
  arcs: ArcBundles;
  /** Bundle b carries blocks pool[blockStart[b] .. blockStart[b] + mult[b]), one per lightpath. */
  blockStart: Int32Array;
  pool: Int32Array;
}

/** The report of one assigned stage. */
export function stageReport(
  stage: number,
  label: string,
  firstStep: number,
  w: number,
  a: Pick<Assignment, 'cw' | 'ccw' | 'lightpaths'>,
): StageReport {
  const loadBound = Math.max(a.cw.load, a.ccw.load);
  const used = Math.max(a.cw.colours, a.ccw.colours);
  return {
    stage,
    label,
    firstStep,
    steps: Math.ceil(used / w),
    lightpaths: a.lightpaths,
    loadBound,
    stepBound: Math.ceil(loadBound / w),
    wavelengthsUsed: used,
    ratio: loadBound > 0 ? used / loadBound : 1,
  };
}

/** What a stage's assignment found, with its colours as pieces (RunsPiece). */
export interface StageColouring extends Pick<Assignment, 'cw' | 'ccw' | 'lightpaths'> {
  pieces: readonly RunsPiece[];
}

/** A stage's requests and the colours its lightpaths take. */
export interface AssignedStage {
  request: StageRequest;
  assignment: StageColouring;
}

/**
 * Appends the assigned stages to the builder: colour c of a stage becomes step ⌊c/w⌋ of that stage
 * on wavelength c mod w. Stages follow each other, so a stage starts only after the previous one has
 * delivered everything (the data dependency of a staged all-gather).
 */
export function emitStages(
  builder: ScheduleBuilder,
  w: number,
  stages: readonly AssignedStage[],
): StageReport[] {
  const reports: StageReport[] = [];
  let nextStep = 1;
  for (const { request, assignment: a } of stages) {
    const report = stageReport(reports.length + 1, request.label, nextStep, w, a);
    reports.push(report);
    if (a.lightpaths === 0) continue;
    emitStage(builder, w, request, a, report.steps);
    nextStep += report.steps;
  }
  return reports;
}

function emitStage(b: ScheduleBuilder, w: number, st: StageRequest, a: StageColouring, steps: number): void {
  const stepFrom = new Int32Array(steps + 1);
  for (const p of a.pieces) countSteps(w, p, st.arcs.hops, stepFrom);
  accumulate(stepFrom);
  // Each run's piece in each step goes straight into the schedule's columns.
  const out = b.reserveArcSteps(st.phase, stepFrom);
  const next = stepFrom.slice(0, steps);
  for (const p of a.pieces) fillColumns(w, st, p, next, out);
}

/**
 * Adds a piece's lightpaths to the count of their steps (entry step + 1), run by run (a run of colours
 * may span the end of a step). Accumulated, the counts say where each step's lightpaths start. Each
 * pass is a function of its own: code after a long loop has no type feedback yet when the loop gets
 * optimised, and optimised code would bail out there (costly in a cold run).
 */
function countSteps(w: number, p: RunsPiece, hops: Int32Array, stepFrom: Int32Array): void {
  const { from, to, first, size } = p.proto;
  for (let i = 0; i < p.count; i++) {
    const shift = hops[p.at + i] > 0 ? p.shiftCw : p.shiftCcw;
    for (let r = from[i]; r < to[i]; r++)
      for (let c = first[r] + shift, left = size[r]; left > 0;) {
        const step = (c / w) | 0;
        const len = Math.min(left, (step + 1) * w - c);
        stepFrom[step + 1] += len;
        c += len;
        left -= len;
      }
  }
}

/** Running totals in place: a[i] becomes a[0] + … + a[i]. */
function accumulate(a: Int32Array): void {
  for (let i = 1; i < a.length; i++) a[i] += a[i - 1];
}

/** Writes every lightpath of a piece at the next free place of its step (`next`, advanced). */
function fillColumns(
  w: number,
  st: StageRequest,
  p: RunsPiece,
  next: Int32Array,
  out: ReturnType<ScheduleBuilder['reserveArcSteps']>,
): void {
  const { from, to, first, size } = p.proto;
  const { src, hops } = st.arcs;
  const { pool, blockStart } = st;
  const outSrc = out.src;
  const outHops = out.hops;
  const outChannel = out.channel;
  const outBlock = out.block;
  for (let i = 0; i < p.count; i++) {
    const bd = p.at + i;
    const u = src[bd];
    const h = hops[bd];
    const shift = h > 0 ? p.shiftCw : p.shiftCcw;
    let block = blockStart[bd];
    for (let r = from[i]; r < to[i]; r++)
      for (let c = first[r] + shift, left = size[r]; left > 0;) {
        const step = (c / w) | 0;
        const ch = c - step * w;
        const len = Math.min(left, w - ch);
        const k = next[step];
        next[step] = k + len;
        for (let j = 0; j < len; j++) {
          outSrc[k + j] = u;
          outHops[k + j] = h;
          outChannel[k + j] = ch + j;
          outBlock[k + j] = pool[block + j];
        }
        block += len;
        c += len;
        left -= len;
      }
  }
}
