import { fileJob } from '../fileJob';
import { chainsJob } from './chainsJob';
import type { JobSpec } from './envelope';
import type { JobPart } from './parts';
import { heatmapJobSpec, reproduceJob, sweepJobSpec } from './experimentJobs';
import { runJob, runsJob } from './runJobs';

/**
 * Every job the simulation worker runs, by type: one envelope carries them all (`{ kind: 'job', id,
 * type, input }`, answered by `progress`, `done` or `error`), so a new job is a new entry here, not a
 * new message kind. The page's `submit(type, input)` (client.ts) takes each job's input type and
 * gives its output type, as declared with the job.
 */
export const JOBS = {
  run: runJob,
  runs: runsJob,
  file: fileJob,
  sweep: sweepJobSpec,
  heatmap: heatmapJobSpec,
  reproduce: reproduceJob,
  chains: chainsJob,
};

export type JobType = keyof typeof JOBS;
export type JobInput<T extends JobType> =
  (typeof JOBS)[T] extends JobSpec<infer I, unknown, JobPart> ? I : never;
export type JobOutput<T extends JobType> =
  (typeof JOBS)[T] extends JobSpec<never, infer O, JobPart> ? O : never;
export type JobPartOf<T extends JobType> =
  (typeof JOBS)[T] extends JobSpec<never, unknown, infer P> ? P : never;

/** The job of a type, or undefined (a type from another version of the page). */
export const findJob = (type: string): JobSpec<unknown, unknown, JobPart> | undefined =>
  Object.hasOwn(JOBS, type) ? (JOBS[type as JobType] as JobSpec<unknown, unknown, JobPart>) : undefined;
