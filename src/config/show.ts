/**
 * A value from a link as a notice quotes it: control characters (which would garble the notice) as
 * '?', and at most `max` characters, cut with '...'.
 */
export function show(s: string, max = 40): string {
  const clean = Array.from(s, (ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? '?' : ch)).join(
    '',
  );
  return clean.length > max ? `${clean.slice(0, max - 3)}...` : clean;
}
