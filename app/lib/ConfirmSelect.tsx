import { useId, useRef, useState, type ReactNode, type SelectHTMLAttributes } from 'react';

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> & {
  value: string;
  /**
   * The choice, once confirmed: by Enter or in the open list or with the mouse (`blur` false), or by
   * leaving the menu (`blur` true: the focus is already going elsewhere).
   */
  onCommit: (value: string, blur: boolean) => void;
  children: ReactNode;
  /** Classes of the wrapper (the select's own go in className). */
  wrapperClassName?: string;
};

/**
 * A select whose keyboard choice waits to be confirmed. In Chromium ↓ and ↑ on a closed select change
 * its value at once; for the Algorithm or Scenes menu that meant a new schedule, or a whole new
 * page, at every key press on the way to the entry one wanted. Here a choice made with the keys is
 * only shown (with a note) until Enter or leaving the menu applies it, and Esc goes back to what was
 * applied; a choice made with the mouse, or in the menu's open list, applies at once.
 */
export function ConfirmSelect({
  value,
  onCommit,
  children,
  wrapperClassName = '',
  onKeyDown,
  onBlur,
  ...rest
}: Props) {
  const [pending, setPending] = useState<string | null>(null);
  // Read by the blur that Esc causes before the state above is re-rendered.
  const pendingNow = useRef<string | null>(null);
  // A change made by a key press on the closed menu (set during the press, cleared right after).
  const byKey = useRef(false);
  const hint = useId();
  const hold = (v: string | null) => {
    pendingNow.current = v;
    setPending(v);
  };
  const commit = (blur: boolean) => {
    const v = pendingNow.current;
    hold(null);
    if (v !== null && v !== value) onCommit(v, blur);
  };
  return (
    <span className={`relative inline-flex flex-col ${wrapperClassName}`}>
      <select
        {...rest}
        value={pending ?? value}
        aria-describedby={hint}
        data-pending={pending === null ? undefined : 'true'}
        onKeyDown={(e) => {
          onKeyDown?.(e);
          if (e.key === 'Enter') {
            if (pendingNow.current !== null) {
              e.preventDefault();
              commit(false);
            }
          } else if (e.key === 'Escape') {
            // Back to the applied choice; the page's Esc then leaves the menu.
            hold(null);
          } else if (e.key !== 'Tab' && !e.altKey && !e.ctrlKey && !e.metaKey) {
            // Tab leaves the menu (the blur applies what it shows) and chooses nothing: were it
            // counted, a pick with the mouse right after it would be held as a key's choice.
            byKey.current = true;
            setTimeout(() => (byKey.current = false), 0);
          }
        }}
        onChange={(e) => {
          if (byKey.current) hold(e.target.value);
          else {
            hold(null);
            if (e.target.value !== value) onCommit(e.target.value, false);
          }
        }}
        onBlur={(e) => {
          onBlur?.(e);
          commit(true);
        }}
      >
        {children}
      </select>
      <span id={hint} className="sr-only">
        Arrow keys choose; Enter or leaving the menu applies the choice; Esc goes back.
      </span>
      {pending !== null && (
        <span
          className="pointer-events-none absolute left-0 top-full z-20 mt-1 whitespace-nowrap rounded bg-inverse px-2 py-0.5 text-xs font-medium text-surface shadow"
          aria-hidden="true"
          data-testid="select-pending"
        >
          Enter applies · Esc goes back
        </span>
      )}
    </span>
  );
}
