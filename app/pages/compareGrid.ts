/**
 * How compare mode lays out its panes. At the desk: side by side up to three, four in two rows. In
 * the presenter's layout (lecture mode, embeds), where each pane also says its step in words, the
 * grid is chosen for the pictures: four panes go in two rows with each pane's words beside its
 * picture when that leaves the words a column of their own (a wide window: 1280 × 720), in one row
 * with the words above when the window is wide but not tall enough for that (1024 × 768), else in
 * two rows with the words above.
 */
export interface PaneGrid {
  columns: number;
  rows: number;
  /** Each pane's words in a column left of its picture (else above it). */
  beside: boolean;
  /**
   * The words' column, in CSS pixels (beside only): what a square picture leaves of the pane, at
   * first; it widens up to `wordsMax` while its words do not fit (PaneWords).
   */
  wordsWidth: number;
  wordsMax: number;
}

/** Narrowest column the words beside a picture may have: a narration's sentence in a few lines. */
export const MIN_WORDS_COLUMN = 320;
/** Narrowest the picture beside the words may become while they widen to fit. */
export const MIN_PICTURE_BESIDE = 140;
/** Gap between panes, in CSS pixels (Tailwind's gap-2). */
const GAP = 8;

export function paneGrid(count: number, width: number, height: number, presenter: boolean): PaneGrid {
  const above = (columns: number, rows: number): PaneGrid => ({
    columns,
    rows,
    beside: false,
    wordsWidth: 0,
    wordsMax: 0,
  });
  if (count <= 3) return above(Math.max(2, count), 1);
  if (!presenter) return above(2, 2);
  const paneW = (width - GAP) / 2;
  const paneH = (height - GAP) / 2;
  if (paneW - paneH >= MIN_WORDS_COLUMN)
    return {
      columns: 2,
      rows: 2,
      beside: true,
      wordsWidth: Math.floor(paneW - paneH),
      wordsMax: Math.floor(paneW - MIN_PICTURE_BESIDE),
    };
  return width >= 1.6 * height ? above(4, 1) : above(2, 2);
}
