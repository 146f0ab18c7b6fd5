import { lab, rgb } from 'd3';

/**
 * Colour-vision deficiency simulation (Machado, Oliveira and Fernandes, "A Physiologically-based Model
 * for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009): the matrices for complete
 * (severity 1.0) protanopia, deuteranopia and tritanopia, applied to linear RGB. Used by the tests to
 * check that the pictures' state colours stay apart for readers with these deficiencies.
 */
export type Deficiency = 'protanopia' | 'deuteranopia' | 'tritanopia';

const MACHADO: Record<Deficiency, readonly (readonly number[])[]> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const toLinear = (v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const toSrgb = (v: number) => {
  const c = Math.min(1, Math.max(0, v));
  return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
};

/** How a colour (0–255 RGB) looks with the deficiency. */
export function simulate(c: readonly [number, number, number], d: Deficiency): [number, number, number] {
  const lin = c.map(toLinear);
  const m = MACHADO[d];
  return [0, 1, 2].map((i) => toSrgb(m[i][0] * lin[0] + m[i][1] * lin[1] + m[i][2] * lin[2])) as [
    number,
    number,
    number,
  ];
}

/** CIE76 colour difference ΔE*ab between two colours (0–255 RGB). */
export function deltaE(a: readonly [number, number, number], b: readonly [number, number, number]): number {
  const [x, y] = [lab(rgb(...a)), lab(rgb(...b))];
  return Math.hypot(x.l - y.l, x.a - y.a, x.b - y.b);
}
