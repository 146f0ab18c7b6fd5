/**
 * What a paper the project is built from (../shared/papers/) is as a record, and its citations (text,
 * short, BibTeX). The records themselves belong to the families (`src/families/<f>/paper.ts`, listed
 * in `src/papers.ts`): what their cards, sweeps, paper checks and scenes cite and what the app's
 * citation blocks print. What a paper's text does not say (a venue, a year, the authors of the
 * network-on-chip paper) is left null and shown as unknown; `known` says in our words what the text
 * does tell.
 */

/** A paper as cited: its file in ../shared/papers/ and its title. */
export interface PaperRef {
  file: string;
  title: string;
}

/** An author as BibTeX writes one: "Family, Given" ("Dai, Fei"), so the split is never guessed. */
export type AuthorName = `${string}, ${string}`;

export interface Author {
  given: string;
  family: string;
}

/** "Dai, Fei" → family "Dai", given "Fei" (at the first comma). */
export function authorOf(name: AuthorName): Author {
  const comma = name.indexOf(', ');
  return { family: name.slice(0, comma), given: name.slice(comma + 2) };
}

export interface Paper extends PaperRef {
  /** Key in PAPERS, also the stem of its BibTeX key. */
  key: string;
  /** What the app calls the paper in a sentence: "the OpTree paper". */
  short: string;
  /** As the paper's text prints them, in its order; empty when it names none. */
  authors: readonly AuthorName[];
  /** Journal, proceedings or archive; null when the text does not name it. */
  venue: string | null;
  year: number | null;
  /** arXiv identifier, when the text gives one. */
  arxiv?: string;
  /** What the text says about where and when it appeared, when venue or year is unknown. */
  known?: string;
  /**
   * When the year is unknown, what the text tells of its date, short enough for a citation in a
   * sentence ("Dai et al. (extends ICC 2023)"), and the words of the text it rests on.
   */
  dated?: { words: string; evidence: string };
}

const fullName = (name: AuthorName) => {
  const a = authorOf(name);
  return `${a.given} ${a.family}`;
};
const familyName = (name: AuthorName) => authorOf(name).family;

/** "a", "a and b", "a, b and c". */
const listWords = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** "Fei Dai, Yawen Chen, Zhiyi Huang and Haibo Zhang"; "authors unknown" when the text names none. */
export function authorNames(p: Paper): string {
  return p.authors.length ? listWords(p.authors.map(fullName)) : 'authors unknown';
}

/**
 * A short reference for a sentence: "Juerss and Schmid (2026)"; without a year, what the text tells
 * of its date ("Dai et al. (extends ICC 2023)"), else "(year unknown)".
 */
export function shortCitation(p: Paper): string {
  const a = p.authors.map(familyName);
  const who =
    a.length === 0
      ? 'Authors unknown'
      : a.length === 1
        ? a[0]
        : a.length === 2
          ? `${a[0]} and ${a[1]}`
          : `${a[0]} et al.`;
  return `${who} (${p.year ?? p.dated?.words ?? 'year unknown'})`;
}

/**
 * The citation as one paragraph of plain text: authors, title, venue, year; what is unknown is said
 * so, and `known` follows in brackets.
 */
export function citationText(p: Paper): string {
  const authors = p.authors.length ? p.authors.map(fullName).join(', ') : 'Authors unknown';
  const venue = p.venue ?? 'Venue unknown';
  const year = p.year === null ? 'year unknown' : String(p.year);
  return `${authors}. ${p.title}. ${venue}, ${year}.${p.known ? ` [${p.known}]` : ''}`;
}

/** A BibTeX field's text: the characters BibTeX and LaTeX treat specially are escaped. */
function bibText(s: string): string {
  return s
    .replace(/\\/g, '\\textbackslash{}')
    .replace(/([&%$#_{}])/g, '\\$1')
    .replace(/’/g, "'")
    .replace(/–/g, '--');
}

/** The BibTeX key: first author's family name and year when known, else the paper's key. */
export function bibKey(p: Paper): string {
  const name = (p.authors.length ? familyName(p.authors[0]) : '').toLowerCase().replace(/[^a-z]/g, '');
  return [`${name}${p.year ?? ''}`, p.key].filter(Boolean).join('-');
}

/**
 * The citation as a BibTeX entry: `@misc` (no journal is known for any of the papers; the arXiv one
 * gets its eprint fields). Unknown authors, venue or year are left out and said in `note`.
 */
export function bibtex(p: Paper): string {
  const fields: [string, string][] = [];
  if (p.authors.length) fields.push(['author', p.authors.map(bibText).join(' and ')]);
  // Double braces keep the title's capitals.
  fields.push(['title', `{${bibText(p.title)}}`]);
  if (p.year !== null) fields.push(['year', String(p.year)]);
  if (p.arxiv) {
    fields.push(['eprint', p.arxiv], ['archivePrefix', 'arXiv'], ['primaryClass', 'cs.DC']);
    fields.push(['howpublished', bibText(p.venue ?? `arXiv:${p.arxiv}`)]);
  } else if (p.venue) fields.push(['howpublished', bibText(p.venue)]);
  const unknown = [
    p.authors.length ? null : 'authors',
    p.venue ? null : 'venue',
    p.year === null ? 'year' : null,
  ].filter(Boolean);
  if (unknown.length)
    fields.push([
      'note',
      `${listWords(unknown as string[]).replace(/^./, (c) => c.toUpperCase())} unknown.${p.known ? ` ${bibText(p.known)}` : ''}`,
    ]);
  const width = Math.max(...fields.map(([k]) => k.length));
  return `@misc{${bibKey(p)},\n${fields.map(([k, v]) => `  ${k.padEnd(width)} = {${v}}`).join(',\n')}\n}\n`;
}
