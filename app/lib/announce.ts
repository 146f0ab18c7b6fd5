/**
 * What the narration's live region tells a screen reader, and when. Playing at full speed moves the
 * step every frame; announcing every step would queue sentences for minutes. So: while playing,
 * only a new phase (at most one every PHASE_GAP_MS, the latest one when several came meanwhile);
 * when the step stands still (paused, stepped, at the end), the whole narration of that step, once
 * the step has stood for SETTLE_MS (holding → down steps through without a word per step).
 */

export const SETTLE_MS = 500;
export const PHASE_GAP_MS = 2000;

export interface Moment {
  playing: boolean;
  step: number;
  /** The phase of the step (null before the first step). */
  phase: string | null;
  stepCount: number;
}

export type Plan =
  /** Say the step's narration once it has stood for SETTLE_MS. */
  | { kind: 'settle' }
  /** Say this short line (now, or as soon as PHASE_GAP_MS has passed since the last one). */
  | { kind: 'phase'; text: string }
  | { kind: 'nothing' };

/** What a change from `before` to `now` calls for. */
export function planAnnouncement(before: Moment | null, now: Moment): Plan {
  if (!now.playing) {
    if (before && !before.playing && before.step === now.step) return { kind: 'nothing' };
    return { kind: 'settle' };
  }
  const where = `step ${now.step} of ${now.stepCount}`;
  if (!before || !before.playing)
    return { kind: 'phase', text: `Playing${now.phase ? `: ${now.phase}` : ''}, ${where}` };
  if (now.phase !== before.phase && now.phase !== null)
    return { kind: 'phase', text: `${now.phase}, ${where}` };
  return { kind: 'nothing' };
}

/**
 * Spaces short lines at least `gap` ms apart: `offer` says a line now or keeps it (replacing any
 * kept one) for `due`, the time it may be said. Times are passed in, so it is testable.
 */
export class Spacer {
  private last = -Infinity;
  private kept: string | null = null;
  constructor(private readonly gap: number) {}

  /** The line to say now, or null (kept for later: see `due`). */
  offer(text: string, now: number): string | null {
    if (now - this.last >= this.gap) {
      this.last = now;
      this.kept = null;
      return text;
    }
    this.kept = text;
    return null;
  }

  /** When the kept line may be said (null if none). */
  due(): number | null {
    return this.kept === null ? null : this.last + this.gap;
  }

  /** The kept line, if its time has come. */
  flush(now: number): string | null {
    if (this.kept === null || now - this.last < this.gap) return null;
    const text = this.kept;
    this.kept = null;
    this.last = now;
    return text;
  }

  /** Forget the kept line (playing stopped: the step's narration follows instead). */
  drop(): void {
    this.kept = null;
  }
}
