import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core for the end-to-end specs, run in the page itself ("legacy mode"). The default mode runs
 * axe in every frame and then merges the frames' results in a new blank page that it opens for each
 * scan; the app has no frames, so that extra page bought nothing and halved the speed of every scan
 * (docs/benchmarks.md, issue 27). Same-origin frames would still be scanned.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

/** The rules whose verdict depends on the colours (what a colour theme can change). */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The serious and critical violations on the page, one line each: rule, impact, count, first
 * elements. Every rule axe runs by default, or only `rules`.
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  const r = await (rules ? axe(page).withRules(rules) : axe(page)).analyze();
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
