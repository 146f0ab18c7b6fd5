/**
 * Runs `work` about `sliceMs` at a time, one task per slice, until it ends (then `done` is called)
 * or `stale()` says its answer is no longer wanted. Between slices the worker answers its messages, so
 * a newer request is never held up by more than one slice of work it made pointless.
 */
export function runInSlices(
  work: Iterator<unknown>,
  stale: () => boolean,
  done: () => void,
  sliceMs = 20,
  now: () => number = () => performance.now(),
): void {
  const slice = () => {
    if (stale()) return;
    const until = now() + sliceMs;
    do {
      if (work.next().done) {
        done();
        return;
      }
    } while (now() < until);
    setTimeout(slice, 0);
  };
  slice();
}
