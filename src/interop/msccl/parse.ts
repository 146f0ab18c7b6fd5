/**
 * Reading MSCCL XML text. A file in the plain form that MSCCL tools write is read by our own fast
 * pass (plain-xml.ts); any other text in one streaming pass with saxes (a maintained, checking SAX
 * parser that runs in a worker and in Node; a worker has no DOMParser), whose elements go straight
 * to the reader's `open` and `close` as the parser meets them. saxes refuses text that is not
 * well-formed XML; the refusal is then put in our words, with line and column (well-formed.ts).
 * Text beyond a stated size is refused before a character is parsed.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { InputError } from '../../limits';
import { readPlainXml, type XmlElementReader } from './plain-xml';
import { wellFormedProblem, type XmlProblem } from './well-formed';

/**
 * Longest MSCCL text read (characters). The read keeps only the algorithm's own values, no tree of
 * the document; public algorithm files are well under 2 MB, and the runtimes read at most 4096
 * elements per rank.
 */
export const MAX_MSCCL_CHARS = 32 * 2 ** 20;

export type { XmlElementReader };

/** `<algo`, possibly after a byte-order mark, an XML declaration and comments. */
const MSCCL_START = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<algo[\s/>]/;

/** Whether the text is MSCCL XML: its root element is <algo> (the file's name does not matter). */
export const looksLikeMsccl = (text: string) => MSCCL_START.test(text.slice(0, 64 * 1024));

/** Whether the text starts like XML at all (for a one-line refusal of other XML). */
export const looksLikeXml = (text: string) => /^\uFEFF?\s*</.test(text.slice(0, 1024));

/** saxes's own complaint, where our checker finds none (saxes is the stricter of the two). */
function saxesProblem(text: string): XmlProblem {
  const p = new SaxesParser({ position: true });
  let first: XmlProblem | null = null;
  p.on('error', (e) => {
    first ??= { message: e.message.replace(/^\d+:\d+: /, ''), line: p.line, column: p.column };
  });
  p.write(text).close();
  return first ?? { message: 'the XML parser stopped', line: 1, column: 1 };
}

/**
 * Parses MSCCL XML, handing every element inside the root <algo> (the root included) to a reader
 * from `newReader` in document order: the fast reading's, or when that gives up a fresh one that
 * saxes fills. Throws InputError in one line: beyond the size limit, not well-formed, a document type
 * declaration (not read here), or a root that is not one <algo>. Returns the reader that read the
 * whole text, and whether the MSCCL runtime's own reader is known to read the text too (false: not
 * known; runtime-reader.ts tells).
 */
export function parseMscclXml<R extends XmlElementReader>(
  text: string,
  name: string,
  newReader: () => R,
): { reader: R; runtimeReadable: boolean } {
  if (text.length > MAX_MSCCL_CHARS)
    throw new InputError(
      `${name} has ${text.length.toLocaleString('en-US')} characters; MSCCL files are read up to ${MAX_MSCCL_CHARS / 2 ** 20} M characters`,
    );
  const first = newReader();
  const plain = readPlainXml(text, 'algo', first);
  if (plain) return { reader: first, runtimeReadable: plain.runtimeReadable };
  const reader = newReader();
  // Positions are counted only when a refusal needs them (saxesProblem).
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  let root: string | null = null;
  let doctype = false;
  parser.on('doctype', () => (doctype = true));
  parser.on('opentag', (tag: SaxesTagPlain) => {
    root ??= tag.name;
    if (root === 'algo') reader.open(tag.name, tag.attributes);
  });
  parser.on('closetag', () => {
    if (root === 'algo') reader.close();
  });
  let failed = false;
  try {
    parser.write(text).close();
  } catch {
    failed = true;
  }
  if (failed || doctype) {
    const problem = wellFormedProblem(text) ?? saxesProblem(text);
    throw new InputError(
      `${name} is not well-formed XML: ${problem.message} (line ${problem.line}, column ${problem.column})`,
    );
  }
  if (root !== 'algo')
    throw new InputError(
      `${name} is not an MSCCL algorithm: its root element must be one <algo>, not ${root ? `<${root}>` : 'nothing'}`,
    );
  return { reader, runtimeReadable: false };
}
