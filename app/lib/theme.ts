import { create } from 'zustand';
import { setPaletteTheme, themeTokens, type Theme } from './colors';
import { rememberedTheme, rememberTheme } from '../store/remembered';

/**
 * The page's colour theme. The user chooses system, light, dark or high contrast (the header's
 * Theme menu), remembered per browser and never in a link: a link says what to show, not how this
 * reader's screen should look. The chosen theme resolves to one of the three palettes; the page's
 * HTML follows through `data-theme` on <html> (app/themes.css redefines Tailwind's colour variables),
 * the canvas pictures through app/lib/colors.ts.
 */
export type ThemeChoice = 'system' | Theme;
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark', 'contrast'];
export const THEME_LABEL: Record<ThemeChoice, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
  contrast: 'High contrast',
};

/** What the browser says about the reader's screen. */
export interface ScreenPreferences {
  dark: boolean;
  moreContrast: boolean;
  /**
   * Forced colours (Windows High Contrast): the browser paints the HTML in the system's colours and
   * leaves canvases alone, so the pictures take the palette whose ground matches the system's
   * ('dark' or 'light' ground), whatever was chosen. Null when not forced.
   */
  forcedGround: 'dark' | 'light' | null;
}

/** The palette a choice resolves to on this screen. */
export function resolveTheme(choice: ThemeChoice, screen: ScreenPreferences): Theme {
  if (screen.forcedGround) return screen.forcedGround === 'dark' ? 'contrast' : 'light';
  if (choice !== 'system') return choice;
  if (screen.moreContrast) return 'contrast';
  return screen.dark ? 'dark' : 'light';
}

export function isThemeChoice(x: unknown): x is ThemeChoice {
  return typeof x === 'string' && (THEME_CHOICES as readonly string[]).includes(x);
}

export const useTheme = create<{ choice: ThemeChoice; theme: Theme }>()(() => ({
  choice: 'system',
  theme: 'light',
}));

/** The resolved theme: views that paint a canvas put it in their drawing effects' dependencies. */
export function usePalette(): Theme {
  return useTheme((s) => s.theme);
}

const query = (q: string) => (typeof matchMedia === 'function' ? matchMedia(q) : null);

function screenNow(): ScreenPreferences {
  const forced = query('(forced-colors: active)')?.matches ?? false;
  return {
    dark: query('(prefers-color-scheme: dark)')?.matches ?? false,
    moreContrast: query('(prefers-contrast: more)')?.matches ?? false,
    forcedGround: forced ? systemGround() : null,
  };
}

/** Whether the system's Canvas colour (the ground in forced colours) is dark. */
function systemGround(): 'dark' | 'light' {
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;visibility:hidden;background-color:Canvas';
  document.body.append(probe);
  const m = getComputedStyle(probe)
    .backgroundColor.match(/\d+(\.\d+)?/g)
    ?.map(Number) ?? [255, 255, 255];
  probe.remove();
  return 0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2] < 128 ? 'dark' : 'light';
}

function apply(choice: ThemeChoice): void {
  const theme = resolveTheme(choice, screenNow());
  setPaletteTheme(theme);
  const root = document.documentElement;
  root.dataset.theme = theme;
  // The semantic tokens as CSS variables (themes.css and inline styles read --oc-<name>).
  for (const [name, colour] of Object.entries(themeTokens(theme)))
    root.style.setProperty(`--oc-${name}`, colour);
  useTheme.setState({ choice, theme });
}

/** Chooses a theme: applied at once, remembered in this browser. */
export function chooseTheme(choice: ThemeChoice): void {
  rememberTheme(choice);
  apply(choice);
}

/** Applies the remembered theme and follows the system's settings from then on. Call once, at start. */
export function startTheme(): void {
  const saved = rememberedTheme();
  apply(isThemeChoice(saved) ? saved : 'system');
  for (const q of ['(prefers-color-scheme: dark)', '(prefers-contrast: more)', '(forced-colors: active)'])
    query(q)?.addEventListener('change', () => apply(useTheme.getState().choice));
}
