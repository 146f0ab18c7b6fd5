import type { Schedule } from '../kernel/model/schedule';
import type { Topology, NetworkKind } from '../kernel/model/topology';
import { num, type ParamValues } from '../kernel/params/schema';
import type { Usage } from '../kernel/verify/rules';
import { circuitStepSeconds } from '../families/circuit/circuit-alltoall';
import { OPTICAL } from '../families/mesh/geometry';
import { wormholeTimeOf } from '../families/mesh/mesh-params';
import { nocStepSeconds } from '../families/noc/noc-time';
import { ringStepSeconds } from '../families/ring/wdm-ring-time';
import { STAR_COSTS } from '../families/star/common';

/**
 * Bytes of one block of a circuit-switch exercise: every node's message m split over its blocks
 * (B / nodes of them: one per destination, or Bruck's two), as the family's time model reads them.
 */
export function circuitBlockBytes(p: ParamValues, blockCount: number): number {
  return (num(p, 'message-bytes') * num(p, 'nodes')) / blockCount;
}

/** What an attempt's time is computed from. */
export interface TimeInput {
  kind: NetworkKind;
  params: ParamValues;
  topology: Topology;
  /** Circuit switch: the offset in force in each step (index s − 1), to count reconfigurations. */
  offsets?: readonly number[];
}

/** Seconds (or the model's own unit) of each step, their sum, and model costs where the model has them. */
export interface AttemptTime {
  perStep: Float64Array;
  total: number;
  /** What the unit is: seconds, or the star's message units. */
  unit: string;
  /** The star's communication time (Σ largest message per step, message units) and tunings. */
  costs?: Record<string, number>;
}

/**
 * The time of a checked attempt under its model's cost, as the family's algorithms are timed: the
 * ring by eq. 3 of the OpTree paper, the star in message units with its tunings, the circuit switch
 * by the ReTri paper's phases (a changed offset is a reconfiguration, δ), the NoC by its eq. (1).
 * A mesh message costs t_s + m·t_1 plus t_r per electronic link and t_o per optical link of its
 * route (docs/models/otis.md); the family's own timing reads the phase instead, which a hand-made
 * step may mix.
 */
export function attemptTime(x: TimeInput, s: Schedule, usage: Usage): AttemptTime {
  const p = x.params;
  const done = (perStep: Float64Array, unit = 's', costs?: Record<string, number>): AttemptTime => ({
    perStep,
    total: perStep.reduce((a, b) => a + b, 0),
    unit,
    ...(costs ? { costs } : {}),
  });
  switch (x.kind) {
    case 'wdm-ring':
      return done(ringStepSeconds(s, usage, p));
    case 'star':
      return done(STAR_COSTS.stepSeconds!(s, usage, p), 'message units', STAR_COSTS.modelCosts!(s, usage, p));
    case 'circuit': {
      const offsets = x.offsets ?? [];
      // The switch starts with offset 1 (a ring); any other offset, or a change, rebuilds the circuits.
      const reconfigured = offsets.map((o, i) => o !== (i === 0 ? 1 : offsets[i - 1]));
      return done(circuitStepSeconds(usage, p, circuitBlockBytes(p, s.blocks.count), reconfigured));
    }
    case 'mesh':
      return done(meshSeconds(s, x.topology, p));
    case 'noc':
      return done(nocStepSeconds(s, wormholeTimeOf(p)));
    default:
      return done(new Float64Array(s.stepCount).fill(NaN));
  }
}

function meshSeconds(s: Schedule, t: Topology, p: ParamValues): Float64Array {
  const { startup: ts, hop: tr, perByte: t1, optical: to, messageBytes: m } = wormholeTimeOf(p);
  const out = new Float64Array(s.stepCount);
  if (s.path.kind !== 'link-list') return out;
  const { offsets, links } = s.path;
  for (let step = 1; step <= s.stepCount; step++)
    for (let i = s.stepStart[step - 1]; i < s.stepStart[step]; i++) {
      let sec = ts + m * t1;
      for (let k = offsets[i]; k < offsets[i + 1]; k++)
        sec += links[k] < t.linkCount && t.linkKind[links[k]] === OPTICAL ? to : tr;
      if (sec > out[step - 1]) out[step - 1] = sec;
    }
  return out;
}
