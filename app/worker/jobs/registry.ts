import { FAMILY_JOBS } from '../../workerJobs';
import { FILE_JOBS } from '../fileJob';
import { joinJobs, type JobSpec } from './envelope';
import { EXPERIMENT_JOBS } from './experimentJobs';
import type { JobPart } from './parts';
import { RUN_JOBS } from './runJobs';

/**
 * Every job the simulation worker runs, by type: one envelope carries them all (`{ kind: 'job', id,
 * type, input }`, answered by `progress`, `partial`, `improved`, `done` or `error`), so a new job is
 * a new entry in a list, not a new message kind. This registry only joins the lists: the shared
 * features' (builds, files, experiments) and the families' (app/workerJobs.ts). The page's
 * `submit(type, input)` (client.ts) takes each job's input type and gives its output type, as
 * declared with the job.
 */
export const JOBS = joinJobs(RUN_JOBS, FILE_JOBS, EXPERIMENT_JOBS, ...FAMILY_JOBS);

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
