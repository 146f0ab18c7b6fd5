import { expect, test, type Page } from '@playwright/test';
import { decodeConfig } from '../src/config/url-codec';
import { hostileLinks } from './hostile-links';

// Thousands of generated links, most of them hostile, opened one after another in a reused page, the
// way Back and Forward open them: the address changes, then popstate (replaceState rather than
// pushState, so thousands of entries do not pile up in the session history). For each: no page error, the page still there
// and working, a notice whenever the link had something ignored, and nothing built from a value.
// FUZZ_SEED replays a run; FUZZ_LINKS changes how many links.

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const COUNT = Number(process.env.FUZZ_LINKS ?? 2000);
/** Links per round trip to the page; the page paints between batches. */
const BATCH = 50;
/** Elements a value could have been turned into (the app itself makes none of these). */
const INJECTED = 'img, iframe, object, embed, svg[onload], #ocl-injected, [onerror], [onload]';

interface Seen {
  search: string;
  notices: string[];
  header: boolean;
  status: string | null;
  boundaries: number;
  injected: boolean;
  scripts: number;
  injectedElements: number;
}

/** Opens each link in `page` and checks what it shows. */
async function openAll(page: Page, links: string[]) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/');
  await expect(page.getByTestId('result-status')).toHaveAttribute('data-status', 'ready');
  const scripts = await page.evaluate(() => document.scripts.length);
  expect(await page.locator(INJECTED).count()).toBe(0);
  for (let start = 0; start < links.length; start += BATCH) {
    const batch = links.slice(start, start + BATCH);
    const seenAll: Seen[] = await page.evaluate(
      async ({ queries, injected }) => {
        const w = window as unknown as { __ocl: { clearNotices(): void }; __injected?: number };
        const out = [];
        for (const query of queries) {
          w.__ocl.clearNotices();
          history.replaceState(null, '', query);
          const search = location.search;
          dispatchEvent(new PopStateEvent('popstate'));
          // React renders a store change in a microtask, its effects (the pictures) right after.
          await Promise.resolve();
          await Promise.resolve();
          out.push({
            search,
            notices: Array.from(
              document.querySelectorAll('[data-testid="notice"]'),
              (n) => n.textContent ?? '',
            ),
            header: !!document.querySelector('header'),
            status:
              document.querySelector('[data-testid="result-status"]')?.getAttribute('data-status') ?? null,
            boundaries: document.querySelectorAll('[data-testid="boundary"]').length,
            injected: w.__injected !== undefined,
            scripts: document.scripts.length,
            injectedElements: document.querySelectorAll(injected).length,
          });
        }
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        return out;
      },
      { queries: batch, injected: INJECTED },
    );
    seenAll.forEach((seen, k) => {
      const i = start + k;
      const where = `link ${i} (seed ${SEED}): ${links[i].slice(0, 300)}`;
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
    });
  }
  // Still working at the end: a plain link opens and computes.
  await page.goto('/?v=1&alg=ring-allgather&nodes=8');
  await expect(page.getByTestId('result-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('step-label')).toHaveText(/step 0 \/ 7/);
  expect(errors).toEqual([]);
}

test(`${COUNT} hostile links (seed ${SEED}) never break the page`, async ({ page }) => {
  test.setTimeout(300_000);
  console.log(`hostile links: seed ${SEED}, ${COUNT} links (replay with FUZZ_SEED=${SEED})`);
  const started = Date.now();
  await openAll(page, hostileLinks(SEED, COUNT));
  console.log(`hostile links: ${COUNT} links in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
