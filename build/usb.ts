import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * The USB build: the app as files that open from a folder (file://), with no server and no network.
 * From file:// Chromium refuses module scripts loaded by URL, stylesheets and fonts asked for with
 * CORS, any fetch, workers started from file: URLs and module workers from Blob URLs. So this build
 * puts the page's script and style sheet inside index.html, inlines the formula fonts and starts
 * classic workers from Blob URLs (see vite.usb.config.ts): index.html is the whole app. These
 * helpers are pure, for the tests.
 */

/** A script's text made safe inside an HTML script element: no "</script" or "<!--" to end it early. */
export function scriptSafe(code: string): string {
  // "\x3C" is "<" in every place JavaScript may contain these sequences (strings, templates,
  // regular expressions, comments).
  return code.replace(/<(\/script|!--)/gi, '\\x3C$1');
}

/** The base64 SHA-256 of a script or style element's text, as a CSP source (`'sha256-…'`). */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The served page's policy, changed for the USB page: its inline script and style sheet (by hash,
 * nothing else inline), workers from Blob URLs, and HiGHS's WebAssembly (a Blob worker inherits
 * this policy) read from a data: URL.
 */
export function usbPolicy(served: string, hashes: { scripts: string[]; styles: string[] }): string {
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
  set('script-src', [...hashes.scripts, "'wasm-unsafe-eval'"]);
  set('worker-src', ['blob:']);
  // HiGHS fetches its WebAssembly from the data: URL the build made of it.
  set('connect-src', ["'self'", 'data:']);
  set('style-src', hashes.styles.length ? hashes.styles : ["'none'"]);
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

/**
 * The page with the stylesheet link to `fileName` replaced by a style element that contains `css`
 * (from file:// a stylesheet asked for with CORS, as Vite's links are, does not load). Throws when
 * there is no such link.
 */
export function inlineStylesheet(html: string, fileName: string, css: string): string {
  const tag = new RegExp(
    `<link\\b[^>]*\\brel="stylesheet"[^>]*\\bhref="(?:\\./)?${escapeRegExp(fileName)}"[^>]*>`,
  );
  if (!tag.test(html)) throw new Error(`The page has no stylesheet link for ${fileName}`);
  return html.replace(tag, () => `<style>${css}</style>`);
}

/** A style sheet's text made safe inside an HTML style element ("\\/" is "/" in CSS). */
export function styleSafe(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}

/**
 * A style sheet without the fonts' fallback formats: KaTeX lists woff2, woff and ttf for each font
 * and every browser that runs the app takes woff2, which the USB build inlines. The others would be
 * files beside the page that nothing reads.
 */
export function withoutFontFallbacks(css: string): string {
  return css.replace(/,\s*url\((?!["']?data:)[^)]*\)\s*format\(["'](?:woff|truetype)["']\)/g, '');
}

/** The page's Content-Security-Policy meta element given a new policy. */
export function withPolicy(html: string, policy: string): string {
  const meta = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/;
  if (!meta.test(html)) throw new Error('The page has no Content-Security-Policy meta element');
  return html.replace(meta, (_, start: string, end: string) => `${start}${policy}${end}`);
}

/**
 * Vite plugin: makes index.html the whole app. Each entry chunk's code goes inside it as an inline
 * module script, each style sheet as a style element (without the fonts' fallback files), the page's
 * policy allows exactly those, and every file the page no longer names is dropped. Expects one chunk
 * (no code splitting) and inlined fonts.
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
        const hashes = { scripts: [] as string[], styles: [] as string[] };
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk') {
            if (!file.isEntry)
              throw new Error(`The USB build must be one chunk; ${file.fileName} is not an entry`);
            const code = scriptSafe(file.code);
            html = inlineScript(html, file.fileName, code);
            hashes.scripts.push(cspHash(code));
          } else if (file.fileName.endsWith('.css')) {
            const css = styleSafe(withoutFontFallbacks(String(file.source)));
            const named = /url\((?!["']?data:)[^)]*\)/.exec(css);
            if (named) throw new Error(`The USB page's style sheet still names a file: ${named[0]}`);
            html = inlineStylesheet(html, file.fileName, css);
            hashes.styles.push(cspHash(css));
          }
        }
        page.source = withPolicy(html, usbPolicy(servedPolicy, hashes));
        for (const name of Object.keys(bundle)) {
          if (name !== 'index.html' && !html.includes(name)) delete bundle[name];
        }
      },
    },
  };
}
