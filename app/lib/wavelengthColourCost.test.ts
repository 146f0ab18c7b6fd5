import { describe, expect, it, vi } from 'vitest';

// Counts how many spectrum colours are worked out (each one is one call of d3's turbo ramp).
const turbo = vi.hoisted(() => ({ calls: 0 }));
vi.mock('d3', async (importOriginal) => {
  const d3 = await importOriginal<typeof import('d3')>();
  return {
    ...d3,
    interpolateTurbo: (t: number) => {
      turbo.calls++;
      return d3.interpolateTurbo(t);
    },
  };
});

const { wavelengthColor, wavelengthRgb } = await import('./colors');
const { rgb } = await import('d3');

describe('wavelength colours of a big spectrum', () => {
  it('naming a few of 61,440 wavelengths works out only those few colours', () => {
    // The lightpath list of a star gather step on 4096 processors × 15 wavelengths shows a handful.
    const w = 4096 * 15;
    turbo.calls = 0;
    const asked = [7, 8, 30_000, 61_439];
    const colours = asked.map((i) => wavelengthColor(i, w, 'light'));
    expect(turbo.calls).toBe(asked.length);
    // Asked again: kept, not worked out again.
    asked.forEach((i) => wavelengthColor(i, w, 'light'));
    expect(turbo.calls).toBe(asked.length);
    // The same colours as the one-wavelength path the pictures use.
    asked.forEach((i, k) => {
      const c = rgb(colours[k]);
      expect([c.r, c.g, c.b]).toEqual(wavelengthRgb(i, w, 'light'));
    });
  });
});
