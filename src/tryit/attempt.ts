import type { Topology, NetworkKind } from '../kernel/model/topology';
import { offsetLinks, offsetWords, START_OFFSET } from './circuit-choices';
import { defaultRoute, type RouteContext } from './routes';
import { MAX_ATTEMPT_STEPS, TryInputError } from './try-limits';

/**
 * A student's attempt: steps of transfers, edited by pure functions that return a new attempt and
 * share every step they do not change (so undo keeps whole attempts at the cost of one array).
 * Indices are 0-based here (step 0 is the schedule's step 1); the words for people are 1-based.
 */
export interface TryTransfer {
  readonly from: number;
  readonly to: readonly number[];
  /** Block ids, ascending, no repeats. */
  readonly blocks: readonly number[];
  /** Directed link ids; each starts at the sender or where an earlier one ends (else the check says so). */
  readonly route: readonly number[];
  /** Wavelength, channel or (circuit switch) 0. */
  readonly channel: number;
}

export interface TryStep {
  readonly transfers: readonly TryTransfer[];
  /** Circuit switch: the offset set up for this step; absent, the one in force stays. */
  readonly offset?: number;
}

export interface Attempt {
  /** At least one step (the last may be empty: the step being started). */
  readonly steps: readonly TryStep[];
  /** The step being edited. */
  readonly at: number;
}

/** Where a transfer is: its step and its place in the step. */
export interface TransferRef {
  step: number;
  index: number;
}

/** What the edits need of an exercise (an Exercise is one). */
export interface Board {
  kind: NetworkKind;
  topology: Topology;
  blocks: { count: number };
  /** The student sets circuits (the circuit switch). */
  circuits: boolean;
  /** Ports of the model, when it has them (the star's k gives each sender its own wavelengths). */
  model: { ports?: { tx: number } };
}

/** Transfers an attempt may hold in all (a link holds fewer: LINK_LIMITS). */
export const MAX_ATTEMPT_TRANSFERS = 4096;

export const emptyAttempt = (): Attempt => ({ steps: [{ transfers: [] }], at: 0 });

/** The offset in force in step `step` (circuit switch): the last one set up to it, else the start's. */
export function offsetAt(a: Attempt, step: number): number {
  for (let s = Math.min(step, a.steps.length - 1); s >= 0; s--) {
    const o = a.steps[s].offset;
    if (o !== undefined) return o;
  }
  return START_OFFSET;
}

/** The step's links in force (circuit switch), or null where every link exists. */
function usableIn(b: Board, a: Attempt, step: number): ((l: number) => boolean) | null {
  if (!b.circuits) return null;
  const set = new Set(offsetLinks(b.topology.nodeCount, offsetAt(a, step)));
  return (l) => set.has(l);
}

/** The channels to try for a sender: the star's transmitters keep their own wavelengths first. */
function channelOrder(b: Board, from: number): number[] {
  let most = 1;
  for (let l = 0; l < b.topology.linkCount; l++) most = Math.max(most, b.topology.linkChannels[l]);
  const all = Array.from({ length: most }, (_, c) => c);
  const k = b.model.ports?.tx ?? 1;
  if (b.kind !== 'star') return all;
  const own = all.slice(from * k, from * k + k);
  return [...own, ...all.filter((c) => c < from * k || c >= from * k + k)];
}

/** The route context of step `step`, leaving out transfer `skip` (the one being changed). */
function contextOf(b: Board, a: Attempt, step: number, from: number, skip = -1): RouteContext {
  const busy = new Set<number>();
  const W = 1 << 16;
  a.steps[step].transfers.forEach((t, i) => {
    if (i !== skip) for (const l of t.route) busy.add(l * W + t.channel);
  });
  return {
    usable: usableIn(b, a, step) ?? undefined,
    taken: (l, c) => busy.has(l * W + c),
    channels: channelOrder(b, from),
  };
}

const wholeIn = (v: unknown, below: number) =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) < below;

function checkNode(b: Board, v: unknown, what: string): number {
  const n = b.topology.nodeCount;
  if (!wholeIn(v, n))
    throw new TryInputError(`${what} must be a processor from 0 to ${n - 1}; got ${String(v)}`);
  return v as number;
}

function checkBlocks(b: Board, blocks: readonly unknown[]): number[] {
  const B = b.blocks.count;
  if (blocks.length === 0) throw new TryInputError('a transfer carries one block at least');
  for (const x of blocks)
    if (!wholeIn(x, B)) throw new TryInputError(`blocks are 0 to ${B - 1}; got ${String(x)}`);
  return [...new Set(blocks as number[])].sort((x, y) => x - y);
}

function checkReceivers(b: Board, from: number, to: readonly unknown[]): number[] {
  if (to.length === 0) throw new TryInputError('a transfer needs a receiver');
  const out = [...new Set(to.map((v) => checkNode(b, v, 'a receiver')))];
  if (out.includes(from)) throw new TryInputError(`node ${from} cannot send to itself`);
  return out;
}

function checkRoute(b: Board, route: readonly unknown[]): number[] {
  const L = b.topology.linkCount;
  for (const l of route)
    if (!wholeIn(l, L)) throw new TryInputError(`links are 0 to ${L - 1}; got ${String(l)}`);
  return [...(route as number[])];
}

function checkChannel(b: Board, c: unknown): number {
  let most = 1;
  for (let l = 0; l < b.topology.linkCount; l++) most = Math.max(most, b.topology.linkChannels[l]);
  if (!wholeIn(c, most)) throw new TryInputError(`channels are 0 to ${most - 1}; got ${String(c)}`);
  return c as number;
}

function checkRef(a: Attempt, r: TransferRef): TryTransfer {
  const t = a.steps[r.step]?.transfers[r.index];
  if (!t) throw new TryInputError(`there is no transfer ${r.index + 1} in step ${r.step + 1}`);
  return t;
}

/** The attempt with step `step` replaced (every other step shared). */
function withStep(a: Attempt, step: number, s: TryStep): Attempt {
  const steps = a.steps.slice();
  steps[step] = s;
  return { ...a, steps };
}

function withTransfer(a: Attempt, r: TransferRef, t: TryTransfer | null): Attempt {
  const old = a.steps[r.step];
  const transfers = old.transfers.slice();
  if (t) transfers[r.index] = t;
  else transfers.splice(r.index, 1);
  return withStep(a, r.step, { ...old, transfers });
}

const transferCount = (a: Attempt) => a.steps.reduce((n, s) => n + s.transfers.length, 0);

/** The default route and channel of a transfer in `step`, or a clear refusal when none exists. */
function routeFor(b: Board, a: Attempt, step: number, from: number, to: number[], skip = -1) {
  const found = defaultRoute(b.topology, from, to, contextOf(b, a, step, from, skip));
  if (found) return found;
  const n = b.topology.nodeCount;
  const where = b.circuits
    ? ` over the circuits of step ${step + 1} (${offsetWords(n, offsetAt(a, step))})`
    : '';
  throw new TryInputError(`node ${from} cannot reach ${to.join(', ')}${where}`);
}

/**
 * Adds a transfer to the step being edited: the route is a shortest one (free on its channel when
 * one is) and the channel the lowest free, unless given.
 */
export function addTransfer(
  b: Board,
  a: Attempt,
  t: {
    from: number;
    to: readonly number[];
    blocks: readonly number[];
    route?: readonly number[];
    channel?: number;
  },
): Attempt {
  if (transferCount(a) >= MAX_ATTEMPT_TRANSFERS)
    throw new TryInputError(`an attempt holds at most ${MAX_ATTEMPT_TRANSFERS} transfers`);
  const from = checkNode(b, t.from, 'the sender');
  const to = checkReceivers(b, from, t.to);
  const blocks = checkBlocks(b, t.blocks);
  const channel = t.channel === undefined ? undefined : checkChannel(b, t.channel);
  let route: number[];
  let ch: number;
  if (t.route !== undefined) {
    route = checkRoute(b, t.route);
    ch = channel ?? 0;
  } else {
    const found = routeFor(b, a, a.at, from, to);
    route = found.route;
    ch = channel ?? found.channel;
  }
  const step = a.steps[a.at];
  return withStep(a, a.at, {
    ...step,
    transfers: [...step.transfers, { from, to, blocks, route, channel: ch }],
  });
}

export function deleteTransfer(a: Attempt, r: TransferRef): Attempt {
  checkRef(a, r);
  return withTransfer(a, r, null);
}

/** The transfer's route, as the links given (its channel stays). */
export function setRoute(b: Board, a: Attempt, r: TransferRef, links: readonly number[]): Attempt {
  return withTransfer(a, r, { ...checkRef(a, r), route: checkRoute(b, links) });
}

export function setChannel(b: Board, a: Attempt, r: TransferRef, channel: number): Attempt {
  return withTransfer(a, r, { ...checkRef(a, r), channel: checkChannel(b, channel) });
}

export function setBlocks(b: Board, a: Attempt, r: TransferRef, blocks: readonly number[]): Attempt {
  return withTransfer(a, r, { ...checkRef(a, r), blocks: checkBlocks(b, blocks) });
}

/** New receivers: the route and channel are chosen again as for a new transfer. */
export function setReceivers(b: Board, a: Attempt, r: TransferRef, to: readonly number[]): Attempt {
  const t = checkRef(a, r);
  const rx = checkReceivers(b, t.from, to);
  const found = routeFor(b, a, r.step, t.from, rx, r.index);
  return withTransfer(a, r, { ...t, to: rx, route: found.route, channel: found.channel });
}

/** Sets up the circuits of offset `offset` for step `step` (null: keep the ones in force). */
export function setOffset(b: Board, a: Attempt, step: number, offset: number | null): Attempt {
  if (!b.circuits) throw new TryInputError('only a circuit switch has circuits to set');
  if (!a.steps[step]) throw new TryInputError(`there is no step ${step + 1}`);
  const most = Math.max(1, Math.floor(b.topology.nodeCount / 2));
  if (offset !== null && !(Number.isInteger(offset) && offset >= 1 && offset <= most))
    throw new TryInputError(`an offset is 1 to ${most}; got ${String(offset)}`);
  const { offset: _old, ...rest } = a.steps[step];
  return withStep(a, step, offset === null ? rest : { ...rest, offset });
}

/** Edits step `step` (0 … steps − 1). */
export function goToStep(a: Attempt, step: number): Attempt {
  if (!wholeIn(step, a.steps.length))
    throw new TryInputError(`steps are 1 to ${a.steps.length}; got ${step + 1}`);
  return step === a.at ? a : { ...a, at: step };
}

/** The next step, started empty when the current one is the last and has transfers. */
export function nextStep(a: Attempt): Attempt {
  if (a.at + 1 < a.steps.length) return { ...a, at: a.at + 1 };
  if (a.steps[a.at].transfers.length === 0 && a.steps[a.at].offset === undefined) return a;
  if (a.steps.length >= MAX_ATTEMPT_STEPS)
    throw new TryInputError(`an attempt has at most ${MAX_ATTEMPT_STEPS} steps`);
  return { steps: [...a.steps, { transfers: [] }], at: a.at + 1 };
}

export const previousStep = (a: Attempt): Attempt => (a.at > 0 ? { ...a, at: a.at - 1 } : a);

/** Removes step `step`; the steps after it move up (an attempt keeps one step at least). */
export function deleteStep(a: Attempt, step: number): Attempt {
  if (!wholeIn(step, a.steps.length)) throw new TryInputError(`there is no step ${step + 1}`);
  if (a.steps.length === 1) return emptyAttempt();
  const steps = a.steps.filter((_, i) => i !== step);
  return { steps, at: Math.min(a.at > step ? a.at - 1 : a.at, steps.length - 1) };
}

/** The steps that count: trailing steps with nothing in them are the next step being started. */
export function countedSteps(a: Attempt): number {
  let n = a.steps.length;
  while (n > 0 && a.steps[n - 1].transfers.length === 0 && a.steps[n - 1].offset === undefined) n--;
  return n;
}

/**
 * An attempt from outside (a link, a file) checked against the exercise: every id must exist (the
 * first that does not is named, with where it is) and every transfer be one an edit could make.
 * Returns it with each transfer's blocks in order; rule breaking is left to the check.
 */
export function validAttempt(b: Board, a: Attempt): Attempt {
  if (a.steps.length === 0 || a.steps.length > MAX_ATTEMPT_STEPS)
    throw new TryInputError(`an attempt has 1 to ${MAX_ATTEMPT_STEPS} steps; this one has ${a.steps.length}`);
  if (transferCount(a) > MAX_ATTEMPT_TRANSFERS)
    throw new TryInputError(`an attempt holds at most ${MAX_ATTEMPT_TRANSFERS} transfers`);
  const steps = a.steps.map((s, i) => {
    try {
      if (s.offset !== undefined) {
        if (!b.circuits) throw new TryInputError('it sets circuits, but this network has none to set');
        setOffset(b, { steps: [s], at: 0 }, 0, s.offset);
      }
      const transfers = s.transfers.map((t, k) => {
        try {
          const from = checkNode(b, t.from, 'the sender');
          return {
            from,
            to: checkReceivers(b, from, t.to),
            blocks: checkBlocks(b, t.blocks),
            route: checkRoute(b, t.route),
            channel: checkChannel(b, t.channel),
          };
        } catch (e) {
          throw e instanceof TryInputError ? new TryInputError(`transfer ${k + 1}: ${e.message}`) : e;
        }
      });
      return s.offset === undefined ? { transfers } : { transfers, offset: s.offset };
    } catch (e) {
      throw e instanceof TryInputError ? new TryInputError(`step ${i + 1}, ${e.message}`) : e;
    }
  });
  return { steps, at: wholeIn(a.at, steps.length) ? a.at : 0 };
}
