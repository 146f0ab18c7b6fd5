import type { AppConfig } from './config/app-config';
import type { ReproductionCard, Reproduction, SweepDef } from './kernel/experiment';
import type { Interconnect } from './kernel/model/interconnect';
import type { Paper, PaperRef } from './kernel/papers';
import type { Limits } from './limits';
import type { AlgorithmCard, AlgorithmSpec } from './kernel/spec';
import type { Runner } from './runner';
import type { ParamValues } from './kernel/params/schema';
import type { FamilyTryIt } from './tryit/family-try';

/**
 * A lecture scene as a family gives it: a ready configuration of one of its algorithms, made from
 * the page's defaults for an algorithm (`base`, handed in by src/config/scenes.ts, so a family never
 * imports the URL codec).
 */
export interface FamilyScene {
  id: string;
  title: string;
  /** What the lecturer shows with it, in a sentence. */
  description: string;
  paper: PaperRef;
  config(base: (algorithm: string) => AppConfig): AppConfig;
}

/** An explorer page that is not a sweep: its id in a link and the paper it reads. */
export interface ExplorerPageCard {
  id: string;
  paper: PaperRef;
}

/**
 * A family as the page's main thread knows it (`src/families/<family>/index.ts`): everything but
 * its schedule builders and paper checks' computations, which are its engine (`engine.ts`). One
 * list, `FAMILIES` in src/family-list.ts, holds every family; each shared registry (cards,
 * interconnects, sweeps, check cards, scenes, model notes, the URL codec's words, the command
 * line's list) is built from it.
 */
export interface Family<K extends string = string> {
  /** The interconnect's kind, which its topologies carry (`Topology.kind`). */
  kind: K;
  interconnect: Interconnect;
  /** The papers it is built from: what its cards, checks and scenes cite, and the app's citation blocks print. */
  papers: readonly Paper[];
  /** Its algorithms' cards, in the order of its engine's `algorithms`. */
  cards: readonly AlgorithmCard[];
  /** Its sweeps for the explorer and `npm run cli -- sweep`. */
  sweeps: readonly SweepDef[];
  /** Its paper checks' cards, in the order of its engine's `checks`. */
  checks: readonly ReproductionCard[];
  scenes: readonly FamilyScene[];
  /**
   * Its model notes (docs/models/<id>.md), in the order the notes' index lists them, and for each
   * algorithm the notes that explain it, its own first.
   */
  notes: { ids: readonly string[]; byAlgorithm: Readonly<Record<string, readonly string[]>> };
  /** Explorer pages of its own (not sweeps), which links may name (`sweep=`); the app gives their bodies. */
  explorerPages?: readonly ExplorerPageCard[];
  /** Whether and how large a network "Try it" offers (src/tryit/try-limits.ts); none: no exercises. */
  trySize?: FamilyTrySize;
}

/**
 * The networks of a family a person may click through in "Try it": at most `processors` (dummies
 * a construction adds included), the model in `words` for the message that refuses a larger one.
 */
export interface FamilyTrySize {
  processors: number;
  words: string;
  /** Processors a configuration asks for, read from its parameters before anything is built (default: `nodes`). */
  processorsAsked?(p: ParamValues): number;
}

/**
 * A family's engine (`src/families/<family>/engine.ts`): what runs in the worker, the command line
 * and tests, never on the page's main thread — its algorithms whole (card and builder) and its
 * paper checks with their computations. `FAMILY_ENGINES` (src/family-engines.ts) holds one per
 * kind of FAMILIES; the compiler asks for it.
 */
export interface FamilyEngine {
  algorithms: readonly AlgorithmSpec[];
  checks: readonly Reproduction<Runner>[];
  /** Commands of its own on the command line, each printing one of its tables (the circuit's heatmaps). */
  tables?: readonly FamilyTable[];
  /** What "Try it" asks of its model: an attempt's time, its own bounds, a switch's choices. */
  tryIt?: FamilyTryIt;
}

/**
 * A command a family adds to the command line: `npm run cli -- <command> <id> [--format csv|json]
 * [--out FILE]` prints the table with that id, computed with the families' runner. The command line
 * lists it in its help and its list of commands; nothing there names the family.
 */
export interface FamilyTable {
  command: string;
  /** What the command prints, for the help text (after its usage line). */
  help: string;
  ids: readonly string[];
  /** The table with that id (one of `ids`), as JSON and as CSV. */
  run(id: string, limits: Limits, runner: Runner): { json: unknown; csv: string };
}

/** Every scene opens in lecture mode at one step a second; a circuit shows node 0's blocks, as Fig. 1. */
const SCENE_LECTURE = { lecture: true, onlyNode0: true, speed: '1' } as const;

/**
 * A scene's configuration: `algorithm` with `params` laid over its defaults, in lecture mode, on one
 * picture (`view`) or side by side with the `compare` panes.
 */
export function lectureScene(
  algorithm: string,
  params: AppConfig['params'],
  show: { view: AppConfig['options']['view'] } | { compare: AppConfig['compare'] },
): FamilyScene['config'] {
  return (base) => {
    const c = base(algorithm);
    c.params = { ...c.params, ...params };
    if ('view' in show) c.options = { ...c.options, view: show.view, ...SCENE_LECTURE };
    else {
      c.options = { ...c.options, mode: 'compare', ...SCENE_LECTURE };
      c.compare = show.compare;
    }
    return c;
  };
}
