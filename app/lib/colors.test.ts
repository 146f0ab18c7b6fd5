import { rgb } from 'd3';
import { describe, expect, it } from 'vitest';
import {
  COLORS,
  contrastRatio,
  heldShade,
  PALETTES,
  setPaletteTheme,
  THEMES,
  themeTokens,
  TOKEN_NAMES,
  wavelengthColor,
} from './colors';

/** Distance between two colours in RGB (0 … 441). */
const distance = (a: string, b: string) => {
  const [x, y] = [rgb(a), rgb(b)];
  return Math.hypot(x.r - y.r, x.g - y.g, x.b - y.b);
};

describe('wavelength colours', () => {
  it('neighbouring wavelengths stay apart however many there are, in every theme', () => {
    for (const theme of THEMES)
      for (const w of [4, 10, 16, 64, 256, 1024]) {
        let nearest = Infinity;
        for (let i = 0; i + 1 < w; i++)
          nearest = Math.min(
            nearest,
            distance(wavelengthColor(i, w, theme), wavelengthColor(i + 1, w, theme)),
          );
        // A plain spectrum of 256 colours puts neighbours about 3 apart; here they differ in lightness.
        expect(nearest, `${theme}, w = ${w}`).toBeGreaterThan(40);
      }
  });

  it('on the dark grounds every lane stands out from the ground', () => {
    for (const theme of ['dark', 'contrast'] as const)
      for (const w of [4, 10, 16, 64, 256, 1024]) {
        const ground = PALETTES[theme].background;
        let worst = Infinity;
        for (let i = 0; i < w; i++)
          worst = Math.min(worst, contrastRatio(wavelengthColor(i, w, theme), ground));
        // 3:1 (WCAG's ratio for graphics) for the ten categorical colours; the darker half of a long
        // spectrum reaches 2.8:1 at worst (a darker step is what keeps neighbours apart).
        expect(worst, `${theme}, w = ${w}`).toBeGreaterThan(w <= 10 ? 3 : 2.8);
      }
  });
});

describe('palettes', () => {
  it('text and secondary text read on the ground of every theme (4.5:1)', () => {
    for (const theme of THEMES) {
      const p = PALETTES[theme];
      expect(contrastRatio(p.text, p.background), theme).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(p.muted, p.background), theme).toBeGreaterThanOrEqual(4.5);
      // Numbers written inside a node's disc.
      expect(contrastRatio(p.onNode, p.node), theme).toBeGreaterThanOrEqual(4.5);
      // Marks and rings (arrived, highlighted) against the ground: 3:1.
      for (const mark of [p.arrived, p.highlight, p.node])
        expect(contrastRatio(mark, p.background), `${theme} ${mark}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('COLORS and heldShade read the theme in force when asked', () => {
    setPaletteTheme('dark');
    expect(COLORS.text).toBe(PALETTES.dark.text);
    expect(rgb(heldShade(1)).formatHex()).toBe(rgb(PALETTES.dark.held).formatHex());
    setPaletteTheme('light');
    expect(COLORS.text).toBe(PALETTES.light.text);
    expect(rgb(heldShade(0)).formatHex()).toBe(rgb(PALETTES.light.nodeEmpty).formatHex());
  });
});

describe('semantic tokens', () => {
  it('name every role once per theme, with the colours the pictures had before the tokens', () => {
    for (const theme of THEMES) {
      const t = themeTokens(theme);
      expect(Object.keys(t)).toEqual([...TOKEN_NAMES]);
      // The NoC's roles, its conflicts and the mesh's electronic links kept their colours in every theme.
      expect([t.sender, t.receiver, t.conflict, t.accent, t.idle]).toEqual([
        '#ea580c',
        '#2563eb',
        '#dc2626',
        '#2563eb',
        '#94a3b8',
      ]);
      expect(t.surface).toBe(PALETTES[theme].background);
      expect(t.link).toBe(PALETTES[theme].fibre);
      expect(contrastRatio(t.text, t.surface)).toBeGreaterThanOrEqual(7);
      expect(contrastRatio(t.muted, t.surface)).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('are what the painters read through COLORS in the theme in force', () => {
    for (const theme of THEMES) {
      setPaletteTheme(theme);
      const t = themeTokens(theme);
      expect([COLORS.sender, COLORS.conflict, COLORS.link, COLORS.text]).toEqual([
        t.sender,
        t.conflict,
        t.link,
        t.text,
      ]);
    }
    setPaletteTheme('light');
  });
});
