import { describe, expect, it } from 'vitest';
import { MIN_PICTURE_BESIDE, MIN_WORDS_COLUMN, paneGrid } from './compareGrid';

describe('the compare panes’ grid', () => {
  it('at the desk: side by side up to three, four in two rows', () => {
    expect(paneGrid(2, 1000, 500, false)).toMatchObject({ columns: 2, rows: 1, beside: false });
    expect(paneGrid(3, 1000, 500, false)).toMatchObject({ columns: 3, rows: 1, beside: false });
    expect(paneGrid(4, 1264, 510, false)).toMatchObject({ columns: 2, rows: 2, beside: false });
  });

  it('presenting four at 1280 × 720: two rows, each pane’s words beside its square picture', () => {
    const g = paneGrid(4, 1264, 510, true);
    expect(g).toMatchObject({ columns: 2, rows: 2, beside: true });
    // The picture keeps the pane's height as its side; the words take the rest.
    expect(g.wordsWidth).toBe(Math.floor((1264 - 8) / 2 - (510 - 8) / 2));
    expect(g.wordsWidth).toBeGreaterThanOrEqual(MIN_WORDS_COLUMN);
    expect(g.wordsMax).toBe(Math.floor((1264 - 8) / 2 - MIN_PICTURE_BESIDE));
  });

  it('presenting four at 1024 × 768: too little room beside, so one row with the words above', () => {
    expect(paneGrid(4, 1008, 560, true)).toMatchObject({ columns: 4, rows: 1, beside: false });
    // A tall window: two rows, words above.
    expect(paneGrid(4, 800, 900, true)).toMatchObject({ columns: 2, rows: 2, beside: false });
  });
});
