import type { Job } from '../kernel/jobs';
import type { Schedule } from '../kernel/model/schedule';
import type { Topology } from '../kernel/model/topology';
import type { ParamValues } from '../kernel/params/schema';
import { findCard } from '../cards';
import { defaultsOf } from '../kernel/params/schema';
import { InputError } from '../limits';

/**
 * What the exports to other tools read (docs/interop.md, "Exports"): a run result, or anything shaped
 * like one. Only the schedule, its network and its time per step are needed; `report` says whether
 * the schedule passed the verifier.
 */
export interface ExportSource {
  algorithm: string;
  params: ParamValues;
  variant?: string;
  topology: Topology;
  schedule: Schedule;
  /** Processors 0 … realNodes − 1 are the ones asked for; any above are a construction's ghosts. */
  realNodes: number;
  /** Seconds of each step under the time model (zeros for a file, which brings no time). */
  stepSeconds: Float64Array;
  report: { ok: boolean };
  source?: { name: string };
}

/**
 * A schedule an export cannot write, with the reason (a limit of the target, named). A bad input like
 * any other: the command line exits with status 2, the page shows the message and keeps its result.
 */
export class ExportRefused extends InputError {
  override name = 'ExportRefused';
}

/**
 * Bytes of an all-reduce's partial result. The mesh family's block table leaves them at 0 (a block is
 * a contribution, not data) and its `message-bytes` parameter says how big one message is.
 */
export function partialBytesOf(src: Pick<ExportSource, 'schedule' | 'params'>): number {
  if (src.schedule.blocks.bytes > 0) return src.schedule.blocks.bytes;
  const m = src.params['message-bytes'];
  return typeof m === 'number' && m > 0 ? m : 0;
}

/**
 * The run in a few words: the algorithm (or the file) and its size and the parameters that differ
 * from the algorithm's defaults.
 */
export function describeSource(
  src: Pick<ExportSource, 'algorithm' | 'params' | 'variant' | 'source' | 'schedule'>,
): string {
  const size = `${src.schedule.nodeCount} processors`;
  if (src.source) return `the schedule file ${src.source.name} (${size})`;
  const card = findCard(src.algorithm);
  const defaults = card ? defaultsOf(card.params) : {};
  const params = Object.entries(src.params)
    .filter(([k, v]) => k !== 'nodes' && defaults[k] !== v)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
  return `${src.algorithm}${src.variant ? ` (${src.variant})` : ''} on ${size}${params ? `, ${params}` : ''}`;
}

/**
 * A counter that says when to pause: true once every `every` calls. The export writers run on the
 * page's thread and pause this often, so that each slice of work stays at a millisecond or two.
 */
export function pacer(every: number): () => boolean {
  let k = 0;
  return () => {
    if (++k < every) return false;
    k = 0;
    return true;
  };
}

/** A job's pauses as empty text chunks: a writer of text runs a job and stays sliced. */
export function* pauses<R>(job: Job<R>): Generator<string, R, undefined> {
  for (;;) {
    const step = job.next();
    if (step.done) return step.value;
    yield '';
  }
}
