import type { NetworkKind } from '../kernel/model/topology';
import type { ParamValues } from '../kernel/params/schema';
import { num } from '../kernel/params/schema';
import type { FamilyTrySize } from '../family';
import { FAMILIES } from '../family-list';
import { InputError } from '../limits';

/**
 * Sizes a person can click through, per interconnect model: the most processors an exercise may
 * have (dummies a construction adds included, since the student sees them too), and the model in
 * words, as each family gives them (`Family.trySize`). Stated to the user when a configuration is refused.
 */
export const TRY_SIZES: Readonly<Partial<Record<NetworkKind, FamilyTrySize>>> = Object.fromEntries(
  FAMILIES.flatMap((f) => (f.trySize ? [[f.kind, f.trySize]] : [])),
);

/** What a shared link may hold (docs/try-it.md, "Sharing"): beyond these the link is refused. */
export const LINK_LIMITS = {
  /** Characters of the encoded exercise and attempt (the `try=` value). */
  characters: 4000,
  /** Transfers of the attempt, all steps together. */
  transfers: 400,
  /** Steps of the attempt. */
  steps: 200,
} as const;

/** Steps an attempt may have at all (a page that keeps adding empty steps is stopped here). */
export const MAX_ATTEMPT_STEPS = LINK_LIMITS.steps;

/** Undo entries kept (older ones are dropped). */
export const MAX_UNDO = 200;

/** Bad input to "Try it" (an exercise, an edit, a link, a file): its message is meant for the user. */
export class TryInputError extends InputError {
  override name = 'TryInputError';
}

/**
 * Processors a configuration asks for, read from its parameters before anything is built (the
 * model's own count, as its family reads it: a mesh's side², a network-on-chip's routers ×
 * processors per router; by default its nodes).
 */
export function processorsAsked(kind: NetworkKind, p: ParamValues): number {
  const asked = TRY_SIZES[kind]?.processorsAsked;
  return asked ? asked(p) : num(p, 'nodes');
}

/** Refuses a size beyond TRY_SIZES, naming the limit. */
export function checkTrySize(kind: NetworkKind, processors: number, why = ''): void {
  const size = TRY_SIZES[kind];
  if (!size) throw new TryInputError(`Try it has no exercises on a ${kind} network`);
  if (!(processors <= size.processors))
    throw new TryInputError(
      `Try it takes ${size.words} of at most ${size.processors} processors, to be clicked through by hand; this one has ${processors}${why}`,
    );
}
