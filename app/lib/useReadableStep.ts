import { useEffect, useRef, useState } from 'react';

/** How often text that follows the step changes while playing (ms): four times a second. */
export const READABLE_STEP_MS = 250;

/**
 * The step for panels of text (the narration, the step's times): the current step, except while
 * playing, when it moves at most every READABLE_STEP_MS. At full speed the step changes every frame:
 * text changing that fast cannot be read (or announced), and laying a paragraph out again costs the
 * frame up to 13 ms. When playing stops, the text catches up at once.
 */
export function useReadableStep(step: number, playing: boolean): number {
  const [shown, setShown] = useState(step);
  const last = useRef(0);
  useEffect(() => {
    if (!playing) return;
    const show = () => {
      last.current = performance.now();
      setShown(step);
    };
    const wait = last.current + READABLE_STEP_MS - performance.now();
    if (wait <= 0) {
      show();
      return;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [step, playing]);
  return playing ? shown : step;
}
