import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core for the end-to-end specs, run in the page itself ("legacy mode"). The default mode runs
 * axe in every frame and then merges the frames' results in a new blank page that it opens for each
 * scan; the app has no frames, so that extra page bought nothing and halved the speed of every scan
 * (docs/benchmarks.md, issue 27). Same-origin frames would still be scanned.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

/** What an analysis returns (axe-core's results), without naming axe-core's own package. */
type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** axe-core's script, the copy @axe-core/playwright itself injects. */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

/**
 * One analysis of the whole page: every rule axe runs by default, or only `rules`. Unlike `axe()`
 * (whose every scan injects axe-core's 500 kB script twice), the script is injected once per loaded
 * page and reused by the scans after it, as when one view is checked in every theme (at load 30 an
 * injection took 4–6 s, a colour-rules scan 5–7 s: docs/benchmarks.md).
 */
export async function analyzePage(page: Page, rules?: string[]): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (only) =>
      (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResults> } }).axe.run(
        document,
        only ? { runOnly: { type: 'rule', values: only } } : {},
      ),
    rules,
  );
}

/** The rules whose verdict depends on the colours (what a colour theme can change). */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The serious and critical violations on the page, one line each: rule, impact, count, first
 * elements. Every rule axe runs by default, or only `rules`.
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  const r = await analyzePage(page, rules);
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help} — ` +
        v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`)
          .join(' | '),
    );
}
