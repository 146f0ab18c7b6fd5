import { availableParallelism } from 'node:os';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * The built page's Content-Security-Policy (docs/security.md). Scripts, workers, connections, fonts
 * and styles only from the page's own origin; no inline script and no eval. Two exceptions, both
 * for KaTeX's typeset formulas: style attributes (`style-src-attr 'unsafe-inline'`; no inline style
 * element is allowed) and data: fonts. Not in the dev server, whose hot reload injects inline script.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const contentSecurityPolicy: Plugin = {
  name: 'content-security-policy',
  apply: 'build',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
      injectTo: 'head-prepend',
    },
  ],
};

// One config for the app (Vite) and the unit tests (Vitest).
export default defineConfig({
  plugins: [react(), tailwindcss(), contentSecurityPolicy],
  // Relative asset paths: the built app works from any sub-path of a server (a course page's folder).
  base: './',
  worker: { format: 'es' },
  // Everything is bundled (KaTeX, D3) so the app works offline; one ~800 kB chunk is expected until
  // the builders move out of the main bundle.
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 850 },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts', 'app/**/*.test.ts', 'build/**/*.test.ts'],
    environment: 'node',
    // Every core: Vitest's default keeps one free (numCpus - 1), which on a 2-core CI machine runs the
    // test files one at a time.
    maxWorkers: availableParallelism(),
    // Property tests build and verify many schedules; on a busy 2-core CI machine some take seconds.
    // This is a hang guard, not a speed requirement (speed is measured in bench/).
    testTimeout: 60_000,
  },
});
