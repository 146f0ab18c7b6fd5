/**
 * The arrays of an import's findings (`RunResult.extras.interop`), for the worker's transfer list:
 * the MSCCL threadblock timeline, its grid and the WDM ring's wavelengths per step. At the page's
 * largest MSCCL file these are about 17 MB; copied rather than moved, they cost the page one task of
 * about 100 ms of CPU to receive (docs/benchmarks.md).
 */
import type { InteropExtras } from './run-result';
import type { ThreadblockTimeline } from './msccl/timeline';
import type { TimelineGrid } from './msccl/timeline-grid';

const isColumn = (v: unknown): v is ArrayBufferView => ArrayBuffer.isView(v);

/** Every typed array of `x` (none when there is no import), each once. */
export function interopColumns(x: InteropExtras | undefined): ArrayBufferView[] {
  if (!x) return [];
  const columns = (o: ThreadblockTimeline | TimelineGrid | undefined) =>
    o ? Object.values(o).filter(isColumn) : [];
  const perStep = x.network.wavelengths?.perStep;
  return [...columns(x.timeline), ...columns(x.grid), ...(perStep ? [perStep] : [])];
}
