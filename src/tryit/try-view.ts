import { canRedo, canUndo } from './attempt-history';
import { offsetAt, type Attempt } from './attempt';
import { offsetLinks, offsetWords } from './circuit-choices';
import type { TryCheck } from './check';
import { checkSession, sessionLink, type TrySession } from './try-session';
import type { TryBound } from './bounds';
import { blockName } from './exercise-words';
import { algorithmStep, boundArgument, type StepHint } from './hints';
import { tryLayout } from './try-layout';
import { linkName, transferNoun, vertexName } from './try-names';
import { TryInputError } from './try-limits';

/**
 * What the Try it page draws, as plain data the worker posts: the exercise's board (its network laid
 * out, names, start and goal, rules, bounds) and the session's state (the attempt, its live check,
 * the hint when asked, the link that reopens it). The page needs nothing of the core to draw it.
 */
export interface TryBoard {
  name: string;
  paper: string;
  kind: string;
  start: string;
  goal: string;
  rules: string[];
  /** Processors, and all vertices (routers and the coupler's sides after them). */
  nodes: number;
  vertices: number;
  vertexNames: string[];
  x: number[];
  y: number[];
  linkFrom: number[];
  linkTo: number[];
  linkNames: string[];
  /** Most channels (wavelengths) on a link: the channels a transfer may pick from. */
  channels: number;
  blockNames: string[];
  /** Row v, column b: 1 where v must hold b at the end. */
  target: number[];
  /** What one transfer is called, one and many ("lightpath", "lightpaths"). */
  noun: [string, string];
  reduction: boolean;
  /** Circuit switch: the offsets a step may set up, 1 … ⌊n/2⌋ (empty elsewhere). */
  offsets: number[];
  bounds: TryBound[];
  binding: TryBound;
  /** The bound the picture draws the argument of (the binding one, unless that has nothing to draw). */
  argued: TryBound;
  boundWords: string;
}

export interface TryView {
  board: TryBoard;
  attempt: Attempt;
  check: TryCheck;
  /** Links usable in the step being edited (a circuit switch's circuits in force; elsewhere all). */
  usable: number[];
  /** Circuit switch: the offset in force in the step being edited, in words. */
  offsetWords: string;
  canUndo: boolean;
  canRedo: boolean;
  challenge: boolean;
  /** The algorithm's step, when the student asked for it. */
  hint: StepHint | null;
  /** The `try=` text that reopens this attempt, or why there is none (beyond the link's limits). */
  link: string;
  linkProblem: string;
}

/** The board of a session's exercise (the same for every edit: the worker keeps it). */
export function boardOf(s: TrySession): TryBoard {
  const ex = s.exercise;
  const t = ex.topology;
  const V = t.nodeCount + t.auxCount;
  const layout = tryLayout(t, ex.params);
  let channels = 1;
  for (let l = 0; l < t.linkCount; l++) channels = Math.max(channels, t.linkChannels[l]);
  return {
    name: ex.name,
    paper: ex.paper.title,
    kind: ex.kind,
    start: ex.start,
    goal: ex.goal,
    rules: ex.model.words,
    nodes: t.nodeCount,
    vertices: V,
    vertexNames: Array.from({ length: V }, (_, v) => vertexName(ex, v)),
    x: layout.x,
    y: layout.y,
    linkFrom: Array.from(t.linkFrom),
    linkTo: Array.from(t.linkTo),
    linkNames: Array.from({ length: t.linkCount }, (_, l) => linkName(ex, l)),
    channels,
    blockNames: Array.from({ length: ex.blocks.count }, (_, b) => blockName(ex, b)),
    target: Array.from(ex.target),
    noun: [transferNoun(ex), transferNoun(ex, true)],
    reduction: ex.reduction,
    offsets: ex.circuits
      ? Array.from({ length: Math.max(1, Math.floor(t.nodeCount / 2)) }, (_, i) => i + 1)
      : [],
    bounds: ex.bounds,
    binding: ex.binding,
    argued: boundArgument(ex).argued,
    boundWords: boundArgument(ex).words,
  };
}

/** The session's state as the page draws it. */
export function stateOf(
  s: TrySession,
  board: TryBoard,
  hint: boolean,
  check: TryCheck = checkSession(s),
): TryView {
  const ex = s.exercise;
  const a = s.history.present;
  const n = ex.topology.nodeCount;
  let link = '';
  let linkProblem = '';
  try {
    link = sessionLink(s);
  } catch (e) {
    if (!(e instanceof TryInputError)) throw e;
    linkProblem = e.message;
  }
  return {
    board,
    attempt: a,
    check,
    usable: ex.circuits
      ? Array.from(offsetLinks(n, offsetAt(a, a.at)))
      : Array.from({ length: ex.topology.linkCount }, (_, l) => l),
    offsetWords: ex.circuits ? offsetWords(n, offsetAt(a, a.at)) : '',
    canUndo: canUndo(s.history),
    canRedo: canRedo(s.history),
    challenge: s.challenge,
    hint: hint ? algorithmStep(ex, a, { challenge: s.challenge, complete: check.complete }) : null,
    link,
    linkProblem,
  };
}
