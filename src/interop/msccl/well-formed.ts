/**
 * What is wrong with MSCCL text that the parser (saxes, parse.ts) refused, in our words: every
 * element closed, in order, under one root; each attribute written name="value" (or 'value') once per
 * element; comments, declarations and CDATA closed; no document type declaration. Run only after a
 * refusal, so a good file is read in one pass. Returns null, or what is wrong and where (line and
 * column, from 1).
 */
import { isXmlSpace } from './char-codes';

export interface XmlProblem {
  message: string;
  line: number;
  column: number;
}

const isSpace = isXmlSpace;
/** Letters, '_', ':' and anything beyond ASCII may start a name; digits, '-' and '.' continue one. */
const isNameStart = (c: number) =>
  (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x3a || c > 0x7f;
const isNameChar = (c: number) => isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e;

/** Line and column (both from 1) of character `pos` of `text`: where a message about it points. */
export function lineAndColumn(text: string, pos: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = text.indexOf('\n'); k >= 0 && k < pos; k = text.indexOf('\n', k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return { line, column: pos - lineStart + 1 };
}

export function wellFormedProblem(text: string): XmlProblem | null {
  const stack: string[] = [];
  const seen: string[] = [];
  let roots = 0;
  let i = 0;
  const at = (pos: number, message: string): XmlProblem => ({ message, ...lineAndColumn(text, pos) });
  for (;;) {
    const open = text.indexOf('<', i);
    const textEnd = open < 0 ? text.length : open;
    if (stack.length === 0) {
      // Outside the root only white space may stand (and the byte-order mark at the very start).
      for (let k = i; k < textEnd; k++) {
        const c = text.charCodeAt(k);
        if (!isSpace(c) && !(k === 0 && c === 0xfeff)) return at(k, 'text outside the root element');
      }
    }
    if (open < 0) break;
    const next = text.charCodeAt(open + 1);
    if (next === 0x21 || next === 0x3f) {
      // '<!' (a comment, CDATA or a document type) or '<?' (a declaration).
      const kind = text.startsWith('<!--', open)
        ? ['-->', 'comment']
        : text.startsWith('<![CDATA[', open)
          ? [']]>', 'CDATA section']
          : next === 0x3f
            ? ['?>', 'declaration']
            : null;
      if (!kind) return at(open, 'a document type declaration is not read here');
      const close = text.indexOf(kind[0], open + 2);
      if (close < 0) return at(open, `the ${kind[1]} is never closed`);
      i = close + kind[0].length;
      continue;
    }
    const closing = text.charCodeAt(open + 1) === 0x2f; // '/'
    let k = open + (closing ? 2 : 1);
    const nameStart = k;
    if (!isNameStart(text.charCodeAt(k))) return at(k, 'a tag must start with a name');
    while (isNameChar(text.charCodeAt(k))) k++;
    const name = text.slice(nameStart, k);
    if (closing) {
      while (isSpace(text.charCodeAt(k))) k++;
      if (text.charCodeAt(k) !== 0x3e) return at(k, `</${name} is not closed with ">"`);
      const expected = stack.pop();
      if (expected !== name)
        return at(open, expected ? `</${name}> closes <${expected}>` : `</${name}> closes nothing`);
      i = k + 1;
      continue;
    }
    // Attributes: name = "value" (or 'value'), each name once.
    seen.length = 0;
    for (;;) {
      const before = k;
      while (isSpace(text.charCodeAt(k))) k++;
      const c = text.charCodeAt(k);
      if (k >= text.length) return at(open, `<${name} is never closed`);
      if (c === 0x3e || (c === 0x2f && text.charCodeAt(k + 1) === 0x3e)) break; // '>' or '/>'
      if (k === before) return at(k, `<${name}>: attributes must be separated by white space`);
      const a0 = k;
      if (!isNameStart(c)) return at(k, `<${name}>: "${text[k]}" cannot start an attribute name`);
      while (isNameChar(text.charCodeAt(k))) k++;
      const attr = text.slice(a0, k);
      if (seen.includes(attr)) return at(a0, `<${name}> has ${attr} twice`);
      seen.push(attr);
      while (isSpace(text.charCodeAt(k))) k++;
      if (text.charCodeAt(k) !== 0x3d) return at(k, `<${name}> ${attr} has no value (write ${attr}="…")`);
      k++;
      while (isSpace(text.charCodeAt(k))) k++;
      const quote = text.charCodeAt(k);
      if (quote !== 0x22 && quote !== 0x27) return at(k, `<${name}> ${attr}'s value must be in quotes`);
      const endQuote = text.indexOf(quote === 0x22 ? '"' : "'", k + 1);
      if (endQuote < 0) return at(k, `<${name}> ${attr}'s value is never closed`);
      for (let q = k + 1; q < endQuote; q++)
        if (text.charCodeAt(q) === 0x3c) return at(k, `<${name}> ${attr}'s value contains "<"`);
      k = endQuote + 1;
    }
    if (stack.length === 0 && roots++ > 0) return at(open, `a second root element <${name}>`);
    if (text.charCodeAt(k) === 0x2f) k++;
    else stack.push(name);
    i = k + 1;
  }
  if (stack.length) return at(text.length, `<${stack[stack.length - 1]}> is never closed`);
  if (roots === 0) return at(0, 'there is no element');
  return null;
}
