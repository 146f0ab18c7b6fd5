import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * The USB build: the app as files that open from a folder (file://), with no server and no network.
 * From file:// Chromium refuses module scripts loaded by URL, stylesheets asked for with CORS, fonts
 * and any fetch, and workers started from file: URLs. So this build puts the page's script inside
 * index.html, loads its stylesheet without CORS, inlines the formula fonts and starts its workers
 * from Blob URLs (see vite.usb.config.ts). These helpers are pure, for the tests.
 */

/** A script's text made safe inside an HTML script element: no "</script" or "<!--" to end it early. */
export function scriptSafe(code: string): string {
  // "\x3C" is "<" in every place JavaScript may contain these sequences (strings, templates,
  // regular expressions, comments).
  return code.replace(/<(\/script|!--)/gi, '\\x3C$1');
}

/** The base64 SHA-256 of a script element's text, as a CSP source (`'sha256-…'`). */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The served page's policy, changed for the USB page: its one inline script (by hash), workers from
 * Blob URLs, and HiGHS's WebAssembly (a Blob worker inherits this policy) read from a data: URL.
 */
export function usbPolicy(served: string, scriptHashes: string[]): string {
  const directives = served
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => d.split(/\s+/));
  const set = (name: string, sources: string[]) => {
    const found = directives.find((d) => d[0] === name);
    if (found) found.splice(1, found.length - 1, ...sources);
    else directives.push([name, ...sources]);
  };
  set('script-src', [...scriptHashes, "'wasm-unsafe-eval'"]);
  set('worker-src', ['blob:']);
  // HiGHS fetches its WebAssembly from the data: URL the build made of it.
  set('connect-src', ["'self'", 'data:']);
  return directives.map((d) => d.join(' ')).join('; ');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The page with the script element that loads `fileName` replaced by one that contains `code`.
 * Throws when there is no such element (the build would otherwise ship a page that does nothing).
 */
export function inlineScript(html: string, fileName: string, code: string): string {
  const tag = new RegExp(`<script\\b[^>]*\\bsrc="(?:\\./)?${escapeRegExp(fileName)}"[^>]*>\\s*</script>`);
  if (!tag.test(html)) throw new Error(`The page has no script element for ${fileName}`);
  // A function as replacement: the code's "$" characters are not patterns.
  return html.replace(tag, () => `<script type="module">${code}</script>`);
}

/** The page with `crossorigin` taken off its stylesheet links (file: URLs cannot answer CORS). */
export function withoutCorsStylesheets(html: string): string {
  return html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (tag) =>
    tag.replace(/\s+crossorigin(="[^"]*")?/, ''),
  );
}

/** The page's Content-Security-Policy meta element given a new policy. */
export function withPolicy(html: string, policy: string): string {
  const meta = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/;
  if (!meta.test(html)) throw new Error('The page has no Content-Security-Policy meta element');
  return html.replace(meta, (_, start: string, end: string) => `${start}${policy}${end}`);
}

/**
 * Vite plugin: puts each entry chunk's code inside index.html as an inline module script, with the
 * page's policy allowing exactly that script. Expects one chunk per entry (no code splitting).
 */
export function usbPage(servedPolicy: string): Plugin {
  return {
    name: 'usb-page',
    apply: 'build',
    enforce: 'post',
    // After Vite's own generateBundle hooks, which still write into the chunks (preload lists).
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const page = bundle['index.html'];
        if (!page || page.type !== 'asset') throw new Error('The USB build found no index.html');
        let html = String(page.source);
        const hashes: string[] = [];
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          if (!chunk.isEntry)
            throw new Error(`The USB build must be one chunk; ${chunk.fileName} is not an entry`);
          const code = scriptSafe(chunk.code);
          html = inlineScript(html, chunk.fileName, code);
          hashes.push(cspHash(code));
          delete bundle[chunk.fileName];
        }
        page.source = withPolicy(withoutCorsStylesheets(html), usbPolicy(servedPolicy, hashes));
      },
    },
  };
}
