import type { LegendEntry } from './framePicture';

/**
 * A legend entry's mark as HTML: the same kinds the exported picture draws (framePicture.ts); views
 * whose legends are written by hand use it too.
 */
export function LegendMark({ entry }: { entry: Pick<LegendEntry, 'mark' | 'colours'> }) {
  const [c0] = entry.colours;
  switch (entry.mark) {
    case 'swatch':
      return (
        <span className="inline-block h-3 w-3 rounded-sm border border-border" style={{ background: c0 }} />
      );
    case 'line':
      return <span className="inline-block h-1 w-5 rounded" style={{ background: c0 }} />;
    case 'ring':
    case 'dashed-ring':
      return (
        <span
          className={`inline-block h-3 w-3 rounded-full border-2 ${entry.mark === 'dashed-ring' ? 'border-dashed' : ''}`}
          style={{ borderColor: c0 }}
        />
      );
    case 'strip':
      return (
        <span
          className="inline-block h-2 w-12 rounded"
          style={{ background: `linear-gradient(to right, ${entry.colours.join(', ')})` }}
        />
      );
    default:
      return null;
  }
}

/**
 * A view's legend under it, from the same entries the exported picture draws in its legend strip:
 * the words and colours of the screen and of the file cannot drift apart.
 */
export function LegendRow({ entries, testId }: { entries: readonly LegendEntry[]; testId: string }) {
  return (
    <p
      className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 px-2 pb-1 text-sm text-text"
      data-testid={testId}
    >
      {entries.map((e) => (
        <span key={e.label} className="inline-flex items-center gap-1">
          <LegendMark entry={e} />
          {e.label}
        </span>
      ))}
    </p>
  );
}
