import { formatSeconds, plural } from '../kernel/util/units';
import type { Attempt, TryTransfer } from './attempt';
import { offsetAt } from './attempt';
import { offsetOfStep, transfersOfStep } from './attempt-of-schedule';
import type { TryBound } from './bounds';
import type { Exercise } from './exercise';
import { blockName } from './exercise-words';
import { transferNoun } from './try-names';

/**
 * "Show the algorithm's next step": what the paper's algorithm does in the step the student is on,
 * as transfers the page can draw greyed and the student may copy or ignore. A challenge hides it
 * until the attempt is complete.
 */
export type StepHint =
  | { kind: 'hidden'; words: string }
  | { kind: 'past-end'; words: string }
  | {
      kind: 'step';
      /** The attempt's step the hint is for (0-based): the algorithm's step of the same number. */
      step: number;
      transfers: TryTransfer[];
      /** Circuit switch: the offset the algorithm has in force in that step. */
      offset?: number;
      /** Whether the attempt's step already has each transfer (same sender, receivers and blocks). */
      copied: boolean[];
      words: string;
    };

/** Transfers shown in the hint's sentence, at most (the page draws them all). */
const SAID = 4;

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);

export function algorithmStep(
  ex: Exercise,
  a: Attempt,
  options: { challenge?: boolean; complete?: boolean } = {},
): StepHint {
  const ref = ex.reference;
  if (options.challenge && !options.complete)
    return {
      kind: 'hidden',
      words: 'This is a challenge: the algorithm is shown once your attempt is complete.',
    };
  const step = a.at;
  if (step >= ref.steps)
    return {
      kind: 'past-end',
      words: `${ref.name} is done after ${ref.steps} step${ref.steps === 1 ? '' : 's'}; this is step ${step + 1}.`,
    };
  const transfers = transfersOfStep(ref.schedule, ex.topology, step + 1);
  const mine = a.steps[step]?.transfers ?? [];
  const copied = transfers.map((t) =>
    mine.some((m) => m.from === t.from && sameSet(m.to, t.to) && sameSet(m.blocks, t.blocks)),
  );
  const offset = ex.circuits
    ? (offsetOfStep(ref.schedule, ex.topology.nodeCount, step + 1) ?? undefined)
    : undefined;
  const said = transfers
    .slice(0, SAID)
    .map(
      (t) =>
        `${t.from}→${t.to.join(',')} (${t.blocks.length === 1 ? blockName(ex, t.blocks[0]) : `${t.blocks.length} blocks`})`,
    );
  const more = transfers.length > SAID ? `, and ${transfers.length - SAID} more` : '';
  const circuits =
    offset !== undefined && offset !== offsetAt(a, step)
      ? ` It sets up offset ${offset} (yours: ${offsetAt(a, step)}).`
      : '';
  return {
    kind: 'step',
    step,
    transfers,
    ...(offset !== undefined ? { offset } : {}),
    copied,
    words: `${ref.name}, step ${step + 1}: ${transfers.length} ${transferNoun(ex, transfers.length !== 1)}: ${said.join('; ')}${more}.${circuits}`,
  };
}

/**
 * "Why is the bound what it is": the binding bound and the others, each with its argument as data
 * (vertices and links to mark, the count and what a step can carry) and in words.
 */
export function boundArgument(ex: Exercise): {
  binding: TryBound;
  argued: TryBound;
  all: TryBound[];
  words: string;
} {
  const b = ex.binding;
  const argued = arguedBound(b, ex.bounds);
  const direct = ex.bounds.filter((x) => x.scope === 'direct');
  const also = direct.map((x) => ` Without relaying: ${x.value} ${x.unit} (${x.label}).`).join('');
  const time =
    argued === b
      ? ''
      : ` In ${argued.unit === 's' ? 'time' : argued.unit}, no schedule takes less than ${valueWords(argued)}: ${argued.why}. Source: ${argued.source}.`;
  return {
    binding: b,
    argued,
    all: ex.bounds,
    words: `No schedule takes fewer than ${b.unit === 'steps' ? plural(b.value, 'step') : `${b.value} ${b.unit}`}: ${b.why}. Source: ${b.source}.${time}${also}`,
  };
}

const drawable = (b: TryBound) => !!(b.argument.vertices?.length || b.argument.links?.length);

/**
 * The bound whose argument the picture draws: the binding one, or, when it has nothing to draw (one
 * step, because something must move), the bound in the model's own unit of time that has — the
 * star's root and its transmitters, the circuit switch's busiest sender.
 */
export function arguedBound(binding: TryBound, bounds: readonly TryBound[]): TryBound {
  if (drawable(binding)) return binding;
  return bounds.find((b) => b.scope === 'any' && b.unit !== 'steps' && drawable(b)) ?? binding;
}

const valueWords = (b: TryBound) =>
  b.unit === 's' ? formatSeconds(b.value) : `${b.value.toFixed(3).replace(/\.?0+$/, '')} ${b.unit}`;
