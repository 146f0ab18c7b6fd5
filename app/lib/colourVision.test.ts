import { describe, expect, it } from 'vitest';
import { PALETTES, THEMES } from './colors';
import { deltaE, simulate, type Deficiency } from './colourVision';
import { blendShares } from '../views/matrixStates';

type Rgb = readonly [number, number, number];

/** The smallest ΔE between any two of `colours` as seen with deficiency `d` (or normal vision). */
function closest(colours: Record<string, Rgb>, d: Deficiency | null): { pair: string; dE: number } {
  const names = Object.keys(colours);
  let best = { pair: '', dE: Infinity };
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) {
      const [a, b] = [colours[names[i]], colours[names[j]]];
      const dE = d ? deltaE(simulate(a, d), simulate(b, d)) : deltaE(a, b);
      if (dE < best.dE) best = { pair: `${names[i]}/${names[j]}`, dE };
    }
  return best;
}

describe('Machado et al. (2009) simulation', () => {
  it('keeps greys grey and confuses red with green for a deuteranope, not for a tritanope', () => {
    const grey = simulate([128, 128, 128], 'deuteranopia');
    for (const c of grey) expect(Math.abs(c - 128)).toBeLessThan(2);
    // The old block-matrix pair: amber (on its way) and green (delivered).
    const [amber, green]: Rgb[] = [
      [245, 158, 11],
      [22, 163, 74],
    ];
    expect(deltaE(simulate(amber, 'protanopia'), simulate(green, 'protanopia'))).toBeLessThan(30);
    expect(deltaE(amber, green)).toBeGreaterThan(60);
  });
});

describe('the matrices’ state colours stay apart with colour-vision deficiencies', () => {
  for (const theme of THEMES)
    for (const group of ['blockStates', 'holdingStates'] as const)
      it(`${theme} ${group}`, () => {
        const states = PALETTES[theme][group] as unknown as Record<string, Rgb>;
        // ΔE*ab 40 is far beyond a just noticeable difference (about 2.3): a glance tells them apart.
        for (const d of [null, 'protanopia', 'deuteranopia'] as const) {
          const c = closest(states, d);
          expect(c.dE, `${d ?? 'normal'}: ${c.pair}`).toBeGreaterThan(40);
        }
        // Tritanopia (rare) too, with a smaller margin.
        const t = closest(states, 'tritanopia');
        expect(t.dE, `tritanopia: ${t.pair}`).toBeGreaterThan(25);
      });

  it('a half-and-half blend of the block states is told apart from each pure state', () => {
    for (const theme of THEMES) {
      const s = PALETTES[theme].blockStates;
      const blends = {
        'source+transit': blendShares(s, 0, 0.5),
        'source+home': blendShares(s, 0.5, 0),
        'transit+home': blendShares(s, 0.5, 0.5),
      };
      for (const d of ['protanopia', 'deuteranopia'] as const)
        for (const [name, blend] of Object.entries(blends))
          for (const [state, colour] of Object.entries(s))
            expect(
              deltaE(simulate(blend, d), simulate(colour, d)),
              `${theme} ${d}: ${name} vs ${state}`,
            ).toBeGreaterThan(15);
    }
  });
});
