import { beforeEach, describe, expect, it } from 'vitest';
import { decodeConfig, encodeConfig } from '../../src/config/url-codec';
import {
  DEFAULT_LINKS,
  DEFAULT_PER_KIND,
  DEFAULT_SEED,
  MARKUP,
  sampleByKind,
  taggedLinks,
} from '../../e2e/hostile-links';
import { expectationOf, itemProblems } from '../../e2e/link-oracle';
import { useApp } from './store';
import { loadFromUrl } from './sync';

// The fuzz test's thousands of hostile links (e2e/hostile-links.ts), read the way the page reads a
// link on Back or Forward (sync.ts: loadFromUrl, the URL codec and the cards' parameter schemas),
// and judged by the independent oracle (e2e/link-oracle.ts) against the address the page would
// write back (encodeConfig of the store's configuration) and the notices it would show. What only a
// browser shows (the page never blanks, no markup turns into elements, the result's picture) is
// e2e/hostile-links.spec.ts, on a stratified sample of the same links.

const links = taggedLinks(DEFAULT_SEED, DEFAULT_LINKS);

/** A notice's text as the page shows it: its title, then its items. */
const noticeText = () =>
  useApp
    .getState()
    .notices.map((n) => [n.title, ...n.items].join('\n'))
    .join('\n');

describe(`${DEFAULT_LINKS} hostile links (seed ${DEFAULT_SEED}), read as the page reads them`, () => {
  beforeEach(() => useApp.setState({ notices: [] }));

  it('each link: what it had ignored is said, its plain items are kept or refused by name, and the address written back is clean and stable', () => {
    let judged = 0;
    for (const { index, link } of links) {
      const where = `link ${index} (seed ${DEFAULT_SEED}): ${link.slice(0, 300)}`;
      useApp.setState({ notices: [] });
      loadFromUrl(link);
      const written = `?${encodeConfig(useApp.getState().config)}`;
      const notices = noticeText();
      const ignored = decodeConfig(link).ignored;
      expect(notices.includes('Parts of this link were ignored'), where).toBe(ignored.length > 0);
      const expected = expectationOf(link);
      if (expected) expect(itemProblems(expected, written, notices), where).toEqual([]);
      judged += expected?.items.length ?? 0;
      // The address the page writes back reads again without a word ignored, to the same address,
      // and carries none of the link's markup.
      const again = decodeConfig(written);
      expect(again.ignored, where).toEqual([]);
      expect(`?${encodeConfig(again.config)}`, where).toBe(written);
      for (const m of MARKUP) expect(decodeURIComponent(written), where).not.toContain(m);
    }
    // The oracle judged items, not only links it had nothing to say about.
    expect(judged).toBeGreaterThan(DEFAULT_LINKS);
  });
});

describe('the stratified sample the browser opens', () => {
  it(`has every kind of hostile part the links have, ${DEFAULT_PER_KIND} of each where there are that many, in 100–200 links`, () => {
    const sample = sampleByKind(links, DEFAULT_PER_KIND);
    const count = (from: typeof links) => {
      const n = new Map<string, number>();
      for (const t of from) for (const k of t.kinds) n.set(k, (n.get(k) ?? 0) + 1);
      return n;
    };
    const inAll = count(links);
    const inSample = count(sample);
    // Every algorithm, markup, over-long links, too many compare panes… (the generator's tags).
    expect(inAll.size).toBeGreaterThan(50);
    for (const [kind, n] of inAll)
      expect(inSample.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(Math.min(n, DEFAULT_PER_KIND));
    expect(sample.length).toBeGreaterThanOrEqual(100);
    expect(sample.length).toBeLessThanOrEqual(200);
    // In the links' order, each with its place among the seed's links (for a replay).
    expect(sample.map((t) => t.index)).toEqual([...sample.map((t) => t.index)].sort((a, b) => a - b));
  });
});
