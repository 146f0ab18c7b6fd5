import type { FormulaRow } from '../../src/kernel/spec';
import type { ReproRow } from '../../src/kernel/experiment';
import type { SweepValue } from '../../src/kernel/experiment';
import type { ParamIssue, ParamValues } from '../../src/kernel/params/schema';
import type { RunResult } from '../../src/result';
import type { BlockPictures } from '../../src/families/circuit/block-pictures';

export interface RunConfig {
  algorithm: string;
  params: ParamValues;
}

/** One configuration of a batch (compare mode): its result, or why it could not be built. */
export type RunOutcome = { ok: true; result: RunResult } | { ok: false; message: string };

/** Messages between the page and the simulation worker. `id` is the request's generation. */
export type WorkerRequest =
  | { kind: 'run'; id: number; algorithm: string; params: ParamValues }
  /** A schedule file's text, read and verified as a run (src/run-file.ts). */
  | { kind: 'file'; id: number; name: string; hash: string; text: string }
  /** Several configurations in one request (compare mode); each fails on its own. */
  | { kind: 'runs'; id: number; configs: RunConfig[] }
  /** Evaluates a sweep point by point, posting progress after each point. */
  | { kind: 'sweep'; id: number; sweep: string }
  | { kind: 'reproduce'; id: number; reproduction: string }
  /** Asks the job of request `target` to stop: it ends now with what it has (a sweep: its points so far). */
  | { kind: 'stop'; target: number }
  /** Makes the worker throw (end-to-end tests check that a crashed worker is restarted). */
  | { kind: 'crash' }
  /** Makes the worker stop answering (end-to-end tests check the silence timeout). */
  | { kind: 'hang' };

export type WorkerResponse =
  /** Sent once when the worker's code has loaded: an error before it means it could not start. */
  | { kind: 'ready' }
  | { kind: 'result'; id: number; result: RunResult; totalMs: number }
  | { kind: 'results'; id: number; outcomes: RunOutcome[]; totalMs: number }
  /** Points evaluated since the last progress message; `done` of `total` so far. */
  | { kind: 'progress'; id: number; values: SweepValue[]; done: number; total: number }
  /** `stopped`: the sweep was asked to stop before its last point. */
  | { kind: 'sweep-done'; id: number; totalMs: number; stopped: boolean }
  | { kind: 'rows'; id: number; rows: ReproRow[]; totalMs: number }
  /** The result's formula rows with none pending, sent after a result that had some (FormulaOptions). */
  | { kind: 'formulas'; id: number; formulas: FormulaRow[] }
  /** All-to-all runs: the block-matrix pictures of every step, sent right after the result. */
  | { kind: 'pictures'; id: number; pictures: BlockPictures }
  | { kind: 'error'; id: number; message: string; issues: ParamIssue[]; input: boolean };
