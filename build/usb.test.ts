import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cspHash,
  inlineScript,
  inlineStylesheet,
  scriptSafe,
  styleSafe,
  usbPolicy,
  withoutFontFallbacks,
  withPolicy,
} from './usb';

const PAGE = `<!doctype html>
<html>
  <head>
    <meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;; script-src &#39;self&#39;">
    <script type="module" crossorigin src="./assets/index-AbC.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/index-XyZ.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('the USB page', () => {
  it('keeps a script from ending its element early, without changing what the script means', () => {
    const code = 'const a = "</script><!-- x", b = `</SCRIPT>`, c = /<\\/script>/;';
    const safe = scriptSafe(code);
    expect(safe).not.toMatch(/<\/script|<!--/i);
    // Evaluated, the strings are the same as before.
    const run = (js: string) => new Function(`${js}; return [a, b, c.source];`)() as string[];
    expect(run(safe)).toEqual(run(code));
  });

  it('replaces the entry script element by one that contains the code, "$" patterns included', () => {
    const code = 'console.log("$& $1 $$")';
    const html = inlineScript(PAGE, 'assets/index-AbC.js', code);
    expect(html).toContain(`<script type="module">${code}</script>`);
    expect(html).not.toContain('index-AbC.js');
    expect(() => inlineScript(PAGE, 'assets/other.js', code)).toThrow(/no script element/);
  });

  it('replaces the stylesheet link by a style element with the style sheet', () => {
    const html = inlineStylesheet(PAGE, 'assets/index-XyZ.css', 'a::after{content:"$&"}');
    expect(html).toContain('<style>a::after{content:"$&"}</style>');
    expect(html).not.toContain('index-XyZ.css');
    expect(html).toContain('<script type="module" crossorigin'); // only the stylesheet is touched
    expect(() => inlineStylesheet(PAGE, 'assets/other.css', '')).toThrow(/no stylesheet link/);
    expect(styleSafe('a::before{content:"</style>"}')).toBe('a::before{content:"<\\/style>"}');
  });

  it('keeps only the inlined woff2 of each font, not the fallback files', () => {
    const css =
      '@font-face{font-family:KaTeX_Main;src:url(data:font/woff2;base64,d09G) format("woff2"),' +
      'url(./KaTeX_Main-Regular-Dr94JaBh.woff)format("woff"),url(./KaTeX_Main-Regular-ypZvNtVU.ttf) format("truetype")}' +
      '.x{background:url(./picture.png)}';
    expect(withoutFontFallbacks(css)).toBe(
      '@font-face{font-family:KaTeX_Main;src:url(data:font/woff2;base64,d09G) format("woff2")}' +
        '.x{background:url(./picture.png)}',
    );
  });

  it('allows exactly its inline script and style sheet, Blob workers and WebAssembly from a data: URL', () => {
    const served =
      "default-src 'self'; script-src 'self'; worker-src 'self'; connect-src 'self'; style-src 'self'; " +
      "style-src-attr 'unsafe-inline'; object-src 'none'";
    const policy = usbPolicy(served, { scripts: ["'sha256-abc='"], styles: ["'sha256-def='"] });
    expect(policy).toBe(
      "default-src 'self'; script-src 'sha256-abc=' 'wasm-unsafe-eval'; worker-src blob:; " +
        "connect-src 'self' data:; style-src 'sha256-def='; style-src-attr 'unsafe-inline'; object-src 'none'",
    );
    expect(policy).not.toMatch(/(script|style)-src [^;]*unsafe-inline|'unsafe-eval'/);
    // Directives the served policy lacks are added; no style sheet, no style element allowed.
    expect(usbPolicy("default-src 'self'", { scripts: [], styles: [] })).toBe(
      "default-src 'self'; script-src 'wasm-unsafe-eval'; worker-src blob:; connect-src 'self' data:; style-src 'none'",
    );
  });

  it('hashes the script as the browser does (SHA-256 of its text, base64)', () => {
    const text = 'console.log("é")';
    const expected = createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64');
    expect(cspHash(text)).toBe(`'sha256-${expected}'`);
    expect(cspHash(text)).not.toBe(cspHash(`${text} `));
  });

  it('writes the new policy into the page’s meta element', () => {
    const html = withPolicy(PAGE, "script-src 'sha256-x='");
    expect(html).toContain('content="script-src \'sha256-x=\'"');
    expect(() => withPolicy('<html></html>', 'x')).toThrow(/no Content-Security-Policy/);
  });
});
