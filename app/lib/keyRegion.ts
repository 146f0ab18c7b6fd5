/**
 * The attributes of a picture that answers arrow keys itself (the link-load heatmap, the threadblock
 * timeline, the mesh's overview map): focusable, an application region, so that a screen reader
 * hands the keys through, announced as its `kind` and labelled with what it shows and which keys
 * do what.
 */
export const keyRegion = (kind: string, label: string) =>
  ({ tabIndex: 0, role: 'application', 'aria-roledescription': kind, 'aria-label': label }) as const;
