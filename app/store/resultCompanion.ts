import { create } from 'zustand';
import type { RunResult } from '../../src/result';

/**
 * Something the worker sends after a result (the block-matrix pictures, the link load), kept with
 * the result it belongs to: `remember` keeps the latest, `useOf(result)` reads it once it has
 * arrived for that very result (null before, and for any other result); `of(result)` is the same
 * read outside React.
 */
export function resultCompanion<T>(): {
  remember: (result: RunResult, value: T) => void;
  useOf: (result: RunResult) => T | null;
  of: (result: RunResult) => T | null;
} {
  const store = create<{ result: RunResult | null; value: T | null }>()(() => ({
    result: null,
    value: null,
  }));
  type Kept = { result: RunResult | null; value: T | null };
  const valueFor = (s: Kept, result: RunResult) => (s.result === result ? s.value : null);
  return {
    remember: (result, value) => store.setState({ result, value }),
    useOf: (result) => store((s) => valueFor(s, result)),
    of: (result) => valueFor(store.getState(), result),
  };
}
