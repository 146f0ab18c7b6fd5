import type { Theme } from './colors';

/**
 * The colours only the page's HTML uses (borders, raised and inverted grounds, the four kinds of
 * notice), one set per theme, beside the tokens the pictures share (app/lib/colors.ts). Each is a
 * Tailwind colour of the same name (app/themes.css): `border-border`, `bg-inverse`, `text-danger`,
 * `bg-danger-soft`… A notice's text colour reads at 4.5:1 or more on its soft ground and on the page.
 */
export const PANEL_TOKEN_NAMES = [
  'border',
  'divider',
  'inverse',
  'danger',
  'danger-soft',
  'warn',
  'warn-soft',
  'ok',
  'ok-soft',
  'info',
  'info-soft',
  'highlight-soft',
  'focus',
] as const;
export type PanelTokenName = (typeof PANEL_TOKEN_NAMES)[number];

export const PANEL_TOKENS: Record<Theme, Record<PanelTokenName, string>> = {
  light: {
    border: '#cbd5e1',
    divider: '#e2e8f0',
    inverse: '#1e293b',
    danger: '#b91c1c',
    'danger-soft': '#fef2f2',
    warn: '#92400e',
    'warn-soft': '#fffbeb',
    ok: '#047857',
    'ok-soft': '#ecfdf5',
    info: '#1d4ed8',
    'info-soft': '#f0f9ff',
    'highlight-soft': '#fdf2f8',
    focus: '#1d4ed8',
  },
  dark: {
    border: '#475569',
    divider: '#334155',
    inverse: '#f1f5f9',
    danger: '#fca5a5',
    'danger-soft': '#450a0a',
    warn: '#fde68a',
    'warn-soft': '#451a03',
    ok: '#6ee7b7',
    'ok-soft': '#022c22',
    info: '#93c5fd',
    'info-soft': '#082f49',
    'highlight-soft': '#500724',
    focus: '#93c5fd',
  },
  // Black grounds, white lines; the notices keep their hue in a bright shade on black.
  contrast: {
    border: '#ffffff',
    divider: '#a3a3a3',
    inverse: '#ffffff',
    danger: '#fca5a5',
    'danger-soft': '#000000',
    warn: '#fcd34d',
    'warn-soft': '#000000',
    ok: '#6ee7b7',
    'ok-soft': '#000000',
    info: '#93c5fd',
    'info-soft': '#000000',
    'highlight-soft': '#000000',
    focus: '#ffd700',
  },
};
