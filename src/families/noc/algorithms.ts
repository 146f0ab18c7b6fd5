import { specOnParams } from '../../kernel/config';
import type { AlgorithmSpec } from '../../kernel/spec';
import { nocBroadcast, nocScatter } from './noc';

/** The NoC family's algorithms (one registry line imports them). */
export const NOC_ALGORITHMS: readonly AlgorithmSpec[] = [
  specOnParams(nocBroadcast),
  specOnParams(nocScatter),
];
