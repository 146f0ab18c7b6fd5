import { paletteTheme, type Theme } from '../../lib/colors';
import { shadeIndex } from './meshImage';

/** Optical link kind (src/families/mesh/geometry.ts). */
export const OPTICAL = 4;
/**
 * Partial-result shades: nine from an empty partial (the ground's end, pale) to the complete result
 * (deep green), per theme, as red, green and blue.
 */
const SHADE_RGB_OF = Object.fromEntries(
  (
    [
      ['light', [241, 245, 249], [21, 128, 61]],
      ['dark', [30, 41, 59], [74, 222, 128]],
      ['contrast', [38, 38, 38], [134, 239, 172]],
    ] as const
  ).map(([theme, from, to]) => [
    theme,
    Array.from({ length: 9 }, (_, i) =>
      [0, 1, 2].map((c) => Math.round(from[c] + ((to[c] - from[c]) * i) / 8)),
    ),
  ]),
) as Record<Theme, number[][]>;
const SHADES_OF = Object.fromEntries(
  Object.entries(SHADE_RGB_OF).map(([theme, rgbs]) => [
    theme,
    rgbs.map(([r, g, b]) => `rgb(${r},${g},${b})`),
  ]),
) as Record<Theme, string[]>;
/** The theme's nine shades as CSS colours, and as red, green and blue (the image's pixels). */
export const shades = () => SHADES_OF[paletteTheme()];
export const shadeRgbs = () => SHADE_RGB_OF[paletteTheme()];
export const shade = (frac: number) => shades()[shadeIndex(frac)];
/** Electronic links are drawn in the theme's accent token (COLORS.accent). */
export const OPTICAL_COLOUR = '#d97706';
/** EDN levels' corner marks, from level 1 up: further from the ground the higher the level. */
const EDN_MARKS: Record<Theme, string[]> = {
  light: ['', '#94a3b8', '#64748b', '#475569', '#334155', '#1e293b'],
  dark: ['', '#475569', '#64748b', '#94a3b8', '#cbd5e1', '#f1f5f9'],
  contrast: ['', '#737373', '#a3a3a3', '#d4d4d4', '#e5e5e5', '#ffffff'],
};
export const ednMarks = () => EDN_MARKS[paletteTheme()];
