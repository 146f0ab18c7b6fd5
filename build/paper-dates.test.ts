import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAPER_LIST } from '../src/papers';

/** The papers' texts beside the checkout (../shared/papers/, or one level up from a worktree), when here. */
const TEXTS = ['../../shared/papers/', '../../../shared/papers/']
  .map((p) => new URL(p, import.meta.url))
  .find((u) => existsSync(u));

describe('what a citation says of a paper’s date', () => {
  it.skipIf(!TEXTS)('rests on words of the paper’s own text', () => {
    const dated = PAPER_LIST.filter((q) => q.dated);
    expect(dated.length).toBeGreaterThan(0);
    for (const p of dated) {
      const text = readFileSync(new URL(p.file, TEXTS), 'utf8');
      expect(text, p.key).toContain(p.dated!.evidence);
    }
  });
});
