import { describe, expect, it } from 'vitest';
import { ALGORITHM_CARDS } from '../../src/cards';
import { PAPER_LIST } from '../../src/papers';
import { authorOf } from '../../src/kernel/papers';
import { inlineText, parseMarkdown, type Block } from '../../src/notes/markdown';
import { NOTE_IDS, notesFor } from '../../src/notes/model-notes';
import { NOTE_TEXT, noteText, noteTitle } from './bundle';
import { noteTarget } from './Markdown';

/** The folders as files, read the way the build reads them. */
const MODELS = import.meta.glob('../../docs/models/*', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const PAPERS_DIR = import.meta.glob('../../../shared/papers/*', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const base = (path: string) => path.replace(/^.*\//, '');

describe('the model notes bundle', () => {
  it('holds every file of docs/models, and the list of notes is exactly those files', () => {
    const files = Object.keys(MODELS).map(base).sort();
    expect(files.length).toBeGreaterThan(5);
    expect(files.every((f) => f.endsWith('.md'))).toBe(true);
    expect(Object.keys(NOTE_TEXT).sort()).toEqual(files.map((f) => f.slice(0, -3)));
    expect([...NOTE_IDS].sort()).toEqual(Object.keys(NOTE_TEXT).sort());
    for (const [path, text] of Object.entries(MODELS)) expect(noteText(base(path).slice(0, -3))).toBe(text);
    expect(noteText('../README')).toBeUndefined();
  });

  it('every note is reachable from an algorithm in the app', () => {
    const reachable = new Set(ALGORITHM_CARDS.flatMap((c) => notesFor(c.id)));
    expect([...reachable].sort()).toEqual([...NOTE_IDS].sort());
  });

  it.each([...NOTE_IDS])('%s: a title, and text with no Markdown marks left over', (id) => {
    expect(noteTitle(id)).not.toMatch(/[`#*]/);
    expect(noteTitle(id).length).toBeGreaterThan(5);
    const blocks = parseMarkdown(noteText(id)!);
    expect(blocks[0]).toMatchObject({ t: 'heading', level: 1 });
    for (const t of texts(blocks)) {
      expect(t, id).not.toMatch(/\*\*|__|^#|^\s*[-*] |^\|/);
      expect(t, id).not.toMatch(/^\s*:?-{3,}/);
    }
    // Tables keep their columns: every row as wide as its header.
    for (const tb of blocks.filter((b): b is Extract<Block, { t: 'table' }> => b.t === 'table'))
      for (const row of tb.rows) expect(row).toHaveLength(tb.head.length);
  });

  it('links between notes are recognised, in links and in inline code', () => {
    expect(noteTarget('time-model.md')).toEqual({ id: 'time-model', anchor: undefined });
    expect(noteTarget('docs/models/wrht.md')).toEqual({ id: 'wrht', anchor: undefined });
    expect(noteTarget('./optree.md#the-best-tree')).toEqual({ id: 'optree', anchor: 'the-best-tree' });
    expect(noteTarget('../README.md')).toBeNull();
    expect(noteTarget('src/families/ring/optree/optree.ts')).toBeNull();
    // The notes name each other this way: every such mention leads somewhere.
    const mentions = NOTE_IDS.flatMap((id) => [
      ...noteText(id)!.matchAll(/`((?:docs\/models\/)?[a-z0-9-]+\.md)`/g),
    ]);
    expect(mentions.length).toBeGreaterThan(3);
    for (const m of mentions) expect(noteTarget(m[1]), m[1]).not.toBeNull();
  });
});

// The papers folder sits beside the repository; a checkout without it skips this test.
describe.runIf(Object.keys(PAPERS_DIR).length > 0)('the paper registry against the papers folder', () => {
  it('files, titles, authors, arXiv ids and years agree with the texts', () => {
    const readme = Object.entries(PAPERS_DIR).find(([p]) => base(p) === 'README.md')![1];
    for (const p of PAPER_LIST) {
      const text = Object.entries(PAPERS_DIR).find(([path]) => base(path) === p.file)?.[1];
      expect(text, p.file).toBeDefined();
      const line = readme.split('\n').find((l) => l.includes(p.file));
      expect(line?.toLowerCase(), p.key).toContain(p.title.toLowerCase());
      const head = text!.slice(0, 3000);
      for (const name of p.authors) {
        const { family } = authorOf(name);
        expect(head.toLowerCase(), `${p.key}: ${family}`).toContain(family.toLowerCase());
      }
      if (p.arxiv) expect(head).toContain(`arXiv:${p.arxiv}`);
      if (p.year !== null) expect(head).toContain(String(p.year));
    }
  });
});

/** Every piece of text in the blocks, one string per paragraph, heading, item or cell. */
function texts(blocks: readonly Block[]): string[] {
  const out: string[] = [];
  for (const b of blocks) {
    if (b.t === 'heading' || b.t === 'para') out.push(inlineText(b.c));
    else if (b.t === 'list') for (const item of b.items) out.push(...texts(item));
    else if (b.t === 'quote') out.push(...texts(b.c));
    else if (b.t === 'table') for (const row of [b.head, ...b.rows]) out.push(...row.map(inlineText));
  }
  return out;
}
