/**
 * What the MSCCL runtimes accept, read from their sources (docs/interop.md, "Exports"): the older
 * runtime inside NCCL (microsoft/msccl: `src/include/msccl.h`, its XML reader in `src/graph/topo.cc`
 * and `xml.h`, and the device interpreter `msccl_interpreter.h`) and the newer executor
 * (Azure/msccl-executor-nccl: `msccl_struct.h` and `msccl_parser.cc`; RCCL carries the same). A file
 * we write keeps within both, so each limit is the smaller of the two, and a schedule beyond one is
 * refused with the limit named rather than written as a file the runtime rejects or misreads.
 */
export interface RuntimeLimit {
  value: number;
  /** What is limited, in words (used in the refusal). */
  what: string;
  /** Where the number comes from. */
  where: string;
}

export const MSCCL_LIMITS = {
  threadblocksPerRank: {
    value: 216,
    what: 'threadblocks per rank',
    where: 'MSCCL_MAX_NUM_THREAD_BLOCKS = 108·2 in microsoft/msccl; 1024 in msccl-executor-nccl',
  },
  stepsPerThreadblock: {
    value: 64,
    what: 'steps in one threadblock, dependency no-ops included',
    where: 'MSCCL_MAX_NUM_STEPS = 64 in msccl-executor-nccl; 256 in microsoft/msccl',
  },
  threadblocksPerChannel: {
    value: 32,
    what: 'sending (or receiving) threadblocks of one rank on one channel',
    where: 'MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL = 32 in both',
  },
  channels: { value: 32, what: 'channels', where: 'MAXCHANNELS = 32 in both' },
  count: {
    value: 71,
    what: 'chunks moved by one step',
    where: 'a step count must be below MSCCL_MAX_COUNT = 72 in both',
  },
  offset: {
    value: 32767,
    what: 'chunk offset in a buffer',
    where: 'offsets are 16-bit signed integers in both',
  },
  dependencyThreadblock: {
    value: 127,
    what: 'id of a threadblock another one waits for',
    where: 'dependentBid is an 8-bit signed integer in both',
  },
  xmlNodesPerRank: {
    value: 1024,
    what: 'XML elements one rank keeps (algo, every gpu, its own threadblocks and steps)',
    where: "the executor's XML reader keeps at most 1024; microsoft/msccl's 4096",
  },
} as const satisfies Record<string, RuntimeLimit>;

/** The refusal's words for a count beyond a limit (`atLeast`: a lower bound, counted before building). */
export function beyond(limit: RuntimeLimit, needed: number, where: string, atLeast = false): string {
  return `${where} needs ${atLeast ? 'at least ' : ''}${needed.toLocaleString('en-US')} ${limit.what}; MSCCL allows at most ${limit.value.toLocaleString('en-US')} (${limit.where})`;
}
