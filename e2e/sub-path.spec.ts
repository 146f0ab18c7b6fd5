import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import { collectPageErrors, openConfig } from './fixtures';

// The built app from a sub-path of a server (a course page's folder): its assets, its workers and the
// links it writes must all be relative to where it is, not to the server's root.

const PREFIX = '/course/week-3/lab/';
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

let server: Server;
let origin = '';

test.beforeAll(async () => {
  const root = join(process.cwd(), 'dist');
  server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (!path.startsWith(PREFIX)) {
      res.writeHead(404).end();
      return;
    }
    let file = normalize(join(root, path.slice(PREFIX.length)));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('the built app runs from a sub-path: assets, workers and links stay under it', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(origin) && !new URL(r.url()).pathname.startsWith(PREFIX)) outside.push(r.url());
  });
  const errors = collectPageErrors(page);
  await openConfig(page, `${origin}${PREFIX}?v=2&alg=ring-allgather&nodes=8&wavelengths=4`);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`${PREFIX.replace(/\//g, '\\/')}\\?.*step=1`));
  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
});
