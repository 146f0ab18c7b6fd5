import { expect, test, type Page } from '@playwright/test';
import { decodeConfig } from '../src/config/url-codec';
import {
  DEFAULT_LINKS,
  DEFAULT_PER_KIND,
  DEFAULT_SEED,
  sampleByKind,
  taggedLinks,
  type TaggedLink,
} from './hostile-links';
import { expectationOf, itemProblems, type LinkExpectation } from './link-oracle';
import { collectPageErrors, openConfig } from './fixtures';

// Generated links, most of them hostile, opened one after another in a reused page, the way Back and
// Forward open them: the address changes, then popstate (replaceState rather than pushState, so the
// entries do not pile up in the session history). The default seed's 2,000 links are all read in
// Node by app/store/hostileLinks.test.ts (the same decoder, store and oracle, no browser); this test
// opens a stratified sample of them (e2e/hostile-links.ts, sampleByKind: every kind of hostile part
// the generator makes, FUZZ_PER_KIND links of each; FUZZ_PER_KIND=all opens every link). For each, at
// once: no page error, the page still there and working, a notice whenever the link had something
// ignored, nothing built from a value, and the link's own items read as they plainly should be
// (e2e/link-oracle.ts: an oracle that does not use the app's decoder). For every SETTLE_EVERY-th link,
// also once its result has arrived: never another algorithm's picture, the network view there, the
// step inside the schedule and out-of-range said at most once, an error box whenever there is no
// result. Bounded by count and by time (FUZZ_SECONDS): a busy machine checks fewer links, it does
// not fail, and the count reached is printed. FUZZ_SEED replays a run; FUZZ_SETTLE_EVERY sets how
// often a result is waited for.

const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const COUNT = Number(process.env.FUZZ_LINKS ?? DEFAULT_LINKS);
const PER_KIND =
  process.env.FUZZ_PER_KIND === 'all' ? Infinity : Number(process.env.FUZZ_PER_KIND ?? DEFAULT_PER_KIND);
/** Stop opening links after this long (the links checked so far stand). */
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 120);
/** Links per round trip to the page; the page paints between batches. */
const BATCH = 50;
/** Every this many links, wait for the result and check what it shows. */
const SETTLE_EVERY = Number(process.env.FUZZ_SETTLE_EVERY ?? 10);
/** How long a link's result may take before its after-result checks are skipped (a heavy build). */
const SETTLE_MS = 15_000;
/** Elements a value could have been turned into (the app itself makes none of these). */
const INJECTED = 'img, iframe, object, embed, svg[onload], #ocl-injected, [onerror], [onload]';
const NETWORK_VIEWS = ['ring', 'star', 'circuit', 'mesh', 'noc', 'graph'].map(
  (v) => `[data-testid="${v}-view"]`,
);

/** What a link shows once its result has arrived (or SETTLE_MS has passed). */
interface Settled {
  settled: boolean;
  status: string | null;
  shows: string | null;
  step: string | null;
  runError: string | null;
  networkViews: number;
  outOfRange: number;
  boundaries: number;
}

interface Seen {
  search: string;
  written: string;
  notices: string[];
  header: boolean;
  status: string | null;
  boundaries: number;
  injected: boolean;
  scripts: number;
  injectedElements: number;
  after: Settled | null;
}

/** What a run checked: links, items judged by the oracle, results waited for (and arrived in time). */
interface Tally {
  links: number;
  items: number;
  settles: number;
  arrived: number;
}

/** Opens each link in `page` and checks what it shows, until the links or the time run out. */
async function openAll(page: Page, tagged: TaggedLink[], deadline: number): Promise<Tally> {
  const links = tagged.map((t) => t.link);
  const errors = collectPageErrors(page);
  await openConfig(page, '/');
  const scripts = await page.evaluate(() => document.scripts.length);
  expect(await page.locator(INJECTED).count()).toBe(0);
  const tally: Tally = { links: 0, items: 0, settles: 0, arrived: 0 };
  for (let start = 0; start < links.length && Date.now() < deadline; start += BATCH) {
    const batch = links.slice(start, start + BATCH);
    const seenAll: Seen[] = await page.evaluate(
      async ({ queries, first, injected, settleEvery, settleMs, views, msLeft }) => {
        const until = performance.now() + msLeft;
        const w = window as unknown as { __ocl: { clearNotices(): void }; __injected?: number };
        const q = (id: string) => document.querySelector(`[data-testid="${id}"]`);
        const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
        /** Waits for the link's result (or its refusal), then reads what is on screen. */
        const settle = async (): Promise<Settled> => {
          const t0 = performance.now();
          let settled = false;
          // The run waits 120 ms after a change (Back in quick succession runs only the last).
          await wait(300);
          while (performance.now() - t0 < settleMs) {
            const status = q('result-status')?.getAttribute('data-status');
            if (status !== 'running' && status !== 'idle') {
              settled = true;
              break;
            }
            await wait(100);
          }
          return {
            settled,
            status: q('result-status')?.getAttribute('data-status') ?? null,
            shows: q('result-status')?.getAttribute('data-shows') ?? null,
            step: q('step-label')?.textContent ?? null,
            runError: q('run-error')?.textContent ?? null,
            networkViews: document.querySelectorAll(views.join(',')).length,
            outOfRange: Array.from(document.querySelectorAll('[data-testid="notice"]')).filter((n) =>
              n.textContent?.includes('Step out of range'),
            ).length,
            boundaries: document.querySelectorAll('[data-testid="boundary"]').length,
          };
        };
        const out = [];
        // The first link of a batch always; the others while there is time.
        for (let k = 0; k < queries.length && (k === 0 || performance.now() < until); k++) {
          w.__ocl.clearNotices();
          history.replaceState(null, '', queries[k]);
          const search = location.search;
          dispatchEvent(new PopStateEvent('popstate'));
          // React renders a store change in a microtask, its effects (the pictures) right after.
          await Promise.resolve();
          await Promise.resolve();
          const seen = {
            search,
            written: location.search,
            notices: Array.from(
              document.querySelectorAll('[data-testid="notice"]'),
              (n) => n.textContent ?? '',
            ),
            header: !!document.querySelector('header'),
            status: q('result-status')?.getAttribute('data-status') ?? null,
            boundaries: document.querySelectorAll('[data-testid="boundary"]').length,
            injected: w.__injected !== undefined,
            scripts: document.scripts.length,
            injectedElements: document.querySelectorAll(injected).length,
            after: null as Settled | null,
          };
          if ((first + k) % settleEvery === settleEvery - 1) seen.after = await settle();
          out.push(seen);
        }
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        return out;
      },
      {
        queries: batch,
        first: start,
        injected: INJECTED,
        settleEvery: SETTLE_EVERY,
        settleMs: SETTLE_MS,
        views: NETWORK_VIEWS,
        msLeft: deadline - Date.now(),
      },
    );
    seenAll.forEach((seen, k) => {
      const i = start + k;
      const where = `link ${tagged[i].index} (seed ${SEED}): ${links[i].slice(0, 300)}`;
      expect(errors, where).toEqual([]);
      expect(seen.header, where).toBe(true);
      expect(seen.status, where).not.toBeNull();
      expect(seen.boundaries, where).toBe(0);
      expect(seen.injected, where).toBe(false);
      expect(seen.scripts, where).toBe(scripts);
      expect(seen.injectedElements, where).toBe(0);
      const ignored = decodeConfig(seen.search).ignored;
      const noticed = seen.notices.some((n) => n.includes('Parts of this link were ignored'));
      expect(noticed, `${where}\nignored: ${ignored.join(' | ')}`).toBe(ignored.length > 0);
      // The independent oracle: the link's own items against what the page wrote back.
      const expected = expectationOf(seen.search);
      if (expected) expect(itemProblems(expected, seen.written, seen.notices.join('\n')), where).toEqual([]);
      tally.items += expected?.items.length ?? 0;
      if (seen.after) checkSettled(seen.after, expected, seen.search, where);
      tally.settles += seen.after ? 1 : 0;
      tally.arrived += seen.after?.settled ? 1 : 0;
    });
    tally.links += seenAll.length;
  }
  // Still working at the end: a plain link opens and computes.
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=8');
  await expect(page.getByTestId('step-label')).toHaveText(/step 0 \/ 7/);
  expect(errors).toEqual([]);
  return tally;
}

/** What a link shows once its result has arrived. */
function checkSettled(a: Settled, e: LinkExpectation | null, search: string, where: string) {
  expect(a.boundaries, where).toBe(0);
  // A step out of range is said at most once (for the step the link asked for).
  expect(a.outOfRange, where).toBeLessThanOrEqual(1);
  const { config, play } = decodeConfig(search);
  // Never a picture under another algorithm's name: none, the file's, or the link's algorithm.
  if (a.shows) expect(a.shows, where).toBe(config.file ? 'file' : config.algorithm);
  if (e && !config.file && a.shows) expect(a.shows, where).toBe(e.algorithm);
  if (!a.settled) return; // still building after SETTLE_MS on this machine: nothing more to judge
  // No result: the reason is on screen.
  if (a.status === 'error') expect(a.runError, where).toBeTruthy();
  if (config.options.mode !== 'visualize' || !a.shows) return;
  if (config.options.view !== 'matrix') expect(a.networkViews, where).toBeGreaterThan(0);
  const m = /step (\d+) \/ (\d+)/.exec(a.step ?? '');
  if (!m) return; // the timeline is hidden (hide=timeline)
  const [shown, last] = [Number(m[1]), Number(m[2])];
  expect(shown, where).toBeLessThanOrEqual(last);
  // The result is this link's (no error box) and nothing plays: the step is the link's, or the last.
  if (!a.runError && !play && e?.step != null) expect(shown, where).toBe(Math.min(e.step, last));
}

const SAMPLE = sampleByKind(taggedLinks(SEED, COUNT), PER_KIND);

test(`${SAMPLE.length} hostile links of every kind (seed ${SEED}) never break the page`, async ({ page }) => {
  test.setTimeout((SECONDS + 120) * 1000);
  console.log(
    `hostile links: seed ${SEED}, ${SAMPLE.length} of its ${COUNT} links (${PER_KIND} of each kind), ` +
      `for at most ${SECONDS} s (replay with FUZZ_SEED=${SEED})`,
  );
  const started = Date.now();
  const t = await openAll(page, SAMPLE, started + SECONDS * 1000);
  console.log(
    `hostile links: ${t.links} of ${SAMPLE.length} links in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      `${t.links < SAMPLE.length ? ' (the time bound came first)' : ''}; ${t.items} items judged by the oracle; ` +
      `${t.settles} results waited for, ${t.arrived} arrived within ${SETTLE_MS / 1000} s`,
  );
  // However busy the machine, the first link is always checked.
  expect(t.links).toBeGreaterThan(0);
});
