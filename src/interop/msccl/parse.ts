/**
 * Reading MSCCL XML text into a tree of elements and attributes, with fast-xml-parser (it runs in a
 * worker and in Node; a worker has no DOMParser). The text is checked to be well-formed XML first
 * (the parser alone accepts unclosed tags), and refused beyond a stated size, in one line each.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { InputError } from '../../limits';

/**
 * Longest MSCCL text read (characters). The tree costs about 20 times the text in memory; public
 * algorithm files are well under 2 MB, and the runtimes read at most 4096 elements per rank.
 */
export const MAX_MSCCL_CHARS = 32 * 2 ** 20;

/** An element: its attributes (as written) and its child elements by name, in document order. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
}

/** `<algo`, possibly after a byte-order mark, an XML declaration and comments. */
const MSCCL_START = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<algo[\s/>]/;

/** Whether the text is MSCCL XML: its root element is <algo> (the file's name does not matter). */
export const looksLikeMsccl = (text: string) => MSCCL_START.test(text.slice(0, 64 * 1024));

/** Whether the text starts like XML at all (for a one-line refusal of other XML). */
export const looksLikeXml = (text: string) => /^\uFEFF?\s*</.test(text.slice(0, 1024));

const ATTR = '@';

/** Parses MSCCL XML into its <algo> element; throws InputError in one line. */
export function parseMscclXml(text: string, name: string): XmlElement {
  if (text.length > MAX_MSCCL_CHARS)
    throw new InputError(
      `${name} has ${text.length.toLocaleString('en-US')} characters; MSCCL files are read up to ${MAX_MSCCL_CHARS / 2 ** 20} M characters`,
    );
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new InputError(
      `${name} is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`,
    );
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: ATTR,
    parseAttributeValue: false,
    parseTagValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (_tag, _path, _leaf, isAttribute) => !isAttribute,
  });
  const doc = parser.parse(text) as Record<string, unknown>;
  const roots = Object.keys(doc).filter((k) => !k.startsWith('#'));
  if (roots.length !== 1 || roots[0] !== 'algo' || (doc.algo as unknown[]).length !== 1)
    throw new InputError(
      `${name} is not an MSCCL algorithm: its root element must be one <algo>, not ${roots.map((r) => `<${r}>`).join(', ') || 'nothing'}`,
    );
  return elementOf('algo', (doc.algo as unknown[])[0]);
}

/** fast-xml-parser's object for one element as an XmlElement (children grouped by name, in order). */
function elementOf(name: string, raw: unknown): XmlElement {
  const attrs: Record<string, string> = {};
  const children: XmlElement[] = [];
  if (raw !== null && typeof raw === 'object')
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      if (key.startsWith(ATTR)) attrs[key.slice(ATTR.length)] = String(value);
      else if (key.startsWith('#')) continue;
      else for (const child of value as unknown[]) children.push(elementOf(key, child));
    }
  return { name, attrs, children };
}
