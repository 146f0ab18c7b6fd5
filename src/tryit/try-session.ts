import {
  addTransfer,
  deleteStep,
  deleteTransfer,
  emptyAttempt,
  goToStep,
  nextStep,
  previousStep,
  setBlocks,
  setChannel,
  setOffset,
  setReceivers,
  setRoute,
  validAttempt,
  type Attempt,
  type TransferRef,
} from './attempt';
import { commit, navigate, redo, startHistory, undo, type History } from './attempt-history';
import { checkAttempt, type TryCheck } from './check';
import { exerciseOf, type Exercise } from './exercise';
import { decodeTryLink, encodeTryLink, type TryLink } from './share-link';

/**
 * One student's session with an exercise, as the worker keeps it: the exercise, the attempt's
 * history, whether it is a challenge. Every change is an edit (plain data, as it comes from the page);
 * `applyEdit` returns the new session or throws a TryInputError, the session before it untouched.
 */
export interface TrySession {
  exercise: Exercise;
  history: History;
  challenge: boolean;
}

export type TryEdit =
  | { kind: 'add'; from: number; to: number[]; blocks: number[]; route?: number[]; channel?: number }
  | { kind: 'delete'; ref: TransferRef }
  | { kind: 'route'; ref: TransferRef; links: number[] }
  | { kind: 'channel'; ref: TransferRef; channel: number }
  | { kind: 'blocks'; ref: TransferRef; blocks: number[] }
  | { kind: 'receivers'; ref: TransferRef; to: number[] }
  | { kind: 'offset'; step: number; offset: number | null }
  | { kind: 'delete-step'; step: number }
  | { kind: 'next' }
  | { kind: 'previous' }
  | { kind: 'go'; step: number }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'reset' };

/** A session from a link's content: the exercise made (or remembered), the attempt checked against it. */
export function openSession(link: TryLink): TrySession {
  const exercise = exerciseOf(link.exercise);
  const attempt = link.attempt ? validAttempt(exercise, link.attempt) : emptyAttempt();
  return { exercise, history: startHistory(attempt), challenge: link.challenge };
}

/** A session from a link's text (`try=` in the permalink). */
export const openSessionText = (text: string): TrySession => openSession(decodeTryLink(text));

/** The session's link text (throws a TryInputError past the link's limits). */
export function sessionLink(s: TrySession, withAttempt = true): string {
  return encodeTryLink({
    exercise: s.exercise.key,
    challenge: s.challenge,
    ...(withAttempt ? { attempt: s.history.present } : {}),
  });
}

export function applyEdit(s: TrySession, e: TryEdit): TrySession {
  const ex = s.exercise;
  const a = s.history.present;
  const edit = (next: Attempt): TrySession => ({ ...s, history: commit(s.history, next) });
  const move = (next: Attempt): TrySession => ({ ...s, history: navigate(s.history, next) });
  switch (e.kind) {
    case 'add':
      return edit(addTransfer(ex, a, e));
    case 'delete':
      return edit(deleteTransfer(a, e.ref));
    case 'route':
      return edit(setRoute(ex, a, e.ref, e.links));
    case 'channel':
      return edit(setChannel(ex, a, e.ref, e.channel));
    case 'blocks':
      return edit(setBlocks(ex, a, e.ref, e.blocks));
    case 'receivers':
      return edit(setReceivers(ex, a, e.ref, e.to));
    case 'offset':
      return edit(setOffset(ex, a, e.step, e.offset));
    case 'delete-step':
      return edit(deleteStep(a, e.step));
    case 'next':
      return move(nextStep(a));
    case 'previous':
      return move(previousStep(a));
    case 'go':
      return move(goToStep(a, e.step));
    case 'undo':
      return { ...s, history: undo(s.history) };
    case 'redo':
      return { ...s, history: redo(s.history) };
    case 'reset':
      return edit(emptyAttempt());
  }
}

/** The live check of the session's attempt. */
export const checkSession = (s: TrySession): TryCheck =>
  checkAttempt(s.exercise, s.history.present, { challenge: s.challenge });
