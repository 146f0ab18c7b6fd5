import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * Typeset formulas, by source. The same few dozen formulas come back each time an algorithm is shown
 * again, and typesetting one takes a millisecond or more: kept for the page's life (bounded).
 */
const typeset = new Map<string, string>();
const MAX_KEPT = 500;

function html(tex: string): string {
  let out = typeset.get(tex);
  if (out === undefined) {
    out = katex.renderToString(tex, { throwOnError: false, output: 'html' });
    if (typeset.size >= MAX_KEPT) typeset.clear();
    typeset.set(tex, out);
  }
  return out;
}

/** A formula rendered with KaTeX (bundled: no network). */
export function Tex({ tex }: { tex: string }) {
  return <span dangerouslySetInnerHTML={{ __html: html(tex) }} />;
}
