/**
 * Paper checks (`npm run cli -- reproduce <id>`, and the tables in the app): for each number a paper
 * prints, the value its own formulas give and the value our constructed, verified schedule gives.
 * A paper number is an input to compare against, never an output.
 */
import type { PaperRef } from '../kernel/spec';
import type { Limits } from '../limits';

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
}

/** What the page lists of a paper check (its rows are computed in the worker). */
export interface ReproductionCard {
  id: string;
  title: string;
  paper: PaperRef;
  /** Table, figure or section of the paper. */
  where: string;
}

export interface Reproduction extends ReproductionCard {
  run(limits: Limits): ReproRow[];
}
