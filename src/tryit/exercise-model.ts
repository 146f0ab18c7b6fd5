import type { Schedule } from '../kernel/model/schedule';
import type { Topology, NetworkKind } from '../kernel/model/topology';
import { TryInputError } from './try-limits';

/**
 * Options a lecturer may add to a WDM-ring exercise (the textbook's ring: one block in and out per
 * node and step, under which Ring all-gather's N − 1 steps are optimal). Other models take none.
 */
export interface TryRules {
  /** One transmitter and one receiver per node: at most one lightpath out and one in per step. */
  onePort?: boolean;
  /** A lightpath carries one block. */
  oneBlock?: boolean;
}

/** Port limits as the schedule states them (the verifier's `ports`). */
export type Ports = NonNullable<Schedule['ports']>;

/**
 * The rules an exercise is checked by beyond the network's links: the port limits the verifier
 * applies, whether a transfer carries one block at most (a rule of "Try it", tried in
 * attempt-rules.ts), whether the student sets circuits, and the whole in plain words.
 */
export interface ExerciseModel {
  ports?: Ports;
  oneBlock: boolean;
  circuits: boolean;
  words: string[];
}

const plural = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;

/** Most links into (out of) one processor: what all-port nodes can use at once. */
function degrees(t: Topology): { out: number; in: number } {
  const out = new Uint32Array(t.nodeCount + t.auxCount);
  const inn = new Uint32Array(t.nodeCount + t.auxCount);
  for (let l = 0; l < t.linkCount; l++) {
    out[t.linkFrom[l]]++;
    inn[t.linkTo[l]]++;
  }
  let o = 0;
  let i = 0;
  for (let v = 0; v < t.nodeCount; v++) [o, i] = [Math.max(o, out[v]), Math.max(i, inn[v])];
  return { out: o, in: i };
}

/**
 * The model of an exercise on `topology`, from the family's own rules and the ports the algorithm's
 * schedule declares (the star's k, a single-port mesh, the NoC's k). Refuses options a model has not.
 */
export function exerciseModel(
  kind: NetworkKind,
  topology: Topology,
  algorithmPorts: Ports | undefined,
  rules: TryRules,
): ExerciseModel {
  if ((rules.onePort || rules.oneBlock) && kind !== 'wdm-ring')
    throw new TryInputError('one-port and one-block rules are options of WDM-ring exercises only');
  switch (kind) {
    case 'wdm-ring': {
      const w = topology.linkChannels[0];
      const k = rules.onePort ? 1 : 2 * w;
      return {
        // Two fibres of w wavelengths leave and enter each node: 2w lightpaths at most, each to one node.
        ports: { tx: k, rx: k, fanout: 1 },
        oneBlock: !!rules.oneBlock,
        circuits: false,
        words: [
          `Two fibres join each pair of neighbours, one clockwise and one counter-clockwise, with ${plural(w, 'wavelength')} each.`,
          'A lightpath runs from its sender along one fibre to one receiver and holds one wavelength on every link it crosses; a wavelength on a link carries one lightpath per step.',
          rules.onePort
            ? 'Each node sends at most one lightpath and receives at most one per step.'
            : `Each node can send and receive up to ${plural(2 * w, 'lightpath')} per step (two fibres × ${plural(w, 'wavelength')}).`,
          rules.oneBlock
            ? 'A lightpath carries one block.'
            : 'A lightpath may carry several blocks; its step then lasts as long as the largest message (eq. 3 of the OpTree paper).',
        ],
      };
    }
    case 'star': {
      const k = algorithmPorts?.tx ?? 1;
      return {
        ports: algorithmPorts,
        oneBlock: false,
        circuits: false,
        words: [
          `Every node sends into one passive star coupler on at most ${plural(k, 'wavelength')} per step and listens on at most ${k}.`,
          `A transmission on one wavelength reaches at most ${plural(k, 'receiver')} (the message's life-span); one transmitter per wavelength per step.`,
          'Retuning a receiver to a new wavelength costs the tuning delay D (a cost, not an error).',
        ],
      };
    }
    case 'circuit':
      return {
        oneBlock: false,
        circuits: true,
        words: [
          'Each node has two transceivers on an optical circuit switch. In each step one configuration is in force: offset o joins every node to the nodes o ahead and o behind.',
          'Data moves only over circuits in force, possibly over several in a row; circuits are shared (their congestion costs time, it is no error).',
          'Changing the offset between steps is a reconfiguration and costs δ.',
        ],
      };
    case 'mesh': {
      const single = algorithmPorts?.tx === 1;
      const d = degrees(topology);
      return {
        ports: single ? { tx: 1, rx: 1, fanout: 1 } : { tx: d.out, rx: d.in, fanout: 1 },
        oneBlock: false,
        circuits: false,
        words: [
          'Neighbouring processors are joined by a channel in each direction (on an OTIS-Mesh also by an optical link to the transposed processor); a message holds every channel of its route for the step, and a channel carries one message per step.',
          single
            ? 'Single-port: each processor sends at most one message and receives at most one per step.'
            : 'All-port: each processor may use all its channels at once.',
          'A message carries its sender’s whole partial result; the receiver combines it with its own, so no contribution may reach a partial twice (the complete result replaces).',
        ],
      };
    }
    case 'noc': {
      const k = algorithmPorts?.tx ?? 1;
      return {
        ports: { tx: k, rx: k, fanout: 1 },
        oneBlock: true,
        circuits: false,
        words: [
          `Each processor injects into its router and ejects from it through ${plural(k, 'port')}; routers are joined by a channel in each direction.`,
          'A message carries one block along its route to one processor and holds every channel of the route for the step; a channel carries one message per step.',
        ],
      };
    }
    default:
      throw new TryInputError(`Try it has no exercises on a ${kind} network`);
  }
}
