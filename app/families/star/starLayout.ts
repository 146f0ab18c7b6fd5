export interface StarLayout {
  cx: number;
  cy: number;
  /** Radius of the processors' circle. */
  r: number;
  /** Radius of the coupler disc. */
  coupler: number;
  nodeRadius: number;
}

/**
 * The processors on a circle round the coupler, leaving room outside for their numbers (`labelPx`:
 * their type size, larger in lecture mode).
 */
export function starLayout(width: number, height: number, n: number, labelPx = 16): StarLayout {
  const labels = n <= 64 ? 26 + Math.max(0, labelPx - 16) * 1.5 : 8;
  const r = Math.max(40, Math.min(width, height) / 2 - labels - 16);
  const nodeRadius = Math.max(1.2, Math.min(20, ((Math.PI * r) / n) * 0.8));
  return { cx: width / 2, cy: height / 2, r, coupler: Math.max(30, r * 0.27), nodeRadius };
}

export function nodeXY(l: StarLayout, i: number, n: number): [number, number] {
  const ang = -Math.PI / 2 + (2 * Math.PI * i) / n;
  return [l.cx + l.r * Math.cos(ang), l.cy + l.r * Math.sin(ang)];
}

/** Where each node sits, and where its lines toward the centre end (computed once per layout). */
export interface StarGeometry {
  xy: Float64Array;
  /** Where a line from the node meets the coupler's rim. */
  rimEnds: Float64Array;
  /**
   * Where a short stub just inside the node ends: used when a step has too many lines to draw whole
   * (software rasterising 30 000 long lines takes hundreds of ms); stubs keep the wavelength colours.
   */
  stubEnds: Float64Array;
}

export function starGeometry(l: StarLayout, n: number): StarGeometry {
  const xy = new Float64Array(2 * n);
  const rimEnds = new Float64Array(2 * n);
  const stubEnds = new Float64Array(2 * n);
  const stub = Math.max(10, l.r * 0.12);
  for (let i = 0; i < n; i++) {
    const [x, y] = nodeXY(l, i, n);
    xy[2 * i] = x;
    xy[2 * i + 1] = y;
    const dx = x - l.cx;
    const dy = y - l.cy;
    const d = Math.hypot(dx, dy) || 1;
    rimEnds[2 * i] = l.cx + (dx / d) * l.coupler;
    rimEnds[2 * i + 1] = l.cy + (dy / d) * l.coupler;
    stubEnds[2 * i] = x - (dx / d) * stub;
    stubEnds[2 * i + 1] = y - (dy / d) * stub;
  }
  return { xy, rimEnds, stubEnds };
}
