/**
 * An imported schedule as the page's result (the same shape as a schedule file's, `run-file.ts`), so
 * the worker can hand it to the existing views: the schedule on its network — the stretched one when
 * asked — and the importer's findings in `extras.interop` for the panels that will show them
 * (verdicts with their places, the threadblock timeline, both step counts, the ring's wavelengths).
 */
import { stepStats } from '../kernel/model/step-stats';
import { FILE_ALGORITHM, summaryOf, type FileSource, type RunResult } from '../result';
import { timelineGrid, transferMap, type TimelineGrid } from './msccl/timeline-grid';
import { blockIndex, type BlockIndex, type TecclChunks } from './teccl/chunk-path';
import type { InteropImport, ScheduleOnNetwork } from './result';

export interface InteropExtras {
  format: InteropImport['format'];
  coll: string;
  network: InteropImport['network'];
  verdicts: InteropImport['verdicts'];
  /** Which schedule the result shows, and both step counts. */
  shows: 'imported' | 'stretched';
  steps: { imported: number; stretched?: number };
  timeline?: InteropImport['timeline'];
  /** MSCCL: the timeline laid out on the schedule shown (rows of threadblocks, columns of its steps). */
  grid?: TimelineGrid;
  /** MSCCL: chunks per rank of the collective's input and output, for picking a chunk to track. */
  chunks?: InteropImport['chunks'];
  judged?: InteropImport['judged'];
  /**
   * TE-CCL: each block's name in the file, the fraction of its chunk each transfer of the schedule
   * shown carries, and the transfers of each block (for following a chunk, teccl/chunk-path.ts).
   */
  teccl?: { chunks: TecclChunks; fraction: Float64Array; byBlock: BlockIndex };
  notes: string[];
}

export function runResultOf(
  r: InteropImport,
  source: Omit<FileSource, 'madeBy'>,
  shows: 'imported' | 'stretched' = r.stretched ? 'stretched' : 'imported',
): RunResult {
  const s = shows === 'stretched' && r.stretched ? r.stretched : r;
  const interop: InteropExtras = {
    format: r.format,
    coll: r.coll,
    network: r.network,
    verdicts: r.verdicts,
    shows: s === r ? 'imported' : 'stretched',
    steps: {
      imported: r.schedule.stepCount,
      ...(r.stretched ? { stretched: r.stretched.schedule.stepCount } : {}),
    },
    ...(r.timeline
      ? {
          timeline: r.timeline,
          grid: timelineGrid(
            r.timeline,
            s === r ? null : transferMap(r.transferOf, s.transferOf, r.schedule.transferCount),
            s.schedule.stepStart,
          ),
        }
      : {}),
    ...(r.chunks ? { chunks: r.chunks } : {}),
    ...(r.judged ? { judged: r.judged } : {}),
    ...(r.teccl ? { teccl: tecclExtras(r.teccl, s) } : {}),
    notes: r.notes,
  };
  return {
    algorithm: FILE_ALGORITHM,
    params: {},
    extras: { interop },
    source: { ...source, madeBy: r.algorithm },
    topology: r.topology,
    schedule: s.schedule,
    realNodes: r.topology.nodeCount,
    holdings: s.holdings,
    report: s.report,
    // A file brings no cost parameters: its time is not measured.
    summary: summaryOf(s.schedule, s.report.usage, NaN),
    stepSeconds: new Float64Array(s.schedule.stepCount),
    stepStats: stepStats(s.schedule, r.topology),
    formulas: [],
    timing: { buildMs: 0, verifyMs: 0 },
  };
}

/** A TE-CCL file's chunk names, with its messages' fractions and its blocks' transfers on the schedule shown. */
function tecclExtras(t: NonNullable<InteropImport['teccl']>, s: ScheduleOnNetwork): InteropExtras['teccl'] {
  const fraction = new Float64Array(s.schedule.transferCount);
  s.transferOf.forEach((x, m) => {
    if (x >= 0) fraction[x] = t.volume[m];
  });
  return { chunks: t.chunks, fraction, byBlock: blockIndex(s.schedule, t.chunks.source.length) };
}
