import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvObjects } from '../kernel/format/csv';
import type { ReproRow, SweepValue } from '../kernel/experiment';
import { HEATMAPS, HEATMAP_CSV_HEADER, heatmapCsv, type HeatmapResult } from '../families/circuit/heatmaps';
import { findSweep } from './catalogue';
import { differ, gap, reproCsv, reproVerdict, REPRO_CSV_HEADER, sweepCsv, SWEEP_CSV_LEADING } from './tables';

const row = (paper: number | null, computed: number | null, constructed?: number | null): ReproRow => ({
  label: 'r',
  paper,
  computed,
  ...(constructed !== undefined ? { constructed } : {}),
});

describe('paper-check verdicts', () => {
  it('compare the print with the formula and the formula with the schedule, at 1 %', () => {
    expect(gap(100, 99)).toBeCloseTo(0.01);
    expect(gap(null, 3)).toBeNull();
    expect(gap(0, 0)).toBe(0);
    expect(differ(100, 98.9)).toBe(true);
    expect(differ(100, 99.5)).toBe(false);
    expect(reproVerdict(row(1023, 1023, 1023))).toBe('agrees');
    expect(reproVerdict(row(1000, 995, 1000))).toBe('agrees');
    expect(reproVerdict(row(128, 2048, 2048))).toBe('formula ≠ paper');
    expect(reproVerdict(row(259, 259, 228))).toBe('built ≠ formula');
    expect(reproVerdict(row(10, 5.99, 7))).toBe('formula ≠ paper; built ≠ formula');
    expect(reproVerdict(row(null, 4, 4))).toBe('agrees');
    expect(reproVerdict(row(7, 7))).toBe('agrees');
    expect(reproVerdict(row(7, null, null))).toBe('nothing to compare');
    // No formula (a schedule the paper's search found): our schedule against the print.
    expect(reproVerdict(row(8, null, 9))).toBe('built ≠ paper');
    expect(reproVerdict(row(10, null, 10))).toBe('agrees');
  });

  it('CSV: one row per table row with the print, the formula, the schedule and the verdict', () => {
    const rows: ReproRow[] = [
      { label: 'Ring', paper: 1023, computed: 1023, constructed: 1023, unit: 'steps' },
      {
        label: 'OSM, "one-stage"',
        paper: 128,
        computed: 2048,
        constructed: 2048,
        unit: 'steps',
        note: 'N²/(8w) = 2048, not 128;\nsee docs',
      },
      { label: 'ratio', paper: null, computed: 1.5 },
    ];
    const text = reproCsv(rows);
    expect(parseCsv(text)[0]).toEqual([...REPRO_CSV_HEADER]);
    expect(parseCsvObjects(text)).toEqual([
      {
        row: 'Ring',
        unit: 'steps',
        paper: '1023',
        formula: '1023',
        constructed: '1023',
        verdict: 'agrees',
        note: '',
      },
      {
        row: 'OSM, "one-stage"',
        unit: 'steps',
        paper: '128',
        formula: '2048',
        constructed: '2048',
        verdict: 'formula ≠ paper',
        note: 'N²/(8w) = 2048, not 128;\nsee docs',
      },
      {
        row: 'ratio',
        unit: '',
        paper: '',
        formula: '1.5',
        constructed: '',
        verdict: 'nothing to compare',
        note: '',
      },
    ]);
  });
});

describe('sweep CSV', () => {
  const values: SweepValue[] = [
    {
      series: 'N = 1024',
      x: 2,
      config: { algorithm: 'optree', params: { nodes: 1024, radices: '4,4,4', depth: 2 } },
      formula: 0.001234,
      constructed: 0.00125,
      verified: true,
    },
    {
      series: 'NE',
      x: 2,
      config: { algorithm: 'neighbor-exchange', params: { nodes: 1024, note: 'x' } },
      formula: null,
      constructed: null,
      verified: false,
      note: 'too big, "refused"',
      baseline: { algorithm: 'otis-allreduce', params: { method: 'edn', 'group-size': 4 } },
    },
  ];

  it('one row per point: values, the paper mark, then every parameter in a column of its own', () => {
    const text = sweepCsv(values, { paperMarks: [{ series: 'N = 1024', x: 2, y: 0.0013, where: 'Fig. 4' }] });
    const [header] = parseCsv(text);
    expect(header).toEqual([
      ...SWEEP_CSV_LEADING,
      'nodes',
      'radices',
      'depth',
      'param:note',
      'baseline',
      'note',
    ]);
    const rows = parseCsvObjects(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      series: 'N = 1024',
      x: '2',
      formula: '0.001234',
      constructed: '0.00125',
      paper: '0.0013',
      verified: 'true',
      algorithm: 'optree',
      nodes: '1024',
      radices: '4,4,4',
      depth: '2',
      'param:note': '',
      baseline: '',
      note: '',
    });
    expect(rows[1]).toMatchObject({
      formula: '',
      constructed: '',
      paper: '',
      verified: 'false',
      radices: '',
      'param:note': 'x',
      baseline: 'otis-allreduce method=edn group-size=4',
      note: 'too big, "refused"',
    });
    // Numbers read back exactly.
    expect(Number(rows[0].formula)).toBe(values[0].formula);
  });

  it('a catalogue sweep with printed numbers puts each beside its point', () => {
    const def = findSweep('otis-fig9')!;
    expect(def.paperMarks?.length).toBeGreaterThan(0);
    const mark = def.paperMarks![0];
    const pt = def.points().find((p) => p.series === mark.series && p.x === mark.x)!;
    expect(pt).toBeDefined();
    const text = sweepCsv([{ ...pt, formula: 1, constructed: 2, verified: true }], def);
    expect(parseCsvObjects(text)[0].paper).toBe(String(mark.y));
  });
});

describe('heatmap CSV', () => {
  it('one row per cell; schedules with commas are quoted and read back', () => {
    const result: HeatmapResult = {
      def: HEATMAPS[0],
      verified: true,
      cells: [
        {
          messageBytes: 1024,
          delayUs: 1,
          retriSeconds: 1e-5,
          baselineSeconds: 6e-5,
          speedup: 6,
          retriX: '0,1,1,0',
          reconfigurations: 2,
        },
        {
          messageBytes: 4096,
          delayUs: 10,
          retriSeconds: 2e-5,
          baselineSeconds: 3e-5,
          speedup: 1.5,
          retriX: '1',
          reconfigurations: 1,
          baselineX: '1,1,1',
        },
      ],
    };
    const text = heatmapCsv(result);
    expect(parseCsv(text)[0]).toEqual([...HEATMAP_CSV_HEADER]);
    expect(parseCsvObjects(text)).toEqual([
      {
        message_bytes: '1024',
        delay_us: '1',
        retri_seconds: '0.00001',
        baseline_seconds: '0.00006',
        speedup: '6',
        retri_x: '0,1,1,0',
        reconfigurations: '2',
        baseline_x: '',
      },
      {
        message_bytes: '4096',
        delay_us: '10',
        retri_seconds: '0.00002',
        baseline_seconds: '0.00003',
        speedup: '1.5',
        retri_x: '1',
        reconfigurations: '1',
        baseline_x: '1,1,1',
      },
    ]);
  });
});
