/**
 * Reading MSCCL XML text into a tree of elements and attributes, with fast-xml-parser (it runs in a
 * worker and in Node; a worker has no DOMParser). The text is checked to be well-formed first
 * (well-formed.ts: the parser alone accepts unclosed tags), and refused beyond a stated size, in one
 * line each.
 */
import { XMLParser } from 'fast-xml-parser';
import { InputError } from '../../limits';
import { wellFormedProblem } from './well-formed';

/**
 * Longest MSCCL text read (characters). The tree costs about 20 times the text in memory; public
 * algorithm files are well under 2 MB, and the runtimes read at most 4096 elements per rank.
 */
export const MAX_MSCCL_CHARS = 32 * 2 ** 20;

/**
 * An element as fast-xml-parser gives it: its attributes grouped under `$`, its child elements under
 * their names (an array when there are several; an element with neither is an empty string). Read with attrsOf and
 * childrenOf; the model reads it directly, so 50 000 steps cost no copy.
 */
export type XmlNode = { $?: Record<string, string> } & Record<string, unknown>;

/** An element's attributes (as written). */
export const attrsOf = (e: unknown): Record<string, string> =>
  (e !== null && typeof e === 'object' && (e as XmlNode).$) || {};

/** The child elements named `name`, in document order (the parser gives one child as itself). */
export const childrenOf = (e: unknown, name: string): unknown[] => {
  const c = e !== null && typeof e === 'object' ? (e as XmlNode)[name] : undefined;
  return Array.isArray(c) ? c : c === undefined ? [] : [c];
};

/** The names of an element's other children and how many there are of each. */
export function otherChildren(e: unknown, known: string): [string, number][] {
  if (e === null || typeof e !== 'object') return [];
  return Object.entries(e as XmlNode)
    .filter(([k]) => k !== '$' && k !== known && !k.startsWith('#'))
    .map(([k, v]) => [k, Array.isArray(v) ? v.length : 1]);
}

/** `<algo`, possibly after a byte-order mark, an XML declaration and comments. */
const MSCCL_START = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<algo[\s/>]/;

/** Whether the text is MSCCL XML: its root element is <algo> (the file's name does not matter). */
export const looksLikeMsccl = (text: string) => MSCCL_START.test(text.slice(0, 64 * 1024));

/** Whether the text starts like XML at all (for a one-line refusal of other XML). */
export const looksLikeXml = (text: string) => /^\uFEFF?\s*</.test(text.slice(0, 1024));

/** Parses MSCCL XML into its <algo> element; throws InputError in one line. */
export function parseMscclXml(text: string, name: string): XmlNode {
  if (text.length > MAX_MSCCL_CHARS)
    throw new InputError(
      `${name} has ${text.length.toLocaleString('en-US')} characters; MSCCL files are read up to ${MAX_MSCCL_CHARS / 2 ** 20} M characters`,
    );
  const problem = wellFormedProblem(text);
  if (problem)
    throw new InputError(
      `${name} is not well-formed XML: ${problem.message} (line ${problem.line}, column ${problem.column})`,
    );
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributesGroupName: '$',
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    // No path strings for callbacks (there are none), and values as written: the runtime's own
    // reader decodes no entities either.
    jPath: false,
    processEntities: false,
  });
  const doc = parser.parse(text) as Record<string, unknown>;
  const roots = Object.keys(doc).filter((k) => !k.startsWith('#') && !k.startsWith('?'));
  const algo = childrenOf(doc, 'algo');
  if (roots.length !== 1 || algo.length !== 1)
    throw new InputError(
      `${name} is not an MSCCL algorithm: its root element must be one <algo>, not ${roots.map((r) => `<${r}>`).join(', ') || 'nothing'}`,
    );
  return typeof algo[0] === 'object' && algo[0] !== null ? (algo[0] as XmlNode) : {};
}
