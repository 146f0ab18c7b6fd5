import { useState } from 'react';
import { findCard } from '../../src/cards';
import { applies, type ParamValues } from '../../src/kernel/params/schema';
import type { NetworkKind } from '../../src/kernel/model/topology';
import { decodeTryLink, encodeTryLink } from '../../src/tryit/share-link';
import { TRY_SIZES } from '../../src/tryit/try-limits';
import type { TryView } from '../../src/tryit/try-view';
import { useTryStore } from './tryContext';

/**
 * Another size of the exercise shown: the size parameters of its algorithm (a ring's nodes, a mesh's
 * side, a NoC mesh's rows and columns) typed in, within Try it's limit for the model (TRY_SIZES),
 * which the form states. The worker makes the new exercise; a size it refuses is said in the page's
 * message and the exercise shown stays.
 */
const SIZE_KEYS = ['nodes', 'side', 'group-size', 'rows', 'cols'];

/** The exercise's size parameters with their values (the card's default where the link leaves one out). */
export function sizeFields(link: string): { key: string; label: string; value: string }[] {
  const ex = decodeTryLink(link).exercise;
  const defs = findCard(ex.algorithm)?.params ?? [];
  const values: ParamValues = Object.fromEntries(
    defs.map((d) => [d.key, ex.params[d.key] ?? String(d.default)]),
  );
  return defs
    .filter((d) => SIZE_KEYS.includes(d.key) && d.kind === 'int' && applies(d, values))
    .map((d) => ({ key: d.key, label: d.label, value: String(values[d.key]) }));
}

/** The link of the exercise shown with new size values (the attempt is not carried over). */
export function resizedLink(link: string, sizes: Record<string, string>): string {
  const ex = decodeTryLink(link).exercise;
  return encodeTryLink({ exercise: { ...ex, params: { ...ex.params, ...sizes } }, challenge: false });
}

export function TrySize({ view }: { view: TryView }) {
  const fields = view.link ? sizeFields(view.link) : [];
  const [typed, setTyped] = useState<Record<string, string>>({});
  const limit = TRY_SIZES[view.board.kind as NetworkKind];
  const store = useTryStore();
  if (!fields.length) return null;
  const open = () => {
    const sizes = Object.fromEntries(fields.map((f) => [f.key, (typed[f.key] ?? f.value).trim()]));
    const bad = Object.entries(sizes).find(([, v]) => !/^[0-9]{1,4}$/.test(v));
    if (bad) {
      store.setState({ error: `a size is a whole number; ${bad[0]} is “${bad[1].slice(0, 20)}”` });
      return;
    }
    store.getState().openLink(resizedLink(view.link, sizes));
  };
  return (
    <form
      className="flex flex-wrap items-center gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        open();
      }}
      aria-label="Another size"
      data-testid="try-size"
    >
      {fields.map((f) => (
        <label key={f.key} className="flex items-center gap-1">
          {f.label}
          <input
            className="w-16 rounded-md border border-border bg-surface px-1.5 py-0.5"
            inputMode="numeric"
            value={typed[f.key] ?? f.value}
            onChange={(e) => setTyped({ ...typed, [f.key]: e.target.value })}
            data-testid={`try-size-${f.key}`}
          />
        </label>
      ))}
      <button
        type="submit"
        className="rounded-md border border-border bg-surface px-2 py-0.5 font-medium hover:bg-panel"
        data-testid="try-size-open"
      >
        Open this size
      </button>
      {limit && (
        <span className="text-muted">
          (Try it takes {limit.words} of at most {limit.processors} processors)
        </span>
      )}
    </form>
  );
}
