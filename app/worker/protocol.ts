import type { SweepValue } from '../../src/kernel/experiment';
import type { ParamIssue, ParamValues } from '../../src/kernel/params/schema';
import type { RunResult } from '../../src/result';
import type { JobPart } from './jobs/parts';

export interface RunConfig {
  algorithm: string;
  params: ParamValues;
}

/** One configuration of a batch (compare mode): its result, or why it could not be built. */
export type RunOutcome = { ok: true; result: RunResult } | { ok: false; message: string };

/**
 * Messages between the page and a simulation worker: one envelope for every job. A `job` request
 * starts one (its `type` names it in app/worker/jobs/registry.ts; `id` is its generation, newer ones
 * make older ones stale); the worker answers with `progress` (how far), then one `done` or `error`;
 * `partial` (jobs/parts.ts) and `improved` carry what follows a schedule shown on the page. Two
 * controls act on a running job: `stop` (end now, keeping what it has) and `abort` (end now, post
 * nothing more). A job may ask for workers of the page's pool (`lease`): the page hands it their
 * ports. The rest is the worker's own: signs of life, the solver's load, test hooks. Results
 * carry typed arrays in the transfer list. No message kind belongs to one job.
 */
export type WorkerRequest =
  /**
   * A job (app/worker/jobs/registry.ts: a build, a compare batch, a file, a sweep, a heatmap, a paper
   * check, a pool worker leased to a search hosting its chains): its type and its input, as the job
   * declares it.
   */
  | { kind: 'job'; id: number; type: string; input: unknown }
  /**
   * Workers of the page's pool leased to the job of request `target` (it asked with a `lease` part):
   * a port to each, for its own messages to them (a search's rounds), which never cross the page.
   */
  | { kind: 'lease'; target: number; ports: MessagePort[] }
  /** A worker leased to the job of request `target` was lost (crashed or silent): the page's message. */
  | { kind: 'lease-lost'; target: number; message: string }
  /** Asks the job of request `target` to stop: it ends now with what it has (a sweep: its points so far). */
  | { kind: 'stop'; target: number }
  /** Drops the job of request `target`: a job in slices ends at its next slice and posts nothing more. */
  | { kind: 'abort'; target: number }
  /** Makes every job start `ms` late and wait `ms` between slices (end-to-end tests of Stop). */
  | { kind: 'pace'; ms: number }
  /** Makes the worker throw (end-to-end tests check that a crashed worker is restarted). */
  | { kind: 'crash' }
  /** Makes the worker stop answering (end-to-end tests check the silence timeout). */
  | { kind: 'hang' }
  /** Asks for a sign of life, answered by `alive` (with the same `seq`) as soon as the worker reads it. */
  | { kind: 'ping'; seq: number }
  /**
   * Loads the exact method's solver (HiGHS) now, while the page is online, answered by `lp`. The
   * visualizer's worker is asked when it starts: the exact method runs there.
   */
  | { kind: 'load-lp' };

export type WorkerResponse =
  /** Sent once when the worker's code has loaded: an error before it means it could not start. */
  | { kind: 'ready' }
  /** The answer to `ping` number `seq`. */
  | { kind: 'alive'; seq: number }
  /** Whether the solver (HiGHS) is loaded (`load-lp`), or why it could not be. */
  | { kind: 'lp'; ok: boolean; message?: string }
  // The envelope: every job's replies, whatever the job (app/worker/jobs/registry.ts).
  /**
   * How far a job is (`done` of `total`, in its own units: `unit` names them where the page does not
   * know them, a build's "messages placed") and its parts since the last message (a sweep's points).
   */
  | { kind: 'progress'; id: number; values: SweepValue[]; done: number; total: number; unit?: string }
  /** A part of a job besides its answer (jobs/parts.ts: what follows a schedule shown on the page). */
  | { kind: 'partial'; id: number; part: JobPart }
  /** A better schedule than the job's answer (a search that follows a run found it), verified. */
  | { kind: 'improved'; id: number; result: RunResult }
  /** A job's answer: its output, as the job declares it (JobOutput of its type), and its time. */
  | { kind: 'done'; id: number; output: unknown; totalMs: number }
  | { kind: 'error'; id: number; message: string; issues: ParamIssue[]; input: boolean };
