import { lowerBounds, multiscatterCommunication, tcp2Tunings } from './star-formulas';
import { num, type ParamValues } from '../../kernel/params/schema';
import { heldSentence, PAPERS, type AlgorithmSpec } from '../../kernel/spec';
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
import { cliqueWords, mixedCliqueTuningsNote, radixDigit, tcp2Radices, tcpDepth } from './tcp';
import { pairBlocks, type PairRect } from '../../kernel/model/block-pairs';

/**
 * Multi-scatter / personalised all-to-all by TCP2 exchange steps (passive-star paper, Sec. 3.4): along
 * digit q, node v sends each clique partner u, on its own transmitter, the messages it holds whose
 * destination has u's digit q. Before that step v holds the messages (s, d) with s agreeing with v on
 * digits ≥ q and d agreeing on digits < q: P/(k+1) of them go to each partner. Padded like gossip.
 * What v sends u is a rectangle of the source × destination matrix (block-pairs.ts): the sources of
 * v's block of (k+1)^q, and every (k+1)^(q+1)-th destination from u's side of v's residue.
 */
export const starMultiscatter: AlgorithmSpec = {
  id: 'star-multiscatter',
  name: 'Star multi-scatter (TCP2)',
  family: 'Passive star',
  collective: 'multiscatter',
  topology: 'star',
  paper: PAPERS.star,
  noTree: 'its steps exchange within cliques of k+1 processors (TCP2)',
  blockRoute: (p, r, d) =>
    r === d
      ? 'a node has no message for itself'
      : `in step q it moves to the node of its clique whose base-${num(p, 'wavelengths-per-node') + 1} digit q is d’s (dummies relay it when P is padded)`,
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
    // Route holdings: one word per block (where it ended), plus counts after every step.
    const holdingCells = real * (real - 1) + (h + 1) * n;
    return { steps: h, transfers: n * k * h, blockRefs, holdingCells };
  },
  build(p) {
    const real = num(p, 'nodes');
    const n = multiscatterMachine(p);
    const k = kOf(p);
    const radices = tcp2Radices(real, k);
    const h = radices.radix.length;
    const sb = new StarBuilder(
      'star-multiscatter',
      'multiscatter',
      n,
      k,
      pairBlocks(real),
      { transfers: n * k * h, blockRefs: 0, receivers: n * k * h },
      real,
    );
    const rect: PairRect = { sFirst: 0, sCount: 0, dFirst: 0, dStep: 1, dCount: 0 };
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
          const dFirst = (v % low) + y * low;
          rect.sFirst = sFirst;
          rect.sCount = Math.max(0, sEnd - sFirst);
          rect.dFirst = dFirst;
          rect.dStep = high;
          rect.dCount = dFirst < real ? Math.ceil((real - dFirst) / high) : 0;
          sb.sendRect(v, y < mine ? y : y - 1, v + (y - mine) * low, rect);
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
      tunings: {
        tex: 'hPk',
        source: 'passive-star paper, Sec. 3.4',
        value: tcp2Tunings(shape),
        note: mixedCliqueTuningsNote(
          multiscatterMachine(p),
          kOf(p),
          tcp2Radices(multiscatterMachine(p), kOf(p)),
        ),
      },
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
