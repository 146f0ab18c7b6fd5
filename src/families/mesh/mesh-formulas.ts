import type { FormulaRow, Measured } from '../../kernel/spec';
import type { MeshConfig } from './mesh-params';
import { directGatherSteps, directScatterSteps, partsNote, partsOf, placement } from './mesh-parts';

export { directGatherSteps, directScatterSteps, placement };

/** H = log₄ P − 1: the EDN levels of a group of P processors (OTIS paper, Sec. IV). */
export const ednLevels = (p: number) => Math.round(Math.log(p) / Math.log(4)) - 1;

const where = (eq: string) => `OTIS paper, eq. (${eq})`;

/**
 * Electronic steps beside the paper's closed forms, for one group (mesh) or an OTIS-Mesh. Optical
 * steps are counted apart, as the paper does (it adds two to every all-reduce and leaves them out).
 */
export function allReduceRows(
  c: MeshConfig,
  m: Measured,
  at: { root: number; gateway: number },
  optical: number,
): FormulaRow[] {
  const { shape, method, ports } = c;
  const q = shape.side;
  const P = q * q;
  const otis = shape.groups > 1;
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
  // Neither the paper's best case nor its worst: the count explained part by part from where the
  // root and the gateways sit.
  const byParts = () => partsNote(partsOf(q, otis, at, method, ports));
  // The paper's cases have every part alike: all in the middle (best) or all at an edge (worst).
  // Any other placement (a middle root with control group 0, as in its Fig. 3) is explained by parts,
  // also where its count happens to equal a case's.
  const mixed = !best && !places.every((x) => x === 'edge');
  const explained = (f: number, text: string, reason?: string) =>
    mixed
      ? `${text}${f === electronic ? ' It equals this row’s formula here only by coincidence: the formula takes every part alike, and these are not.' : ''}`
      : differs(f, reason ?? text);
  if (method === 'direct' && ports === 'all') {
    const min = scale * 4 * (q / 2) * q;
    const max = scale * 4 * (q - 1) * q;
    const ours = otis
      ? directGatherSteps(q, at.gateway) +
        directGatherSteps(q, at.root) +
        directScatterSteps(q, at.root) +
        directScatterSteps(q, at.gateway)
      : directGatherSteps(q, at.root) + directScatterSteps(q, at.root);
    const cases = `Eq. (2) puts ${otis ? 'the root and the gateways' : 'the root'} in a middle row and column, eq. (3) at a corner${otis ? '; the gateways sit at the control group’s index in every group' : ''}.`;
    const why = (f: number, reason: string) => explained(f, `${byParts()} ${cases}`, reason);
    if (showBest)
      row(
        'steps-best',
        `electronic steps, all-port, best case${oneGroup}`,
        scaled('4\\,(\\sqrt P/2)\\sqrt P'),
        where('2'),
        min,
        why(min, `the best case puts the root${otis ? ' and the gateways' : ''} in a middle row and column`),
      );
    if (showWorst)
      row(
        'steps-worst',
        `electronic steps, all-port, worst case${oneGroup}`,
        scaled('4\\,(\\sqrt P-1)\\sqrt P'),
        where('3'),
        max,
        why(max, 'the worst case puts them at a corner'),
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
  if (method === 'edn' || method === 'edn-combine') {
    const min = scale * 4 * (H + 2);
    const max = scale * 4 * (H + 3);
    const combined = method === 'edn-combine';
    // The paper's EDN sends the top level straight to the target: its count at this placement, from
    // the same rounds the builder uses; combining on the way takes H + 2 a part wherever it sits.
    const straight = partsOf(q, otis, at, 'edn', 'all').reduce((n, x) => n + x.steps, 0);
    const note = (f: number) =>
      explained(
        f,
        `${byParts()} Eq. (4) counts H + 2 = ${H + 2} a part (the target in the middle), eq. (5) H + 3 = ${H + 3} (at an edge)${combined ? '; both send the top level straight to the target, and this schedule combines it on the way' : ''}.`,
      );
    if (showBest)
      row(
        'steps-best',
        `electronic steps, EDN, best case${oneGroup}`,
        scaled('4(H+2)'),
        where('4'),
        min,
        note(min),
      );
    if (showWorst)
      row(
        'steps-worst',
        `electronic steps, EDN, worst case${oneGroup}`,
        scaled('4(H+3)'),
        where('5'),
        max,
        note(max),
      );
    // The two ways of taking the top level, each with its count here, and a click to the other.
    rows.push({
      id: 'edn-top-straight',
      label: 'electronic steps, EDN, top level sent straight to the target (the paper’s), at this placement',
      tex: '\\sum_{\\text{parts}} (H + \\text{top-level steps})',
      source: 'OTIS paper, Sec. III; counted on our rounds',
      formula: straight,
      constructed: electronic,
      unit: 'steps',
      ...(combined
        ? {
            note: `This schedule combines the top level on the way: ${electronic} steps; sent straight, as the paper’s EDN does, it takes ${straight} here.`,
            suggest: { label: 'send the top level straight (method edn)', params: { method: 'edn' } },
          }
        : {}),
    });
    rows.push({
      id: 'edn-top-combined',
      label: `electronic steps, EDN, top level combined on the way (ours), at any placement${oneGroup}`,
      tex: scaled('4(H+2)'),
      source: 'ours: the top-level nodes combine in pairs, then the pairs reach the target: 2 steps a part',
      formula: min,
      constructed: electronic,
      unit: 'steps',
      ...(combined
        ? {}
        : {
            note: `This schedule sends the top level straight to the target: ${electronic} steps; combining it on the way takes ${min} at any placement.`,
            suggest: {
              label: 'combine the top level (method edn-combine)',
              params: { method: 'edn-combine' },
            },
          }),
    });
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
  const t = c.time;
  const per = t.startup + t.hop + t.messageBytes * t.perByte;
  const op = t.startup + t.optical + t.messageBytes * t.perByte;
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
