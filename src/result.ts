import type { OpticsRow } from './kernel/model/interconnect';
import { buffersOf } from './kernel/model/columns';
import { pathLength, receiversOf } from './kernel/model/paths';
import {
  blockCountOf,
  EXAMPLE_BLOCKS,
  firstBlockIds,
  blockTableColumns,
  stepRange,
  transferBlockColumns,
  type Schedule,
} from './kernel/model/schedule';
import type { StepStats } from './kernel/model/step-stats';
import type { Topology } from './kernel/model/topology';
import type { ParamValues } from './kernel/params/schema';
import { stepCounts } from './kernel/replay/step-counts';
import { holdingsBuffers, type Holdings } from './kernel/replay/holdings';
import type { FormulaRow, StageReport, StepFacts } from './kernel/spec';
import type { Usage, VerifyReport } from './kernel/verify/rules';
import { interopColumns } from './interop/extras-columns';
import type { InteropExtras } from './interop/run-result';

/** The algorithm id of a result read from a file: no card has it, so views speak in general terms. */
export const FILE_ALGORITHM = 'file';

/** Where a result came from when it was not built here: a schedule file the user opened. */
export interface FileSource {
  /** The file's name, as the user's system gave it. */
  name: string;
  /** The content's hash (what a link names the file by; the browser keeps the text under it). */
  hash: string;
  /** The algorithm the file says made it, if it says. */
  madeBy?: string;
}

export interface Summary {
  steps: number;
  phases: number;
  transfers: number;
  channelsUsed: number;
  /** Most lightpaths sharing one directed link in one step. */
  maxLinkLoad: number;
  longestRoute: number;
  seconds: number;
  bytesMoved: number;
  /** Model-specific measured costs (AlgorithmSpec.modelCosts), when the model has any. */
  costs?: Record<string, number>;
}

export interface RunResult {
  /** The algorithm's id; `file` (FILE_ALGORITHM) for a schedule read from a file. */
  algorithm: string;
  /** A schedule read from a file: which file (absent for a schedule built here). */
  source?: FileSource;
  params: ParamValues;
  variant?: string;
  topology: Topology;
  schedule: Schedule;
  /**
   * The processors the configuration asked for: 0 … realNodes−1. Any above are ghosts (dummies) a
   * construction added to pad the network — drawn hollow, left out of the block matrix.
   */
  realNodes: number;
  holdings: Holdings;
  report: VerifyReport;
  summary: Summary;
  /** Seconds of each step under the time model (index s−1 for step s). */
  stepSeconds: Float64Array;
  /** What the narration and the spectrum count per step, counted in the worker with the result. */
  stepStats: StepStats;
  formulas: FormulaRow[];
  /** Optical constraints (OpTree eqs. 4–9) of the longest lightpath; WDM-ring results only. */
  optics?: OpticsRow[];
  /**
   * What the model's views need beyond the schedule (`Interconnect.extras`), e.g. the star's tunings;
   * a file made elsewhere carries the importer's findings as `interop` (src/interop/run-result.ts).
   */
  extras?: Readonly<Record<string, unknown>> & { readonly interop?: InteropExtras };
  /** Per-stage reports of staged algorithms (one-stage, OpTree, WRHT), from Built.stages. */
  stages?: StageReport[];
  timing: { buildMs: number; verifyMs: number };
}

/**
 * What a verified schedule measures, from its columns and the verifier's usage: `seconds` under the
 * time model (NaN where there is none, as for a file), plus model-specific `costs` when there are any.
 */
export function summaryOf(
  s: Schedule,
  usage: Usage,
  seconds: number,
  costs?: Record<string, number>,
): Summary {
  return {
    steps: s.stepCount,
    phases: s.phases.length,
    transfers: s.transferCount,
    channelsUsed: usage.channelsUsed,
    maxLinkLoad: usage.maxLinkLoad,
    longestRoute: usage.longestRoute,
    seconds,
    bytesMoved: usage.blockDeliveries * s.blocks.bytes,
    ...(costs ? { costs } : {}),
  };
}

/** Processors asked for (the `nodes` parameter), at most the network's: the rest are ghosts. */
export function realNodesOf(params: ParamValues, topology: Pick<Topology, 'nodeCount'>): number {
  const n = params.nodes;
  return typeof n === 'number' ? Math.min(n, topology.nodeCount) : topology.nodeCount;
}

/** Whether some formula rows of a result were left pending (a run with `quickFormulas`). */
export const formulasPending = (r: Pick<RunResult, 'formulas'>) => r.formulas.some((f) => f.pending);

/** Facts about step `step` of a result, for narration and the step panel. */
export function stepFacts(
  r: Pick<RunResult, 'schedule' | 'topology' | 'holdings' | 'stepStats'>,
  step: number,
  maxExamples = 3,
): StepFacts {
  const s = r.schedule;
  const facts: StepFacts = {
    step,
    stepCount: s.stepCount,
    phase: step >= 1 ? s.phases[s.stepPhase[step - 1]] : 'start',
    transfers: 0,
    channelsUsed: 0,
    longestRoute: 0,
    blocksMoved: 0,
    examples: [],
    minHeld: 0,
    maxHeld: 0,
    blockCount: s.blocks.count,
  };
  if (step >= 1 && step <= s.stepCount) {
    const [a, b] = stepRange(s, step);
    const rx = new Uint32Array(Math.max(1, r.topology.nodeCount + r.topology.auxCount));
    facts.transfers = b - a;
    const stats = r.stepStats;
    facts.longestRoute = stats.longestRoute[step - 1];
    facts.blocksMoved = stats.blocksMoved[step - 1];
    facts.channelsUsed = stats.channelsUsed[step - 1];
    for (let t = a; t < Math.min(b, a + maxExamples); t++) {
      const nr = receiversOf(s, r.topology, t, rx);
      const blockCount = blockCountOf(s, t);
      facts.examples.push({
        from: s.src[t],
        to: Array.from(rx.subarray(0, nr)),
        channel: s.channel[t],
        blocks: Array.from(firstBlockIds(s, t, EXAMPLE_BLOCKS)),
        blockCount,
        hops: s.path.kind === 'ring-arc' ? s.path.hops[t] : pathLength(s, t),
      });
    }
  }
  const { min, max } = stepCounts(r.holdings, step);
  facts.minHeld = min;
  facts.maxHeld = max;
  return facts;
}

/** Every ArrayBuffer of a result, for transferring it from the worker without copying. */
export function transferables(r: RunResult): ArrayBuffer[] {
  const t = r.topology;
  const h = r.holdings;
  return buffersOf([
    ...scheduleColumns(r.schedule),
    t.linkFrom,
    t.linkTo,
    t.linkChannels,
    t.linkKind,
    t.linkShared,
    ...holdingsBuffers(h),
    r.stepSeconds,
    r.stepStats.longestRoute,
    r.stepStats.blocksMoved,
    r.stepStats.channelsUsed,
    r.stepStats.spectrum.used,
    r.stepStats.spectrum.firstFibre,
    r.stepStats.spectrum.clashes,
    ...interopColumns(r.extras?.interop),
  ]);
}

/** Every ArrayBuffer of a schedule alone (a search's attempt), for transferring it. */
export const scheduleTransferables = (s: Schedule): ArrayBuffer[] => buffersOf(scheduleColumns(s));

function scheduleColumns(s: Schedule): (ArrayBufferView | null | undefined)[] {
  return [
    s.stepPhase,
    s.stepStart,
    s.src,
    s.channel,
    s.path.kind === 'ring-arc' ? s.path.hops : s.path.offsets,
    s.path.kind === 'link-list' ? s.path.links : null,
    s.receivers.kind === 'list' ? s.receivers.offsets : null,
    s.receivers.kind === 'list' ? s.receivers.nodes : null,
    ...transferBlockColumns(s),
    ...blockTableColumns(s.blocks),
    s.activeLinks?.stepStart,
    s.activeLinks?.links,
  ];
}
