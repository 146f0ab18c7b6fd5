/**
 * What an import gives the page, the command line and tests: the schedule in the kernel's columns on
 * the chosen network (drawn by the existing views), the verifier's report, the importer's verdicts
 * with where each happens, and for MSCCL each threadblock step's timing.
 */
import type { Schedule } from '../kernel/model/schedule';
import type { Topology } from '../kernel/model/topology';
import type { Holdings } from '../kernel/replay/holdings';
import type { VerifyReport } from '../kernel/verify/rules';
import type { ThreadblockTimeline } from './msccl/timeline';
import type { NetworkChoice } from './network';
import type { TecclChunks } from './teccl/chunk-path';
import type { VerdictList } from './verdicts';
import type { Limits } from '../limits';

export interface ImportOptions {
  /** The file's name, for messages. */
  name?: string;
  /** The network to draw and check on (default: full for MSCCL, the implied links for TE-CCL). */
  network?: NetworkChoice;
  /** Also re-time the schedule into conflict-free steps. */
  stretch?: boolean;
  /** Where the file is read (the page or the command line), for its size limits (default: the command line's). */
  limits?: Limits;
}

export interface ScheduleOnNetwork {
  schedule: Schedule;
  holdings: Holdings;
  report: VerifyReport;
  /** The Lab transfer of each of the importer's messages (−1: never sent). */
  transferOf: Int32Array;
}

export interface InteropImport extends ScheduleOnNetwork {
  format: 'msccl' | 'teccl';
  file: string;
  /** The algorithm's name in the file (MSCCL), or the solver's. */
  algorithm: string;
  /** The collective as the file names it, and as the Lab names it. */
  coll: string;
  collective: Schedule['collective'];
  ranks: number;
  topology: Topology;
  network: {
    name: string;
    choice: NetworkChoice;
    /** WDM ring only: wavelengths a fibre has, the most one step needs, and each step's need. */
    wavelengths?: { given: number | null; used: number; most: number; perStep: Uint32Array };
  };
  verdicts: VerdictList;
  /** No error verdict, and the verifier finds nothing (on the stretched schedule when there is one). */
  ok: boolean;
  /** The schedule re-timed without conflicts, when asked for. */
  stretched?: ScheduleOnNetwork;
  /** MSCCL: every threadblock step's timing (as imported). */
  timeline?: ThreadblockTimeline;
  /**
   * MSCCL: chunks per rank of the input and of the output, and c = nchunksperloop / ranks (what
   * tells a collective's output chunks apart; 1 when it does not divide).
   */
  chunks?: { inputs: number; outputs: number; per: number };
  /** MSCCL: what the data replay found, per mode the file claims. */
  judged?: { mode: string; checked: number; correct: number; root?: number }[];
  /**
   * TE-CCL: each block's name in the file (source GPU, chunk, destination GPU) and the fraction of its
   * chunk each of the importer's messages carries (`transferOf` maps them to transfers).
   */
  teccl?: { chunks: TecclChunks; volume: Float64Array };
  /** What the import assumed or could not carry over, in words. */
  notes: string[];
}
