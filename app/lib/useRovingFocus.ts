import { useRef, useState, type KeyboardEvent } from 'react';

/**
 * Roving focus over the items of a picture (a tree's nodes, a chart's dots), by id: the item that Tab
 * reaches (`current`), a ref that files each item's element under its id, and `moveTo`, which
 * focuses the item a key chose (null: the key was not ours, left to others).
 */
export function useRovingFocus<E extends Element & { focus(): void }>() {
  const [current, setCurrent] = useState(0);
  const elements = useRef(new Map<number, E>());
  return {
    current,
    setCurrent,
    ref: (id: number) => (el: E | null) => {
      if (el) elements.current.set(id, el);
      else elements.current.delete(id);
    },
    moveTo(e: KeyboardEvent, to: number | null) {
      if (to === null) return;
      e.preventDefault();
      e.stopPropagation();
      setCurrent(to);
      elements.current.get(to)?.focus();
    },
  };
}
