import { APOSTROPHE, CR, EQUALS, GT, LF, LT, QUOTE, SLASH, SPACE } from './char-codes';
import { lineAndColumn } from './well-formed';
/**
 * Where the MSCCL runtime's own XML reader would stop on a text that is well-formed XML. microsoft/msccl
 * reads algorithm files with NCCL's small hand-written reader (`src/graph/xml.cc`, `xmlGetNode`,
 * `xmlGetToken`, `xmlGetValue`), which is far stricter than XML:
 * - between elements it skips only spaces and line breaks: a tab, a byte-order mark or text there
 *   stops it ("expecting '<'");
 * - inside a tag, attributes follow the name after exactly one space each, as name="value": a line
 *   break or a tab between attributes, a space after '=', or a declaration (`<?xml … ?>`, read as an
 *   element that ends in '?') stop it ("expected >");
 * - a value starts with '"' or '\'' but always ends at the next '"', so a single-quoted value is
 *   misread.
 * Comments are skipped. This follows the reader's steps closely enough to find the first place it
 * fails; what it reads after that does not matter, since the file is refused.
 */

export interface ReaderProblem {
  message: string;
  line: number;
  column: number;
}

export function runtimeReaderProblem(text: string): ReaderProblem | null {
  let i = 0;
  const fail = (pos: number, message: string): ReaderProblem => ({ message, ...lineAndColumn(text, pos) });
  const shown = (c: string | undefined) =>
    c === undefined ? 'the end' : c === '\t' ? 'a tab' : c === '\n' || c === '\r' ? 'a line break' : `'${c}'`;
  /** Reads a name up to a character that ends it; returns that character's position (or −1 at '='). */
  const token = (): number => {
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === SPACE || c === GT || c === SLASH || c === LF || c === CR) break;
      if (c === EQUALS) return -1;
    }
    return i;
  };
  for (;;) {
    for (let c = text.charCodeAt(i); c === SPACE || c === LF || c === CR; c = text.charCodeAt(i)) i++;
    if (i >= text.length) return null;
    if (text.charCodeAt(i) !== LT)
      return fail(i, `between elements it skips only spaces and line breaks, and finds ${shown(text[i])}`);
    if (text.charCodeAt(i + 1) === 33 && text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return fail(i, 'a comment is never closed');
      i = end + 3;
      continue;
    }
    i++;
    if (text.charCodeAt(i) === SLASH) {
      i++;
      token();
      if (text.charCodeAt(i) !== GT)
        return fail(i, `a closing tag must end right after its name, not at ${shown(text[i])}`);
      i++;
      continue;
    }
    token();
    let c = text.charCodeAt(i);
    while (c === SPACE) {
      i++;
      const at = token();
      if (at >= 0) {
        // A name without a value: the reader takes it as an attribute with an empty value.
        c = text.charCodeAt(i);
        continue;
      }
      i++; // past '='
      const q = text.charCodeAt(i);
      if (q !== QUOTE && q !== APOSTROPHE)
        return fail(i, `an attribute value must follow '=' in quotes, not ${shown(text[i])}`);
      if (q === APOSTROPHE) return fail(i, "a value in single quotes is read up to the next '\"'");
      const close = text.indexOf('"', i + 1);
      if (close < 0) return fail(i, 'a value is never closed');
      i = close + 1;
      c = text.charCodeAt(i);
    }
    if (c === SLASH) {
      i++;
      token();
      c = text.charCodeAt(i);
    }
    if (c !== GT)
      return fail(
        i,
        `a tag's attributes must be separated by single spaces and end with '>' or '/>', not ${shown(text[i])}`,
      );
    i++;
  }
}
