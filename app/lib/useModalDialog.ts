import { useEffect, type RefObject } from 'react';

/**
 * Keeps a <dialog> open as a modal (the page behind it inert, focus back where it was on close)
 * exactly while `open` is true: the "?" list of keys and the model notes.
 */
export function useModalDialog(dialog: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [dialog, open]);
}
