import type { ModelNote } from './model-rules';

/** The rules a schedule must satisfy; every model expresses its constraints through them. */
export type Rule =
  | 'bad-node'
  | 'bad-block'
  | 'bad-link'
  | 'empty-route'
  | 'broken-route'
  | 'receiver-off-route'
  | 'self-send'
  | 'channel-range'
  | 'channel-clash'
  | 'inactive-link'
  | 'tx-ports'
  | 'rx-ports'
  | 'fanout'
  | 'causality'
  | 'split-partial'
  | 'double-count'
  | 'postcondition'
  // A declared model's own rules (model-rules.ts): checked when a file names a model that has them.
  | 'model-params'
  | 'model-collective'
  | 'model-network'
  | 'model-routing'
  | 'through-processor'
  | 'model-combining'
  | 'model-ports';

export const RULE_TEXT: Record<Rule, string> = {
  'bad-node': 'a sender or receiver id is not a processor',
  'bad-block': 'a block id does not exist',
  'bad-link': 'a route names a link that does not exist',
  'empty-route': 'a transfer has no route',
  'broken-route': 'a route link does not start at the sender or where an earlier link ends',
  'receiver-off-route': 'a receiver is not reached by the route',
  'self-send': 'a node sends to itself',
  'channel-range': "a channel index is not below the link's channel count",
  'channel-clash': 'two transfers use one channel of one exclusive link in the same step',
  'inactive-link': 'a route uses a link that does not exist in that step',
  'tx-ports': 'a node sends more transfers in one step than it has transmitters',
  'rx-ports': 'a node receives more transfers in one step than it has receivers',
  fanout: 'a transfer has more receivers than one message can reach (ports.fanout)',
  causality: 'a node sends a block it does not hold at the start of the step',
  'split-partial': 'a node sends part of a combined partial result (a combination cannot be split)',
  'double-count': 'a node folds in a contribution its partial already has (it would be counted twice)',
  postcondition: 'a destination does not hold its block at the end',
  'model-params': 'the parameters of the model the file names are not valid, so its rules cannot be checked',
  'model-collective': 'the file names another collective than its model performs',
  'model-network': 'the network is not the one the model names (a link or vertex it does not have)',
  'model-routing': 'a route the model’s routing does not take',
  'through-processor': 'a route passes through a processor (processors only send and receive)',
  'model-combining': 'a message carries several blocks, but the model does not combine messages',
  'model-ports': 'the file declares other ports than its model has',
};

export interface Violation {
  rule: Rule;
  /** 1-based step, or 0 for the postcondition. */
  step: number;
  /** Transfer index, or -1 where no single transfer is at fault. */
  transfer: number;
  message: string;
}

export interface VerifyReport {
  ok: boolean;
  /** The first violations found (at most `MAX_LISTED`), in schedule order. */
  violations: Violation[];
  /** How many violations of each rule were found in all. */
  counts: Partial<Record<Rule, number>>;
  total: number;
  checked: { steps: number; transfers: number; linkUses: number; deliveries: number };
  /** Resource use seen while checking (the cost models read it instead of walking again). */
  usage: Usage;
  /** A schedule file's: the model it names and the rules it was checked with (model-rules.ts). */
  model?: ModelNote;
}

/**
 * The report with more violations added (a model's rules, checked after the generic ones): counts
 * and total grow, the list stays in schedule order (the end last) and at most MAX_LISTED long.
 */
export function withViolations(report: VerifyReport, more: readonly Violation[]): VerifyReport {
  if (more.length === 0) return report;
  const counts = { ...report.counts };
  for (const v of more) counts[v.rule] = (counts[v.rule] ?? 0) + 1;
  const violations = [...report.violations, ...more.slice(0, MAX_LISTED)]
    .sort((a, b) => (a.step || Infinity) - (b.step || Infinity) || a.transfer - b.transfer)
    .slice(0, MAX_LISTED);
  return { ...report, ok: false, counts, total: report.total + more.length, violations };
}

export interface Usage {
  /** Highest channel index used, plus one. */
  channelsUsed: number;
  /** Most transfers on one directed link in one step. */
  maxLinkLoad: number;
  longestRoute: number;
  /** Blocks times receivers, summed over all transfers. */
  blockDeliveries: number;
  /** Largest number of blocks one transfer carries, per step (index s−1 for step s). */
  stepMaxBlocks: Uint32Array;
  /** Per step: most transfers on one directed link (the congestion c_k of shared-link models). */
  stepMaxLinkLoad: Uint32Array;
  /** Per step: most blocks crossing one directed link, summed over its transfers. */
  stepMaxLinkBlocks: Float64Array;
  /** Per step: the longest route, in links. */
  stepLongestRoute: Uint32Array;
}

export const MAX_LISTED = 100;
