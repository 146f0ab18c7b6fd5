import { inlineText, parseInline } from '../../src/notes/markdown';
import { isNoteId, NOTE_IDS, type NoteId } from '../../src/notes/model-notes';

/**
 * The model notes (docs/models/*.md), bundled with the page at build time as text, so they open
 * offline and always match the build. Keyed by note id (the file name without `.md`).
 */
const RAW = import.meta.glob('../../docs/models/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export const NOTE_TEXT: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(RAW).map(([path, text]) => [path.replace(/^.*\/([^/]+)\.md$/, '$1'), text]),
);

/** A note's text, or undefined for an id that is not a bundled note. */
export function noteText(id: string): string | undefined {
  return isNoteId(id) ? NOTE_TEXT[id] : undefined;
}

/** A note's title: its first heading, without Markdown marks. */
export function noteTitle(id: NoteId): string {
  const first = /^#\s+(.*)$/m.exec(NOTE_TEXT[id] ?? '');
  return first ? inlineText(parseInline(first[1])) : id;
}

/** Every note in the index's order. */
export const NOTES: readonly NoteId[] = NOTE_IDS;
