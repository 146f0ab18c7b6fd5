/**
 * The papers the project is built from (../shared/papers/), one entry each: what the cards, sweeps,
 * paper checks and scenes cite (`PAPERS.optree`, …) and what the app's citation blocks print. What
 * a paper's text does not say (a venue, a year, the authors of the network-on-chip paper) is left
 * null and shown as unknown; `known` says in our words what the text does tell.
 */

/** A paper as cited: its file in ../shared/papers/ and its title. */
export interface PaperRef {
  file: string;
  title: string;
}

export interface Author {
  given: string;
  family: string;
}

export interface Paper extends PaperRef {
  /** Key in PAPERS, also the stem of its BibTeX key. */
  key: string;
  /** What the app calls the paper in a sentence: "the OpTree paper". */
  short: string;
  /** As the paper's text prints them; empty when it names none. */
  authors: readonly Author[];
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

export const PAPERS = {
  optree: {
    key: 'optree',
    file: '000_a9b39a03c816b605.txt',
    title: 'Efficient Algorithm for All-gather Operation in Optical Interconnect Systems',
    short: 'the OpTree paper',
    authors: [
      { given: 'Fei', family: 'Dai' },
      { given: 'Yawen', family: 'Chen' },
      { given: 'Zhiyi', family: 'Huang' },
      { given: 'Haibo', family: 'Zhang' },
    ],
    venue: null,
    year: null,
    known:
      'The text calls itself the extended version of the authors’ paper at the 2023 IEEE International Conference on Communications (ICC 2023); it names neither the journal of this version nor its year.',
    dated: {
      words: 'extends ICC 2023',
      evidence: 'presented at the 2023 IEEE International Conference on Communications',
    },
  },
  otis: {
    key: 'otis',
    file: '001_0a0ae298da9fc54a.txt',
    title:
      'Performance Assessment of All-Reduce Communication Operation in OTIS-Mesh Optoelectronic Architecture',
    short: 'the OTIS-Mesh paper',
    authors: [
      { given: 'Basel A.', family: 'Mahafzah' },
      { given: 'Sami I.', family: 'Serhan' },
      { given: 'Ruby Y.', family: 'Tahboub' },
    ],
    venue: null,
    year: null,
    known:
      'The text names neither its journal nor its year; its latest reference is from 2015 (the authors’ conference paper on the same operation, SEPADS ’15).',
    dated: { words: '2015 or later', evidence: "(SEPADS '15)" },
  },
  star: {
    key: 'star',
    file: '002_78e0d1576d1a2d3b.txt',
    title: 'Efficient Communication Operations on Passive Optical Star Networks',
    short: 'the passive-star paper',
    authors: [
      { given: 'F.', family: 'Desprez' },
      { given: 'A.', family: 'Ferreira' },
      { given: 'B.', family: 'Tourancheau' },
    ],
    venue: null,
    year: null,
    known:
      'The text names neither its venue nor its year; the authors were at LIP (CNRS, ENS Lyon) and the University of Tennessee, and its latest references are from 1993.',
    dated: { words: '1993 or later', evidence: 'Elsevier, May 1993' },
  },
  retri: {
    key: 'retri',
    file: '003_fe2d6dafc098a907.txt',
    title: 'Revisiting Bruck: Phase-Efficient All-to-All Communication in Reconfigurable Networks',
    short: 'the ReTri paper',
    authors: [
      { given: 'Anton', family: 'Juerss' },
      { given: 'Stefan', family: 'Schmid' },
    ],
    venue: 'arXiv preprint arXiv:2605.26930 [cs.DC]',
    year: 2026,
    arxiv: '2605.26930',
  },
  noc: {
    key: 'noc',
    file: '004_8dc3b673e881cc0d.txt',
    title: 'Many-to-Many Collective Communication Scheduling on Wormhole Networks',
    short: 'the network-on-chip paper',
    authors: [],
    venue: null,
    year: null,
    known:
      'The extracted text starts at the abstract: it gives no title, authors, venue or year. The title is the one the papers folder lists.',
  },
} satisfies Record<string, Paper>;

export const PAPER_LIST: readonly Paper[] = Object.values(PAPERS);

/** The registered paper a reference names (by file), or undefined. */
export function findPaper(ref: Pick<PaperRef, 'file'>): Paper | undefined {
  return PAPER_LIST.find((p) => p.file === ref.file);
}

const fullName = (a: Author) => `${a.given} ${a.family}`;

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
  const a = p.authors;
  const who =
    a.length === 0
      ? 'Authors unknown'
      : a.length === 1
        ? a[0].family
        : a.length === 2
          ? `${a[0].family} and ${a[1].family}`
          : `${a[0].family} et al.`;
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
  const name = p.authors[0]?.family.toLowerCase().replace(/[^a-z]/g, '') ?? '';
  return [`${name}${p.year ?? ''}`, p.key].filter(Boolean).join('-');
}

/**
 * The citation as a BibTeX entry: `@misc` (no journal is known for any of the papers; the arXiv one
 * gets its eprint fields). Unknown authors, venue or year are left out and said in `note`.
 */
export function bibtex(p: Paper): string {
  const fields: [string, string][] = [];
  if (p.authors.length)
    fields.push(['author', p.authors.map((a) => `${bibText(a.family)}, ${bibText(a.given)}`).join(' and ')]);
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
