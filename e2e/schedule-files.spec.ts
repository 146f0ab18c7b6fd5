import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { scheduleJsonChunks } from '../src/kernel/format/schedule-export';
import type { LinkJson } from '../src/kernel/format/schedule-json';
import { defaultsOf } from '../src/kernel/params/schema';
import { CLI_LIMITS } from '../src/limits';
import { findAlgorithm } from '../src/registry';
import { run } from '../src/run';
import { collectPageErrors, openConfig } from './fixtures';
import { oneTransferSchedule } from '../src/interop/fixtures/one-transfer-schedule';

// Schedules from files: opened with the picker or dropped, verified by the same verifier, drawn,
// stepped and narrated; violations listed and found on the picture; the link reopens the file.

function scheduleText(id: string, extra: Record<string, number | string>): string {
  const r = run(id, { ...defaultsOf(findAlgorithm(id)!.params), ...extra }, CLI_LIMITS);
  return [...scheduleJsonChunks(r)].join('');
}

async function open(page: Page, name: string, text: string) {
  await page.getByTestId('open-schedule-input').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
}

test('a file opens verified, steps and narrates; its link reopens it; closing returns to the algorithm', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  await open(page, 'ne6.json', scheduleText('neighbor-exchange', { nodes: 6 }));
  await expect(page.getByTestId('file-name')).toHaveText('ne6.json');
  await expect(page.getByTestId('file-verdict')).toHaveText(/verified/);
  // The file's network is a WDM ring: drawn by the ring view, its routes as arcs again.
  await expect(page.getByTestId('ring-view')).toBeVisible();
  await expect(page).toHaveURL(/[?&]file=[0-9a-f]{14}(&|$)/);
  await expect(page.getByTestId('narration')).toContainText(
    'from the file ne6.json (made by neighbor-exchange)',
  );
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '1');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-lightpaths', '6');
  await expect(page.getByTestId('narration')).toContainText('Step 1 of 3');
  await expect(page.getByTestId('narration')).toContainText('Afterwards every node holds 2 of 6 blocks');
  await page.screenshot({ path: 'e2e/screenshots/schedule-file.png' });

  // The link reopens the file from this browser's store (once the step is in it: steps are written
  // to the address bar a moment later).
  await expect(page).toHaveURL(/[?&]step=1(&|$)/);
  await page.goto(page.url());
  await expect(page.getByTestId('file-name')).toHaveText('ne6.json');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '1');

  await page.getByTestId('close-file').click();
  await expect(page.getByTestId('param-panel')).toBeVisible();
  await expect(page.getByTestId('algorithm')).toHaveValue('ring-allgather');
  await expect(page.getByTestId('narration')).toContainText(
    'Ring all-gather will give every node every block',
  );
  await expect(page).not.toHaveURL(/file=/);
});

test('a schedule that breaks the rules lists its violations; a click goes to the step and rings the nodes', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  const doc = JSON.parse(scheduleText('ring-allgather', { nodes: 6 }));
  // In step 2, node 0 sends block 3, which it does not hold yet.
  doc.steps[1].transfers[0].blocks = [3];
  await open(page, 'broken.json', JSON.stringify(doc));
  await expect(page.getByTestId('file-verdict')).toHaveText(/violation/);
  const first = page.getByTestId('violation').first();
  await expect(first).toContainText('step 2');
  await first.click();
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '2');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-highlighted', '0,1');
  await page.screenshot({ path: 'e2e/screenshots/schedule-file-violations.png' });
});

test('a bad file gets the message the command line prints, and the last result stays', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  await open(
    page,
    'bad.json',
    JSON.stringify({ format: 'optical-collectives/schedule-v1', collective: 'allsort' }),
  );
  await expect(page.getByTestId('notice')).toContainText('bad.json was not opened');
  await expect(page.getByTestId('notice')).toContainText('bad.json: collective must be one of');
  await expect(page.getByTestId('ring-view')).toBeVisible();
  await expect(page).toHaveURL(/alg=ring-allgather&nodes=8/);
  await expect(page).not.toHaveURL(/file=/);
});

test('a file that cannot be read after a good one changes nothing: the picture, the panel and the link stay', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  await open(page, 'ne6.json', scheduleText('neighbor-exchange', { nodes: 6 }));
  await expect(page.getByTestId('file-name')).toHaveText('ne6.json');
  await expect(page).toHaveURL(/[?&]file=[0-9a-f]{14}(&|$)/);
  const good = page.url();
  await open(page, 'broken.json', '{"format": "optical-collectives/sched');
  await expect(page.getByTestId('notice')).toContainText('broken.json was not opened');
  await expect(page.getByTestId('notice')).toContainText('broken.json is not JSON');
  await expect(page.getByTestId('file-name')).toHaveText('ne6.json');
  await expect(page.getByTestId('ring-view')).toBeVisible();
  expect(page.url()).toBe(good);
  // A topology file given here is named for what it is, and changes nothing either.
  await open(page, 'ring4.json', '{"routers": 4, "links": [[0, 1], [1, 2], [2, 3], [3, 0]]}');
  await expect(page.getByTestId('notice').last()).toContainText(
    'ring4.json is a NoC topology file (JSON: routers and links), not a schedule file',
  );
  expect(page.url()).toBe(good);
});

test('sizes are checked before reading: a 300 MB file and one of 4,194,304 processors are refused with the limits', async ({
  page,
}, info) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  const before = page.url();
  const big = info.outputPath('big.json');
  const fd = openSync(big, 'w');
  writeSync(fd, '{"format": "optical-collectives/schedule-v1", "notes": "');
  ftruncateSync(fd, 300_000_000); // sparse: nothing is written to disk
  closeSync(fd);
  await page.getByTestId('open-schedule-input').setInputFiles(big);
  await expect(page.getByTestId('notice')).toContainText(
    "big.json is 300 MB; the browser reads schedule files of at most 250 MB; the command line's check reads up to 800 MB",
  );
  await expect(page.getByTestId('file-progress')).toHaveCount(0);
  await open(page, 'wide.json', oneTransferSchedule(4_194_304));
  await expect(page.getByTestId('notice').last()).toContainText(
    "wide.json: nodes must be at most 65536 (the browser shows files of at most 65,536 processors; the command line's check reads up to 4,194,304)",
  );
  expect(page.url()).toBe(before);
  await expect(page.getByTestId('ring-view')).toBeVisible();
});

test('a file of 65,536 processors opens, drawn as a graph whose processors form a band', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  await open(page, 'wide.json', oneTransferSchedule(65_536));
  await expect(page.getByTestId('file-name')).toHaveText('wide.json');
  await expect(page.getByTestId('graph-view')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('graph-view')).toHaveAttribute('data-step', '1');
  await page.screenshot({ path: 'e2e/screenshots/schedule-file-65536.png' });
});

test('a big file shows how far it has been read, then opens', async ({ page }) => {
  test.setTimeout(180_000); // three paced pieces, parsed and verified on a shared machine
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  // Pieces of 4 MiB with a pause between them, so the line can be seen on any machine.
  await page.evaluate(() =>
    (window as unknown as { __ocl: { paceWorker(ms: number): void } }).__ocl.paceWorker(400),
  );
  const doc = JSON.parse(scheduleText('neighbor-exchange', { nodes: 6 }));
  doc.notes = 'x'.repeat(9_000_000);
  await open(page, 'notes.json', JSON.stringify(doc));
  const line = page.getByTestId('file-progress');
  await expect(line).toContainText(/Reading notes\.json: [\d.]+ MB of 9 MB \(\d+%\)/);
  await page.screenshot({ path: 'e2e/screenshots/schedule-file-progress.png' });
  await expect(page.getByTestId('file-name')).toHaveText('notes.json', { timeout: 120_000 });
  await expect(line).toHaveCount(0);
});

test('a damaged copy in this browser’s store is called damaged, not a crash', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const req = indexedDB.open('optical-collectives-lab', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('schedule-files');
        req.onsuccess = () => {
          const tx = req.result.transaction('schedule-files', 'readwrite');
          tx.objectStore('schedule-files').put({ name: 'x.json', text: null }, '0123456789abcd');
          tx.oncomplete = () => done();
        };
      }),
  );
  await page.goto('/?v=2&alg=ring-allgather&nodes=8&file=0123456789abcd');
  await expect(page.getByTestId('run-error')).toContainText(
    'The copy of the schedule file 0123456789abcd kept in this browser is damaged: open the file again',
  );
  await expect(page.getByText(/Cannot read properties/)).toHaveCount(0);
});

test('a link to a file this browser has not kept says how to see it', async ({ page }) => {
  await page.goto('/?v=2&alg=ring-allgather&nodes=8&file=00112233445566');
  await expect(page.getByTestId('run-error')).toContainText('has not kept: open the file here');
  await expect(page.getByTestId('file-panel')).toBeVisible();
});

test('a star from a file is drawn by the star view; a network the app does not know, as a graph', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  const gossip = scheduleText('star-gossip', { nodes: 10, 'wavelengths-per-node': 2 });
  await open(page, 'gossip.json', gossip);
  await expect(page.getByTestId('file-verdict')).toHaveText(/verified/);
  await expect(page.getByTestId('star-view')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('narration')).toContainText('transmissions on');
  // One more channel on one link: no model's network any more.
  const doc = JSON.parse(gossip);
  doc.links[0].channels += 1;
  await open(page, 'odd.json', JSON.stringify(doc));
  await expect(page.getByTestId('file-name')).toHaveText('odd.json');
  await expect(page.getByTestId('graph-view')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  // Said in general terms: a graph's transfers, on channels.
  await expect(page.getByTestId('narration')).toContainText('transfers on');
});

test('a circuit-switch file is drawn by the circuit view, its configurations read off its links', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  await open(page, 'retri27.json', scheduleText('retri', { nodes: 27, reconfigure: '0,1,0' }));
  await expect(page.getByTestId('file-verdict')).toHaveText(/verified/);
  await expect(page.getByTestId('circuit-view')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('narration')).toContainText('Step 2 of 3');
  await page.screenshot({ path: 'e2e/screenshots/schedule-file-circuit.png' });
  await expect(page.getByText(/went wrong|failed to draw/i)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a file is held to the model it names: a YX route in an OTIS-Mesh file is a violation that says XY', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  const doc = JSON.parse(
    scheduleText('mesh-allreduce', { side: 4, method: 'direct', ports: 'all', root: 5 }),
  ) as {
    links: LinkJson[];
    steps: { transfers: { from: number; to: number[]; path: number[] }[] }[];
  };
  const link = (a: number, b: number) => doc.links.findIndex((l) => l.from === a && l.to === b);
  // Processor 15 (row 3, column 3) to the root 5 (row 1, column 1): XY goes west then north; YX north first.
  const t = doc.steps.flatMap((s) => s.transfers).find((x) => x.from === 15 && x.to[0] === 5)!;
  t.path = [link(15, 11), link(11, 7), link(7, 6), link(6, 5)];
  // And a link the 4 × 4 mesh does not have: a diagonal, 0 → 5.
  doc.links.push({
    id: doc.links.length,
    from: 0,
    to: 5,
    kind: 'diagonal',
    channels: 1,
    sharing: 'exclusive',
  });
  await open(page, 'yx.json', JSON.stringify(doc));
  await expect(page.getByTestId('file-model')).toContainText('mesh-allreduce on a 4 × 4 mesh');
  await expect(page.getByTestId('file-model')).toContainText('routing: XY inside a group');
  await expect(page.getByTestId('file-verdict')).toHaveText(/violation/);
  await expect(page.getByTestId('violations')).toContainText('a route the model’s routing does not take');
  await expect(page.getByTestId('violations')).toContainText('does not take the XY route');
  // A fault of the file's network is the file's, not the end's.
  await expect(page.getByTestId('violation').last()).toContainText(
    'the file · link 48 (0→5, 1 channel, exclusive) is not a link of mesh-allreduce on a 4 × 4 mesh',
  );
  await page.screenshot({ path: 'e2e/screenshots/schedule-file-model.png' });
});
