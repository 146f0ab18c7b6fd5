import { useRef, type ReactNode } from 'react';
import { create } from 'zustand';
import { IN_PLACE_KEYS, SHORTCUTS } from '../lib/keys';
import { useModalDialog } from '../lib/useModalDialog';

/** Whether the "?" list of keys is open (the header's button and the "?" key both open it). */
export const useKeysHelp = create<{ open: boolean; setOpen(open: boolean): void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

/** Full screen on or off (the F key and the header's button). */
export function toggleFullscreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen();
  else void document.documentElement.requestFullscreen?.().catch(() => undefined);
}

/**
 * The list of every key, opened by "?" and closed by Esc (a modal dialog: the page behind it is
 * inert, and the focus goes back where it was). Its rows are `SHORTCUTS`, the list the key handlers
 * act on, so the two cannot differ.
 */
export function KeysHelp() {
  const open = useKeysHelp((s) => s.open);
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog, open);
  const kbd = 'inline-block min-w-8 rounded border border-border bg-panel px-1.5 text-center font-mono';
  return (
    <dialog
      ref={dialog}
      onClose={() => {
        // Opened from the page (no control had the focus): nothing to give the focus back to.
        if (dialog.current?.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
        useKeysHelp.getState().setOpen(false);
      }}
      aria-labelledby="keys-help-title"
      className="m-auto max-h-[90vh] w-[min(44rem,95vw)] overflow-y-auto rounded-lg border border-border bg-surface p-5 text-text shadow-xl backdrop:bg-inverse/50"
      data-testid="keys-help"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="keys-help-title" className="text-xl font-bold">
          Keyboard shortcuts
        </h2>
        <button
          type="button"
          className="rounded-md border border-border bg-surface px-3 py-1 text-sm font-medium hover:bg-panel"
          onClick={() => useKeysHelp.getState().setOpen(false)}
          data-testid="keys-help-close"
        >
          Close <span className="text-muted">(Esc)</span>
        </button>
      </div>
      <p className="mt-1 text-sm text-text">
        Anywhere on the page, unless the focus is in a field that uses the key itself. Never with Ctrl, ⌘ or
        Alt held: those keys stay the browser’s.
      </p>
      <KeyTable
        className="mt-3"
        testId="keys-help-shortcuts"
        heads={['Key', 'What it does']}
        keyClass="w-36 py-1.5 font-normal"
        doesClass="py-1.5"
        rows={SHORTCUTS.map((s) => ({ id: s.id, key: <kbd className={kbd}>{s.label}</kbd>, does: s.does }))}
      />
      <h3 className="mt-4 font-semibold">Where the focus is</h3>
      <KeyTable
        className="mt-1 text-sm"
        testId="keys-help-in-place"
        heads={['Keys', 'What they do']}
        keyClass="w-56 py-1 font-medium"
        doesClass="py-1"
        rows={IN_PLACE_KEYS.map((k) => ({ key: k.label, does: k.does }))}
      />
    </dialog>
  );
}

/** A row of the help's key tables: the key (or keys), what it does, and the shortcut's id if it is one. */
interface KeyRow {
  id?: string;
  key: ReactNode;
  does: string;
}

/** One of the help's tables of keys: the key in the row's header cell, what it does beside it. */
function KeyTable({
  rows,
  heads,
  className,
  keyClass,
  doesClass,
  testId,
}: {
  rows: readonly KeyRow[];
  heads: [string, string];
  className: string;
  keyClass: string;
  doesClass: string;
  testId: string;
}) {
  return (
    <table className={`${className} w-full border-collapse text-left`} data-testid={testId}>
      <thead className="sr-only">
        <tr>
          <th scope="col">{heads[0]}</th>
          <th scope="col">{heads[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={r.id ?? i} className="border-t border-divider" data-shortcut={r.id}>
            <th scope="row" className={`${keyClass} pr-3 align-top`}>
              {r.key}
            </th>
            <td className={doesClass}>{r.does}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
