/**
 * What an experiment is: a sweep (a series of configurations plotted against one parameter) or a
 * paper check (rows of printed, computed and constructed numbers). Families define experiments with
 * these types; experiments/ lists and evaluates them.
 */
import type { ParamValues } from './params/schema';
import type { Limits, PaperRef } from './spec';

export interface Axis {
  label: string;
  unit: string;
  log: boolean;
}

/** A configuration the visualizer can open. */
export interface SweepConfig {
  algorithm: string;
  params: ParamValues;
}

export interface SweepPoint {
  /** Series name in the legend, e.g. "N = 1024" or "OpTree". */
  series: string;
  x: number;
  config: SweepConfig;
  /**
   * A configuration this point is measured against: the value plotted is the point's metric divided
   * by the baseline's (an improvement ratio), for the closed form and the constructed schedule alike.
   */
  baseline?: SweepConfig;
}

/** A number the paper prints for a point of one of its figures, drawn beside our series. */
export interface PaperMark {
  series: string;
  x: number;
  y: number;
  /** Where the paper gives it, e.g. "Sec. V-B". */
  where: string;
}

export interface SweepDef {
  id: string;
  title: string;
  paper: PaperRef;
  /** Figure or table of the paper the sweep corresponds to, e.g. "Fig. 4". */
  where: string;
  x: Axis;
  y: Axis;
  /** Id of the formula row whose closed-form and constructed values are plotted. */
  metric: string;
  points(): SweepPoint[];
  /** What the dashed line is, when it is not the paper's formula (default "paper's formula"). */
  formulaLabel?: string;
  /** Numbers the paper prints for the figure, drawn as marks beside the series. */
  paperMarks?: readonly PaperMark[];
}

export interface SweepValue extends SweepPoint {
  /** The paper's closed form for this configuration (null when it gives none). */
  formula: number | null;
  /** What the constructed, verified schedule measures (null when it could not be built, see note). */
  constructed: number | null;
  verified: boolean;
  note?: string;
}

/**
 * Paper checks (`npm run cli -- reproduce <id>`, and the tables in the app): for each number a paper
 * prints, the value its own formulas give and the value our constructed, verified schedule gives.
 * A paper number is an input to compare against, never an output.
 */
export interface ReproRow {
  label: string;
  /** The number the paper prints (null when it prints none for this row). */
  paper: number | null;
  /** What the paper's own formulas give for the row's parameters. */
  computed: number | null;
  /** What the constructed, verified schedule measures (omitted where a row has no construction). */
  constructed?: number | null;
  unit?: string;
  /** Why the numbers differ, when they do. */
  note?: string;
  /** The configuration whose schedule the row measures: the page opens it in one click. */
  open?: SweepConfig;
}

/** What the page lists of a paper check (its rows are computed in the worker). */
export interface ReproductionCard {
  id: string;
  title: string;
  paper: PaperRef;
  /** Table, figure or section of the paper. */
  where: string;
  /** Its rows use the exact method: the worker and the command line load the solver (HiGHS) first. */
  solver?: boolean;
}

/**
 * A paper check as a family writes it. `runner` (builds and verifies configurations: src/runner.ts
 * for the one the families use) is handed in by whoever runs the check; a family imports no runner.
 */
export interface Reproduction<R> extends ReproductionCard {
  run(limits: Limits, runner: R): ReproRow[];
}
