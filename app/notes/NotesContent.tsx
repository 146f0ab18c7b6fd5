import { useEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { findCard } from '../../src/cards';
import {
  findExplorerPageCard,
  findReproductionCard,
  findSweep,
  REPRODUCTION_CARDS,
  SWEEPS,
} from '../../src/experiments/catalogue';
import { parseMarkdown } from '../../src/notes/markdown';
import { notesFor, notesForPaper, type NoteId } from '../../src/notes/model-notes';
import { useApp } from '../store/store';
import { NOTES, noteText, noteTitle } from './bundle';
import { Markdown, type MarkdownLinks } from './Markdown';

const ID_PREFIX = 'note-';

/**
 * What the model-notes dialog shows (its own chunk, see ModelNotes.tsx): the index on the left (the
 * notes of the algorithm on screen first, then all of them), the note rendered on the right. A link
 * to another note opens that one here.
 */
export default function NotesContent({
  id,
  onClose,
  onOpen,
}: {
  id: NoteId;
  onClose(): void;
  onOpen(id: NoteId): void;
}) {
  const algorithm = useApp((s) => s.config.algorithm);
  const body = useRef<HTMLDivElement>(null);
  const pendingAnchor = useRef<string | null>(null);

  // A new note starts at its top, or at the heading a link asked for.
  useEffect(() => {
    const anchor = pendingAnchor.current;
    pendingAnchor.current = null;
    const target = anchor ? document.getElementById(`${ID_PREFIX}${anchor}`) : null;
    if (target) target.scrollIntoView();
    else body.current?.scrollTo(0, 0);
  }, [id]);

  const blocks = useMemo(() => {
    const all = parseMarkdown(noteText(id) ?? '');
    // The first heading is the dialog's title.
    return all[0]?.t === 'heading' && all[0].level === 1 ? all.slice(1) : all;
  }, [id]);

  const links: MarkdownLinks = {
    idPrefix: ID_PREFIX,
    openNote(next, anchor) {
      pendingAnchor.current = anchor ?? null;
      if (next === id && anchor) document.getElementById(`${ID_PREFIX}${anchor}`)?.scrollIntoView();
      else onOpen(next);
    },
  };
  const context = useApp(
    useShallow((s) => ({ mode: s.config.options.mode, check: s.config.check, sweep: s.config.sweep })),
  );
  const { label: mineLabel, notes: mine } = relatedNotes(context, algorithm);
  const title = noteTitle(id);
  const entry = (group: string) => (n: NoteId) => (
    <li key={n}>
      <button
        type="button"
        className={`block w-full rounded-md px-2 py-1 text-left text-sm ${n === id ? 'bg-inverse text-surface' : 'text-text hover:bg-panel'}`}
        aria-current={n === id ? 'page' : undefined}
        onClick={() => onOpen(n)}
        data-testid={`notes-${group}-${n}`}
      >
        {noteTitle(n)}
      </button>
    </li>
  );
  return (
    <div className="flex h-full flex-col">
      <header className="flex items-start justify-between gap-4 border-b border-divider px-5 py-3">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">
            Model notes · docs/models/{id}.md
          </p>
          <h2 id="model-notes-title" className="text-xl font-bold" data-testid="model-notes-title">
            {title}
          </h2>
        </div>
        <button
          type="button"
          className="shrink-0 rounded-md border border-border bg-surface px-3 py-1 text-sm font-medium hover:bg-panel"
          onClick={onClose}
          data-testid="model-notes-close"
        >
          Close <span className="text-muted">(Esc)</span>
        </button>
      </header>
      <div className="flex min-h-0 flex-1">
        <nav className="w-60 shrink-0 overflow-y-auto border-r border-divider p-3" aria-label="Model notes">
          {mine.length > 0 && (
            <>
              <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{mineLabel}</h3>
              <ul className="mb-3 space-y-0.5">{mine.map(entry('mine'))}</ul>
            </>
          )}
          <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">All notes</h3>
          <ul className="space-y-0.5">{NOTES.map(entry('all'))}</ul>
        </nav>
        <div
          ref={body}
          className="min-w-0 flex-1 overflow-y-auto px-6 py-3"
          tabIndex={0}
          role="region"
          aria-label={`Text of ${title}`}
          data-testid="model-notes-body"
        >
          <Markdown blocks={blocks} links={links} />
        </div>
      </div>
    </div>
  );
}

/**
 * The notes of what the page shows, listed first: the paper check's or the chart's paper on those
 * pages, else the algorithm on screen.
 */
function relatedNotes(
  c: { mode: string; check: string; sweep: string },
  algorithm: string,
): { label: string; notes: readonly NoteId[] } {
  if (c.mode === 'paper') {
    const card = findReproductionCard(c.check) ?? REPRODUCTION_CARDS[0];
    if (card) return { label: 'For this paper check', notes: notesForPaper(card.paper) };
  }
  if (c.mode === 'explore') {
    const paper = (findExplorerPageCard(c.sweep) ?? findSweep(c.sweep) ?? SWEEPS[0])?.paper;
    if (paper) return { label: 'For this chart', notes: notesForPaper(paper) };
  }
  return { label: `For ${findCard(algorithm)?.name ?? algorithm}`, notes: notesFor(algorithm) };
}
