/**
 * The schedule exchange format (docs/schedule-format.md): a schedule and its network as JSON or CSV,
 * and back. Import turns a file into the same columns the algorithms build, so an independent
 * schedule is checked by the one verifier (kernel/verify/verifier.ts), not by rules written here. The
 * importer only refuses what cannot be represented: wrong types, a network or block table that
 * names vertices that do not exist, values that do not fit a column.
 *
 * This file holds the format's types; writing is schedule-export.ts, reading schedule-import.ts.
 */
import type { Collective } from '../model/schedule';
import type { ParamValue } from '../params/schema';

export const SCHEDULE_FORMAT = 'optical-collectives/schedule-v1';

/**
 * The version of the document's content. Files say it in `version` (a file without it is version 1,
 * as every file was before the field existed). A change that would make an old file mean something
 * else raises it and adds one migration to `SCHEDULE_MIGRATIONS` (schedule-import.ts); the reader
 * migrates a file to this version before reading it, and refuses a newer one by name.
 */
export const SCHEDULE_VERSION = 1;

export const COLLECTIVES = [
  'allgather',
  'allreduce',
  'alltoall',
  'broadcast',
  'scatter',
  'gather',
  'gossip',
  'multiscatter',
  'reduce_scatter',
  'reduce',
  'custom',
] as const satisfies readonly Collective[];
// Fails to compile when a collective is added to the model but not to the list above.
const _everyCollective: readonly (typeof COLLECTIVES)[number][] = [] as Collective[];

export interface LinkJson {
  id: number;
  from: number;
  to: number;
  kind: string;
  channels: number;
  sharing: 'exclusive' | 'shared';
}

export interface BlockJson {
  id: number;
  origin: number;
  to: number[] | 'all';
  bytes: number;
}

export interface TransferJson {
  from: number;
  to: number[];
  path: number[];
  channel: number;
  blocks: number[];
}

export interface StepJson {
  phase: string;
  active_links?: number[];
  transfers: TransferJson[];
}

export interface SummaryJson {
  steps: number;
  phases: number;
  channels_used: number;
  transfers: number;
  max_link_load: number;
  longest_route: number;
  seconds: number;
  verified: boolean;
}

export interface ScheduleJson {
  format: typeof SCHEDULE_FORMAT;
  version: typeof SCHEDULE_VERSION;
  algorithm: string;
  collective: Collective;
  /** Blocks are contributions combined chunk by chunk (Schedule.chunkedReduction); absent: false. */
  chunked_reduction?: true;
  variant?: string;
  params: Record<string, ParamValue>;
  nodes: number;
  auxiliary_nodes?: number;
  ports?: { tx: number; rx: number; fanout?: number };
  links: LinkJson[];
  blocks: BlockJson[];
  steps: StepJson[];
  summary: SummaryJson;
}
