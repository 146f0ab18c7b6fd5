/**
 * The links marked on the network picture (`mark=3` or `mark=3,7`, link ids of the schedule's
 * network): a cell or a busiest entry of the link-load view, or the message of a verdict, kept in the
 * permalink so that a shared link opens with the same link marked. Ids beyond the network are refused
 * once the network is known (app/views/markedLinks.ts); here only the form is checked.
 */
import { show } from './show';

/** At most this many links in one mark (a message's route; a verdict marks one message). */
export const MAX_MARKED = 64;

/** The ids a `mark=` text names, or why it names none. */
export function parseMark(text: string): number[] | string {
  const parts = text.split(',');
  if (parts.length > MAX_MARKED)
    return `mark names at most ${MAX_MARKED} links; got ${parts.length}, nothing marked`;
  if (!parts.every((p) => /^\d{1,9}$/.test(p)))
    return `mark must be link ids, whole numbers ≥ 0 separated by commas (e.g. 3 or 3,7); got "${show(text)}", nothing marked`;
  return parts.map(Number);
}

export const MARK_FIELD = {
  key: 'mark',
  encode: (c: { mark: readonly number[] }) => (c.mark.length ? c.mark.join(',') : null),
  decode(text: string, { config }: { config: { mark: number[] } }): string | null {
    const ids = parseMark(text);
    if (typeof ids === 'string') return ids;
    config.mark = ids;
    return null;
  },
};
