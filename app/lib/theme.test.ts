import { describe, expect, it } from 'vitest';
import { isThemeChoice, resolveTheme } from './theme';

const screen = { dark: false, moreContrast: false, forcedGround: null } as const;

describe('resolveTheme', () => {
  it('a chosen theme is used as chosen', () => {
    expect(resolveTheme('dark', screen)).toBe('dark');
    expect(resolveTheme('light', { ...screen, dark: true })).toBe('light');
    expect(resolveTheme('contrast', screen)).toBe('contrast');
  });

  it('"system" follows the screen: dark, or more contrast', () => {
    expect(resolveTheme('system', screen)).toBe('light');
    expect(resolveTheme('system', { ...screen, dark: true })).toBe('dark');
    expect(resolveTheme('system', { ...screen, dark: true, moreContrast: true })).toBe('contrast');
  });

  it('forced colours decide the pictures’ palette by the system’s ground, whatever was chosen', () => {
    expect(resolveTheme('light', { ...screen, forcedGround: 'dark' })).toBe('contrast');
    expect(resolveTheme('dark', { ...screen, forcedGround: 'light' })).toBe('light');
  });

  it('only the four choices are accepted from storage', () => {
    for (const ok of ['system', 'light', 'dark', 'contrast']) expect(isThemeChoice(ok)).toBe(true);
    for (const bad of ['', 'Dark', 'sepia', null, 3]) expect(isThemeChoice(bad)).toBe(false);
  });
});
