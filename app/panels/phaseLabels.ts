/** Where a phase starts on the timeline: its first step and its name. */
export interface PhaseStart {
  step: number;
  name: string;
}

/** A phase's label: its mark's place (px), which side of the mark the text takes, its row, its text. */
export interface PhaseLabel extends PhaseStart {
  at: number;
  /** The text runs left of the mark (a name that would run past the end). */
  leftward: boolean;
  row: number;
  /** The whole name, or the phase's number (1, 2, …) where no row has room for the name. */
  text: string;
}

/**
 * The phase names under the timeline, never cut. In order, each phase takes its whole name where
 * it fits in one of `maxRows` rows — starting at its mark, or ending there (near the end of the
 * line, or where the room is on the left) — as long as every later phase still has room for at
 * least its number; else its number (1, 2, …; the whole name is in its tooltip). `charPx`: an upper
 * estimate of a character's width.
 */
export function phaseLabels(
  starts: readonly PhaseStart[],
  last: number,
  width: number,
  charPx: number,
  maxRows = 2,
): { labels: PhaseLabel[]; rows: number } {
  const GAP = 6;
  const span = (l: PhaseLabel) => {
    const w = l.text.length * charPx + 8;
    return l.leftward ? [l.at - w, l.at] : [l.at, l.at + w];
  };
  const ats = starts.map((p) => ((p.step - 1) / Math.max(1, last)) * width);
  const free = (c: PhaseLabel, placed: readonly PhaseLabel[]) => {
    const [a, b] = span(c);
    return (
      a >= 0 &&
      b <= width &&
      placed.every((o) => {
        if (o.row !== c.row) return true;
        const [x, y] = span(o);
        return b + GAP <= x || y + GAP <= a;
      })
    );
  };
  /** The places (side, row) where `text` fits for phase i beside `placed`, first choice first. */
  const places = (i: number, text: string, placed: readonly PhaseLabel[]) => {
    const out: PhaseLabel[] = [];
    for (const leftward of [false, true])
      for (let row = 0; row < maxRows; row++) {
        const c = { ...starts[i], at: ats[i], leftward, row, text };
        if (free(c, placed)) out.push(c);
      }
    return out;
  };
  /** Whether phases from i on can all have at least their numbers beside `placed`. */
  const numbersFit = (i: number, placed: readonly PhaseLabel[]): boolean => {
    const sofar = [...placed];
    for (let j = i; j < starts.length; j++) {
      const c = places(j, String(j + 1), sofar)[0];
      if (!c) return false;
      sofar.push(c);
    }
    return true;
  };
  const labels: PhaseLabel[] = [];
  starts.forEach((p, i) => {
    const number = String(i + 1);
    const ok = (c: PhaseLabel) => numbersFit(i + 1, [...labels, c]);
    labels.push(
      places(i, p.name, labels).find(ok) ??
        places(i, number, labels).find(ok) ??
        places(i, number, labels)[0] ??
          // Not even the number fits (a crowd of one-step phases): over another label.
          { ...p, at: ats[i], leftward: false, row: 0, text: number },
    );
  });
  return { labels, rows: Math.max(1, ...labels.map((l) => l.row + 1)) };
}
