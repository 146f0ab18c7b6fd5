import { mergeConfig } from 'vite';
import served, { CONTENT_SECURITY_POLICY } from './vite.config.ts';
import { usbPage } from './build/usb.ts';

/**
 * `npm run build:usb`: the app in dist-usb/, to open from a folder or a USB stick (file://) with no
 * server and no network. The same code as the served build; what differs is how it is packed
 * (docs/architecture.md, "Builds"):
 * - every `?worker` import becomes `?worker&inline`: the worker's code is inside the page's script
 *   and each worker (the visualizer's and the pool's) starts from a Blob URL;
 * - no code splitting (page and worker are one chunk each), the page's script and style sheet
 *   inside index.html, which is then the whole app (build/usb.ts);
 * - KaTeX's fonts (woff2) inline in the style sheet, HiGHS's WebAssembly inline in the worker;
 * - mode 'usb', read by app/worker/highsRuntime.ts.
 */
export default mergeConfig(served, {
  mode: 'usb',
  resolve: { alias: [{ find: /^(.+\.worker)\?worker$/, replacement: '$1?worker&inline' }] },
  // Chromium starts no module worker from a Blob URL of a file:// page; a classic one it does.
  worker: { format: 'iife' },
  plugins: [usbPage(CONTENT_SECURITY_POLICY)],
  build: {
    outDir: 'dist-usb',
    sourcemap: false,
    // KaTeX's stylesheet lists woff2, woff and ttf for each font; the browser takes the first.
    // HiGHS's reference to its WebAssembly becomes a data: URL, which its loader fetches.
    assetsInlineLimit: (file: string) => file.endsWith('.woff2') || file.endsWith('.wasm'),
    chunkSizeWarningLimit: 10_000,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
