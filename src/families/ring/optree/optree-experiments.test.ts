import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../../registry';
import { CLI_LIMITS, checkRun } from '../../../limits';
import { RUNNER } from '../../../run';
import { optreeMotivation, optreeTable3 } from './optree-repro';
import type { ReproRow } from '../../../kernel/experiment';
import { findSweep, SWEEPS } from '../../../experiments/catalogue';
import { findReproduction, REPRODUCTIONS } from '../../../experiments/registry';

const rowShape = (r: ReproRow) => {
  expect(typeof r.label).toBe('string');
  expect(r.paper === null || typeof r.paper === 'number').toBe(true);
  expect(r.computed === null || typeof r.computed === 'number').toBe(true);
  expect(r.constructed === null || typeof r.constructed === 'number').toBe(true);
};

describe('OpTree paper checks', () => {
  it('are registered under their ids', () => {
    for (const id of ['optree-table1', 'optree-table2', 'optree-table3', 'optree-motivation'])
      expect(findReproduction(id)?.id).toBe(id);
    expect(REPRODUCTIONS.length).toBeGreaterThanOrEqual(4);
  });

  it('motivation: rows { label, paper, computed, constructed } with the paper’s numbers beside ours', () => {
    const rows = optreeMotivation.run(CLI_LIMITS, RUNNER);
    rows.forEach(rowShape);
    const row = (label: string) => rows.find((r) => r.label === label)!;
    expect(row('One-stage: steps')).toMatchObject({ paper: 16, computed: 16, constructed: 16 });
    expect(row('Two-stage 4-ary tree: steps')).toMatchObject({ paper: 12, computed: 12, constructed: 12 });
    // 2,3,3: stage 1 pairs sit half a ring apart; 16 lightpaths of 8 links over 32 links need 4, not 8.
    expect(
      row('Three-stage 3-ary tree (paper’s arithmetic: arities 2,3,3): wavelengths of stage 1'),
    ).toMatchObject({
      paper: 8,
      computed: 8,
      constructed: 4,
    });
    // Theorem 1 for the three-stage tree is shown beside the worked example's 16: the paper's two
    // numbers for the same tree, and our construction.
    expect(row('Three-stage tree: steps by Theorem 1 (eq. 1, k = 3)')).toMatchObject({
      paper: 16,
      computed: 13,
      constructed: 14,
    });
  });

  it('Table 3: the printed differences follow from the formulas, with the readings that reproduce them', () => {
    const rows = optreeTable3.run(CLI_LIMITS, RUNNER);
    rows.forEach(rowShape);
    const row = (label: string) => rows.find((r) => r.label === label)!;
    // 1 − 70/259 = 72.97 %; 1 − 1120/3007 = 62.75 %.
    expect(row('WRHT, w = 64').computed).toBe(72.97);
    expect(row('WRHT, w = 4').computed).toBe(62.75);
    // w = 16: 1 − 280/67 = −317.91 % with the table's WRHT formula; −180 % needs the other variant (100 steps).
    expect(row('WRHT, w = 16').computed).toBe(-317.91);
    expect(row('WRHT, w = 16').note).toMatch(/other variant/);
    expect(row('Ring, w = 256').note).toMatch(/w = 128/);
    expect(row('Ring, w = 16').note).toMatch(/cut \(not rounded\)/);
  }, 60_000);
});

describe('OpTree sweeps', () => {
  it('Figs. 4–7 are registered, with valid configurations and modest point counts (Fig. 4: four whole curves)', () => {
    for (const id of ['optree-fig4', 'optree-fig5', 'optree-fig6', 'optree-fig7']) {
      const def = findSweep(id)!;
      expect(def.metric).toBe('time');
      const pts = def.points();
      expect(pts.length).toBeGreaterThan(3);
      expect(pts.length).toBeLessThanOrEqual(id === 'optree-fig4' ? 40 : 25);
      for (const p of pts)
        expect(checkRun(findAlgorithm(p.config.algorithm)!, p.config.params, CLI_LIMITS)).toEqual([]);
    }
    const fig4 = findSweep('optree-fig4')!.points();
    expect(new Set(fig4.map((p) => p.series))).toEqual(
      new Set(['N = 512', 'N = 1024', 'N = 2048', 'N = 4096']),
    );
    // Each N is a curve on both sides of the paper's best depth (6, 6, 7, 8), not a lone point.
    for (const [series, best] of [
      ['N = 512', 6],
      ['N = 1024', 6],
      ['N = 2048', 7],
      ['N = 4096', 8],
    ] as const) {
      const depths = fig4.filter((p) => p.series === series).map((p) => p.x);
      expect(Math.min(...depths)).toBeLessThan(best - 2);
      expect(Math.max(...depths)).toBeGreaterThan(best + 1);
    }
    const fig5 = findSweep('optree-fig5')!.points();
    expect(new Set(fig5.map((p) => p.config.algorithm)).size).toBe(5);
    expect(SWEEPS.length).toBeGreaterThanOrEqual(4);
  });
});
