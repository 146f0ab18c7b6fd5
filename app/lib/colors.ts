import { interpolateTurbo, rgb, schemeTableau10 } from 'd3';
import { PANEL_TOKEN_NAMES, PANEL_TOKENS } from './panelColors';

/**
 * The colours of the pictures drawn on canvas (and of the few SVG and HTML swatches that must match
 * them), one palette per theme. Canvas cannot read CSS variables, so the views read these at paint
 * time — `COLORS.text`, `heldShade`, `wavelengthColor` — from the theme now in force, and repaint
 * when it changes (`usePalette` in their drawing effects). See docs/accessibility.md, "Themes".
 */
export type Theme = 'light' | 'dark' | 'contrast';
export const THEMES: readonly Theme[] = ['light', 'dark', 'contrast'];

type Rgb = readonly [number, number, number];

export interface Palette {
  /** The page's ground behind every canvas (the pictures are transparent). */
  background: string;
  text: string;
  /** Secondary text: captions, tick labels. */
  muted: string;
  node: string;
  nodeEmpty: string;
  held: string;
  arrived: string;
  fibre: string;
  highlight: string;
  /** Thin structure: axes, tree edges, a coupler's rim. */
  line: string;
  /** A quiet filled area: the star's coupler, a ghost's disc. */
  surface: string;
  /** Text drawn on a node filled with `node` (numbers inside discs). */
  onNode: string;
  /** Electronic links and the other picture accents (the mesh's XY routes, a leftward circuit). */
  accent: string;
  /** A processor that sends (a NoC's T set, a rightward circuit). */
  sender: string;
  /** A processor that receives (a NoC's R set). */
  receiver: string;
  /** A processor that both sends and receives. */
  senderReceiver: string;
  /** A processor with no part in the communication. */
  idle: string;
  /** Two messages that want one channel at once, a bound exceeded. */
  conflict: string;
  /** The block matrix's states (source × destination: where each block is). */
  blockStates: { source: Rgb; transit: Rgb; home: Rgb };
  /** The holdings matrix's states (node × block). */
  holdingStates: { empty: Rgb; held: Rgb; arrived: Rgb };
  /** Wavelength colours for up to ten wavelengths. */
  categorical: readonly string[];
  /**
   * Beyond ten: the part of the turbo spectrum used (on a dark ground its dark ends are left out) and
   * how much darker every other wavelength is.
   */
  spectrum: { from: number; to: number; amount: number };
}

// Reordered Tableau 10: blue, orange, green, red, purple… (the most distinct first).
const TABLEAU = [0, 1, 2, 3, 4, 5, 6, 8, 9, 7].map((k) => schemeTableau10[k]);

// Okabe and Ito's colour-blind-safe orange and blue carry the block states in every theme: they stay
// apart under protanopia and deuteranopia, and differ in lightness from the "nothing yet" state.
const OKABE_ORANGE: Rgb = [230, 159, 0];

/**
 * The colours of the roles a processor or a message plays (sender, receiver, conflict…), the same in
 * every theme: they are saturated enough to read on the light and the dark grounds alike.
 */
const ROLE_TOKENS = {
  accent: '#2563eb',
  sender: '#ea580c',
  receiver: '#2563eb',
  senderReceiver: '#7c3aed',
  idle: '#94a3b8',
  conflict: '#dc2626',
} as const satisfies Partial<Palette>;

export const PALETTES: Record<Theme, Palette> = {
  light: {
    background: '#ffffff',
    text: '#0f172a',
    muted: '#475569',
    node: '#334155',
    nodeEmpty: '#e2e8f0',
    held: '#475569',
    arrived: '#d97706',
    fibre: '#cbd5e1',
    highlight: '#db2777',
    line: '#94a3b8',
    surface: '#f1f5f9',
    onNode: '#ffffff',
    ...ROLE_TOKENS,
    blockStates: { source: [226, 232, 240], transit: OKABE_ORANGE, home: [0, 114, 178] },
    holdingStates: { empty: [241, 245, 249], held: [71, 85, 105], arrived: OKABE_ORANGE },
    categorical: TABLEAU,
    spectrum: { from: 0.08, to: 0.92, amount: 1.1 },
  },
  dark: {
    background: '#020617',
    text: '#f8fafc',
    muted: '#94a3b8',
    node: '#cbd5e1',
    nodeEmpty: '#1e293b',
    held: '#94a3b8',
    arrived: '#fbbf24',
    fibre: '#475569',
    highlight: '#f472b6',
    line: '#64748b',
    surface: '#1e293b',
    onNode: '#020617',
    ...ROLE_TOKENS,
    blockStates: { source: [30, 41, 59], transit: OKABE_ORANGE, home: [86, 180, 233] },
    holdingStates: { empty: [30, 41, 59], held: [148, 163, 184], arrived: OKABE_ORANGE },
    // Tableau's darker entries (blue, brown) lifted so every lane reads on the dark ground.
    categorical: TABLEAU.map((c) => liftTo(c, 0.2)),
    spectrum: { from: 0.2, to: 0.85, amount: 0.8 },
  },
  contrast: {
    background: '#000000',
    text: '#ffffff',
    muted: '#e5e5e5',
    node: '#ffffff',
    nodeEmpty: '#404040',
    held: '#ffffff',
    arrived: '#ffd700',
    fibre: '#a3a3a3',
    highlight: '#22d3ee',
    line: '#d4d4d4',
    surface: '#262626',
    onNode: '#000000',
    ...ROLE_TOKENS,
    blockStates: { source: [64, 64, 64], transit: [255, 215, 0], home: [86, 180, 233] },
    holdingStates: { empty: [38, 38, 38], held: [255, 255, 255], arrived: [255, 215, 0] },
    categorical: TABLEAU.map((c) => liftTo(c, 0.3)),
    spectrum: { from: 0.2, to: 0.85, amount: 0.8 },
  },
};

/** Relative luminance (WCAG) of a CSS colour. */
export function luminance(colour: string): number {
  const c = rgb(colour);
  const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** WCAG contrast ratio of two CSS colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** `colour` made brighter until its luminance is at least `min` (for lanes on a dark ground). */
function liftTo(colour: string, min: number): string {
  let c = rgb(colour);
  for (let k = 0; k < 20 && luminance(c.formatHex()) < min; k++) c = c.brighter(0.15);
  return c.formatHex();
}

/**
 * The theme the page is painted in. Kept here rather than per app because it is the document's: one
 * `data-theme` on <html> and one set of CSS variables (app/lib/theme.ts sets all three together), so
 * every app drawn in the page paints in it; every colour below reads it when it paints.
 */
let current: Theme = 'light';

/** The theme the pictures are painted in now (set by app/lib/theme.ts when the page's theme changes). */
export function paletteTheme(): Theme {
  return current;
}

export function setPaletteTheme(theme: Theme): void {
  current = theme;
}

export function palette(theme: Theme = current): Palette {
  return PALETTES[theme];
}

/**
 * The current palette's plain colours by name. Each read goes to the theme in force, so a view that
 * reads `COLORS.text` while painting paints in the page's theme.
 */
export const COLORS = {
  get node() {
    return palette().node;
  },
  get nodeEmpty() {
    return palette().nodeEmpty;
  },
  get held() {
    return palette().held;
  },
  get arrived() {
    return palette().arrived;
  },
  get fibre() {
    return palette().fibre;
  },
  get text() {
    return palette().text;
  },
  get muted() {
    return palette().muted;
  },
  get highlight() {
    return palette().highlight;
  },
  get line() {
    return palette().line;
  },
  get surface() {
    return palette().surface;
  },
  get background() {
    return palette().background;
  },
  get onNode() {
    return palette().onNode;
  },
  /** A network link: the fibre's colour. */
  get link() {
    return palette().fibre;
  },
  get accent() {
    return palette().accent;
  },
  get sender() {
    return palette().sender;
  },
  get receiver() {
    return palette().receiver;
  },
  get senderReceiver() {
    return palette().senderReceiver;
  },
  get idle() {
    return palette().idle;
  },
  get conflict() {
    return palette().conflict;
  },
};

/**
 * The semantic colour tokens the CSS reads as `--oc-<name>` (set on <html> by app/lib/theme.ts), each
 * a Tailwind colour of the same name (app/themes.css): those the pictures share, then the page's own.
 */
export const TOKEN_NAMES = [
  'surface',
  'panel',
  'text',
  'muted',
  'line',
  'link',
  'accent',
  'sender',
  'receiver',
  'conflict',
  'idle',
  'highlight',
  'held',
  'arrived',
  ...PANEL_TOKEN_NAMES,
] as const;
export type TokenName = (typeof TOKEN_NAMES)[number];

/** A theme's semantic tokens: one name per role, read by the canvas painters (COLORS) and the CSS alike. */
export function themeTokens(theme: Theme): Record<TokenName, string> {
  const p = PALETTES[theme];
  return {
    surface: p.background,
    panel: p.surface,
    text: p.text,
    muted: p.muted,
    line: p.line,
    link: p.fibre,
    accent: p.accent,
    sender: p.sender,
    receiver: p.receiver,
    conflict: p.conflict,
    idle: p.idle,
    highlight: p.highlight,
    held: p.held,
    arrived: p.arrived,
    ...PANEL_TOKENS[theme],
  };
}

/** An [r, g, b] colour as CSS. */
export const cssRgb = (c: readonly number[]): string => `rgb(${c.join(',')})`;

/**
 * Colour of wavelength λi among w. Up to ten wavelengths get well-separated categorical colours;
 * more get a spectrum (turbo, trimmed at both ends so no lane is near-black or near-white) in which
 * neighbours also differ in lightness — every other wavelength a shade darker, so λ7 and λ8 stand
 * apart however many there are, while the hue still tells low from high.
 */
export function wavelengthColor(i: number, w: number, theme: Theme = current): string {
  const p = PALETTES[theme];
  if (w <= 10) return p.categorical[i % p.categorical.length];
  const j = i % w;
  return (spectrumColours(theme, w)[j] ??= spectrumColour(theme, j, w).formatHex());
}

const spectra = new Map<string, (string | undefined)[]>();

/**
 * The w spectrum colours of a theme, each made the first time it is asked for and then kept (views
 * ask for them per transfer): a step that shows a few of a big star's 61,440 wavelengths must not
 * make all of them (that took over 100 ms of one task).
 */
function spectrumColours(theme: Theme, w: number): (string | undefined)[] {
  const key = `${theme}:${w}`;
  let list = spectra.get(key);
  if (!list) {
    list = new Array<string | undefined>(w);
    if (spectra.size > 64) spectra.clear();
    spectra.set(key, list);
  }
  return list;
}

function spectrumColour(theme: Theme, i: number, w: number) {
  const { from, to, amount } = PALETTES[theme].spectrum;
  const base = rgb(interpolateTurbo(from + ((to - from) * i) / Math.max(1, w - 1)));
  return i % 2 ? base.darker(amount) : base;
}

/**
 * `wavelengthColor(i, w)` as [r, g, b], worked out for this one wavelength: a picture that shows a
 * few of 61,440 wavelengths (the spectrum of a big star) need not make the colours of all of them.
 */
export function wavelengthRgb(i: number, w: number, theme: Theme = current): Rgb {
  if (w <= 10) {
    const c = rgb(PALETTES[theme].categorical[i % PALETTES[theme].categorical.length]);
    return [c.r, c.g, c.b];
  }
  const c = rgb(spectrumColour(theme, i % w, w).formatHex());
  return [c.r, c.g, c.b];
}

/** The nine shades of heldShade per theme, from empty to held (made once: views ask for thousands a frame). */
const HELD_SHADES = Object.fromEntries(
  THEMES.map((t) => {
    const [a, b] = [rgb(PALETTES[t].nodeEmpty), rgb(PALETTES[t].held)];
    const mix = (x: number, y: number, i: number) => Math.round(x + ((y - x) * i) / 8);
    return [
      t,
      Array.from({ length: 9 }, (_, i) => `rgb(${mix(a.r, b.r, i)},${mix(a.g, b.g, i)},${mix(a.b, b.b, i)})`),
    ];
  }),
) as Record<Theme, string[]>;

/** From empty to held, in eight shades (few distinct fill styles keep drawing fast). */
export function heldShade(frac: number): string {
  return HELD_SHADES[current][Math.round(Math.min(1, Math.max(0, frac)) * 8)];
}
