import { chooseTheme, isThemeChoice, THEME_CHOICES, THEME_LABEL, useTheme } from '../lib/theme';

/** A half-filled circle: the usual sign for light and dark. */
function ThemeIcon() {
  return (
    <svg viewBox="0 0 16 16" className="h-3 w-3 shrink-0" aria-hidden="true">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 1.5a6.5 6.5 0 0 1 0 13z" fill="currentColor" />
    </svg>
  );
}

/**
 * The header's colour theme menu, small, under the title: system, light, dark, high contrast. Applies at once (a theme is
 * harmless to pass through with the arrow keys, like the speed menu) and is remembered in this browser.
 */
export function ThemeMenu() {
  const choice = useTheme((s) => s.choice);
  return (
    <label
      className="flex items-center gap-1 text-xs text-muted"
      title="Colour theme (remembered in this browser)"
    >
      <ThemeIcon />
      <select
        className="rounded border border-border bg-surface px-0.5 text-xs"
        value={choice}
        onChange={(e) => {
          if (isThemeChoice(e.target.value)) chooseTheme(e.target.value);
        }}
        aria-label="Colour theme"
        data-testid="theme-menu"
      >
        {THEME_CHOICES.map((c) => (
          // Short words keep the header narrow ("Contrast": the high-contrast theme).
          <option key={c} value={c}>
            {c === 'contrast' ? 'Contrast' : THEME_LABEL[c]}
          </option>
        ))}
      </select>
    </label>
  );
}
