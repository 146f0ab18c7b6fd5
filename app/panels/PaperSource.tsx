import { useId, useRef, useState } from 'react';
import { bibtex, citationText, shortCitation, type Paper, type PaperRef } from '../../src/kernel/papers';
import { findPaper } from '../../src/papers';
import type { NoteId } from '../../src/notes/model-notes';
import { SMALL_BUTTON } from '../lib/DownloadButton';
import { openNotes } from '../notes/ModelNotes';

/**
 * Where a paper is named (the parameter panel, the formula panel, the explorer, the paper checks):
 * who wrote it, its title and where and when it appeared, a "Cite" button that opens the citation
 * as plain text and as BibTeX, each with a Copy button, and the model notes of what it gives.
 */
export function PaperSource({
  paper: ref,
  notes = [],
  label = 'Source',
  testId = 'paper',
}: {
  paper: PaperRef;
  /** Model notes to offer (the first opens). */
  notes?: readonly NoteId[];
  label?: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const blockId = useId();
  const paper = findPaper(ref);
  if (!paper)
    return (
      <p className="text-xs text-muted" data-testid={testId}>
        {label}: <i>{ref.title}</i>
      </p>
    );
  return (
    <div className="text-xs leading-snug text-muted" data-testid={testId}>
      <p>
        {label}: {shortCitation(paper)}, <i>{paper.title}</i>.
      </p>
      <div className="mt-1 flex flex-wrap gap-1">
        <button
          type="button"
          className={SMALL_BUTTON}
          aria-expanded={open}
          aria-controls={blockId}
          onClick={() => setOpen(!open)}
          data-testid={`${testId}-cite`}
        >
          {open ? 'Hide citation' : 'Cite'}
        </button>
        {notes.length > 0 && (
          <button
            type="button"
            className={SMALL_BUTTON}
            onClick={() => openNotes(notes[0])}
            data-testid={`${testId}-notes`}
          >
            Model notes
          </button>
        )}
      </div>
      {open && (
        <div id={blockId} className="mt-1 space-y-2" data-testid={`${testId}-citation`}>
          <CopyBlock title="Plain text" text={citationText(paper)} testId={`${testId}-citation-text`} />
          <CopyBlock
            title="BibTeX"
            text={bibtex(paper).trimEnd()}
            testId={`${testId}-citation-bibtex`}
            mono
          />
          <p className="text-muted">
            {unknownOf(paper).length
              ? `Not in the paper’s text, so marked unknown rather than guessed: ${unknownOf(paper).join(', ')}.`
              : 'As the paper’s text gives it.'}{' '}
            File: {paper.file}
          </p>
        </div>
      )}
    </div>
  );
}

/** What a paper's text does not tell of its citation. */
function unknownOf(p: Paper): string[] {
  return [p.authors.length ? '' : 'authors', p.venue ? '' : 'venue', p.year === null ? 'year' : ''].filter(
    Boolean,
  );
}

/** A block of text to copy, with its Copy button and what became of the copy. */
function CopyBlock({
  title,
  text,
  testId,
  mono = false,
}: {
  title: string;
  text: string;
  testId: string;
  mono?: boolean;
}) {
  const [status, setStatus] = useState<string | null>(null);
  const pre = useRef<HTMLPreElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus('Copied');
    } catch {
      // No clipboard (a page opened from a file, a refused permission): select the text instead.
      const range = document.createRange();
      if (pre.current) range.selectNodeContents(pre.current);
      const sel = window.getSelection();
      sel?.removeAllRanges();
      sel?.addRange(range);
      setStatus('Selected: press Ctrl+C (⌘C) to copy');
    }
  };
  return (
    <div className="rounded-md border border-divider bg-panel p-1.5">
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold text-text">{title}</span>
        <span className="flex items-center gap-2">
          <span role="status" className="text-ok" data-testid={`${testId}-status`}>
            {status}
          </span>
          <button
            type="button"
            className={SMALL_BUTTON}
            onClick={() => void copy()}
            aria-label={`Copy ${title}`}
            data-testid={`${testId}-copy`}
          >
            Copy
          </button>
        </span>
      </div>
      <pre
        ref={pre}
        className={`mt-1 whitespace-pre-wrap break-words text-text ${mono ? 'font-mono text-[11px]' : 'font-sans text-xs'}`}
        data-testid={testId}
      >
        {text}
      </pre>
    </div>
  );
}
