import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cspHash, inlineScript, scriptSafe, usbPolicy, withPolicy, withoutCorsStylesheets } from './usb';

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

  it('asks for the stylesheet without CORS, which file: URLs cannot answer', () => {
    const html = withoutCorsStylesheets(PAGE);
    expect(html).toContain('<link rel="stylesheet" href="./assets/index-XyZ.css">');
    expect(html).toContain('<script type="module" crossorigin'); // only stylesheets are touched
  });

  it('allows exactly its inline script, Blob workers and WebAssembly from a data: URL', () => {
    const served =
      "default-src 'self'; script-src 'self'; worker-src 'self'; connect-src 'self'; object-src 'none'";
    const policy = usbPolicy(served, ["'sha256-abc='"]);
    expect(policy).toBe(
      "default-src 'self'; script-src 'sha256-abc=' 'wasm-unsafe-eval'; worker-src blob:; " +
        "connect-src 'self' data:; object-src 'none'",
    );
    expect(policy).not.toMatch(/unsafe-inline|'unsafe-eval'/);
    // Directives the served policy lacks are added.
    expect(usbPolicy("default-src 'self'", [])).toBe(
      "default-src 'self'; script-src 'wasm-unsafe-eval'; worker-src blob:; connect-src 'self' data:",
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
