import { specOnParams } from '../../kernel/config';
import type { AlgorithmSpec } from '../../kernel/spec';
import { bruck } from './bruck';
import { directAlltoall } from './direct-alltoall';
import { retri } from './retri';

/** The all-to-alls on a reconfigurable circuit switch (one registry line imports them). */
export const CIRCUIT_ALGORITHMS: readonly AlgorithmSpec[] = [
  specOnParams(retri),
  specOnParams(bruck),
  specOnParams(directAlltoall),
];
