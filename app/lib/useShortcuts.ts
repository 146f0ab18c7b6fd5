import { useEffect, useRef } from 'react';
import { focusKind, shortcutFor, type FocusKind, type ShortcutId } from './keys';

/** A shortcut's action; returning false means it did nothing, and the key goes on to the browser. */
export type ShortcutHandler = (e: KeyboardEvent, kind: FocusKind) => void | false;

/**
 * Acts on the page's shortcuts (`SHORTCUTS` in keys.ts) that `handlers` covers, by the one rule of
 * `shortcutFor`. Keys pressed inside a dialog belong to it (Esc closes it natively), except "?".
 */
export function useShortcuts(handlers: Partial<Record<ShortcutId, ShortcutHandler>>): void {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : null;
      const kind = focusKind(target);
      const s = shortcutFor(e, kind);
      if (!s) return;
      if (target?.closest('dialog[open]') && s.id !== 'help') return;
      const handle = current.current[s.id];
      if (!handle || handle(e, kind) === false) return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
