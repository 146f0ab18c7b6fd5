/**
 * When the pool's first worker starts. Not while the page opens: then the visualizer's own worker,
 * the first build and the first picture would share the processor with a second worker loading the
 * same script. It starts as soon as the first result is on screen, still long before anyone is
 * likely to lose the network, so the pool's features keep working offline after the page has loaded.
 */
export function warmPoolAfterFirstResult<S>(
  pool: { warm(): void },
  store: { getState(): S; subscribe(listener: (state: S) => void): () => void },
  hasResult: (state: S) => boolean,
): void {
  if (hasResult(store.getState())) {
    pool.warm();
    return;
  }
  const stop = store.subscribe((state) => {
    if (!hasResult(state)) return;
    stop();
    pool.warm();
  });
}
