import { describe, expect, it } from 'vitest';
import { toScene } from './primitiveSvg';
import { text, type DrawnImage, type Primitive } from './primitives';
import { escapeXml, sceneToSvg } from './sceneSvg';

describe('sceneToSvg', () => {
  const picture: Primitive[] = [
    { kind: 'path', ops: [['R', 0, 0, 200, 100]], fill: '#ffffff' },
    {
      kind: 'group',
      clip: [['R', 0, 0, 100, 100]],
      items: [
        {
          kind: 'path',
          ops: [['A', 50, 50, 20, 0, 2 * Math.PI, false]],
          stroke: 'rgba(255,0,0,0.5)',
          lineWidth: 2,
          dash: [3, 3],
        },
      ],
    },
    text('Step 1 / 3 <"a" & \'b\'>', 100, 50, 24, 700, '#0f172a'),
    text('destination', 20, 90, 14, 400, '#000000', {
      anchor: 'start',
      baseline: 'alphabetic',
      family: 'system-ui',
      rotate: -Math.PI / 2,
    }),
    {
      kind: 'image',
      x: 150,
      y: 10,
      width: 40,
      height: 40,
      pixels: { width: 1, height: 1, toDataURL: () => 'data:image/png;base64,QUJD' } as unknown as DrawnImage,
      smooth: false,
    },
  ];
  const scene = toScene(picture, 200, 100);
  const svg = sceneToSvg(scene, 'Ring & friends');

  it('is a standalone SVG document of the scene size', () => {
    expect(
      svg.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">',
      ),
    ).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('<title>Ring &amp; friends</title>');
  });

  it('writes paths with fill, stroke, opacity, dashes and clip', () => {
    expect(svg).toContain('<clipPath id="clip0"><path d="M0 0L100 0L100 100L0 100Z"/></clipPath>');
    expect(svg).toContain(
      '<path d="M70 50A20 20 0 0 1 30 50A20 20 0 0 1 70 50" fill="none" stroke="rgb(255,0,0)" stroke-width="2" stroke-opacity="0.5" stroke-dasharray="3 3" clip-path="url(#clip0)"/>',
    );
    expect(svg).toContain('<path d="M0 0L200 0L200 100L0 100Z" fill="#ffffff"/>');
  });

  it('writes text as text, escaped, with size, weight, anchor, baseline and rotation', () => {
    expect(svg).toContain(
      '<text x="100" y="50" font-size="24" font-weight="700" font-family="system-ui, sans-serif" text-anchor="middle" dominant-baseline="central" fill="#0f172a">Step 1 / 3 &lt;&quot;a&quot; &amp; &apos;b&apos;&gt;</text>',
    );
    expect(svg).toMatch(
      /<text x="20" y="90" font-size="14"[^>]*transform="rotate\(-90 20 90\)"[^>]*>destination<\/text>/,
    );
  });

  it('embeds images with hard edges when the layout asked for them', () => {
    expect(svg).toContain(
      '<image x="150" y="10" width="40" height="40" preserveAspectRatio="none" href="data:image/png;base64,QUJD" style="image-rendering:pixelated" image-rendering="optimizeSpeed"/>',
    );
  });

  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml('a<b>&"\'\u0001c')).toBe('a&lt;b&gt;&amp;&quot;&apos;c');
  });

  it('draws a background only when asked', () => {
    expect(sceneToSvg({ width: 1, height: 1, items: [], clips: [] }, '', '#fff')).toContain(
      '<rect width="100%" height="100%" fill="#fff"/>',
    );
    expect(svg).not.toContain('<rect');
  });
});
