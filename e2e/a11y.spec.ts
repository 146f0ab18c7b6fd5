import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { COLOUR_RULES, seriousViolations } from './axe';
import { expectStep, openConfig, waitForResult } from './fixtures';

// axe-core on every mode, lecture mode and every family's view: no serious or critical violation,
// and the page's landmarks named. The pages are opened as a user would: from a link, waited for.

interface Case {
  name: string;
  url: string;
  /** What to wait for before checking (the result, a chart's points, a table). */
  wait: (page: Page) => Promise<void>;
}

const visualizer = (name: string, url: string, then?: (page: Page) => Promise<void>): Case => ({
  name,
  url,
  wait: async (page) => {
    await waitForResult(page, 30_000);
    await then?.(page);
  },
});

const CASES: Case[] = [
  visualizer('ring: network and holdings', '/?v=2&alg=neighbor-exchange&nodes=12&wavelengths=4&step=3'),
  visualizer(
    'ring: the OpTree tree',
    '/?v=2&alg=optree&nodes=16&wavelengths=2&radices=4,4&step=5&detail=tree',
  ),
  visualizer('ring: the spectrum', '/?v=2&alg=optree&nodes=16&wavelengths=2&step=3&detail=spectrum'),
  visualizer(
    'ring: the link load',
    '/?v=2&alg=optree&nodes=16&wavelengths=2&step=3&detail=linkload',
    async (page) => {
      await expect(page.getByTestId('link-load-view')).toHaveAttribute('data-ready', '1');
    },
  ),
  visualizer('ring in lecture mode', '/?v=2&alg=optree&nodes=16&wavelengths=2&step=3&lecture=1'),
  visualizer(
    'star: split broadcast and its TCP1 tree',
    '/?v=2&alg=star-broadcast&nodes=64&wavelengths-per-node=3&tuning-delay=0.1&messages=64&variant=split&split-steps=2&step=2&detail=tree',
  ),
  visualizer(
    'star in lecture mode',
    '/?v=2&alg=star-broadcast&nodes=64&wavelengths-per-node=3&variant=split&split-steps=2&step=2&lecture=1',
  ),
  visualizer('circuit switch: ReTri and the block matrix', '/?v=2&alg=retri&nodes=9&step=2', async (page) => {
    await expect(page.getByTestId('block-matrix')).toHaveAttribute('data-ready', '1');
  }),
  visualizer('circuit switch in lecture mode', '/?v=2&alg=bruck&nodes=8&step=1&lecture=1'),
  visualizer('mesh', '/?v=2&alg=mesh-allreduce&side=4&step=2'),
  visualizer('OTIS-Mesh', '/?v=2&alg=otis-allreduce&group-size=16&root=10&control-group=10&step=4'),
  visualizer('OTIS-Mesh in lecture mode', '/?v=2&alg=otis-allreduce&group-size=16&step=4&lecture=1'),
  visualizer('network-on-chip', '/?v=2&alg=noc-scatter&seed=1&method=constructive&step=2'),
  visualizer('network-on-chip in lecture mode', '/?v=2&alg=noc-broadcast&seed=1&step=1&lecture=1'),
  {
    name: 'compare',
    url: '/?v=2&alg=ring-allgather&nodes=8&mode=compare&cmp=ring-allgather|neighbor-exchange|optree',
    wait: async (page) => {
      await expect(page.getByTestId('pane-editor')).toHaveCount(3);
      await expect(page.getByTestId('step-label')).toHaveText(/\/ [1-9]/, { timeout: 30_000 });
    },
  },
  {
    name: 'compare in lecture mode',
    url: '/?v=2&alg=ring-allgather&nodes=8&mode=compare&cmp=ring-allgather|neighbor-exchange&lecture=1',
    wait: async (page) => {
      await expect(page.getByTestId('step-label')).toHaveText(/\/ [1-9]/, { timeout: 30_000 });
    },
  },
  {
    name: 'explore: a sweep chart',
    url: '/?v=2&mode=explore&sweep=optree-fig4',
    wait: async (page) => {
      await expect(page.locator('[data-testid="chart-point"]').first()).toBeVisible({ timeout: 60_000 });
    },
  },
  {
    name: 'explore: the OTIS chart with the paper’s marks',
    url: '/?v=2&mode=explore&sweep=otis-fig9',
    wait: async (page) => {
      await expect(page.getByTestId('paper-mark').first()).toBeVisible({ timeout: 60_000 });
    },
  },
  {
    name: 'explore: the speed-up heatmaps',
    url: '/?v=2&mode=explore&sweep=speedup-heatmaps',
    wait: async (page) => {
      await expect(page.getByTestId('heatmap')).toBeVisible({ timeout: 90_000 });
    },
  },
  {
    name: 'explore in lecture mode',
    url: '/?v=2&mode=explore&sweep=optree-fig5&lecture=1',
    wait: async (page) => {
      await expect(page.locator('[data-testid="chart-point"]').first()).toBeVisible({ timeout: 60_000 });
    },
  },
  {
    name: 'paper check',
    url: '/?v=2&mode=paper&check=optree-motivation',
    wait: async (page) => {
      await expect(page.getByTestId('paper-row').first()).toBeVisible({ timeout: 30_000 });
    },
  },
  {
    name: 'paper check in lecture mode',
    url: '/?v=2&mode=paper&check=otis-steps&lecture=1',
    wait: async (page) => {
      await expect(page.getByTestId('paper-row').first()).toBeVisible({ timeout: 60_000 });
    },
  },
  visualizer('the "?" list of keys', '/?v=2&alg=ring-allgather&nodes=8', async (page) => {
    await page.keyboard.press('?');
    await expect(page.getByTestId('keys-help')).toBeVisible();
  }),
];

/**
 * The screen settings under which the app's "system" theme (the one a fresh browser has) resolves to
 * each colour theme; the app follows a change at once, so one page is checked in all three.
 */
const SCREENS = {
  dark: { colorScheme: 'dark', contrast: 'no-preference' },
  contrast: { colorScheme: 'light', contrast: 'more' },
} as const;

// Every case: every rule in the light theme, then the rules about colour (color-contrast among them)
// in the dark and the high-contrast theme, on the same page. The rules that do not look at colours
// read the same page whatever the theme, so they are not run three times.
for (const c of CASES)
  test(`axe finds no serious or critical violation: ${c.name} (in every theme)`, async ({ page }) => {
    test.setTimeout(200_000);
    const html = page.locator('html');
    await page.goto(c.url);
    await c.wait(page);
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await seriousViolations(page), 'light theme, every rule').toEqual([]);
    for (const theme of ['dark', 'contrast'] as const) {
      await page.emulateMedia(SCREENS[theme]);
      await expect(html).toHaveAttribute('data-theme', theme);
      // The views that colour their HTML from the palette render again in the next frame.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await seriousViolations(page, COLOUR_RULES), `${theme} theme, colour rules`).toEqual([]);
    }
  });

test('the theme switch on an open page is seen by the colour rules: fixed grey text on the theme’s ground fails in the dark theme only', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  // Text in a fixed dark grey on the theme's ground: it reads well on the light ground and hardly at
  // all on the dark one, as a colour written into a view instead of taken from the theme would.
  await page.evaluate(() => {
    // Written in a style attribute: the page's policy allows no style sheet but its own.
    const p = Object.assign(document.createElement('p'), { id: 'probe', textContent: 'A probe line' });
    p.setAttribute(
      'style',
      'position: fixed; top: 0; left: 0; z-index: 9999; color: #333; background: var(--color-white)',
    );
    document.body.append(p);
  });
  expect(await seriousViolations(page, COLOUR_RULES)).toEqual([]);
  await page.emulateMedia(SCREENS.dark);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const found = await seriousViolations(page, COLOUR_RULES);
  expect(found.join('\n')).toMatch(/^color-contrast .*#probe/);
});

test('landmarks: one main, and every landmark named', async ({ page }) => {
  test.setTimeout(120_000); // five pages opened, on a shared machine
  for (const url of [
    '/?v=2&alg=ring-allgather&nodes=8',
    '/?v=2&alg=ring-allgather&nodes=8&mode=compare&cmp=ring-allgather|neighbor-exchange',
    '/?v=2&mode=explore&sweep=optree-fig4',
    '/?v=2&mode=paper&check=optree-motivation',
  ]) {
    await page.goto(url);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('banner')).toHaveCount(1);
    // Each landmark but the banner (the page's one header) has a name of its own.
    const unnamed = await page
      .locator('main, aside, nav, section[aria-label], [role="region"]')
      .evaluateAll((els) =>
        els
          .filter((e) => !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby'))
          .map((e) => e.outerHTML.slice(0, 80)),
      );
    expect(unnamed, url).toEqual([]);
    const names = await page
      .locator('main, aside, nav')
      .evaluateAll((els) => els.map((e) => `${e.tagName}:${e.getAttribute('aria-label')}`));
    expect(new Set(names).size, `${url}: ${names.join(', ')}`).toBe(names.length);
  }
  // The visualizer's parts by name.
  await page.goto('/?v=2&alg=ring-allgather&nodes=8');
  for (const [role, name] of [
    ['main', 'Network and details'],
    ['complementary', 'Parameters'],
    ['complementary', 'Narration and numbers'],
    ['navigation', 'Mode'],
    ['region', 'Timeline'],
  ] as const)
    await expect(page.getByRole(role, { name }), `${role} ${name}`).toHaveCount(1);
});

test('the narration does not flood a screen reader: one line per phase while playing, the step when paused', async ({
  page,
}) => {
  // OpTree on 64 nodes, arities 4·4·4: three stages, many steps; played at one step per frame.
  await openConfig(page, '/?v=2&alg=optree&nodes=64&wavelengths=2&radices=4,4,4&speed=max', 30_000);
  const announcer = page.getByTestId('narration-announcer');
  await expect(announcer).toHaveAttribute('role', 'status');
  // The words on screen are not a live region of their own.
  await expect(page.getByTestId('narration')).not.toHaveAttribute('aria-live');
  const last = Number((await page.getByTestId('step-label').innerText()).match(/\/ (\d+)/)?.[1]);
  expect(last).toBeGreaterThan(20);
  // Record every text the live region takes.
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="narration-announcer"]')!;
    const w = window as unknown as { said: string[] };
    w.said = [];
    new MutationObserver(() => w.said.push(el.textContent ?? '')).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await page.keyboard.press(' ');
  await expect(page.getByTestId('play')).toHaveText(/Play/, { timeout: 30_000 });
  await expectStep(page, last);
  // Once stopped at the end, the last step's words.
  await expect(announcer).toContainText(`Step ${last} of ${last}`);
  const said = await page.evaluate(() => (window as unknown as { said: string[] }).said.filter((s) => s));
  // A start line, at most one line per stage, and the last step: nowhere near one per step.
  expect(said.length, said.join('\n')).toBeLessThanOrEqual(5);
  expect(said[0]).toMatch(/^Playing/);
  // Played at 16 steps a second (five seconds), the stages are named as they come, spaced out.
  await openConfig(page, '/?v=2&alg=optree&nodes=64&wavelengths=2&radices=4,4,4&speed=16', 30_000);
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="narration-announcer"]')!;
    const w = window as unknown as { said: string[] };
    w.said = [];
    new MutationObserver(() => w.said.push(el.textContent ?? '')).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await page.keyboard.press(' ');
  await expect(page.getByTestId('play')).toHaveText(/Play/, { timeout: 30_000 });
  await expect(announcer).toContainText(`Step ${last} of ${last}`);
  const slower = await page.evaluate(() => (window as unknown as { said: string[] }).said.filter((s) => s));
  expect(
    slower.filter((s) => /^stage \d, step \d+ of \d+$/.test(s)).length,
    slower.join('\n'),
  ).toBeGreaterThan(0);
  expect(slower.length, slower.join('\n')).toBeLessThanOrEqual(6);
  // Stepping with the arrows: only the step the user stops on is read.
  await page.keyboard.press('Home');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(announcer).toHaveText(/^Step 5 of/);
});
