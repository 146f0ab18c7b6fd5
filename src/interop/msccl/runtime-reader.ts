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

const ENDS_TOKEN = (c: string) => c === ' ' || c === '>' || c === '/' || c === '\n' || c === '\r';

export function runtimeReaderProblem(text: string): ReaderProblem | null {
  let i = 0;
  const fail = (pos: number, message: string): ReaderProblem => ({ message, ...lineAndColumn(text, pos) });
  const shown = (c: string | undefined) =>
    c === undefined ? 'the end' : c === '\t' ? 'a tab' : c === '\n' || c === '\r' ? 'a line break' : `'${c}'`;
  /** Reads a name up to a character that ends it; returns that character's position (or −1 at '='). */
  const token = (): number => {
    while (i < text.length && !ENDS_TOKEN(text[i])) {
      if (text[i] === '=') return -1;
      i++;
    }
    return i;
  };
  for (;;) {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r')) i++;
    if (i >= text.length) return null;
    if (text[i] !== '<')
      return fail(i, `between elements it skips only spaces and line breaks, and finds ${shown(text[i])}`);
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return fail(i, 'a comment is never closed');
      i = end + 3;
      continue;
    }
    i++;
    if (text[i] === '/') {
      i++;
      token();
      if (text[i] !== '>')
        return fail(i, `a closing tag must end right after its name, not at ${shown(text[i])}`);
      i++;
      continue;
    }
    token();
    let c = text[i];
    while (c === ' ') {
      i++;
      const at = token();
      if (at >= 0) {
        // A name without a value: the reader takes it as an attribute with an empty value.
        c = text[i];
        continue;
      }
      i++; // past '='
      const q = text[i];
      if (q !== '"' && q !== "'")
        return fail(i, `an attribute value must follow '=' in quotes, not ${shown(q)}`);
      if (q === "'") return fail(i, "a value in single quotes is read up to the next '\"'");
      const close = text.indexOf('"', i + 1);
      if (close < 0) return fail(i, 'a value is never closed');
      i = close + 1;
      c = text[i];
    }
    if (c === '/') {
      i++;
      token();
      c = text[i];
    }
    if (c !== '>')
      return fail(
        i,
        `a tag's attributes must be separated by single spaces and end with '>' or '/>', not ${shown(c)}`,
      );
    i++;
  }
}
