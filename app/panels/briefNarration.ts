/**
 * A step's narration for a compare pane, where the room is a few lines: the first sentence in full
 * (never cut with "…"), without the "Step 3 of 14 (phase):" or "Phase 0:" that the pane already
 * says (`phase`: the step's phase, which leads the pane's words). The whole narration stays on hover
 * and in the narration panel of a single view.
 */
export function briefNarration(text: string, phase = ''): string {
  let body = text.replace(/^Step [\d,]+ of [\d,]+(?: \([^)]*\))?: /, '');
  const named = phase.trim().toLowerCase();
  if (named && body.toLowerCase().startsWith(named)) {
    const rest = /^(?: of [\d,]+)?(?: \([^)]*\))?: /.exec(body.slice(named.length));
    if (rest) body = body.slice(named.length + rest[0].length);
  }
  // A sentence ends at . ! or ? followed by a space and a capital, or at the end ("Fig. 1" and "e.g." do not).
  const m = /^[\s\S]*?[.!?](?=\s+[A-Z]|\s*$)/.exec(body);
  const first = (m ? m[0] : body).trim();
  return first.charAt(0).toUpperCase() + first.slice(1);
}
