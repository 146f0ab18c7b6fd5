import { num, type ParamValues } from '../../kernel/params/schema';
import type { FormulaRow, Measured } from '../../kernel/spec';
import { methodOf, portsOf } from './mesh-params';
import { plural } from '../../kernel/util/units';

/** H = log₄ P − 1: the EDN levels of a group of P processors (OTIS paper, Sec. IV). */
export const ednLevels = (p: number) => Math.round(Math.log(p) / Math.log(4)) - 1;

/**
 * Steps for the root (or gateway) at node `at` of a side × side group to take every other node's
 * message directly, one per input channel per step, with XY routes (ours, exact for any position):
 * messages from the rows above enter from the north, below from the south, the rest of its row from
 * the sides. The paper's eqs. (2) and (3) are its middle and corner values.
 */
export function directGatherSteps(side: number, at: number): number {
  const r = Math.floor(at / side);
  const c = at % side;
  return Math.max(r * side, (side - 1 - r) * side, c, side - 1 - c);
}

/** The same for handing the result out (XY: a message leaves along the root's row unless it stays in its column). */
export function directScatterSteps(side: number, at: number): number {
  const r = Math.floor(at / side);
  const c = at % side;
  return Math.max(c * side, (side - 1 - c) * side, r, side - 1 - r);
}

const where = (eq: string) => `OTIS paper, eq. (${eq})`;

/**
 * Where a node sits for the paper's best and worst cases: `middle` (its row and column are the two
 * middle ones), `edge` (first or last row or column), `between` otherwise.
 */
export function placement(side: number, at: number): 'middle' | 'edge' | 'between' {
  const r = Math.floor(at / side);
  const c = at % side;
  const mid = (x: number) => x === side / 2 || x === side / 2 - 1 || (side % 2 === 1 && x === (side - 1) / 2);
  if (r === 0 || c === 0 || r === side - 1 || c === side - 1) return 'edge';
  return mid(r) && mid(c) ? 'middle' : 'between';
}

/**
 * Electronic steps beside the paper's closed forms, for one group (mesh) or an OTIS-Mesh. Optical
 * steps are counted apart, as the paper does (it adds two to every all-reduce and leaves them out).
 */
export function allReduceRows(
  p: ParamValues,
  m: Measured,
  shape: { side: number; groups: number },
  at: { root: number; gateway: number },
  optical: number,
): FormulaRow[] {
  const q = shape.side;
  const P = q * q;
  const otis = shape.groups > 1;
  const method = methodOf(p);
  const ports = portsOf(p);
  const electronic = m.steps - optical;
  // Group parts: a plain mesh reduces and distributes once (2 parts), an OTIS-Mesh twice (4).
  const parts = otis ? 4 : 2;
  const scale = parts / 4;
  const H = ednLevels(P);
  const rows: FormulaRow[] = [];
  const row = (id: string, label: string, tex: string, source: string, formula: number, note?: string) =>
    rows.push({
      id,
      label,
      tex,
      source,
      formula,
      constructed: electronic,
      unit: 'steps',
      ...(note ? { note } : {}),
    });
  const scaled = (tex: string) => (otis ? tex : `\\tfrac{1}{2}\\,${tex}`);
  const oneGroup = otis ? '' : ' (one group: half of it)';
  const differs = (f: number, why: string) => (f === electronic ? undefined : why);
  // The paper's best case has the root (and the gateways) in the middle, its worst case at the edge:
  // show the one this configuration is, or both when it is neither.
  const places = otis ? [placement(q, at.root), placement(q, at.gateway)] : [placement(q, at.root)];
  const best = places.every((x) => x === 'middle');
  const worst = places.some((x) => x === 'edge');
  const showBest = best || !worst;
  const showWorst = worst || !best;
  // Row ids say which case a row is (sweeps plot one of them across sizes); a count that does not
  // depend on the position is filed under the case this configuration is.
  const anyCase = showBest ? 'steps-best' : 'steps-worst';
  if (method === 'direct' && ports === 'single') {
    const f = scale * 4 * (P - 1);
    row(
      anyCase,
      `electronic steps, single-port${oneGroup}`,
      scaled('4(P-1)'),
      where('1'),
      f,
      differs(f, 'the root takes one message per step whatever its position'),
    );
  }
  if (method === 'direct' && ports === 'all') {
    const min = scale * 4 * (q / 2) * q;
    const max = scale * 4 * (q - 1) * q;
    const ours = otis
      ? directGatherSteps(q, at.gateway) +
        directGatherSteps(q, at.root) +
        directScatterSteps(q, at.root) +
        directScatterSteps(q, at.gateway)
      : directGatherSteps(q, at.root) + directScatterSteps(q, at.root);
    const position = otis
      ? 'The gateways sit at the control group’s index in every group, so both the root and the control group decide the count.'
      : '';
    if (showBest)
      row(
        'steps-best',
        `electronic steps, all-port, best case${oneGroup}`,
        scaled('4\\,(\\sqrt P/2)\\sqrt P'),
        where('2'),
        min,
        differs(
          min,
          `the best case puts the root${otis ? ' and the gateways' : ''} in a middle row and column. ${position}`.trim(),
        ),
      );
    if (showWorst)
      row(
        'steps-worst',
        `electronic steps, all-port, worst case${oneGroup}`,
        scaled('4\\,(\\sqrt P-1)\\sqrt P'),
        where('3'),
        max,
        differs(max, 'the worst case puts them at the edge'),
      );
    row(
      'channel-load',
      'electronic steps, busiest input or output channel of root and gateways (ours)',
      '\\sum_{\\text{parts}} \\max(\\text{N},\\text{S},\\text{W},\\text{E loads})',
      'ours: XY routes, one message per channel per step',
      ours,
      differs(ours, 'this count is exact for direct sends; a difference would be a bug'),
    );
  }
  if (method === 'edn') {
    const min = scale * 4 * (H + 2);
    const max = scale * 4 * (H + 3);
    const levels = `H = ${plural(H, 'level step')} per part, then the top level (4 nodes) to the root or gateway`;
    if (showBest)
      row(
        'steps-best',
        `electronic steps, EDN, best case${oneGroup}`,
        scaled('4(H+2)'),
        where('4'),
        min,
        differs(
          min,
          `${levels}: their messages share input channels unless the target sits where the four arrive from different sides (the count says how many steps that took here).`,
        ),
      );
    if (showWorst)
      row(
        'steps-worst',
        `electronic steps, EDN, worst case${oneGroup}`,
        scaled('4(H+3)'),
        where('5'),
        max,
        differs(
          max,
          `${levels}. At a corner, XY routes bring every top node outside its row in through one channel: 4 steps per part when no top node shares the corner’s row, as in our placement for P ≥ 64 (docs/models/otis.md).`,
        ),
      );
  }
  if (method === 'binomial') {
    const f = parts * Math.round(Math.log2(P));
    row(
      anyCase,
      `electronic steps, binomial tree of partials (ours)${oneGroup}`,
      `${parts}\\log_2 P`,
      'ours: halving along rows, then a column',
      f,
      differs(f, 'each part halves the partials log₂ P times'),
    );
  }
  if (otis)
    rows.push({
      id: 'optical',
      label: 'optical steps (not counted by the paper)',
      tex: '2',
      source: 'OTIS paper, Sec. IV',
      formula: 2,
      constructed: optical,
      unit: 'steps',
    });
  const ts = num(p, 'startup-us') * 1e-6;
  const per = ts + num(p, 'hop-us') * 1e-6 + num(p, 'message-bytes') * num(p, 'byte-ns') * 1e-9;
  const op = ts + num(p, 'optical-us') * 1e-6 + num(p, 'message-bytes') * num(p, 'byte-ns') * 1e-9;
  rows.push({
    id: 'latency',
    label: 'latency (wormhole model)',
    tex: 'S_e\\,(t_s+t_r+m\\,t_1) + S_o\\,(t_s+t_o+m\\,t_1)',
    source: 'ours: every step as if its messages went one hop (a lower bound)',
    formula: electronic * per + optical * op,
    constructed: m.seconds,
    unit: 's',
    note: 'The constructed value prices each step by its longest message. The paper’s latency model is in its reference [10], which we do not have: see Paper check for its reported latencies beside ours.',
  });
  return rows;
}
