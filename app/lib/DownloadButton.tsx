import { useState } from 'react';
import { gatherChunks, saveFile } from './download';

/** The look of the page's small secondary buttons (Copy, Download, Cite, Model notes). */
export const SMALL_BUTTON =
  'rounded-md border border-border bg-surface px-2 py-0.5 text-sm font-medium text-text hover:bg-panel disabled:cursor-wait disabled:text-muted';

/** What a download's `make` returns: the text, or chunks of text or bytes, or (loaded late) a promise of them. */
export type Made = string | Iterable<string | Uint8Array>;

/**
 * A button that writes a file and hands it to the browser as a download. `make` returns the text,
 * or chunks of it (a schedule's writer; empty chunks are the writer's pauses), or a promise of them
 * (a writer loaded when first asked for); while they are gathered the button says so and waits. A
 * writer that refuses (a limit of the format) has its message shown beside the button.
 */
export function DownloadButton({
  label,
  title,
  file,
  type,
  make,
  testId,
  disabled = false,
}: {
  label: string;
  /** What the file holds (the tooltip, and the description screen readers give). */
  title: string;
  file: string;
  type: string;
  make: () => Made | Promise<Made>;
  testId: string;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const made = await make();
      saveFile(file, typeof made === 'string' ? [made] : await gatherChunks(made), type);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={SMALL_BUTTON}
        onClick={() => void run()}
        disabled={busy || disabled}
        title={title}
        data-testid={testId}
      >
        {busy ? 'preparing…' : label}
      </button>
      {error && (
        <span className="text-sm text-danger" role="alert">
          Could not write {file}: {error}
        </span>
      )}
    </>
  );
}
