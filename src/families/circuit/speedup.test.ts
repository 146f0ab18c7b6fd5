import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../registry';
import { defaultsOf } from '../../kernel/params/schema';
import { CLI_LIMITS } from '../../limits';
import { run, RUNNER } from '../../run';
import { bestReconfigurationCount, bestSchedule, RETRI_FAMILY, scheduleCost } from './reconfig-formulas';
import { REPRODUCTIONS } from '../../experiments/registry';
import { circuitModelOf } from './circuit-time';
import { cellConfig, cellModel, defaultCellModel, findHeatmap, HEATMAPS } from './heatmaps';
import { computeHeatmap, measurePhaseTable, secondsOf } from './speedup';

describe('speed-up heatmaps', () => {
  it('a phase table prices every schedule exactly as building that schedule does', () => {
    for (const [id, n] of [
      ['retri', 27],
      ['retri', 20],
      ['bruck', 16],
      ['bruck', 12],
    ] as const) {
      const table = measurePhaseTable(id, n, CLI_LIMITS, RUNNER);
      expect(table.verified).toBe(true);
      const spec = findAlgorithm(id)!;
      for (let mask = 0; mask < 2 ** table.phases; mask++) {
        const x = Array.from({ length: table.phases }, (_, k) => ((mask >> k) & 1) === 1);
        const params: Record<string, string | number> = {
          ...defaultsOf(spec.params),
          nodes: n,
          reconfigure: x.map(Number).join(','),
        };
        const r = run(id, params, CLI_LIMITS);
        const model = cellModel(
          circuitModelOf(params),
          Number(params['message-bytes']),
          Number(params['reconfiguration-delay']),
        );
        expect(secondsOf(table, x, model)).toBeCloseTo(r.summary.seconds, 15);
      }
    }
  }, 60_000);

  it('every heatmap covers 10 message sizes × 6 delays, built from verified schedules', () => {
    const r = computeHeatmap(findHeatmap('retri-vs-bruck-9')!, CLI_LIMITS, RUNNER);
    expect(r.verified).toBe(true);
    expect(r.cells).toHaveLength(60);
    for (const c of r.cells) {
      expect(c.speedup).toBeCloseTo(c.baselineSeconds / c.retriSeconds, 12);
      expect(c.reconfigurations).toBe(c.retriX.split(',').filter((b) => b === '1').length);
    }
    expect(HEATMAPS.map((h) => [h.retriNodes, h.baselineNodes])).toContainEqual([243, 256]);
  }, 60_000);

  it('more delay never means more reconfigurations in the chosen schedule', () => {
    const r = computeHeatmap(findHeatmap('retri-vs-static-81')!, CLI_LIMITS, RUNNER);
    for (const m of r.def.messageBytes) {
      const col = r.cells.filter((c) => c.messageBytes === m).sort((a, b) => a.delayUs - b.delayUs);
      for (let i = 1; i < col.length; i++)
        expect(col[i].reconfigurations).toBeLessThanOrEqual(col[i - 1].reconfigurations);
    }
  }, 60_000);

  it('a cell opens the ReTri configuration it reports', () => {
    const d = findHeatmap('retri-vs-static-9')!;
    const cell = computeHeatmap(d, CLI_LIMITS, RUNNER).cells[0];
    const cfg = cellConfig(d, cell);
    const spec = findAlgorithm(cfg.algorithm)!;
    const r = run(cfg.algorithm, { ...defaultsOf(spec.params), ...cfg.params }, CLI_LIMITS);
    expect(r.summary.seconds).toBeCloseTo(cell.retriSeconds, 15);
  }, 60_000);
});

describe("the paper's R* rule", () => {
  it('balanced segments with the best R cost exactly what the best of all schedules costs', () => {
    const d = defaultCellModel();
    for (const s of [2, 3, 4, 5, 6])
      for (const m of HEATMAPS[0].messageBytes)
        for (const delta of HEATMAPS[0].delays) {
          const model = cellModel(d, m, delta);
          const all = bestSchedule(s, (x) => scheduleCost(model, RETRI_FAMILY, x, s));
          const star = bestReconfigurationCount(model, RETRI_FAMILY, s);
          expect(all.reconfigurations).toBe(star.R);
          expect(all.seconds).toBeCloseTo(star.seconds, 15);
        }
  }, 60_000);
});

describe('reproduce retri-claims', () => {
  it('lists the paper value beside computed and constructed values, which agree with each other', () => {
    const rep = REPRODUCTIONS.find((r) => r.id === 'retri-claims')!;
    const rows = rep.run(CLI_LIMITS);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) {
      expect(typeof row.paper).toBe('number');
      expect(Number.isFinite(row.computed)).toBe(true);
    }
    // Where the model is exact (powers of the radix), the closed forms and the measured schedules agree.
    for (const row of rows.filter((r) => !r.label.startsWith('Phases')))
      expect(row.constructed).toBeCloseTo(row.computed!, 2);
  }, 60_000);
});
