/**
 * A scene (scene.ts) as a standalone SVG document: a string, made without a DOM. Text stays text
 * (searchable, editable in a drawing program, sharp at any size); images are embedded as data URLs.
 */
import type { ClipRef, ImageItem, PathItem, Scene, TextItem } from './scene';
import { coord } from './pathData';
import { splitAlpha } from './sceneText';

/** Text made safe for an XML attribute or element (also drops characters XML 1.0 forbids). */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const opacity = (name: string, v: number) => (v < 1 ? ` ${name}="${coord(Math.max(0, v))}"` : '');
const clipAttr = (c: ClipRef) => (c === null ? '' : ` clip-path="url(#clip${c})"`);

function pathSvg(p: PathItem): string {
  let a = ` d="${p.d}"`;
  a += ` fill="${p.fill === null ? 'none' : escapeXml(p.fill)}"`;
  if (p.fill !== null) {
    a += opacity('fill-opacity', p.fillOpacity);
    if (p.fillRule === 'evenodd') a += ' fill-rule="evenodd"';
  }
  if (p.stroke !== null) {
    a += ` stroke="${escapeXml(p.stroke)}" stroke-width="${coord(p.strokeWidth)}"`;
    a += opacity('stroke-opacity', p.strokeOpacity);
    if (p.lineCap !== 'butt') a += ` stroke-linecap="${p.lineCap}"`;
    if (p.lineJoin !== 'miter') a += ` stroke-linejoin="${p.lineJoin}"`;
    if (p.dash.length) a += ` stroke-dasharray="${p.dash.map(coord).join(' ')}"`;
  }
  return `<path${a}${clipAttr(p.clip)}/>`;
}

/** Canvas baselines as SVG's dominant-baseline. */
const BASELINE: Record<TextItem['baseline'], string | null> = {
  alphabetic: null,
  ideographic: 'ideographic',
  middle: 'central',
  top: 'text-before-edge',
  hanging: 'hanging',
  bottom: 'text-after-edge',
};

function textSvg(t: TextItem): string {
  const [x, y] = [coord(t.x), coord(t.y)];
  let a = ` x="${x}" y="${y}" font-size="${coord(t.size)}"`;
  if (t.weight !== 400) a += ` font-weight="${t.weight}"`;
  a += ` font-family="${escapeXml(t.family)}"`;
  if (t.anchor !== 'start') a += ` text-anchor="${t.anchor}"`;
  const base = BASELINE[t.baseline];
  if (base) a += ` dominant-baseline="${base}"`;
  a += ` fill="${escapeXml(t.fill)}"${opacity('fill-opacity', t.opacity)}`;
  if (t.halo) {
    const [colour, alpha] = splitAlpha(t.halo.colour);
    a += ` stroke="${escapeXml(colour)}" stroke-width="${coord(t.halo.width)}"${opacity('stroke-opacity', alpha)}`;
    a += ' stroke-linejoin="round" paint-order="stroke"';
  }
  if (Math.abs(t.rotate) > 1e-6) a += ` transform="rotate(${coord(t.rotate)} ${x} ${y})"`;
  return `<text${a}${clipAttr(t.clip)}>${escapeXml(t.text)}</text>`;
}

function imageSvg(i: ImageItem): string {
  const style = i.smooth ? '' : ' style="image-rendering:pixelated" image-rendering="optimizeSpeed"';
  return (
    `<image x="${coord(i.x)}" y="${coord(i.y)}" width="${coord(i.width)}" height="${coord(i.height)}"` +
    ` preserveAspectRatio="none" href="${escapeXml(i.href)}"${style}${opacity('opacity', i.opacity)}${clipAttr(i.clip)}/>`
  );
}

/**
 * The scene as an SVG document of its size in px, on `background` (none when null). `title` becomes
 * the document's <title> (what a reader of the file is told it shows).
 */
export function sceneToSvg(scene: Scene, title = '', background: string | null = null): string {
  const { width, height } = scene;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${coord(width)}" height="${coord(height)}" viewBox="0 0 ${coord(width)} ${coord(height)}">`,
  ];
  if (title) out.push(`<title>${escapeXml(title)}</title>`);
  if (scene.clips.length) {
    out.push('<defs>');
    scene.clips.forEach((c, i) =>
      out.push(`<clipPath id="clip${i}"${clipAttr(c.parent)}><path d="${c.d}"/></clipPath>`),
    );
    out.push('</defs>');
  }
  if (background) out.push(`<rect width="100%" height="100%" fill="${escapeXml(background)}"/>`);
  for (const item of scene.items)
    out.push(item.kind === 'path' ? pathSvg(item) : item.kind === 'text' ? textSvg(item) : imageSvg(item));
  out.push('</svg>');
  return out.join('\n');
}
