/**
 * A fast first reading of MSCCL XML in its usual plain form, before saxes (parse.ts). The files that
 * msccl-tools, TACCL, TE-CCL and the Lab write use a small part of XML: elements with quoted
 * attributes, whitespace between them, comments, perhaps a declaration. This reads exactly that part,
 * in one pass over character codes, and gives up (null) on anything beyond it — a byte-order mark,
 * an entity or a line break inside a value, text, CDATA, a document type declaration, a name with a
 * colon or beyond ASCII, and every kind of mistake. Whoever gives up, saxes reads the text from the
 * start; saxes stays the judge of what is XML and the source of every refusal.
 *
 * So this never accepts what saxes refuses, and hands on what saxes would: plain-xml.test.ts checks
 * both on thousands of generated and mutated documents.
 */
import {
  APOSTROPHE,
  BANG,
  EQUALS,
  GT,
  isXmlSpace,
  LT,
  QUESTION,
  QUOTE,
  SLASH,
  SPACE,
  TAB,
} from './char-codes';

/** What a reading hands each element to: its name and attributes (as decoded), then its end. */
export interface XmlElementReader {
  open(name: string, attributes: Record<string, string>): void;
  close(): void;
}

/** What a plain reading found beyond the elements. */
export interface PlainFacts {
  /**
   * Whether the MSCCL runtime's own, stricter reader (runtime-reader.ts) reads the text too: no
   * declaration, no tab between elements, only spaces inside tags, values in double quotes. When
   * false, runtime-reader.ts says where that reader stops.
   */
  runtimeReadable: boolean;
}

/** From here on, surrogates and the characters XML forbids or saxes checks one by one. */
const BEYOND_PLAIN = 0xd800;
/** Names and values remembered (a power of two). */
const SEEN_SLOTS = 4096;

/**
 * A name (ASCII letters, digits, '_', '.', '-'; not starting with a digit, '.' or '-'), and a value
 * with its closing quote — read by the regular-expression engine, which runs at full speed from the
 * first character of the first file read.
 */
const NAME = /[A-Za-z_][A-Za-z0-9_.-]*/y;
// Control characters are what these two refuse (XML would normalize or forbid them).
// eslint-disable-next-line no-control-regex
const DOUBLE_QUOTED = /[^"<&\x00-\x1f\ud800-\uffff]*"/y;
// eslint-disable-next-line no-control-regex
const SINGLE_QUOTED = /[^'<&\x00-\x1f\ud800-\uffff]*'/y;

/** The one declaration read here: version 1.0, perhaps an encoding and standalone, at the very start. */
const DECLARATION =
  /^<\?xml[ \t\r\n]+version=(?:"1\.0"|'1\.0')(?:[ \t\r\n]+encoding=(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\r\n]+standalone=(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\r\n]*\?>/;

/**
 * Hands the elements of `text` to `sink` in document order, as they are met, when `text` is plain XML
 * as described above with a root named `root`. Returns null when it gives up: the sink has then seen
 * part of the text, and saxes must read it all again into a fresh one.
 */
export function readPlainXml(text: string, root: string, sink: XmlElementReader): PlainFacts | null {
  const reader = new PlainReader(text, root, sink);
  if (text.startsWith('<?')) {
    const decl = DECLARATION.exec(text);
    if (!decl) return null;
    reader.i = decl[0].length;
    reader.runtimeReadable = false;
  }
  return reader.read();
}

/**
 * The pass itself, in short methods (each is compiled to fast code soon after it starts, which keeps
 * the first reading of a file, the one a user waits for, quick). Every method returns false, or −1,
 * when the text leaves the plain form.
 */
class PlainReader {
  private readonly n: number;
  private readonly open: string[] = [];
  private rootDone = false;
  /**
   * Names and values repeat across a file ("step", "type", "rrcs", "0"): each is made once and the
   * same string handed on, so attribute keys are not looked up afresh and values not copied again.
   */
  private readonly seen: (string | undefined)[] = new Array<string | undefined>(SEEN_SLOTS).fill(undefined);
  i = 0;
  runtimeReadable = true;

  constructor(
    private readonly text: string,
    private readonly root: string,
    private readonly sink: XmlElementReader,
  ) {
    this.n = text.length;
  }

  read(): PlainFacts | null {
    const { text, n } = this;
    while (this.i < n) {
      const c = text.charCodeAt(this.i);
      if (isXmlSpace(c)) {
        if (c === TAB) this.runtimeReadable = false;
        this.i++;
      } else if (c !== LT)
        return null; // text, or a byte-order mark
      else {
        const c1 = text.charCodeAt(this.i + 1);
        const ok =
          c1 === BANG ? this.comment() : c1 === SLASH ? this.endTag() : c1 !== QUESTION && this.startTag();
        if (!ok) return null;
      }
    }
    if (!this.rootDone) return null;
    return { runtimeReadable: this.runtimeReadable };
  }

  /** A comment: no "--" inside, plain characters. */
  private comment(): boolean {
    const { text, i } = this;
    if (!text.startsWith('<!--', i)) return false;
    const end = text.indexOf('--', i + 4);
    if (end < 0 || text.charCodeAt(end + 2) !== GT) return false;
    for (let k = i + 4; k < end; k++) {
      const d = text.charCodeAt(k);
      if ((d < SPACE && !isXmlSpace(d)) || d >= BEYOND_PLAIN) return false;
    }
    this.i = end + 3;
    return true;
  }

  private endTag(): boolean {
    const { text, open } = this;
    const from = this.i + 2;
    const end = this.nameEnd(from);
    if (open.length === 0) return false;
    const name = open[open.length - 1];
    if (end - from !== name.length || !text.startsWith(name, from)) return false;
    if (text.charCodeAt(end) !== GT) this.runtimeReadable = false;
    const k = this.spaceEnd(end);
    if (text.charCodeAt(k) !== GT) return false;
    open.pop();
    this.closed();
    this.i = k + 1;
    return true;
  }

  private startTag(): boolean {
    const { text } = this;
    if (this.rootDone) return false;
    const from = this.i + 1;
    const end = this.nameEnd(from);
    if (end === from) return false;
    const name = this.stringAt(from, end);
    if (this.open.length === 0 && name !== this.root) return false;
    const list: Record<string, string> = {};
    let k = end;
    for (;;) {
      const spaced = k;
      k = this.spaceEnd(k);
      const d = text.charCodeAt(k);
      if (d === GT || d === SLASH) break;
      if (k === spaced) return false; // attributes are separated by whitespace
      k = this.attribute(k, list);
      if (k < 0) return false;
    }
    this.sink.open(name, list);
    if (text.charCodeAt(k) === SLASH) {
      if (text.charCodeAt(k + 1) !== GT) return false;
      this.closed();
      this.i = k + 2;
    } else {
      this.open.push(name);
      this.i = k + 1;
    }
    return true;
  }

  /** name="value" (or 'value') at k, added to `list`; where it ends, or −1. */
  private attribute(k: number, list: Record<string, string>): number {
    const { text } = this;
    const keyEnd = this.nameEnd(k);
    if (keyEnd === k || text.charCodeAt(keyEnd) !== EQUALS) return -1;
    const key = this.stringAt(k, keyEnd);
    const q = text.charCodeAt(keyEnd + 1);
    if (q !== QUOTE && q !== APOSTROPHE) return -1;
    if (q === APOSTROPHE) this.runtimeReadable = false;
    // The value and its closing quote, with no character beyond the plain form on the way.
    const value = q === QUOTE ? DOUBLE_QUOTED : SINGLE_QUOTED;
    value.lastIndex = keyEnd + 2;
    if (!value.test(text) || key in list || key === '__proto__') return -1;
    const end = value.lastIndex - 1;
    list[key] = this.stringAt(keyEnd + 2, end);
    return end + 1;
  }

  /** An element ended: the root's end closes the document to further elements. */
  private closed(): void {
    this.sink.close();
    if (this.open.length === 0) this.rootDone = true;
  }

  /** Past whitespace in a tag (where the runtime's reader takes only spaces). */
  private spaceEnd(k: number): number {
    const { text, n } = this;
    for (; k < n; k++) {
      const c = text.charCodeAt(k);
      if (c === SPACE) continue;
      if (!isXmlSpace(c)) break;
      this.runtimeReadable = false;
    }
    return k;
  }

  /** Past a name starting at `from`; its end (`from` when there is none). */
  private nameEnd(from: number): number {
    NAME.lastIndex = from;
    return NAME.test(this.text) ? NAME.lastIndex : from;
  }

  /** The text from `from` to `to`, the same string as last time when it repeats. */
  private stringAt(from: number, to: number): string {
    const { text } = this;
    // A hash of its length and three of its characters (a clash only costs a copy).
    const slot =
      to === from
        ? 0
        : ((to - from) * 961 +
            text.charCodeAt(from) * 31 +
            text.charCodeAt(to - 1) * 7 +
            text.charCodeAt((from + to) >> 1)) &
          (SEEN_SLOTS - 1);
    const s = this.seen[slot];
    if (s !== undefined && s.length === to - from && text.startsWith(s, from)) return s;
    return (this.seen[slot] = text.slice(from, to));
  }
}
