import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { expect, test } from './shared-page';
import { nocLayout } from '../app/families/noc/nocLayout';
import { octagonNetwork } from '../src/families/noc/noc-network';
import { collectPageErrors, openConfig, shot, waitForResult } from './fixtures';

// The NoC family: the fat Octagon of the paper's case study, sets of senders and receivers, bounds.

test('the fat Octagon scatter from 8 to the other 8: drawn, bounded by its busiest cut, verified', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=noc-scatter&seed=1', 30_000);
  await expect(page.getByTestId('noc-view')).toBeVisible();
  await expect(page.getByTestId('noc-legend')).toContainText('sender (T)');
  // Table 2's lower bound for 8 to the other 8 is 10: 48 messages leave routers 1–3 over 5 links.
  await expect(page.getByText('steps: lower bound (cut) and constructed')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('noc-view')).toHaveAttribute('data-step', '1');
  await expect(
    page.getByText(/messages reach their receivers, on channels no other message/).first(),
  ).toBeVisible();
  await shot(page, 'noc-fat-octagon-step1');
});

test('senders and receivers typed as ranges go into the link, and the link reopens them', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=noc-scatter&seed=1', 30_000);
  await page.getByLabel('Senders T').fill('0-3, 12');
  await expect(page).toHaveURL(/senders=0-3%2C12/);
  await waitForResult(page, 30_000);
  const url = page.url();
  await openConfig(page, url, 30_000);
  await expect(page.getByLabel('Senders T')).toHaveValue('0-3,12');
  // A receiver outside the network is refused with the range allowed; the last result stays.
  await page.getByLabel('Receivers R').fill('8-20');
  await expect(page.getByTestId('run-error')).toContainText('0 to 15');
  await expect(page.getByTestId('noc-view')).toBeVisible();
});

test('an 8 × 8 mesh all-to-all scatter is scheduled and drawn on its grid', async ({ page }) => {
  await openConfig(
    page,
    '/?v=2&alg=noc-scatter&seed=1&network=mesh&rows=8&cols=8&per-router=1&pattern=aas&step=3&view=network',
    30_000,
  );
  await expect(page.getByTestId('noc-view')).toHaveAttribute('data-step', '3');
  await shot(page, 'noc-mesh8-aas');
});

test('the hybrid search lowers the all-to-all scatter of the fat Octagon below the paper’s 17 steps, live', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=noc-scatter&pattern=aas&method=hybrid&seed=5', 30_000);
  const status = page.getByTestId('search-status');
  await status.scrollIntoViewIfNeeded();
  await expect(status).toHaveAttribute('data-done', '1', { timeout: 60_000 });
  // The constructive schedule has 18 steps; the bound (the busiest cut) is 16; Table 2 reports 17.
  // Seed 5 reaches 16 within the default 2 million moves: optimal.
  await expect(status).toContainText('Optimal: 16 steps');
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 16/);
  await shot(page, 'noc-search-done');
});

test('a broadcast search (relays searched) lowers 8 to all 16 from 12 steps to 9, live, verified', async ({
  page,
}) => {
  await openConfig(
    page,
    '/?v=2&alg=noc-broadcast&pattern=mnb&senders=0-7&receivers=0-15&method=hybrid&seed=1&moves=200000',
    30_000,
  );
  const status = page.getByTestId('search-status');
  await status.scrollIntoViewIfNeeded();
  await expect(status).toHaveAttribute('data-done', '1', { timeout: 60_000 });
  // The constructive broadcast (greedy trees) has 12 steps; seed 1 reaches 9, our lower bound (eq. (2)
  // gives 8, but the first step cannot reach all 8 receivers outside the senders): optimal.
  await expect(status).toContainText('Optimal: 9 steps');
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 9/);
  await shot(page, 'noc-broadcast-search-done');
});

test('a search can be stopped: the best schedule so far stays and plays', async ({ page }) => {
  await openConfig(
    page,
    '/?v=2&alg=noc-scatter&seed=1&network=mesh&rows=8&cols=8&per-router=1&pattern=aas&method=anneal&moves=100000000&time-limit=600',
    30_000,
  );
  const stop = page.getByTestId('search-stop');
  await stop.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('search-status')).toContainText('Looking for', { timeout: 30_000 });
  await stop.click();
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-done', '1');
  await expect(page.getByTestId('search-status')).toContainText('Stopped');
  await page.keyboard.press('End');
  await expect(page.getByTestId('noc-view')).toBeVisible();
});

test('while the search runs, its best attempt is drawn with its conflicts; a click names the two messages; Stop keeps the best', async ({
  page,
}) => {
  // 8 to the same 8 on the fat Octagon with shortest routes: 10 steps is optimal (the exact method
  // proves it), so the search's attempt at 9 steps keeps some conflicts until it is stopped.
  await openConfig(
    page,
    '/?v=2&alg=noc-scatter&seed=1&senders=0-7&receivers=0-7&method=hybrid&moves=100000000&time-limit=600&view=network',
    30_000,
  );
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 10/);
  const bar = page.getByTestId('noc-attempt-bar');
  await expect(bar).toContainText(/The search’s best attempt at 9 steps: \d+ conflicts? left/, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('search-speed')).toContainText(/4 chains on \d+ workers? of the pool/);
  await expect(page.getByTestId('search-speed')).toContainText('moves a second');
  // Go to a step with a conflict: the attempt is held there while it is read.
  await page.getByTestId('noc-clash-step').first().click();
  await expect(bar).toContainText('held while you read it');
  const marks = page.getByTestId('noc-clash');
  await expect(marks.first()).toBeVisible();
  // The mark sits on the shared channel, over the picture: a real click there opens it.
  const box = (await marks.first().boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const details = page.getByTestId('noc-clash-details');
  await expect(details).toContainText(
    /Step \d+: (two|\d+) messages want the channel (router|processor) \d+ → (router|processor) \d+/,
  );
  expect(await page.getByTestId('noc-clash-message').count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('noc-clash-message').first()).toContainText(
    /from processor \d+ to processor \d+, through routers? \d+( → \d+)*/,
  );
  await shot(page, 'noc-search-conflicts');
  // Stop: the search ends, the attempt goes, and the best valid schedule (10 steps) plays.
  const stop = page.getByTestId('search-stop');
  await stop.scrollIntoViewIfNeeded();
  await stop.click();
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-done', '1');
  await expect(page.getByTestId('search-status')).toContainText('Stopped: 10 steps');
  await expect(bar).toHaveCount(0);
  await expect(page.getByTestId('noc-clash')).toHaveCount(0);
  await expect(page.getByTestId('noc-clash-details')).toHaveCount(0);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('noc-view')).toHaveAttribute('data-step', '1');
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 10/);
});

test('the Table 2 paper check puts the paper’s bounds beside ours, and names the one we beat', async ({
  page,
}) => {
  await page.goto('/?v=2&mode=paper&check=noc-table2');
  await expect(page.getByTestId('paper-row').first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('paper-table')).toContainText('all 16 to all 16, MNS: upper bound');
  await expect(page.getByTestId('paper-table')).toContainText('optimal');
  await expect(page.getByTestId('paper-table')).toContainText('hybrid search, seed 7');
  await shot(page, 'noc-table2');
  // Beside the paper's 8, a reading that reaches it opens in one click.
  const reading = page
    .getByTestId('paper-row')
    .filter({ hasText: '8 to the other 8, MNB, reading 2 of 3 — the “opposite” placement' });
  await expect(reading).toContainText('optimal');
  await reading.getByTestId('paper-row-open').click();
  await expect(page.getByTestId('algorithm')).toHaveValue('noc-broadcast');
  await expect(page).toHaveURL(/placement=opposite/);
  await waitForResult(page, 30_000);
  await expect(page.getByTestId('narration')).toContainText('In 8 steps', { timeout: 60_000 });
});

test('clicking a processor changes its role: the sets, the link and the schedule follow', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=noc-scatter&seed=1&method=constructive&view=network', 30_000);
  const view = page.getByTestId('noc-view');
  const box = (await view.boundingBox())!;
  // Where the view puts processor 12 (the same layout code, the fat Octagon of the default).
  const net = octagonNetwork(8, { perRouter: 2 });
  const extras = {
    name: net.name,
    shape: net.shape,
    cols: net.cols,
    routers: net.routers,
    edges: net.edges.map(([a, b]) => [a, b] as [number, number]),
    procRouter: Array.from(net.procRouter),
    senders: [],
    receivers: [],
  };
  const l = nocLayout(extras, box.width, box.height, 56);
  await page.mouse.click(box.x + l.xy[24], box.y + l.xy[25]);
  // 12 was a receiver: now it also sends.
  await expect(page).toHaveURL(/senders=0-7%2C12/);
  await waitForResult(page, 30_000);
  await expect(page.getByTestId('noc-view')).toBeVisible();
});

test('the exact method proves 10 steps optimal for 8 to the same 8 (shortest routes), in the browser', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=noc-scatter&seed=1&senders=0-7&receivers=0-7&method=exact', 30_000);
  const status = page.getByTestId('search-status');
  await status.scrollIntoViewIfNeeded();
  await expect(status).toHaveAttribute('data-done', '1', { timeout: 60_000 });
  await expect(status).toContainText('Optimal');
  await expect(page.getByTestId('search-note')).toContainText('no schedule of 9 steps');
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 10/);
  await shot(page, 'noc-exact-proof');
});

test('a network of one’s own opens from a JSON file; the link keeps it; a bad file changes nothing', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=noc-scatter&seed=1&method=constructive', 30_000);
  const input = page.getByTestId('noc-topology-file');
  await input.setInputFiles({
    name: 'ring5.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"routers": 5, "links": [[0,1],[1,2],[2,3],[3,4],[4,0]], "processorsPerRouter": 2}'),
  });
  await expect(page).toHaveURL(/network=custom/);
  await expect(page).toHaveURL(/links=0%2C1%2C1%2C2%2C2%2C3%2C3%2C4%2C4%2C0/);
  await waitForResult(page, 30_000);
  await expect(page.getByTestId('noc-view')).toBeVisible();
  await input.setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"routers": 5}'),
  });
  await expect(page.getByTestId('noc-topology-error')).toContainText(
    'bad.json: "links" must be an array of router pairs',
  );
  await expect(page).toHaveURL(/network=custom/);
  await shot(page, 'noc-custom-ring5');
});

test('a topology file too big for its limits, or bad anywhere, changes nothing and names the field', async ({
  page,
}, info) => {
  const errors = collectPageErrors(page);
  await openConfig(page, '/?v=2&alg=noc-scatter&method=constructive&seed=1', 30_000);
  const before = page.url();
  const input = page.getByTestId('noc-topology-file');
  const ring = '[[0,1],[1,2],[2,3],[3,4],[4,5],[5,6],[6,7],[7,0]]';
  for (const [text, message] of [
    [
      `{"routers": 4000000000, "links": ${ring}}`,
      '"routers" must be a whole number from 2 to 64; got 4000000000',
    ],
    [
      `{"routers": 8, "links": ${ring}, "processorsPerRouter": 1000000000}`,
      '"processorsPerRouter" must be a whole number from 1 to 4',
    ],
    ['{"routers": 0, "links": []}', '"routers" must be a whole number from 2 to 64; got 0'],
    ['{"routers": 1e15, "links": []}', '"routers" must be a whole number from 2 to 64; got 1000000000000000'],
    [
      `{"routers": 8, "links": ${ring}, "processorsPerRouter": 0}`,
      '"processorsPerRouter" must be a whole number from 1 to 4; got 0',
    ],
    ['null', 'a topology file is a JSON object'],
  ]) {
    await input.setInputFiles({ name: 't.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect(page.getByTestId('noc-topology-error')).toContainText(`t.json: ${message}`);
    expect(page.url(), text).toBe(before);
  }
  // 51 MB of links: refused by its size, before a byte of it is read.
  const big = info.outputPath('links.json');
  const fd = openSync(big, 'w');
  writeSync(fd, '{"routers": 8, "links": [');
  ftruncateSync(fd, 51_000_000);
  closeSync(fd);
  await input.setInputFiles(big);
  await expect(page.getByTestId('noc-topology-error')).toContainText(
    'links.json is 51 MB; a topology file may be at most 1 MB',
  );
  expect(page.url()).toBe(before);
  await expect(page.getByTestId('noc-view')).toBeVisible();
  await expect(page.getByTestId('boundary')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the Fig. 3 scene shows 5 steps with exactly one longer route, and says so', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=noc-scatter&seed=1', 30_000);
  await page.getByTestId('scenes').selectOption('noc-fig3');
  await expect(page.getByTestId('variant')).toContainText(
    'exact: 5 steps, the lower bound: optimal; 1 longer route, the fewest any such schedule has',
    { timeout: 90_000 },
  );
  await expect(page.getByTestId('narration')).toContainText('In 5 steps');
  await shot(page, 'noc-fig3-scene');
});

test('a new NoC link draws a fresh seed and writes it into the link; a shared link keeps its seed', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=noc-scatter&method=constructive', 30_000);
  await expect(page).toHaveURL(/[?&]seed=\d+/);
  const drawn = new URL(page.url()).searchParams.get('seed');
  await openConfig(page, '/?v=2&alg=noc-scatter&method=constructive&seed=4242', 30_000);
  await expect(page).toHaveURL(/[?&]seed=4242(&|$)/);
  // Reopening the link the page wrote shows the same seed, so the same schedule.
  await openConfig(page, `/?v=2&alg=noc-scatter&method=constructive&seed=${drawn}`, 30_000);
  await expect(page).toHaveURL(new RegExp(`[?&]seed=${drawn}(&|$)`));
});
