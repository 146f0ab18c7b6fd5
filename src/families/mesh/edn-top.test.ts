import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../../kernel/params/schema';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { ednHierarchy } from './edn';
import { topRounds } from './edn-top';
import { xyRoute } from './geometry';
import { OTIS_PARAMS } from './otis-allreduce.card';
import { gatherRounds, scatterRounds } from './rounds';

const otis = (P: number, over: Record<string, string | number>) =>
  run('otis-allreduce', { ...defaultsOf(OTIS_PARAMS), 'group-size': P, ports: 'all', ...over }, CLI_LIMITS);

describe('EDN with the top level combined on the way', () => {
  it('takes H + 2 steps a part at every target, each step’s XY routes apart, each top node sending once', () => {
    for (const side of [4, 8, 16]) {
      const h = ednHierarchy(side);
      for (let target = 0; target < side * side; target++)
        for (const way of ['in', 'out'] as const) {
          const rounds = (way === 'in' ? gatherRounds : scatterRounds)(side, target, 'edn-combine', 'all');
          expect(rounds, `side ${side}, target ${target}, ${way}`).toHaveLength(h.levels + 2);
          const top = way === 'in' ? rounds.slice(h.levels) : rounds.slice(0, 2);
          const route = new Uint32Array(4 * side);
          for (const round of top) {
            const used = new Set<number>();
            for (const [a, b] of round)
              for (let i = 0, n = xyRoute({ side, groups: 1 }, 0, a, b, route); i < n; i++) {
                expect(used.has(route[i])).toBe(false);
                used.add(route[i]);
              }
          }
          // Every top node but the target sends once (gathering) or is sent to once (handing out).
          const ends = top.flat().map(([a, b]) => (way === 'in' ? a : b));
          expect(ends.sort((x, y) => x - y)).toEqual(h.top.filter((v) => v !== target));
        }
    }
  });

  it('two steps suffice at every target of the largest group too (P = 1024, a 32 × 32 mesh)', () => {
    const top = ednHierarchy(32).top;
    for (let target = 0; target < 32 * 32; target++)
      for (const way of ['in', 'out'] as const) expect(topRounds(32, target, top, way)).toHaveLength(2);
  });

  it('an OTIS-Mesh all-reduce built so verifies in 4(H + 2) electronic steps with the root at a corner or in the middle', () => {
    for (const [P, H] of [
      [16, 1],
      [64, 2],
    ])
      for (const at of [0, P / 2 + Math.sqrt(P) / 2, 1]) {
        const r = otis(P, { method: 'edn-combine', root: at, 'control-group': at });
        expect(r.report.ok).toBe(true);
        expect(r.summary.steps - 2, `P = ${P}, at ${at}`).toBe(4 * (H + 2));
        const row = r.formulas.find((f) => f.id === 'edn-top-combined')!;
        expect(row.formula).toBe(row.constructed);
        // Beside it, the paper's way (straight to the target) with its count here, one click away.
        const straight = r.formulas.find((f) => f.id === 'edn-top-straight')!;
        expect(straight.suggest?.params).toEqual({ method: 'edn' });
        expect(straight.formula).toBe(
          otis(P, { method: 'edn', root: at, 'control-group': at }).summary.steps - 2,
        );
      }
  });

  it('the paper’s EDN at a corner offers the combined top level, with both counts', () => {
    const r = otis(64, { method: 'edn', root: 0, 'control-group': 0 });
    const row = r.formulas.find((f) => f.id === 'edn-top-combined')!;
    expect([row.formula, row.constructed]).toEqual([16, 24]);
    expect(row.suggest).toEqual({
      label: 'combine the top level (method edn-combine)',
      params: { method: 'edn-combine' },
    });
    expect(row.note).toBe(
      'This schedule sends the top level straight to the target: 24 steps; combining it on the way takes 16 at any placement.',
    );
  });
});

describe('a middle root with control group 0: the count explained from the placement', () => {
  const worstNote = (P: number, root: number) =>
    otis(P, { method: 'edn', root, 'control-group': 0 }).formulas.find((f) => f.id === 'steps-worst')!.note ??
    '';

  it('P = 16: the corner parts take 3 top-level steps because three partials share the south channel', () => {
    const note = worstNote(16, 10);
    expect(note).toContain(
      'gathering at the gateways (index 0, a corner): 4 — 1 level step, then its 4 top-level partials come in from the south ×3, the east ×1 (XY routes): 3 steps',
    );
    expect(note).toContain('gathering at the root (index 10, in the middle): 3');
    expect(note).toContain('In all 4 + 3 + 3 + 4 = 14.');
    expect(note).not.toMatch(/P ≥ 64/);
  });

  it('P = 64: equal to eq. (5), and said to be a coincidence of unlike parts', () => {
    const r = otis(64, { method: 'edn', root: 36, 'control-group': 0 });
    const row = r.formulas.find((f) => f.id === 'steps-worst')!;
    expect([row.formula, row.constructed]).toEqual([20, 20]);
    expect(row.note).toContain('In all 6 + 4 + 4 + 6 = 20.');
    expect(row.note).toContain('only by coincidence');
  });
});
