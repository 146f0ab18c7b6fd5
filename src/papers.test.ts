import { describe, expect, it } from 'vitest';
import { ALGORITHM_CARDS } from './cards';
import { SCENES } from './config/scenes';
import { REPRODUCTION_CARDS, SWEEPS } from './experiments/catalogue';
import { HEATMAPS } from './families/circuit/heatmaps';
import {
  authorNames,
  bibKey,
  bibtex,
  citationText,
  shortCitation,
  type Paper,
  type PaperRef,
} from './kernel/papers';
import { findPaper, PAPER_LIST } from './papers';

/** The registered papers by key, as the families' `paper.ts` files give them. */
const PAPERS = Object.fromEntries(PAPER_LIST.map((p) => [p.key, p])) as Record<
  'optree' | 'otis' | 'star' | 'retri' | 'noc',
  Paper
>;

/** Everything in the app and the command line that names a paper. */
const CITERS: [string, PaperRef][] = [
  ...ALGORITHM_CARDS.map((c): [string, PaperRef] => [`algorithm ${c.id}`, c.paper]),
  ...SWEEPS.map((s): [string, PaperRef] => [`sweep ${s.id}`, s.paper]),
  ...REPRODUCTION_CARDS.map((r): [string, PaperRef] => [`paper check ${r.id}`, r.paper]),
  ...HEATMAPS.map((h): [string, PaperRef] => [`heatmap ${h.id}`, h.paper]),
  ...SCENES.map((s): [string, PaperRef] => [`scene ${s.id}`, s.paper]),
];

describe('the paper registry', () => {
  it('every card, sweep, paper check, heatmap and scene cites a registered paper', () => {
    expect(CITERS.length).toBeGreaterThan(30);
    for (const [who, ref] of CITERS) {
      const paper = findPaper(ref);
      expect(paper, who).toBeDefined();
      // The very entry, not a copy that could drift from it.
      expect(ref, who).toBe(paper);
    }
  });

  it('every paper is cited by something, and keys, files and BibTeX keys are distinct', () => {
    for (const p of PAPER_LIST)
      expect(
        CITERS.some(([, ref]) => ref === p),
        p.key,
      ).toBe(true);
    for (const list of [PAPER_LIST.map((p) => p.key), PAPER_LIST.map((p) => p.file), PAPER_LIST.map(bibKey)])
      expect(new Set(list).size).toBe(PAPER_LIST.length);
    for (const [key, p] of Object.entries(PAPERS)) expect(p.key).toBe(key);
  });
});

describe('citations', () => {
  it('plain text: authors, title, venue and year, with the unknown said so', () => {
    expect(citationText(PAPERS.retri)).toBe(
      'Anton Juerss, Stefan Schmid. Revisiting Bruck: Phase-Efficient All-to-All Communication in Reconfigurable Networks. arXiv preprint arXiv:2605.26930 [cs.DC], 2026.',
    );
    const optree = citationText(PAPERS.optree);
    expect(optree).toMatch(
      /^Fei Dai, Yawen Chen, Zhiyi Huang, Haibo Zhang\. Efficient Algorithm for All-gather/,
    );
    expect(optree).toContain('Venue unknown, year unknown.');
    expect(optree).toContain('ICC 2023');
    expect(citationText(PAPERS.noc)).toMatch(/^Authors unknown\. Many-to-Many/);
    expect(shortCitation(PAPERS.optree)).toBe('Dai et al. (extends ICC 2023)');
    expect(shortCitation(PAPERS.otis)).toBe('Mahafzah et al. (2015 or later)');
    expect(shortCitation(PAPERS.star)).toBe('Desprez et al. (1993 or later)');
    expect(shortCitation(PAPERS.retri)).toBe('Juerss and Schmid (2026)');
    expect(shortCitation(PAPERS.noc)).toBe('Authors unknown (year unknown)');
    expect(authorNames(PAPERS.star)).toBe('F. Desprez, A. Ferreira and B. Tourancheau');
  });

  it('BibTeX: one entry per paper, balanced braces, special characters escaped, unknowns in the note', () => {
    for (const p of PAPER_LIST) {
      const b = bibtex(p);
      expect(b, p.key).toMatch(new RegExp(`^@misc\\{${bibKey(p)},\\n`));
      expect(b.trimEnd().endsWith('}'), p.key).toBe(true);
      let depth = 0;
      for (const [i, ch] of [...b].entries()) {
        if (b[i - 1] === '\\') continue;
        if (ch === '{') depth++;
        if (ch === '}') depth--;
        expect(depth, p.key).toBeGreaterThanOrEqual(0);
      }
      expect(depth, p.key).toBe(0);
      expect(b, p.key).toMatch(/\n {2}title\s*= \{\{/);
      expect(b, p.key).toContain(`{{${p.title}}}`);
      // No bare LaTeX specials outside escapes.
      expect(b.replace(/\\[&%$#_{}]/g, ''), p.key).not.toMatch(/[&%$#_]/);
      if (p.year === null) expect(b, p.key).toMatch(/note\s*= \{.*and year unknown\./i);
    }
    const retri = bibtex(PAPERS.retri);
    expect(retri).toContain('author        = {Juerss, Anton and Schmid, Stefan}');
    expect(retri).toContain('year          = {2026}');
    expect(retri).toContain('eprint        = {2605.26930}');
    expect(retri).not.toContain('note');
    expect(bibtex(PAPERS.noc)).not.toMatch(/^\s*author\s*=/m);
    expect(bibtex(PAPERS.noc)).toContain('note  = {Authors, venue and year unknown.');
  });
});

describe('what a citation says of an unknown year', () => {
  it('only papers without a year are dated from their text, and only those whose text gives a date', () => {
    for (const p of PAPER_LIST) {
      if (p.year !== null) expect(p.dated, p.key).toBeUndefined();
      // The network-on-chip text gives no date at all.
      if (p.key === 'noc') expect(p.dated).toBeUndefined();
    }
    expect(PAPER_LIST.filter((p) => p.dated).length).toBe(3);
  });
});
