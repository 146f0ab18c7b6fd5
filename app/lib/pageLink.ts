/**
 * The page's own address with `query` as its query: the link "Copy link" copies. Built from the
 * whole address rather than `location.origin`: for a page opened from a file (the USB build) the
 * URL standard's origin is "null" (Firefox says so; Chromium says "file://"), and the link must
 * reopen the configuration from the file in every browser.
 */
export function pageLink(href: string, query: string): string {
  return `${href.split(/[?#]/)[0]}?${query}`;
}
