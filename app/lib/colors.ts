import { interpolateTurbo, rgb, schemeTableau10 } from 'd3';

/**
 * Colour of wavelength λi among w. Up to ten wavelengths get well-separated categorical colours;
 * more get a spectrum (turbo, trimmed at both ends so no lane is near-black or near-white) in which
 * neighbours also differ in lightness — every other wavelength a shade darker, so λ7 and λ8 stand
 * apart however many there are, while the hue still tells low from high.
 */
export function wavelengthColor(i: number, w: number): string {
  if (w <= 10) return WAVELENGTH_PALETTE[i % WAVELENGTH_PALETTE.length];
  const base = interpolateTurbo(0.08 + (0.84 * i) / Math.max(1, w - 1));
  return i % 2 ? (rgb(base).darker(1.1).formatHex() as string) : rgb(base).formatHex();
}

// Reordered Tableau 10: blue, orange, green, red, purple… (the most distinct first).
const WAVELENGTH_PALETTE = [0, 1, 2, 3, 4, 5, 6, 8, 9, 7].map((k) => schemeTableau10[k]);

export const COLORS = {
  node: '#334155',
  nodeEmpty: '#e2e8f0',
  held: '#475569',
  arrived: '#f59e0b',
  fibre: '#cbd5e1',
  text: '#0f172a',
  muted: '#64748b',
  highlight: '#db2777',
};

/** The nine greys of heldShade, from empty to held (made once: views ask for thousands a frame). */
const HELD_SHADES = Array.from({ length: 9 }, (_, i) => {
  const mix = (a: number, b: number) => Math.round(a + ((b - a) * i) / 8);
  return `rgb(${mix(226, 71)},${mix(232, 85)},${mix(240, 105)})`;
});

/** Grey from empty to held, in eight shades (few distinct fill styles keep drawing fast). */
export function heldShade(frac: number): string {
  return HELD_SHADES[Math.round(Math.min(1, Math.max(0, frac)) * 8)];
}
