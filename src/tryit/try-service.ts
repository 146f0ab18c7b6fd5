import { attemptDocument, attemptFromDocument, exerciseOfDocument } from './share-json';
import { applyEdit, openSession, openSessionText, type TryEdit, type TrySession } from './try-session';
import { startHistory } from './attempt-history';
import { exerciseOf } from './exercise';
import { TryInputError } from './try-limits';
import { boardOf, stateOf, type TryBoard, type TryView } from './try-view';

/**
 * The Try it worker's side (app/tryit/try.worker.ts posts what this returns): one session, opened from
 * a link's text or a schedule file, changed by edits, checked after every change. A refused request
 * (a hostile link, an impossible edit) is answered with its message and leaves the session as it was.
 */
export type TryRequest =
  | { kind: 'open'; id: number; link: string }
  | { kind: 'open-file'; id: number; text: string }
  | { kind: 'edit'; id: number; edit: TryEdit }
  | { kind: 'hint'; id: number; show: boolean }
  | { kind: 'download'; id: number };

export type TryResponse =
  | { kind: 'view'; id: number; view: TryView }
  | { kind: 'file'; id: number; name: string; text: string }
  | { kind: 'error'; id: number; message: string };

export function tryService(): (r: TryRequest) => TryResponse {
  let session: TrySession | null = null;
  let board: TryBoard | null = null;
  let hint = false;
  const view = (id: number, s: TrySession, b: TryBoard): TryResponse => {
    session = s;
    board = b;
    return { kind: 'view', id, view: stateOf(s, b, hint) };
  };
  const open = (id: number, s: TrySession) => {
    hint = false;
    return view(id, s, boardOf(s));
  };
  return (r) => {
    try {
      switch (r.kind) {
        case 'open':
          return open(r.id, openSessionText(r.link));
        case 'open-file': {
          let doc: unknown;
          try {
            doc = JSON.parse(r.text);
          } catch {
            throw new TryInputError('the file is not JSON: it is not a schedule file');
          }
          const link = exerciseOfDocument(doc);
          if (!link)
            throw new TryInputError(
              'the file names no Try it exercise (its parameters have no try-exercise)',
            );
          const exercise = exerciseOf(link.exercise);
          const attempt = attemptFromDocument(exercise, doc);
          return open(r.id, { ...openSession(link), history: startHistory(attempt) });
        }
        case 'edit':
        case 'hint':
        case 'download': {
          if (!session || !board) throw new TryInputError('no exercise is open');
          if (r.kind === 'edit') return view(r.id, applyEdit(session, r.edit), board);
          if (r.kind === 'hint') {
            hint = r.show;
            return view(r.id, session, board);
          }
          const ex = session.exercise;
          const doc = attemptDocument(ex, session.history.present, session.challenge);
          return { kind: 'file', id: r.id, name: `try-${ex.algorithm}.json`, text: JSON.stringify(doc) };
        }
      }
    } catch (e) {
      return { kind: 'error', id: r.id, message: e instanceof Error ? e.message : String(e) };
    }
  };
}
