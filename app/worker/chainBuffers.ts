import type { ChainOutcome, ChainTask } from '../../src/kernel/spec';

/** The arrays of a search's chain tasks or outcomes, moved between workers rather than copied. */
export const chainBuffers = (items: readonly (ChainTask | ChainOutcome)[]): ArrayBuffer[] =>
  items.flatMap((o) => [o.step, o.path, ...(o.parent ? [o.parent] : [])].map((a) => a.buffer as ArrayBuffer));
