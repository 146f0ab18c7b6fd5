import katex from 'katex';
import 'katex/dist/katex.min.css';
import { useMemo } from 'react';

/** A formula rendered with KaTeX (bundled: no network). */
export function Tex({ tex }: { tex: string }) {
  const html = useMemo(() => katex.renderToString(tex, { throwOnError: false, output: 'html' }), [tex]);
  return <span dangerouslySetInnerHTML={{ __html: html }} />;
}
