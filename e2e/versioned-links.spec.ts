import { expect, test } from './shared-page';
import { openConfig } from './fixtures';

// Versioned links (v=2, migrated from v=1) and hide= for embedding.

test('a v=1 link opens as before: view=ring is the network pane, no notice, and the link is written as v=2', async ({
  page,
}) => {
  await openConfig(page, '/?v=1&alg=star-gossip&nodes=10&wavelengths-per-node=2&step=1&view=ring');
  await expect(page.getByTestId('star-view')).toBeVisible();
  await expect(page.getByTestId('detail-holdings')).toHaveCount(0);
  await expect(page.getByTestId('notice')).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]v=2&/);
  await expect(page).toHaveURL(/[?&]view=network(&|$)/);
});

test('hide=header,params,side shows the network and the timeline only; notices and keys still work', async ({
  page,
}) => {
  await page.goto(
    '/?v=2&alg=ring-allgather&nodes=8&wavelengths=0&step=0&view=network&hide=header,params,side',
  );
  const ring = page.getByTestId('ring-view');
  await expect(ring).toBeVisible();
  await expect(page.getByTestId('timeline')).toBeVisible();
  await expect(page.getByTestId('result-status')).toHaveCount(0);
  await expect(page.getByTestId('param-panel')).toHaveCount(0);
  await expect(page.getByTestId('narration')).toHaveCount(0);
  // A bad value is still reported: hiding never hides what a link dropped.
  await expect(page.getByTestId('notice')).toContainText('wavelengths');
  await page.keyboard.press('ArrowRight');
  await expect(ring).toHaveAttribute('data-step', '1');
  await expect(page).toHaveURL(/[?&]hide=header%2Cparams%2Cside(&|$)/);
  await page.screenshot({ path: 'e2e/screenshots/embed-hide.png' });
});
