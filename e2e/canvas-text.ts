import type { Page } from '@playwright/test';

/**
 * Records the size of every string the page writes on a canvas (`fillText`, the px of the context's
 * font), from the page's next load on, for the lecture-mode checks that no drawn text is under
 * 18 px. An init script: it stays on the tab for good, so a test that uses it needs a tab of its own
 * (`test.use({ freshTab: true })` on the shared tab, e2e/shared-page.ts).
 *
 * `only` keeps just the strings it matches (a view drawn on a back buffer off the page, whose own
 * words are known); without it every string that is not blank counts.
 */
export async function recordCanvasText(page: Page, only?: RegExp): Promise<void> {
  await page.addInitScript(
    ({ source, flags }) => {
      const keep = source === null ? null : new RegExp(source, flags);
      const sizes: number[] = [];
      (window as unknown as { __textSizes: number[] }).__textSizes = sizes;
      const fill = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, ...args) {
        const m = /(\d+(?:\.\d+)?)px/.exec(this.font);
        const text = String(args[0]);
        if (m && text.trim() && (keep === null || keep.test(text))) sizes.push(Number(m[1]));
        return fill.apply(this, args);
      } as typeof fill;
    },
    { source: only?.source ?? null, flags: only?.flags ?? '' },
  );
}

/** The sizes recorded so far (px), in the order drawn. */
export const drawnTextSizes = (page: Page): Promise<number[]> =>
  page.evaluate(() => (window as unknown as { __textSizes: number[] }).__textSizes);
