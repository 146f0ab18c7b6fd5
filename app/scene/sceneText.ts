/**
 * Text and colour as the SVG writer and the legend read them: a deterministic text width (the same
 * in a browser and in Node) and a colour split from its alpha.
 */

/**
 * Width of `text` in a sans-serif face at `size` px, estimated from the kinds of characters
 * (digits and capitals wider than small letters, spaces and punctuation narrower), generous rather
 * than tight (DejaVu Sans, the widest common fallback, fits in it). Deterministic, so
 * that layout decided from it is the same in the SVG, the PNG and the tests.
 */
export function estimateTextWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) {
    if (/[0-9]/.test(ch)) em += 0.64;
    else if (/[ .,:;'!|·ijlI]/.test(ch)) em += 0.34;
    else if (/[mwMW]/.test(ch)) em += 0.92;
    else if (/[A-Z]/.test(ch)) em += 0.72;
    else em += 0.6;
  }
  return em * size;
}

/** A colour without its alpha, and the alpha (rgba(), #rrggbbaa, transparent). */
export function splitAlpha(colour: string): [string, number] {
  const c = colour.trim();
  const rgba = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/i.exec(c);
  if (rgba) {
    const a = rgba[4] === undefined ? 1 : rgba[4].endsWith('%') ? parseFloat(rgba[4]) / 100 : Number(rgba[4]);
    return [`rgb(${rgba[1]},${rgba[2]},${rgba[3]})`, a];
  }
  if (/^#[0-9a-f]{8}$/i.test(c)) return [c.slice(0, 7), parseInt(c.slice(7), 16) / 255];
  if (c.toLowerCase() === 'transparent') return ['#000000', 0];
  return [c, 1];
}
