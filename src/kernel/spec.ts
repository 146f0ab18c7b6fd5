import type { Collective, Schedule } from './model/schedule';
import type { Topology, NetworkKind } from './model/topology';
import type { ParamDef, ParamValue, ParamValues } from './params/schema';
import type { ModelRules } from './verify/model-rules';
import type { Usage } from './verify/rules';
import type { JobContext } from './jobs';
import type { RunWatch } from './run-watch';
import type { PaperRef } from './papers';
import type { ChainWorker, SearchReport, SplitSearch } from './search';
import { formatCount, plural } from './util/units';

// The papers the algorithms come from: each family's `paper.ts` (its authors, venue, year), cited
// by its cards and experiments; the citation texts are in papers.ts.
export type { PaperRef } from './papers';
export type {
  ChainOutcome,
  ChainTask,
  ChainWorker,
  SearchAttempt,
  SearchProgress,
  SearchReport,
  SplitSearch,
} from './search';

/** What one stage of a staged schedule needed and used (Built.stages, RunResult.stages). */
export interface StageReport {
  /** 1-based stage number. */
  stage: number;
  label: string;
  /** First step of the stage (1-based) in the whole schedule. */
  firstStep: number;
  steps: number;
  /** Lightpaths in the stage (each carries one block). */
  lightpaths: number;
  /**
   * Link-load lower bound: the most lightpaths of this stage routed over one directed link. No
   * assignment of these routes can use fewer wavelengths (step-wavelength slots) on that link.
   */
  loadBound: number;
  /** The fewest steps any assignment of these routes can take: ⌈loadBound / w⌉. */
  stepBound: number;
  /**
   * Step-wavelength slots the stage used on the busier fibre direction: the colours of the assignment
   * for stages assigned as a whole (one-stage, OpTree). A stage whose lightpaths depend on each other
   * step by step (Ring, Neighbor Exchange, WRHT's relays) holds its whole span: steps × w.
   */
  wavelengthsUsed: number;
  /** wavelengthsUsed / loadBound: 1 when the stage meets the bound. */
  ratio: number;
}

/** A digit-routed all-to-all (ReTri paper, Sec. 3.4): its radix, and the share of a message one direction of a phase moves. */
export interface DigitFamily {
  radix: number;
  /** Fraction of a node's message in one direction of one phase. */
  share: number;
}

/** What a build produces. */
export interface Built {
  topology: Topology;
  schedule: Schedule;
  /** Which construction was used, in words, when parameters select a variant (e.g. odd N). */
  variant?: string;
  /** Staged algorithms (one-stage, OpTree, WRHT): what each stage needed and used. */
  stages?: StageReport[];
  /**
   * What the construction knows that the schedule does not say and the views need (the circuit
   * switch's plan: configuration per phase, reconfigurations); carried in `RunResult.extras`.
   */
  extras?: Readonly<Record<string, unknown>>;
}

/** Work a configuration needs, estimated before building (used to refuse oversized runs). */
export interface Estimate {
  steps: number;
  transfers: number;
  /** Blocks summed over transfers (for pair rectangles, what they would be written out as lists). */
  blockRefs: number;
  /**
   * Entries of the holdings the replay keeps: node × block cells, per-block visits when sparse, one
   * word per block (plus per-step counts) for route holdings.
   */
  holdingCells: number;
  /**
   * Messages a scheduler places one at a time into steps (the NoC's methods), each step passing over
   * the messages still waiting: the build's time grows about as their square. Absent: none.
   */
  placedMessages?: number;
}

/** Sizes a run may reach. The browser's are stated to users when a configuration is refused. */
export interface Limits {
  name: string;
  transfers: number;
  holdingCells: number;
  /** Longest schedule file read (bytes), checked before a byte is read. */
  fileBytes: number;
  /** Most processors plus auxiliary vertices a schedule file may declare (per-node tables follow it). */
  fileNodes: number;
  /** Most flows a TE-CCL output file may hold (src/interop/teccl/parse.ts). */
  tecclFlows: number;
  /** Most messages a scheduler may place one at a time (`Estimate.placedMessages`). */
  placedMessages: number;
}

/** Measured facts of a verified schedule, input to `formulas` (run.ts passes its Summary). */
export interface Measured {
  steps: number;
  phases: number;
  transfers: number;
  channelsUsed: number;
  seconds: number;
  /** Per-stage reports of staged algorithms (run.ts passes Built.stages). */
  stages?: StageReport[];
  /** Model-specific measured costs (from `AlgorithmSpec.modelCosts`), e.g. the star's tunings. */
  costs?: Readonly<Record<string, number>>;
}

/** One closed form next to what the constructed schedule measures. */
export interface FormulaRow {
  id: string;
  label: string;
  /** The closed form in TeX. */
  tex: string;
  /** Where it comes from: paper and equation/table. */
  source: string;
  formula: number;
  constructed: number;
  /**
   * What the values count, in words ("steps", "wavelengths", "tunings", …); `s` is seconds and is
   * shown as a duration. A family names its own units: the kernel keeps no list of them.
   */
  unit: string;
  /** The value the paper prints for this configuration, when it prints one. */
  paper?: { value: number; where: string };
  /** Why formula and construction differ, when they do. */
  note?: string;
  /** Parameters the row suggests trying (e.g. the best tree found), offered as a one-click change. */
  suggest?: { label: string; params: Readonly<Record<string, ParamValue>> };
  /**
   * The constructed value is left for later (a `quick` call skipped a slow search); `constructed` is
   * NaN until the rows are computed again without `quick`.
   */
  pending?: boolean;
}

/** How `formulas` may cut its work short. */
export interface FormulaOptions {
  /**
   * Skip work that can take long (OpTree's best-tree search, up to seconds for large N) unless its
   * answer is already known: the rows that need it come back `pending`. The app shows a result this
   * way first and fills those rows in when the worker has finished them.
   */
  quick?: boolean;
}

/** Facts about one step that narration can use. */
export interface StepFacts {
  step: number;
  stepCount: number;
  phase: string;
  transfers: number;
  channelsUsed: number;
  longestRoute: number;
  blocksMoved: number;
  /**
   * A few transfers of the step, for examples in the text: `blocks` lists at most the first
   * EXAMPLE_BLOCKS of the `blockCount` blocks a transfer carries (a reduction's complete result
   * carries a million).
   */
  examples: {
    from: number;
    to: number[];
    channel: number;
    blocks: number[];
    blockCount: number;
    hops: number;
  }[];
  /** Fewest and most blocks any node holds after the step (from the replay), and the total. */
  minHeld: number;
  maxHeld: number;
  blockCount: number;
}

/**
 * What the page's main thread knows of an algorithm: its name, parameters and limits, and how to
 * narrate, group and draw a schedule it is given. A card holds no schedule builder, so the main
 * chunk stays free of them (the card files, `*.card.ts`, are checked by a lint rule and a test).
 */
export interface AlgorithmCard<C = ParamValues> {
  id: string;
  name: string;
  /**
   * The name without the list of its variants ("OTIS-Mesh all-reduce" for "OTIS-Mesh all-reduce
   * (single-port, all-port, EDN)"), where the variant shown is named beside it (compare panes).
   */
  shortName?: string;
  family: string;
  collective: Collective;
  topology: NetworkKind;
  paper: PaperRef;
  /** One paragraph in plain words for the info panel. */
  summary: string;
  params: readonly ParamDef[];
  /**
   * The parameters read, once, into this algorithm's configuration `C`, which every member below
   * takes instead of the parameters; throws a ConfigError (kernel/config.ts) listing every rule
   * across parameters they break (a flit must divide a packet, …). The registries hold cards whose
   * `C` is the parameters themselves (`cardOnParams`).
   */
  parse(p: ParamValues): C;
  /**
   * Options that stand for several parameters (the NoC's `topology=mesh:8x8`), expanded before the
   * parameters are read; throws an Error naming the forms allowed.
   */
  shorthands?(raw: Readonly<Record<string, string>>): Record<string, string>;
  estimate(c: C): Estimate;
  narrate(c: C, f: StepFacts): string;
  /** What the panels call the time model's unit and a block's size, when not seconds and bytes. */
  units?: { time: string; data: string };
  /** The text before the first step, when the all-gather default does not fit. */
  narrateStart?(c: C, steps: number): string;
  /** What holds after the last step, in words (default: every node holds every block). */
  goal?: string;
  /**
   * The subsets of network nodes that work together in the phase named `phase` (a name from the
   * schedule's `phases`), e.g. OpTree's stage subsets; views colour them. Null where it has none.
   */
  groupsOf?(c: C, phase: string): number[][] | null;
  /** The tree the algorithm is organised by (OpTree's m-ary tree), for the tree view. */
  tree?(c: C): AlgorithmTree | null;
  /** Why there is no tree to draw, when the algorithm is organised some other way (in a clause). */
  noTree?: string;
  /**
   * Panels of its family's own that this algorithm shows, by name: the app's family folder maps the
   * names to components (`app/interconnects.tsx`). `tree`: the family's tree picture, drawn in the
   * tree tab when the algorithm has no `tree` of the generic kind (the star's TCP1 tree);
   * `tradeoff`: the star's split broadcast trade-off.
   */
  panels?: readonly string[];
  /**
   * Digit-routed all-to-all on a circuit switch: the radix and share of its closed forms (ReTri
   * paper, Sec. 3.4), which the reconfiguration editor prices schedules with.
   */
  reconfigFamily?: DigitFamily;
  /**
   * How block B[r, d] (from r to d) travels, in a clause, for the block matrix's route line; `ring`
   * is the network's node count, `phases` the schedule's.
   */
  blockRoute?(c: C, r: number, d: number, ring: number, phases: number): string;
}

/** What building and pricing a schedule needs: runs in the worker, the command line and tests. */
export interface AlgorithmEngine<C = ParamValues> {
  /**
   * The schedule for these parameters. A build that can take long reads `watch` (the command line's):
   * it reports its progress, and once `watch.stopping` it gives up with TimeLimitReached.
   */
  build(c: C, watch?: RunWatch): Built;
  /**
   * Seconds of each step of a verified schedule (index s−1 for step s) under this model's cost
   * parameters. Without it, the interconnect's own time model is used (src/interconnects.ts).
   */
  stepSeconds?(s: Schedule, usage: Usage, c: C): Float64Array;
  /** Model-specific measured costs of a verified schedule (Summary.costs, passed on to `formulas`). */
  modelCosts?(s: Schedule, usage: Usage, c: C): Record<string, number>;
  formulas(c: C, m: Measured, options?: FormulaOptions): FormulaRow[];
  /**
   * The slow work some formula rows need (OpTree's best-tree search) as steps of a few ms each, with
   * its answer memoised: once it has run to its end, `formulas(p, m, { quick: true })` leaves nothing
   * pending. The worker runs it in slices after posting a result. Only algorithms with such rows.
   */
  formulaWork?(c: C): Generator<void, unknown, void>;
  /**
   * Lower bounds on the steps of any schedule for these parameters, each with its argument in words,
   * without building one (the NoC family: `npm run cli -- bounds`); the binding one is the largest.
   */
  lowerBounds?(c: C): { id: string; label: string; value: number; why: string; source: string }[];
  /**
   * A search that improves on what `build` gives (the NoC scatter's annealing): a job in slices that
   * tells `found` each better schedule as soon as it has one and `progress` how it stands; stopping
   * keeps the best so far. The command line runs it to its end inside `run`; the worker shows the
   * built schedule first and searches afterwards.
   */
  search?(c: C, ctx: JobContext<never>, report: SearchReport): Generator<void, unknown, void>;
  /**
   * The same search cut into rounds whose chains can run apart, on a pool of workers (the NoC
   * scatter's annealing and hybrid): a master, kept where the search started, hands out each round's
   * work (`ChainTask`, one per chain) and takes back the outcomes; `chainWorker` builds the problem
   * once (the messages and their routes) wherever the chains are sent, then does one task at a time.
   * Null for configurations whose search does not split (the exact method, a broadcast).
   * For a seed and a number of chains the rounds, and so the schedules found, are the same however
   * many workers run the chains and in whatever order they finish; `search` runs the same rounds in
   * one piece (the command line, tests).
   */
  splitSearch?(c: C, report: SearchReport): SplitSearch | null;
  chainWorker?(c: C): ChainWorker;
  /**
   * The model these parameters name, with its own rules (network, routing, combining, ports), which a
   * schedule file naming this algorithm is checked against besides the generic rules
   * (kernel/verify/model-rules.ts). Absent: files naming it get the generic rules only.
   */
  model?(c: C): ModelRules;
}

/** An algorithm whole: its card and its engine, one object (`src/registry.ts` lists them). */
export interface AlgorithmSpec<C = ParamValues> extends AlgorithmCard<C>, AlgorithmEngine<C> {}

/** A node of an algorithm's tree: the network nodes under it, and its children. */
export interface TreeNode {
  label: string;
  /** Network nodes in this subtree (a leaf has one). */
  members: number[];
  children: TreeNode[];
}

export interface AlgorithmTree {
  root: TreeNode;
  /** What the levels mean, in a sentence for the view's caption. */
  caption: string;
  /** Depth (root = 0) whose nodes the named phase works on, to highlight; null when none. */
  depthOfPhase(phase: string): number | null;
}

/** "Afterwards every node holds 3 of 8 blocks." — from the replay's counts, not from a formula. */
export function heldSentence(f: StepFacts): string {
  return f.minHeld === f.maxHeld
    ? `Afterwards every node holds ${formatCount(f.minHeld)} of ${plural(f.blockCount, 'block')}.`
    : `Afterwards each node holds between ${formatCount(f.minHeld)} and ${formatCount(f.maxHeld)} of ${plural(f.blockCount, 'block')}.`;
}
