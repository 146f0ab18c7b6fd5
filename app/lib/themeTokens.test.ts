import { describe, expect, it } from 'vitest';
import { contrastRatio, THEMES, themeTokens, TOKEN_NAMES } from './colors';

/**
 * The panels are themed by semantic tokens only: app/themes.css turns each token (--oc-<name>, set
 * per theme from app/lib/colors.ts) into a Tailwind colour of the same name and switches Tailwind's
 * own palette off, so a class that names a hue (bg-slate-800, text-red-700) would paint nothing.
 * These checks keep a hue remap out of themes.css and a hue class out of the components.
 */
// Read from the disk: Vitest hands a test an empty string for any .css it imports.
const fs = (await import('node:fs' as string)) as { readFileSync(file: URL, encoding: 'utf8'): string };
const CSS: Record<string, string> = Object.fromEntries(
  ['themes.css', 'styles.css'].map((f) => [
    `/app/${f}`,
    fs.readFileSync(new URL(`../${f}`, import.meta.url), 'utf8'),
  ]),
);
const SOURCES = import.meta.glob(['/app/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const PALETTE_HUES =
  'white|black|slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose';
const UTILITIES = 'bg|text|border|ring|outline|fill|stroke|divide|decoration|accent|from|via|to|shadow|caret';
/** A Tailwind class that names a palette hue: `bg-slate-800`, `hover:text-red-700`, `bg-white/90`. */
const HUE_CLASS = new RegExp(
  `(?<![\\w-])(?:${UTILITIES})-(?:${PALETTE_HUES})(?:-\\d{2,3})?(?:/\\d+)?(?![\\w-])`,
  'g',
);

/** Every custom property a stylesheet defines (`--name:`), with its value. */
const definitions = (css: string) =>
  [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--[\w-]+\*?)\s*:\s*([^;]+);/g)].map((m) => ({
    name: m[1],
    value: m[2].trim(),
  }));

describe('panel colours are semantic tokens', () => {
  it('finds the stylesheets and sources, and sees a hue where there is one', () => {
    expect(CSS['/app/themes.css']).toContain('@theme');
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    const seen = 'rounded bg-slate-800 px-2 hover:text-red-700 bg-white/90 text-muted bg-danger-soft'.match(
      HUE_CLASS,
    );
    expect(seen).toEqual(['bg-slate-800', 'text-red-700', 'bg-white/90']);
  });

  it('themes.css defines each token as the Tailwind colour of its name, switches the palette off, and remaps no hue', () => {
    const defs = definitions(CSS['/app/themes.css']);
    expect(defs[0]).toEqual({ name: '--color-*', value: 'initial' });
    const colours = defs.slice(1);
    expect(colours.map((d) => d.name)).toEqual(TOKEN_NAMES.map((t) => `--color-${t}`));
    for (const d of colours) expect(d.value).toBe(d.name.replace('--color-', 'var(--oc-') + ')');
  });

  it('no stylesheet defines a colour variable outside the tokens', () => {
    const allowed = new Set(['--color-*', ...TOKEN_NAMES.map((t) => `--color-${t}`)]);
    for (const [file, css] of Object.entries(CSS))
      for (const d of definitions(css))
        if (d.name.startsWith('--color-') || d.name.startsWith('--oc-'))
          expect(allowed.has(d.name), `${file} defines ${d.name}`).toBe(true);
  });

  it('no component names a palette hue in a class: each colour says what it is for', () => {
    const found = Object.entries(SOURCES).flatMap(([file, text]) =>
      [...text.matchAll(HUE_CLASS)].map((m) => `${file}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  it('every notice reads on its soft ground and on the page, in every theme', () => {
    for (const theme of THEMES) {
      const t = themeTokens(theme);
      for (const kind of ['danger', 'warn', 'ok', 'info'] as const) {
        expect(contrastRatio(t[kind], t[`${kind}-soft`]), `${theme} ${kind}`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(t[kind], t.surface), `${theme} ${kind}`).toBeGreaterThanOrEqual(4.5);
      }
      // Text on the raised panel, and the ground's colour on the inverted one (a selected button).
      expect(contrastRatio(t.muted, t.panel), theme).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(t.surface, t.inverse), theme).toBeGreaterThanOrEqual(7);
      expect(contrastRatio(t.focus, t.surface), theme).toBeGreaterThanOrEqual(3);
    }
  });
});
