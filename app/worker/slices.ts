/**
 * Runs `work` about `sliceMs` at a time, one task per slice, until it ends (then `done` is called)
 * or `stale()` says its answer is no longer wanted. Between slices the worker answers its messages, so
 * a newer request is never held up by more than one slice of work it made pointless.
 */
export interface SliceOptions {
  /** Work this long (ms) per slice. */
  sliceMs?: number;
  /** Wait this long between slices (0: as soon as the worker's messages are read; tests slow it). */
  gapMs?: number;
  now?: () => number;
}

export function runInSlices<R>(
  work: Iterator<unknown, R>,
  stale: () => boolean,
  done: (value: R) => void,
  { sliceMs = 20, gapMs = 0, now = () => performance.now() }: SliceOptions = {},
): void {
  const slice = () => {
    if (stale()) return;
    const until = now() + sliceMs;
    do {
      const step = work.next();
      if (step.done) {
        done(step.value);
        return;
      }
    } while (now() < until);
    setTimeout(slice, gapMs);
  };
  slice();
}
