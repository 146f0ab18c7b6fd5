/**
 * A scene: a picture as a flat list of SVG-ready items — paths in absolute coordinates, text with
 * its position, size, weight and anchor, embedded images — made from a layout's primitives
 * (primitiveSvg.ts, groups' transforms applied) and written out as SVG (sceneSvg.ts). Pure values:
 * tested without a browser.
 */
import type { TextPrimitive } from './primitives';

/** How a path, a text or an image is clipped: the index of a clip region in `Scene.clips`, or none. */
export type ClipRef = number | null;

export interface PathItem {
  kind: 'path';
  /** SVG path data in absolute coordinates of the picture (px). */
  d: string;
  fill: string | null;
  /** Opacity of the fill (the colour's own alpha times the global alpha). */
  fillOpacity: number;
  stroke: string | null;
  strokeOpacity: number;
  strokeWidth: number;
  lineCap: 'butt' | 'round' | 'square';
  lineJoin: 'miter' | 'round' | 'bevel';
  /** Dash lengths (px in the picture), empty when solid. */
  dash: number[];
  fillRule: 'nonzero' | 'evenodd';
  clip: ClipRef;
}

/**
 * A text primitive as placed in the picture (primitives.ts): its size scaled by the groups around it,
 * its family and turn settled, its opacity and clip carried.
 */
export interface TextItem extends Pick<
  TextPrimitive,
  'kind' | 'text' | 'x' | 'y' | 'weight' | 'anchor' | 'baseline' | 'fill' | 'halo'
> {
  /** Size in px of the picture (the font size times the scale it was drawn at). */
  size: number;
  family: string;
  opacity: number;
  /** Rotation about (x, y), degrees clockwise (turned-up axis titles). */
  rotate: number;
  clip: ClipRef;
}

export interface ImageItem {
  kind: 'image';
  x: number;
  y: number;
  width: number;
  height: number;
  /** A data: URL of the image (PNG). */
  href: string;
  opacity: number;
  /** Whether pixels are smoothed when scaled (matrix pictures are drawn with hard edges). */
  smooth: boolean;
  clip: ClipRef;
}

export type SceneItem = PathItem | TextItem | ImageItem;

export interface Scene {
  width: number;
  height: number;
  items: SceneItem[];
  /** Clip regions: SVG path data in absolute coordinates, each inside the region it was made in. */
  clips: { d: string; parent: ClipRef }[];
}

/** The text items of a scene (what the lecture-type tests read). */
export const textsOf = (scene: Scene): TextItem[] =>
  scene.items.filter((i): i is TextItem => i.kind === 'text');
