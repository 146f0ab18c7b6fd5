import type { ParamIssue, ParamValues } from '../../src/params/schema';
import type { RunResult } from '../../src/run';
import type { BlockPictures } from '../../src/views/block-pictures';

/** Messages between the page and the simulation worker. `id` is the request's generation. */
export type WorkerRequest =
  | { kind: 'run'; id: number; algorithm: string; params: ParamValues }
  /** Makes the worker throw (end-to-end tests check that a crashed worker is restarted). */
  | { kind: 'crash' };

export type WorkerResponse =
  | {
      kind: 'result';
      id: number;
      result: RunResult;
      totalMs: number;
    }
  /** All-to-all runs: the block-matrix pictures of every step, sent right after the result. */
  | { kind: 'pictures'; id: number; pictures: BlockPictures }
  | { kind: 'error'; id: number; message: string; issues: ParamIssue[]; input: boolean };
