import { expect, test } from './shared-page';
import { seriousViolations } from './axe';
import { formatAxisValue } from '../app/charts/axisFormat';
import { checkCommand, type CheckReport } from '../src/cli/check-command';
import { findSweep } from '../src/experiments/catalogue';
import { CSV_HEADER } from '../src/kernel/format/schedule-export';
import type { ScheduleJson } from '../src/kernel/format/schedule-json';
import { parseCsv, parseCsvObjects } from '../src/kernel/format/csv';
import { citationText, bibtex } from '../src/kernel/papers';
import { RETRI_PAPER } from '../src/families/circuit/paper';
import { downloadText, openConfig, SHOTS } from './fixtures';

// Figures and data out: every download button writes a file that reads back as what the page shows;
// citations copy; model notes open from the app and survive a reload.

/** The number in a text such as "✓ Verified: 1,234 transfers checked". */
const countIn = (text: string, after: RegExp) => Number(after.exec(text)![1].replace(/,/g, ''));

/** The paper check page's way of writing a number. */
const fmt = (v: string) =>
  v === '' ? '—' : Number(v).toLocaleString('en-US', { maximumSignificantDigits: 6 });

test('the schedule on screen downloads as JSON the checker accepts and as CSV, one line per transfer', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=neighbor-exchange&nodes=12&wavelengths=2');
  const steps = countIn((await page.getByTestId('step-label').textContent())!, /\/ (\d+)/);
  const transfers = countIn((await page.getByTestId('verified').textContent())!, /Verified: ([\d,]+)/);
  expect(steps).toBeGreaterThan(1);

  const json = await downloadText(page, page.getByTestId('download-schedule-json'));
  expect(json.name).toBe('neighbor-exchange-n12.json');
  const doc = JSON.parse(json.text) as ScheduleJson;
  expect(doc.format).toBe('optical-collectives/schedule-v1');
  expect(doc.algorithm).toBe('neighbor-exchange');
  expect(doc.params).toMatchObject({ nodes: 12, wavelengths: 2 });
  expect(doc.nodes).toBe(12);
  expect(doc.steps).toHaveLength(steps);
  expect(doc.summary).toMatchObject({ steps, transfers, verified: true });
  // The command line's checker reads the file and verifies it on its own.
  const checked = checkCommand(json.text, json.name);
  expect(checked.code).toBe(0);
  const report = JSON.parse([...checked.out].join('')) as CheckReport;
  expect(report).toMatchObject({ ok: true, steps, transfers });

  await page.getByTestId('data-out').screenshot({ path: `${SHOTS}/data-out-schedule.png` });
  const csv = await downloadText(page, page.getByTestId('download-schedule-csv'));
  expect(csv.name).toBe('neighbor-exchange-n12.csv');
  const [header] = parseCsv(csv.text);
  expect(header.join(',')).toBe(CSV_HEADER);
  const rows = parseCsvObjects(csv.text);
  expect(rows).toHaveLength(transfers);
  // Row by row, the same transfers as the JSON, in the same order.
  const fromJson = doc.steps.flatMap((s, k) =>
    s.transfers.map((t) => ({
      step: String(k + 1),
      phase: s.phase,
      from: String(t.from),
      to: t.to.join(' '),
      path: t.path.join(' '),
      channel: String(t.channel),
      blocks: t.blocks.join(' '),
    })),
  );
  expect(rows.map(({ transfer: _, ...r }) => r)).toEqual(fromJson);
  expect(rows.map((r) => Number(r.transfer))).toEqual(rows.map((_, i) => i));
});

test('a circuit-switch schedule (ReTri, blocks by pairs) downloads as a file the checker verifies', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=retri&nodes=9&reconfigure=0,1');
  const steps = countIn((await page.getByTestId('step-label').textContent())!, /\/ (\d+)/);
  const json = await downloadText(page, page.getByTestId('download-schedule-json'));
  const doc = JSON.parse(json.text) as ScheduleJson;
  expect(doc.steps).toHaveLength(steps);
  expect(doc.blocks).toHaveLength(81);
  const report = JSON.parse([...checkCommand(json.text, json.name).out].join('')) as CheckReport;
  expect(report.ok).toBe(true);
});

test('a sweep downloads as CSV: one row per point, the values the chart draws', async ({ page }) => {
  const def = findSweep('star-split-steps')!;
  await page.goto(`/?v=2&mode=explore&sweep=${def.id}`);
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-done', 'yes', { timeout: 60_000 });
  const total = countIn((await page.getByTestId('sweep-progress').textContent())!, /^(\d+) configurations/);
  await page.screenshot({ path: `${SHOTS}/data-out-sweep.png` });
  const { name, text } = await downloadText(page, page.getByTestId('download-sweep-csv'));
  expect(name).toBe('sweep-star-split-steps.csv');
  const rows = parseCsvObjects(text);
  expect(rows).toHaveLength(total);
  expect(rows).toHaveLength(def.points().length);
  for (const r of rows) {
    expect(r.verified).toBe('true');
    expect(r.algorithm).toBe('star-broadcast');
    // Parameters in columns of their own, as on the command line.
    expect(Number(r.nodes)).toBe(64);
    for (const side of ['formula', 'constructed'] as const) {
      const dot = page.locator(
        `[data-testid="chart-point"][data-series="${r.series}"][data-x="${r.x}"][data-kind="${side}"]`,
      );
      await expect(dot).toHaveCount(1);
      expect(await dot.getAttribute('aria-label')).toContain(
        `${side} ${formatAxisValue(Number(r[side]), def.y.unit)}`,
      );
    }
  }
});

test('a paper check downloads as CSV: every row with the paper, the formula, ours and the verdict', async ({
  page,
}) => {
  await page.goto('/?v=2&mode=paper&check=optree-table1');
  await expect(page.getByTestId('paper-table')).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: `${SHOTS}/data-out-check.png` });
  const { name, text } = await downloadText(page, page.getByTestId('download-check-csv'));
  expect(name).toBe('check-optree-table1.csv');
  const rows = parseCsvObjects(text);
  const shown = page.getByTestId('paper-row');
  await expect(shown).toHaveCount(rows.length);
  expect(rows.length).toBeGreaterThan(5);
  for (const [i, r] of rows.entries()) {
    const cells = await shown.nth(i).locator('td').allTextContents();
    // Row, paper, formula, constructed, verdict, note.
    expect(cells[0]).toBe(r.unit ? `${r.row} (${r.unit})` : r.row);
    expect(cells.slice(1, 4)).toEqual([fmt(r.paper), fmt(r.formula), fmt(r.constructed)]);
    expect(cells[4]).toBe(r.verdict);
    expect(cells[5]).toBe(r.note);
  }
  // The table has rows that agree and rows that do not, and says which.
  expect(rows.map((r) => r.verdict)).toContain('agrees');
  expect(rows.map((r) => r.verdict)).toContain('formula ≠ paper');
  expect(rows.map((r) => r.verdict)).toContain('built ≠ formula');
});

test('the ReTri claims beside the visualizer download as CSV and lead to the model notes', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=retri&nodes=9');
  await page.getByTestId('claims-toggle').click();
  const table = page.getByTestId('paper-claims').locator('tbody tr');
  await expect(table.first()).toBeVisible({ timeout: 60_000 });
  const { name, text } = await downloadText(page, page.getByTestId('download-claims-csv'));
  expect(name).toBe('check-retri-claims.csv');
  const rows = parseCsvObjects(text);
  await expect(table).toHaveCount(rows.length);
  for (const [i, r] of rows.entries()) await expect(table.nth(i).locator('td').first()).toHaveText(r.row);
  await page.getByTestId('claims-notes').click();
  await expect(page.getByTestId('model-notes-title')).toContainText('ReTri');
});

test('a speed-up heatmap downloads as CSV: every cell with the speed-up and reconfigurations shown', async ({
  page,
}) => {
  await page.goto('/?v=2&mode=explore&sweep=speedup-heatmaps');
  await page.getByTestId('speedup-select').selectOption('retri-vs-bruck-9');
  await expect(page.getByTestId('heatmap')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('heatmap').screenshot({ path: `${SHOTS}/data-out-heatmap.png` });
  const { name, text } = await downloadText(page, page.getByTestId('download-heatmap-csv'));
  expect(name).toBe('heatmap-retri-vs-bruck-9.csv');
  const rows = parseCsvObjects(text);
  expect(rows).toHaveLength(60);
  for (const r of rows) {
    const cell = page.getByTestId(`heatmap-cell-${r.message_bytes}-${r.delay_us}`);
    await expect(cell).toContainText(Number(r.speedup).toFixed(1));
    await expect(cell).toContainText(`R${r.reconfigurations}`);
    expect(await cell.getAttribute('title')).toContain(`x = (${r.retri_x})`);
    // Bruck's schedule is a list with commas, read back whole.
    expect(r.baseline_x).toMatch(/^[01](,[01])*$/);
  }
});

test('the paper is cited by authors, title, venue and year, and the citation copies', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openConfig(page, '/?v=2&alg=retri&nodes=9');
  const source = page.getByTestId('paper');
  await expect(source).toContainText('Juerss and Schmid (2026)');
  await expect(source).toContainText('Revisiting Bruck');
  await source.getByTestId('paper-cite').click();
  const text = page.getByTestId('paper-citation-text');
  await expect(text).toHaveText(citationText(RETRI_PAPER));
  await expect(text).toContainText('arXiv:2605.26930');
  await page.getByTestId('paper-citation-text-copy').click();
  await expect(page.getByTestId('paper-citation-text-status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(citationText(RETRI_PAPER));
  await page.getByTestId('paper-citation-bibtex-copy').click();
  const bib = await page.evaluate(() => navigator.clipboard.readText());
  expect(bib).toBe(bibtex(RETRI_PAPER).trimEnd());
  expect(bib).toMatch(/^@misc\{juerss2026-retri,/);
  await page.getByTestId('paper-citation').screenshot({ path: `${SHOTS}/citation-retri.png` });

  // A paper whose text does not give its venue and year says so instead of guessing.
  await openConfig(page, '/?v=2&alg=optree&nodes=16&wavelengths=2');
  await expect(page.getByTestId('paper')).toContainText('Dai et al. (extends ICC 2023)');
  await page.getByTestId('paper-cite').click();
  await expect(page.getByTestId('paper-citation-text')).toContainText('Venue unknown, year unknown');
  await page.getByTestId('paper').screenshot({ path: `${SHOTS}/citation-optree.png` });

  // The paper check page and the formula panel cite the same way.
  await page.goto('/?v=2&mode=paper&check=otis-steps');
  await expect(page.getByTestId('check-paper')).toContainText('Mahafzah et al. (2015 or later)');
  await page.getByTestId('check-paper-cite').click();
  await expect(page.getByTestId('check-paper-citation-bibtex')).toContainText(
    'author = {Mahafzah, Basel A. and Serhan, Sami I. and Tahboub, Ruby Y.}',
  );
});

test('model notes open beside the algorithm, render as a page, follow links and survive a reload', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=optree&nodes=16&wavelengths=2');
  const dialog = page.getByTestId('model-notes');
  await expect(dialog).toBeHidden();
  await page.getByTestId('paper-notes').click();
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('model-notes-title')).toHaveText('OpTree on the WDM ring (optree)');
  await expect(page).toHaveURL(/[?&]notes=optree(&|$)/);
  const body = page.getByTestId('model-notes-body');
  // Rendered, not raw: headings, tables and lists are elements, and no Markdown marks show.
  await expect(body.locator('h3', { hasText: 'The algorithm in our words' })).toBeVisible();
  expect(await body.locator('table').count()).toBeGreaterThan(0);
  expect(await body.locator('li').count()).toBeGreaterThan(3);
  expect(await body.innerText()).not.toMatch(/\*\*|^#{1,3} |\| --- \|/m);
  // The notes of this algorithm come first in the index.
  await expect(page.getByTestId('notes-mine-optree')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('notes-mine-time-model')).toBeVisible();
  await body.screenshot({ path: `${SHOTS}/model-note-optree.png` });

  // A link to another note opens it in place.
  await body.locator('button', { hasText: 'time-model.md' }).first().click();
  await expect(page.getByTestId('model-notes-title')).toHaveText(
    'The WDM ring time model (OpTree paper, eq. 3)',
  );
  await expect(page).toHaveURL(/[?&]notes=time-model(&|$)/);

  // The link survives a reload.
  await page.reload();
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('model-notes-title')).toHaveText(/time model/);

  // Esc closes it, and the link forgets it; the timeline's keys work again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/notes=/);

  // From the paper check page, the notes of the paper's algorithms; a table reads as a table.
  await page.goto('/?v=2&mode=paper&check=otis-steps');
  await page.getByTestId('check-paper-notes').click();
  await expect(page.getByTestId('model-notes-title')).toContainText('OTIS-Mesh');
  await expect(page.getByTestId('notes-mine-otis')).toHaveAttribute('aria-current', 'page');
  await expect(body.locator('table').first()).toBeVisible();
  await body.locator('table').first().scrollIntoViewIfNeeded();
  await page.getByTestId('model-notes').screenshot({ path: `${SHOTS}/model-note-otis-table.png` });
  await page.getByTestId('model-notes-close').click();
  await expect(dialog).toBeHidden();
});

// Offline after load: it must start with nothing in the HTTP cache, which the shared tab keeps.
test.describe('on a tab of its own', () => {
  test.use({ freshTab: true });
  test('model notes open offline once the page has loaded (their chunk is fetched soon after the page)', async ({
    page,
    context,
  }) => {
    await openConfig(page, '/?v=2&alg=wrht&nodes=16&wavelengths=2');
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            performance.getEntriesByType('resource').some((e) => e.name.includes('NotesContent')),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await context.setOffline(true);
    await page.getByTestId('paper-notes').click();
    await expect(page.getByTestId('model-notes-title')).toContainText('WRHT');
    await expect(page.getByTestId('model-notes-body').locator('table').first()).toBeVisible();
    await context.setOffline(false);
  });
});

test('axe: the open citation blocks and the model notes dialog have no serious or critical violation', async ({
  page,
}) => {
  test.setTimeout(120_000); // two pages, each scanned with every rule, on a shared machine
  await openConfig(page, '/?v=2&alg=optree&nodes=16&wavelengths=2');
  await page.getByTestId('paper-cite').click();
  await page.getByTestId('formula-paper-cite').click();
  await expect(page.getByTestId('formula-paper-citation-bibtex')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/?v=2&alg=optree&nodes=16&wavelengths=2&notes=optical-constraints');
  await expect(page.getByTestId('model-notes-body').locator('table').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
