import { parseChecked } from '../../kernel/config';
import { intList, num, type IntListParam, type ParamDef, type ParamValues } from '../../kernel/params/schema';
import { CIRCUIT_TIME_PARAMS, circuitModelOf, type CircuitModel } from './circuit-time';
import { planCircuits } from './circuits';
import { plural } from '../../kernel/util/units';

/** The reconfiguration schedule parameter shared by ReTri and Bruck. */
export const RECONFIGURE_PARAM: IntListParam = {
  key: 'reconfigure',
  label: 'Reconfigure before phase',
  kind: 'int-list',
  min: 0,
  max: 1,
  minLength: 0,
  maxLength: 16,
  default: '0,1,1',
  group: 'algorithm',
  help:
    'The reconfiguration schedule x: bit k = 1 rebuilds the circuits for phase k. Missing bits are 0; ' +
    'bits past the last phase are ignored (and said so).',
};

/** What every circuit-switch all-to-all is configured with, read once from its parameters. */
export interface CircuitConfig {
  /** n: the accelerators. */
  nodes: number;
  /** The reconfiguration schedule x as given, bit k first ([] where the algorithm has none). */
  reconfigure: readonly number[];
  /** ReTri with n not a power of three: run on the next power of three (padded) or modulo n. */
  layout: 'modular' | 'padded';
  /** The cost model in seconds. */
  model: CircuitModel;
}

/** The parameters read, unchecked: a card's `parse` checks them first, views read a run's. */
export function readCircuit(p: ParamValues): CircuitConfig {
  return {
    nodes: num(p, 'nodes'),
    reconfigure: 'reconfigure' in p ? intList(p, 'reconfigure') : [],
    layout: p['layout'] === 'padded' ? 'padded' : 'modular',
    model: circuitModelOf(p),
  };
}

/** The bits of x for a run with `phases` phases, and a note when some were ignored. */
export function reconfigBits(
  c: Pick<CircuitConfig, 'reconfigure'>,
  phases: number,
): { x: boolean[]; note?: string } {
  const raw = c.reconfigure;
  const x = Array.from({ length: phases }, (_, k) => raw[k] === 1);
  const extra = raw.slice(phases);
  const note =
    extra.length > 0
      ? `the reconfiguration schedule lists ${raw.length} bits but this run has ${phases} phases; ` +
        `bits ${phases}…${raw.length - 1} are ignored`
      : undefined;
  return { x, note };
}

/**
 * A circuit card's parameters (network size, the card's own such as the schedule x, then the cost
 * model) and the `parse` that reads them: each within its bounds, as the family has no rules across
 * them.
 */
export function circuitParams(nodes: ParamDef, ...extra: ParamDef[]) {
  const params: readonly ParamDef[] = [nodes, ...extra, ...CIRCUIT_TIME_PARAMS];
  return { params, parse: (p: ParamValues): CircuitConfig => parseChecked(params, p, readCircuit, () => []) };
}

/**
 * Bytes of one block: each node's message m split evenly over its blocks, one per node (`copies` per
 * node when each pair's data travels in several parts, as Bruck's halves do).
 */
export function exactBlockBytes(c: CircuitConfig, copies = 1): number {
  return c.model.messageBytes / (copies * c.nodes);
}

/**
 * "The circuits of offset ±3 stay: 3 hops each." — phase k's circuits in words, from the plan of a
 * run of `phases` phases whose offsets are powers of `radix`.
 */
export function circuitSentence(
  c: Pick<CircuitConfig, 'reconfigure'>,
  phases: number,
  radix: number,
  k: number,
): string {
  const { x } = reconfigBits(c, phases);
  const plan = planCircuits(
    x.map((_, j) => radix ** j),
    x,
  );
  const offset = plan.configOffsets[plan.phaseConfig[k]];
  const hops = plan.phaseHops[k];
  if (x[k])
    return `The switch was rebuilt before this phase: every node is wired to its two peers ±${radix ** k}.`;
  return `The circuits of offset ±${offset} stay, so each transfer crosses ${plural(hops, 'circuit')}.`;
}
