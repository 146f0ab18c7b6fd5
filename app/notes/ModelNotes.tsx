import { lazy, Suspense, useEffect, useRef } from 'react';
import { isNoteId, type NoteId } from '../../src/notes/model-notes';
import { useApp } from '../store/store';
import { useModalDialog } from '../lib/useModalDialog';

/** Opens a model note over the page (`notes=<id>` in the link, so a reload keeps it open). */
export function openNotes(id: NoteId): void {
  useApp.setState((s) => ({ config: { ...s.config, notes: id } }));
}

export function closeNotes(): void {
  useApp.setState((s) => (s.config.notes ? { config: { ...s.config, notes: '' } } : s));
}

/**
 * The notes' text and renderer are a chunk of their own (they are over 100 kB of text), loaded a
 * few seconds after the page, or at once when a note is asked for: in memory from then on, so the
 * notes open offline like the rest of the page.
 */
const loadContent = () => import('./NotesContent');
const NotesContent = lazy(loadContent);
const WARM_AFTER_MS = 3000;

/**
 * The model notes (docs/models/*.md) in a modal dialog over any page. Esc or Close closes it (the
 * page behind is inert meanwhile, and keys pressed in it are the dialog's).
 */
export function ModelNotes() {
  const id = useApp((s) => s.config.notes);
  const dialog = useRef<HTMLDialogElement>(null);
  const open = id !== '' && isNoteId(id);

  useEffect(() => {
    const t = setTimeout(() => void loadContent().catch(() => undefined), WARM_AFTER_MS);
    return () => clearTimeout(t);
  }, []);

  useModalDialog(dialog, open);

  return (
    <dialog
      ref={dialog}
      onClose={closeNotes}
      aria-labelledby="model-notes-title"
      className="m-auto h-[90vh] w-[min(72rem,96vw)] max-w-none overflow-hidden rounded-lg border border-border bg-surface p-0 text-text shadow-xl backdrop:bg-inverse/50"
      data-testid="model-notes"
      data-note={open ? id : ''}
    >
      {open && (
        <Suspense
          fallback={
            <p id="model-notes-title" className="p-6 text-text">
              Loading the model notes…
            </p>
          }
        >
          <NotesContent id={id} onClose={closeNotes} onOpen={openNotes} />
        </Suspense>
      )}
    </dialog>
  );
}
