import { specOnParams } from '../../kernel/config';
import type { AlgorithmSpec } from '../../kernel/spec';
import { starBroadcast } from './broadcast';
import { starGossip } from './gossip';
import { starMultiscatter } from './multiscatter';
import { starGather, starScatter } from './scatter';

/** The passive-star algorithms, in the paper's order (one registry line imports them). */
export const STAR_ALGORITHMS: readonly AlgorithmSpec[] = [
  specOnParams(starScatter),
  specOnParams(starGather),
  specOnParams(starBroadcast),
  specOnParams(starGossip),
  specOnParams(starMultiscatter),
];
