import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { axe } from './axe';
import { download, openConfig, SHOTS, waitForResult } from './fixtures';

// Pictures out: the network view's current frame as SVG and PNG, at a chosen size, scale and type,
// with its legend. The SVG is parsed as XML in the browser (its texts and sizes read back), the PNG's
// pixel size read from its header; both are rendered to screenshots to be looked at.

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface ParsedSvg {
  error: string | null;
  width: string | null;
  height: string | null;
  texts: { text: string; size: number }[];
}

/** Parses an SVG document with the browser's XML parser: a parse error, its size and its texts. */
async function parseSvg(page: Page, svg: string): Promise<ParsedSvg> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    const error = doc.getElementsByTagName('parsererror')[0]?.textContent ?? null;
    const root = doc.documentElement;
    return {
      error,
      width: root.getAttribute('width'),
      height: root.getAttribute('height'),
      texts: Array.from(doc.getElementsByTagName('text')).map((t) => ({
        text: t.textContent ?? '',
        size: Number(t.getAttribute('font-size')),
      })),
    };
  }, svg);
}

/** Opens a file in a page of its own (an SVG as itself, a PNG as an image) and screenshots it. */
async function look(page: Page, bytes: Buffer, mime: string, width: number, height: number, shot: string) {
  const view = await page.context().newPage();
  await view.setViewportSize({ width, height });
  await view.setContent(
    `<html><body style="margin:0"><img style="display:block;width:${width}px;height:${height}px" src="data:${mime};base64,${bytes.toString('base64')}"></body></html>`,
  );
  await expect(view.locator('img')).toHaveJSProperty('complete', true);
  expect(await view.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await view.screenshot({ path: `${SHOTS}/${shot}` });
  await view.close();
}

for (const c of [
  {
    family: 'ring',
    url: '/?v=2&alg=ring-allgather&nodes=16&wavelengths=4&step=3',
    stem: 'ring-allgather-n16-step3-ring',
    expected: ['Step 3 / 15', 'received this step', 'λ0', '0', '15'],
  },
  {
    family: 'star',
    url: '/?v=2&alg=star-scatter&step=1',
    stem: 'star-scatter',
    expected: ['retuned this step', 'received'],
  },
]) {
  test(`the ${c.family} view's frame exports as SVG and PNG, lecture-sized, with its legend`, async ({
    page,
  }) => {
    await openConfig(page, c.url);
    const out = page.getByTestId('picture-out');
    await expect(out).toBeVisible();
    await out.getByLabel('width').fill('1000');
    await out.getByLabel('height').fill('640');
    await out.getByLabel('type').selectOption('lecture');
    await out.getByLabel('PNG scale').selectOption('2');

    const svg = await download(page, out.getByRole('button', { name: 'SVG' }));
    expect(svg.name).toMatch(/\.svg$/);
    expect(svg.name).toContain(c.stem.split('-step')[0]);
    expect(svg.name).toContain(`-${c.family}.svg`);
    const parsed = await parseSvg(page, svg.bytes.toString('utf8'));
    expect(parsed.error).toBeNull();
    expect([parsed.width, parsed.height]).toEqual(['1000', '640']);
    const words = parsed.texts.map((t) => t.text);
    for (const w of c.expected) expect(words).toContain(w);
    expect(parsed.texts.filter((t) => !(t.size >= 18))).toEqual([]);
    writeFileSync(`${SHOTS}/export-${c.family}.svg`, svg.bytes);
    await look(page, svg.bytes, 'image/svg+xml', 1000, 640, `export-${c.family}-svg.png`);

    const png = await download(page, out.getByRole('button', { name: 'PNG' }));
    expect(png.name).toBe(svg.name.replace(/\.svg$/, '.png'));
    expect(pngSize(png.bytes)).toEqual({ width: 2000, height: 1280 });
    await look(page, png.bytes, 'image/png', 1000, 640, `export-${c.family}-png.png`);

    // Desk type at scale 1: smaller text in the SVG, a PNG of the size itself.
    await out.getByLabel('type').selectOption('desk');
    await out.getByLabel('PNG scale').selectOption('1');
    const desk = await parseSvg(
      page,
      (await download(page, out.getByRole('button', { name: 'SVG' }))).bytes.toString('utf8'),
    );
    expect(Math.min(...desk.texts.map((t) => t.size))).toBeLessThan(18);
    expect(pngSize((await download(page, out.getByRole('button', { name: 'PNG' }))).bytes)).toEqual({
      width: 1000,
      height: 640,
    });
  });
}

test('a size out of range is drawn at the nearest allowed one, and the page says so', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8&wavelengths=2');
  const out = page.getByTestId('picture-out');
  await out.getByLabel('width').fill('50');
  await out.getByLabel('height').fill('');
  await expect(out.getByTestId('picture-size-note')).toHaveText(
    'drawn at 200 × 720 (sides from 200 to 4000 px)',
  );
  await out.getByLabel('PNG scale').selectOption('3');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    out.getByRole('button', { name: 'PNG' }).click(),
  ]);
  expect(pngSize(readFileSync((await file.path())!))).toEqual({ width: 600, height: 2160 });
  await expect(page.getByTestId('ring-view')).toBeVisible();
});

for (const c of [
  {
    family: 'circuit',
    url: '/?v=2&alg=retri&nodes=27&step=2',
    expected: ['Phase 1', 'blocks sent right (+)'],
  },
  { family: 'mesh', url: '/?v=2&alg=mesh-allreduce&step=1', expected: ['Step 1 / ', 'root'] },
  {
    family: 'noc',
    url: '/?v=2&alg=noc-broadcast&seed=1&step=1',
    expected: ['Step 1 / ', 'router', 'sender (T)'],
  },
]) {
  test(`the ${c.family} view exports too, in lecture type, with its legend`, async ({ page }) => {
    await openConfig(page, c.url);
    const out = page.getByTestId('picture-out');
    const svg = await download(page, out.getByRole('button', { name: 'SVG' }));
    expect(svg.name).toMatch(new RegExp(`-step\\d+-${c.family}\\.svg$`));
    const parsed = await parseSvg(page, svg.bytes.toString('utf8'));
    expect(parsed.error).toBeNull();
    expect([parsed.width, parsed.height]).toEqual(['1280', '720']);
    for (const w of c.expected) expect(parsed.texts.some((t) => t.text.startsWith(w))).toBe(true);
    expect(parsed.texts.filter((t) => !(t.size >= 18))).toEqual([]);
    await look(page, svg.bytes, 'image/svg+xml', 1280, 720, `export-${c.family}-svg.png`);
    const png = await download(page, out.getByRole('button', { name: 'PNG' }));
    expect(pngSize(png.bytes)).toEqual({ width: 2560, height: 1440 });
    await look(page, png.bytes, 'image/png', 1280, 720, `export-${c.family}-png.png`);
  });
}

test('the export control is labelled and works from the keyboard; axe finds nothing serious in it', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8&wavelengths=2&step=1');
  const out = page.getByTestId('picture-out');
  await expect(page.getByRole('group', { name: 'Export picture:' })).toHaveAttribute(
    'data-testid',
    'picture-out',
  );
  for (const name of ['width', 'height', 'type', 'PNG scale'])
    await expect(out.getByLabel(name)).toBeVisible();
  await out.getByLabel('PNG scale').focus();
  await page.keyboard.press('Tab');
  await expect(out.getByRole('button', { name: 'SVG' })).toBeFocused();
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(file.suggestedFilename()).toBe('ring-allgather-n8-step1-ring.svg');
  await page.keyboard.press('Tab');
  await expect(out.getByRole('button', { name: 'PNG' })).toBeFocused();
  const [png] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Space')]);
  expect(png.suggestedFilename()).toBe('ring-allgather-n8-step1-ring.png');
  const scan = await axe(page).include('[data-testid="picture-out"]').analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await out.screenshot({ path: `${SHOTS}/picture-out-control.png` });
});

for (const c of [
  {
    url: '/?v=2&alg=ring-allgather&nodes=16&wavelengths=4&step=2',
    detail: 'holdings',
    expected: ['blocks →', '← nodes', 'arrived in this step'],
  },
  {
    url: '/?v=2&alg=retri&nodes=27&step=2',
    detail: 'blocks',
    expected: ['destination d →', '← source r', 'delivered'],
  },
]) {
  test(`the detail pane's ${c.detail} matrix exports when chosen`, async ({ page }) => {
    await openConfig(page, c.url);
    const out = page.getByTestId('picture-out');
    await out.getByLabel('of').selectOption('detail');
    const svg = await download(page, out.getByRole('button', { name: 'SVG' }));
    expect(svg.name).toMatch(new RegExp(`-step2-${c.detail}\\.svg$`));
    const text = svg.bytes.toString('utf8');
    const parsed = await parseSvg(page, text);
    expect(parsed.error).toBeNull();
    const words = parsed.texts.map((t) => t.text);
    for (const w of c.expected) expect(words).toContain(w);
    expect(parsed.texts.filter((t) => !(t.size >= 18))).toEqual([]);
    expect(text).toMatch(/<image [^>]*href="data:image\/png;base64,[A-Za-z0-9+/=]{20,}"/);
    await look(page, svg.bytes, 'image/svg+xml', 1280, 720, `export-${c.detail}-svg.png`);
    const png = await download(page, out.getByRole('button', { name: 'PNG' }));
    expect(pngSize(png.bytes)).toEqual({ width: 2560, height: 1440 });
    await look(page, png.bytes, 'image/png', 1280, 720, `export-${c.detail}-png.png`);
    // Back to the network view.
    await out.getByLabel('of').selectOption('network');
    const again = await download(page, out.getByRole('button', { name: 'SVG' }));
    expect(again.name).not.toContain(c.detail);
  });
}

test('compare mode offers no export (its panes are not the picture), and the page stays whole', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8&wavelengths=2&step=1');
  await expect(page.getByTestId('picture-out')).toBeVisible();
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByTestId('picture-out')).toHaveCount(0);
  await page.getByRole('button', { name: 'Visualize' }).click();
  await waitForResult(page);
  await expect(page.getByTestId('picture-out')).toBeVisible();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('picture-out').getByRole('button', { name: 'SVG' }).click(),
  ]);
  // The step the page shows when back (the mode switch may start the timeline again).
  expect(file.suggestedFilename()).toMatch(/^ring-allgather-n8-step\d+-ring\.svg$/);
});
