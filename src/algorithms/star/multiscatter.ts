import { lowerBounds, multiscatterCommunication, tcp2Tunings } from '../../cost/star-formulas';
import { num, type ParamValues } from '../../params/schema';
import { heldSentence, PAPERS, type AlgorithmSpec } from '../spec';
import {
  dOf,
  dummySentence,
  kOf,
  notPowerNote,
  shapeOf,
  STAR_COSTS,
  STAR_PARAMS,
  starRows,
  StarBuilder,
  TCP2_MACHINE,
  validateStar,
} from './common';
import { cliqueWords, radixDigit, tcp2Radices, tcpDepth } from './tcp';
import { indexArray } from '../../model/columns';
import type { BlockTable } from '../../model/schedule';
import { sparseEntries } from '../../replay/holdings';

/** Block id of the message from s to d (s ≠ d) among P real nodes. */
export function personalBlock(p: number, s: number, d: number): number {
  return s * (p - 1) + (d < s ? d : d - 1);
}

/**
 * Multi-scatter / personalised all-to-all by TCP2 exchange steps (passive-star paper, Sec. 3.4): along
 * digit q, node v sends each clique partner u, on its own transmitter, the messages it holds whose
 * destination has u's digit q. Before that step v holds the messages (s, d) with s agreeing with v on
 * digits ≥ q and d agreeing on digits < q: P/(k+1) of them go to each partner. Padded like gossip.
 */
export const starMultiscatter: AlgorithmSpec = {
  id: 'star-multiscatter',
  name: 'Star multi-scatter (TCP2)',
  family: 'Passive star',
  collective: 'multiscatter',
  topology: 'star',
  paper: PAPERS.star,
  summary:
    'Every node has a different message for every other node. In each step the nodes form cliques of ' +
    'k+1 along one base-(k+1) digit, and each node sends each partner, on a separate wavelength, the ' +
    'messages whose destination has that partner’s digit: a (k+1)-th of what it holds. After h steps ' +
    'every message has arrived.',
  params: STAR_PARAMS,
  validate: (p) => validateStar(p, multiscatterMachine(p)),
  estimate(p) {
    const real = num(p, 'nodes');
    const n = multiscatterMachine(p);
    const k = kOf(p);
    const h = tcpDepth(n, k);
    const blockRefs = (h * n * n * k) / (k + 1);
    // Personalised blocks: the replay keeps sparse holdings (every transfer has one receiver).
    const holdingCells = sparseEntries(real * (real - 1), h, n, blockRefs, true);
    return { steps: h, transfers: n * k * h, blockRefs, holdingCells };
  },
  build(p) {
    const real = num(p, 'nodes');
    const n = multiscatterMachine(p);
    const k = kOf(p);
    const radices = tcp2Radices(real, k);
    const h = radices.radix.length;
    const sb = new StarBuilder('star-multiscatter', 'multiscatter', n, k, personalBlocks(real, n), {
      transfers: n * k * h,
      blockRefs: Math.ceil((h * n * n * k) / (k + 1)),
      receivers: n * k * h,
    });
    // One message's block ids, written into a reused typed buffer (a message holds at most P²/(k+1)).
    let out = new Uint32Array(1024);
    const to = [0];
    for (let q = 0; q < h; q++) {
      sb.b.beginStep('exchange');
      const low = radices.stride[q];
      const high = radices.stride[q + 1];
      for (let v = 0; v < n; v++) {
        const mine = radixDigit(v, q, radices);
        const sFirst = v - (v % low);
        const sEnd = Math.min(sFirst + low, real);
        for (let y = 0; y < radices.radix[q]; y++) {
          if (y === mine) continue;
          const u = v + (y - mine) * low;
          let len = 0;
          const need = (sEnd - sFirst) * Math.ceil(real / high);
          if (need > out.length) out = new Uint32Array(2 * need);
          for (let s = sFirst; s < sEnd; s++)
            for (let d = (v % low) + y * low; d < real; d += high) out[len++] = personalBlock(real, s, d);
          to[0] = u;
          sb.send(v, y < mine ? y : y - 1, to, out.subarray(0, len));
        }
      }
    }
    return {
      ...sb.finish(),
      variant: n > real ? `padded to ${n} processors (${n - real} dummies)` : undefined,
    };
  },
  ...STAR_COSTS,
  goal: 'every message has reached its destination',
  narrateStart(p, steps) {
    const n = num(p, 'nodes');
    return `Each of the ${n} nodes holds a different message for each of the other ${n - 1} (${(n * (n - 1)).toLocaleString('en-US')} in all). ${steps} TCP2 exchange steps deliver them.${dummySentence(n, multiscatterMachine(p))}`;
  },
  formulas(p, m) {
    const shape = shapeOf(p);
    return starRows(m, {
      steps: shape.h,
      d: dOf(p),
      tunings: { tex: 'hPk', source: 'passive-star paper, Sec. 3.4', value: tcp2Tunings(shape) },
      communication: {
        tex: 'T_{com} = h\\,\\frac{P}{k+1}',
        source: 'passive-star paper, Sec. 3.4',
        value: multiscatterCommunication(shape),
      },
      lowerBound: {
        tex: '\\frac{P-1}{k}',
        source: 'passive-star paper, Table 1',
        value: lowerBounds.multiscatter(shape),
      },
      note: notPowerNote(p, multiscatterMachine(p)),
      padding: { p: shape.p, padded: multiscatterMachine(p), ...TCP2_MACHINE },
    });
  },
  narrate(p, f) {
    const k = kOf(p);
    const e = f.examples[0];
    const ex = e
      ? ` For example, node ${e.from} sends ${e.blocks.length} message${e.blocks.length === 1 ? '' : 's'} to node ${e.to[0]} on λ${e.channel}.`
      : '';
    const c = cliqueWords(num(p, 'nodes'), k, f.step - 1);
    return (
      `${c.words}: each node sends each of its ${c.size - 1} partners, on a separate wavelength, the ` +
      `messages bound for that partner’s side.${ex} ${heldSentence(f)}`
    );
  },
};

export function multiscatterMachine(p: ParamValues): number {
  const r = tcp2Radices(num(p, 'nodes'), kOf(p));
  return r.stride[r.radix.length];
}

/** Blocks (s, d), s ≠ d, of P real nodes on a machine of n processors. */
function personalBlocks(p: number, n: number): BlockTable {
  const count = p * (p - 1);
  const origin = indexArray(count, n);
  const nodes = indexArray(count, n);
  for (let s = 0; s < p; s++)
    for (let d = 0; d < p; d++) {
      if (d === s) continue;
      const b = personalBlock(p, s, d);
      origin[b] = s;
      nodes[b] = d;
    }
  return { count, origin, destinations: { kind: 'single', nodes }, bytes: 1 };
}
