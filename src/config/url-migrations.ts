/**
 * Versions of the permalink and how an older link becomes a current one. Every change that would
 * make an old link mean something else raises URL_VERSION and adds one migration here: a pure
 * function from the fields of version v to those of version v + 1, with a notice for anything it
 * had to drop (nothing else is worth telling the reader). The codec migrates, then reads.
 */
import { show } from './show';

export const URL_VERSION = 2;

/** A link's fields, key → text, as read from the query string. */
export type LinkFields = ReadonlyMap<string, string>;

export interface Migrated {
  raw: Map<string, string>;
  /** What could not be carried over, in words. */
  notes: string[];
}

/** MIGRATIONS[v]: version v's fields as version v + 1's. */
const MIGRATIONS: Readonly<Record<number, (raw: LinkFields) => Migrated>> = {
  // v2: the network pane draws rings, stars and circuit switches alike, so `view=ring` is `network`.
  1: (raw) => {
    const out = new Map(raw);
    if (out.get('view') === 'ring') out.set('view', 'network');
    return { raw: out, notes: [] };
  },
};

/**
 * The fields of a link of any version as the current version's. A link without `v` is read as
 * version 1 (links have always carried it; one typed by hand may not); a version this app does not
 * know is read as the current one, and says so.
 */
export function migrateLink(raw: LinkFields): Migrated {
  const v = raw.get('v');
  const notes: string[] = [];
  let from = 1;
  if (v !== undefined) {
    const n = /^\d{1,3}$/.test(v) ? Number(v) : NaN;
    if (n >= 1 && n <= URL_VERSION) from = n;
    else {
      from = URL_VERSION;
      notes.push(
        `version v=${show(v, 12)} is unknown (this app reads v=1 to v=${URL_VERSION}); read as v=${URL_VERSION}`,
      );
    }
  }
  let out = new Map(raw);
  for (let at = from; at < URL_VERSION; at++) {
    const step = MIGRATIONS[at](out);
    out = step.raw;
    notes.push(...step.notes);
  }
  out.set('v', String(URL_VERSION));
  return { raw: out, notes };
}
