/**
 * What the MSCCL runtimes accept, read from their sources (docs/interop.md cites file and rule):
 *
 * - `legacy`: microsoft/msccl, NCCL 2.12 with the MSCCL interpreter (src/include/msccl.h, the XML
 *   reader in src/graph/topo.cc and xml.cc, the interpreter in src/collectives/device/msccl_interpreter.h).
 * - `executor`: the MSCCL executor of Azure/msccl-executor-nccl, also in RCCL
 *   (src/include/msccl/msccl_struct.h, src/misc/msccl/msccl_parser.cc).
 *
 * A file beyond a limit both share is an error; beyond one only the executor has, a warning that
 * names it.
 */

export interface RuntimeLimits {
  name: string;
  /** Steps (the <step> elements, nops included) of one threadblock: MSCCL_MAX_NUM_STEPS. */
  stepsPerThreadblock: number;
  /** Threadblock ids per rank: MSCCL_MAX_NUM_THREAD_BLOCKS. */
  threadblocks: number;
  /** Threadblocks of one rank that send (or receive) on one channel: MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL. */
  threadblocksPerChannel: number;
  /** A step's cnt is below this: MSCCL_MAX_COUNT. */
  countBelow: number;
  /** Channel ids: NCCL's MAXCHANNELS. */
  channels: number;
  /** Elements the XML reader keeps for one rank: <algo>, every <gpu>, and that rank's <tb> and <step> (MAX_NODES). */
  elementsPerRank: number;
  /** Child elements of one element (MAX_SUBS). */
  childrenPerElement: number;
  /** Attributes per element (MAX_ATTR_COUNT) and characters per value (MAX_STR_LEN). */
  attributes: number;
  valueChars: number;
  /** The `coll` names it knows. */
  collectives: readonly string[];
  /** The step types it knows. */
  stepTypes: readonly string[];
  /** Whether minBytes, maxBytes and outofplace must be given (the executor reads them unconditionally). */
  needsSizes: boolean;
}

const COMMON_TYPES = ['s', 'r', 'rcs', 'rrs', 'rrc', 'rrcs', 'cpy', 're', 'nop'];

/** The limits both runtimes set to the same values. */
const SET_ALIKE = {
  threadblocksPerChannel: 32,
  countBelow: 72,
  channels: 32,
  elementsPerRank: 4096,
  childrenPerElement: 1024,
  attributes: 16,
  valueChars: 255,
} as const;

export const LEGACY: RuntimeLimits = {
  name: 'microsoft/msccl',
  stepsPerThreadblock: 256,
  threadblocks: 216,
  ...SET_ALIKE,
  collectives: ['allreduce', 'allgather', 'reduce', 'broadcast', 'alltoall', 'reduce_scatter', 'custom'],
  stepTypes: [...COMMON_TYPES, 'ra'],
  needsSizes: false,
};

export const EXECUTOR: RuntimeLimits = {
  name: 'the MSCCL executor (msccl-executor-nccl, RCCL)',
  stepsPerThreadblock: 64,
  threadblocks: 32 * 32,
  ...SET_ALIKE,
  collectives: [
    'reduce',
    'broadcast',
    'allreduce',
    'reducescatter',
    'allgather',
    'send',
    'recv',
    'gather',
    'scatter',
    'alltoall',
    'alltoallv',
  ],
  stepTypes: COMMON_TYPES,
  needsSizes: true,
};

/** Steps that receive (from the threadblock's recv peer) and that send (to its send peer). */
export const RECEIVES = new Set(['r', 'rcs', 'rrs', 'rrc', 'rrcs']);
export const SENDS = new Set(['s', 'rcs', 'rrs', 'rrcs']);
/** Steps that reduce what they receive with their local source. */
export const REDUCES_RECEIVED = new Set(['rrs', 'rrc', 'rrcs']);

/** The collective a `coll` names, in one spelling (both runtimes' spellings of reduce-scatter are one). */
export type MscclColl =
  'allgather' | 'allreduce' | 'alltoall' | 'reduce_scatter' | 'broadcast' | 'reduce' | 'custom';

export function collOf(coll: string): MscclColl | null {
  if (coll === 'reducescatter') return 'reduce_scatter';
  return (
    (['allgather', 'allreduce', 'alltoall', 'reduce_scatter', 'broadcast', 'reduce', 'custom'] as const).find(
      (c) => c === coll,
    ) ?? null
  );
}

/** Protocols both runtimes know. */
export const PROTOCOLS = ['Simple', 'LL', 'LL128'];
