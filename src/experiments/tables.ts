/**
 * The experiments' results as tables: the verdict of a paper check's row (shown on the page and
 * written to its CSV), and the CSV of a sweep's points and of a paper check's rows. Pure: the app's
 * main thread (download buttons) and the command line (`sweep --format csv`, `reproduce --format csv`)
 * share these writers, and no schedule engine is reachable from here.
 */
import { csvTable, type CsvValue } from '../kernel/format/csv';
import type { ReproRow, SweepDef, SweepValue } from '../kernel/experiment';
import type { ParamValue } from '../kernel/params/schema';

/** Two numbers differ when their gap is more than this share of the larger (the page marks them). */
export const DIFFERENCE = 0.01;

/** Relative gap between two numbers, or null when either is missing. */
export function gap(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a === null || a === undefined || b === null || b === undefined) return null;
  const scale = Math.max(Math.abs(a), Math.abs(b));
  return scale === 0 ? 0 : Math.abs(a - b) / scale;
}

/** Whether two numbers are both present and differ by more than 1 %. */
export const differ = (a: number | null | undefined, b: number | null | undefined): boolean => {
  const g = gap(a, b);
  return g !== null && g > DIFFERENCE;
};

/**
 * A paper-check row's verdict, in a few plain words: the printed number against the paper's own
 * formula, and the formula against what our verified schedule measures — or, where there is no
 * formula (a schedule the paper's search found), the schedule against the printed number (each pair
 * only when both numbers exist; within 1 % counts as equal).
 */
export function reproVerdict(row: ReproRow): string {
  const printed = gap(row.paper, row.computed);
  const built = gap(row.computed, row.constructed);
  const direct = row.computed === null || row.computed === undefined ? gap(row.paper, row.constructed) : null;
  if (printed === null && built === null && direct === null) return 'nothing to compare';
  const parts: string[] = [];
  if (printed !== null && printed > DIFFERENCE) parts.push('formula ≠ paper');
  if (built !== null && built > DIFFERENCE) parts.push('built ≠ formula');
  if (direct !== null && direct > DIFFERENCE) parts.push('built ≠ paper');
  return parts.length ? parts.join('; ') : 'agrees';
}

export const REPRO_CSV_HEADER = [
  'row',
  'unit',
  'paper',
  'formula',
  'constructed',
  'verdict',
  'note',
] as const;

/**
 * A paper check's rows as CSV: the row's label and unit, the number the paper prints, what the
 * paper's formulas give, what our verified schedule measures (empty where there is none), the
 * verdict and the note.
 */
export function reproCsv(rows: readonly ReproRow[]): string {
  return csvTable(
    REPRO_CSV_HEADER,
    rows.map((r) => [r.label, r.unit, r.paper, r.computed, r.constructed, reproVerdict(r), r.note]),
  );
}

/** Columns every sweep's CSV starts with; the points' parameters follow, then `baseline` and `note`. */
export const SWEEP_CSV_LEADING = [
  'series',
  'x',
  'formula',
  'constructed',
  'paper',
  'verified',
  'algorithm',
] as const;
const SWEEP_CSV_TRAILING = ['baseline', 'note'] as const;

/** A configuration's parameters as `key=value` words (a baseline's, in one cell). */
const paramWords = (params: Readonly<Record<string, ParamValue>>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');

/**
 * A sweep's points as CSV, one row per point (a series at one x): the paper's closed form, what the
 * constructed, verified schedule measures, the number the paper prints for that point when it prints
 * one (`def.paperMarks`), whether the schedule was verified, the algorithm, then one column per
 * parameter (named as on the command line, in the order they first appear; empty where a point's
 * algorithm has no such parameter), the baseline of a ratio (its algorithm and parameters) and the
 * note. A parameter named like a fixed column is written as `param:<name>`.
 */
export function sweepCsv(values: readonly SweepValue[], def?: Pick<SweepDef, 'paperMarks'>): string {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const v of values)
    for (const k of Object.keys(v.config.params))
      if (!seen.has(k)) {
        seen.add(k);
        keys.push(k);
      }
  const fixed = new Set<string>([...SWEEP_CSV_LEADING, ...SWEEP_CSV_TRAILING]);
  const header = [
    ...SWEEP_CSV_LEADING,
    ...keys.map((k) => (fixed.has(k) ? `param:${k}` : k)),
    ...SWEEP_CSV_TRAILING,
  ];
  const marks = new Map<string, number>();
  for (const m of def?.paperMarks ?? []) marks.set(`${m.series}\u0000${m.x}`, m.y);
  const rows = values.map((v): CsvValue[] => [
    v.series,
    v.x,
    v.formula,
    v.constructed,
    marks.get(`${v.series}\u0000${v.x}`),
    v.verified,
    v.config.algorithm,
    ...keys.map((k) => v.config.params[k]),
    v.baseline ? `${v.baseline.algorithm} ${paramWords(v.baseline.params)}` : '',
    v.note,
  ]);
  return csvTable(header, rows);
}
