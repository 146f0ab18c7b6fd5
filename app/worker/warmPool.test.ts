import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { warmPoolAfterFirstResult } from './warmPool';

function setUp(initial: string | null) {
  const store = createStore<{ result: string | null }>(() => ({ result: initial }));
  const pool = { warmed: 0, warm: () => void pool.warmed++ };
  warmPoolAfterFirstResult(pool, store, (s) => s.result !== null);
  return { store, pool };
}

describe('warmPoolAfterFirstResult', () => {
  it('starts no pool worker while the page waits for its first result', () => {
    const { store, pool } = setUp(null);
    store.setState({ result: null });
    expect(pool.warmed).toBe(0);
  });

  it('starts the pool worker once, when the first result arrives', () => {
    const { store, pool } = setUp(null);
    store.setState({ result: 'ring' });
    expect(pool.warmed).toBe(1);
    store.setState({ result: 'star' });
    expect(pool.warmed).toBe(1);
  });

  it('starts it at once when a result is already there', () => {
    expect(setUp('ring').pool.warmed).toBe(1);
  });
});
