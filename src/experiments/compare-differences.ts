import type { Summary } from '../result';
import { noun } from '../kernel/util/units';

/**
 * How a compared schedule differs from the first one (compare mode's row of differences): steps,
 * time and channels, each as a difference and, for steps and time, a percentage of the first's.
 */
export interface Difference {
  steps: number;
  stepsPct: number;
  seconds: number;
  secondsPct: number;
  channels: number;
}

export function differenceFrom(
  first: Pick<Summary, 'steps' | 'seconds' | 'channelsUsed'>,
  other: Pick<Summary, 'steps' | 'seconds' | 'channelsUsed'>,
): Difference {
  const pct = (a: number, b: number) => (b === 0 ? (a === 0 ? 0 : Infinity) : ((a - b) / b) * 100);
  return {
    steps: other.steps - first.steps,
    stepsPct: pct(other.steps, first.steps),
    seconds: other.seconds - first.seconds,
    secondsPct: pct(other.seconds, first.seconds),
    channels: other.channelsUsed - first.channelsUsed,
  };
}

/** A no-break space: a number and its unit stay on one line. */
const NBSP = '\u00a0';

/**
 * A difference in words, part by part: "+3 steps (+12 %)", "time −20 %", "+2 λ"; within a part only
 * no-break spaces, so that a line breaks between parts, never inside "−45 %"; none when the same.
 */
export function differenceParts(d: Difference, channel: string | null): string[] {
  const signed = (x: number) => (x > 0 ? `+${x}` : x < 0 ? `−${-x}` : '±0');
  const pct = (x: number) =>
    Number.isFinite(x)
      ? `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x) < 10 ? Math.abs(x).toFixed(1) : Math.abs(x).toFixed(0)}${NBSP}%`
      : 'new';
  if (d.steps === 0 && d.seconds === 0 && d.channels === 0) return [];
  return [
    `${signed(d.steps)}${NBSP}${noun(d.steps, 'step')} (${pct(d.stepsPct)})`,
    `time${NBSP}${pct(d.secondsPct)}`,
    ...(channel ? [`${signed(d.channels)}${NBSP}${channel}`] : []),
  ];
}

/** A difference in words: "+3 steps (+12 %) · time −20 % · +2 channels", or "the same as schedule 1". */
export function differenceText(d: Difference, channel: string | null): string {
  const parts = differenceParts(d, channel);
  return parts.length ? parts.join(' · ') : 'the same as schedule 1';
}
