/**
 * A small Markdown reader for the project's own notes (docs/models/*.md): headings, paragraphs,
 * bullet and numbered lists (nested, with continuation lines), tables with alignment, fenced and
 * indented code, block quotes, rules; inline code, strong, emphasis (underscores only between
 * words, so `m_j` stays as written), links and backslash escapes. It returns a tree of plain values,
 * never HTML: the app turns the tree into elements, so no text of a note can become markup.
 */

export type Inline =
  | { t: 'text'; s: string }
  | { t: 'code'; s: string }
  | { t: 'strong'; c: Inline[] }
  | { t: 'em'; c: Inline[] }
  | { t: 'link'; href: string; c: Inline[] };

export type Align = 'left' | 'center' | 'right' | null;

export type Block =
  | { t: 'heading'; level: number; id: string; c: Inline[] }
  | { t: 'para'; c: Inline[] }
  | { t: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { t: 'table'; align: Align[]; head: Inline[][]; rows: Inline[][][] }
  | { t: 'code'; lang: string; s: string }
  | { t: 'quote'; c: Block[] }
  | { t: 'rule' };

// ---------------------------------------------------------------------------------------------------
// Blocks

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^`\s]*)[^`]*$/;
const RULE = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+|$)/;
const QUOTE = /^ {0,3}> ?/;
const TABLE_RULE = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

const blank = (line: string) => line.trim() === '';
const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * Whether a line starts a block other than a paragraph, so it ends a paragraph before it. A numbered
 * item interrupts a paragraph only when it is numbered 1 (a wrapped line may well start with "2.").
 */
function startsBlock(line: string): boolean {
  if (HEADING.test(line) || FENCE.test(line) || RULE.test(line) || QUOTE.test(line)) return true;
  const item = ITEM.exec(line);
  return !!item && !blank(line.slice(item[0].length)) && (!/\d/.test(item[2]) || parseInt(item[2], 10) === 1);
}

/** A heading's anchor: lower case, letters and digits joined by hyphens. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** The plain text of inline content (for anchors, titles and tests). */
export function inlineText(c: readonly Inline[]): string {
  return c.map((i) => (i.t === 'text' || i.t === 'code' ? i.s : inlineText(i.c))).join('');
}

/** Table cells of one row: split at `|` outside code spans and not escaped. */
function cells(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const out: string[] = [];
  let cur = '';
  let tick = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\' && s[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (ch === '`') {
      let run = 1;
      while (s[i + run] === '`') run++;
      if (tick === 0) tick = run;
      else if (tick === run) tick = 0;
      cur += s.slice(i, i + run);
      i += run - 1;
    } else if (ch === '|' && tick === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

function alignOf(cell: string): Align {
  const c = cell.trim();
  const l = c.startsWith(':');
  const r = c.endsWith(':');
  return l && r ? 'center' : r ? 'right' : l ? 'left' : null;
}

/** Parses Markdown text into blocks. */
export function parseMarkdown(text: string): Block[] {
  return parseBlocks(text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n'));
}

function parseBlocks(lines: readonly string[]): Block[] {
  const out: Block[] = [];
  const used = new Map<string, number>();
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (blank(line)) {
      i++;
      continue;
    }
    // Fenced code: up to a closing fence of the same kind, at least as long.
    const fence = FENCE.exec(line);
    if (fence) {
      const close = new RegExp(`^ {0,3}${fence[1][0] === '`' ? '`' : '~'}{${fence[1].length},}[ \\t]*$`);
      const body: string[] = [];
      i++;
      while (i < lines.length && !close.test(lines[i])) body.push(lines[i++]);
      i++;
      out.push({ t: 'code', lang: fence[2], s: body.join('\n') });
      continue;
    }
    // Indented code (four spaces), after a blank line or at the start.
    if (indentOf(line) >= 4) {
      const body: string[] = [];
      while (i < lines.length && (blank(lines[i]) || indentOf(lines[i]) >= 4)) body.push(lines[i++].slice(4));
      while (body.length && blank(body[body.length - 1])) body.pop();
      out.push({ t: 'code', lang: '', s: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const c = parseInline(heading[2] ?? '');
      let id = slug(inlineText(c));
      const n = used.get(id) ?? 0;
      used.set(id, n + 1);
      if (n) id = `${id}-${n}`;
      out.push({ t: 'heading', level: heading[1].length, id, c });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      out.push({ t: 'rule' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && !blank(lines[i]) && (QUOTE.test(lines[i]) || !startsBlock(lines[i])))
        body.push(lines[i++].replace(QUOTE, ''));
      out.push({ t: 'quote', c: parseBlocks(body) });
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      i = parseList(lines, i, out);
      continue;
    }
    // A table: a row of cells, then the rule under the header.
    if (line.includes('|') && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1])) {
      const head = cells(line);
      const align = cells(lines[i + 1]).map(alignOf);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length && !blank(lines[i]) && lines[i].includes('|')) {
        const r = cells(lines[i++]);
        rows.push(head.map((_, k) => parseInline(r[k] ?? '')));
      }
      out.push({
        t: 'table',
        align: head.map((_, k) => align[k] ?? null),
        head: head.map(parseInline),
        rows,
      });
      continue;
    }
    // A paragraph: lines up to a blank line or the start of another block.
    const body: string[] = [line.trim()];
    i++;
    while (i < lines.length && !blank(lines[i]) && !startsBlock(lines[i])) {
      if (lines[i].includes('|') && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1])) break;
      body.push(lines[i++].trim());
    }
    out.push({ t: 'para', c: parseInline(body.join('\n')) });
  }
  return out;
}

/**
 * A list from line `i`: items of the same kind (bullets or numbers) at the same indentation. An item's
 * content is every following line indented at least to the item's text, blank lines between, and
 * lazy continuation lines of its last paragraph. Returns the index after the list.
 */
function parseList(lines: readonly string[], start: number, out: Block[]): number {
  const first = ITEM.exec(lines[start])!;
  const ordered = /\d/.test(first[2]);
  const marker = ordered ? first[2].slice(-1) : first[2];
  const items: Block[][] = [];
  let i = start;
  while (i < lines.length) {
    const m = ITEM.exec(lines[i]);
    if (!m || /\d/.test(m[2]) !== ordered || (ordered ? m[2].slice(-1) : m[2]) !== marker) break;
    const base = m[1].length;
    const content = base + m[2].length + Math.max(1, Math.min(m[3].length, 4));
    const body: string[] = [lines[i].slice(Math.min(content, lines[i].length))];
    i++;
    while (i < lines.length) {
      const l = lines[i];
      if (blank(l)) {
        // A blank line continues the item only when indented content follows.
        let j = i;
        while (j < lines.length && blank(lines[j])) j++;
        if (j < lines.length && indentOf(lines[j]) >= content) {
          for (; i < j; i++) body.push('');
          continue;
        }
        break;
      }
      if (indentOf(l) >= content) body.push(l.slice(content));
      else if (indentOf(l) > base && ITEM.test(l)) body.push(l.slice(Math.min(indentOf(l), content)));
      else if (!startsBlock(l) && !ITEM.test(l) && !blank(body[body.length - 1] ?? '')) body.push(l.trim());
      else break;
      i++;
    }
    items.push(parseBlocks(body));
    // Blank lines between items of the same list.
    let j = i;
    while (j < lines.length && blank(lines[j])) j++;
    const next = j < lines.length ? ITEM.exec(lines[j]) : null;
    if (j > i && next && next[1].length === base) i = j;
  }
  out.push({ t: 'list', ordered, start: ordered ? parseInt(first[2], 10) : 1, items });
  return i;
}

// ---------------------------------------------------------------------------------------------------
// Inline content

const PUNCT = /[\p{P}\p{S}]/u;
const SPACE = /\s/;

/** Parses inline Markdown: code spans first, then links, strong and emphasis, then escapes. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push({ t: 'text', s: buf });
    buf = '';
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    if (ch === '\\' && i + 1 < n && PUNCT.test(text[i + 1])) {
      buf += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '\n') {
      buf += ' ';
      i++;
      continue;
    }
    if (ch === '`') {
      let run = 1;
      while (text[i + run] === '`') run++;
      const fence = '`'.repeat(run);
      let close = text.indexOf(fence, i + run);
      // The closing run must be exactly as long.
      while (close >= 0 && text[close + run] === '`') {
        let k = close;
        while (text[k] === '`') k++;
        close = text.indexOf(fence, k);
      }
      if (close < 0) {
        buf += fence;
        i += run;
        continue;
      }
      flush();
      let code = text.slice(i + run, close).replace(/\n/g, ' ');
      if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim())
        code = code.slice(1, -1);
      out.push({ t: 'code', s: code });
      i = close + run;
      continue;
    }
    if (ch === '[') {
      const link = linkAt(text, i);
      if (link) {
        flush();
        out.push({ t: 'link', href: link.href, c: parseInline(link.label) });
        i = link.end;
        continue;
      }
    }
    if (ch === '*' || ch === '_') {
      const em = emphasisAt(text, i);
      if (em) {
        flush();
        out.push(
          em.strong ? { t: 'strong', c: parseInline(em.inner) } : { t: 'em', c: parseInline(em.inner) },
        );
        i = em.end;
        continue;
      }
      // A run that opens nothing is text.
      let run = 1;
      while (text[i + run] === ch) run++;
      buf += text.slice(i, i + run);
      i += run;
      continue;
    }
    buf += ch;
    i++;
  }
  flush();
  return out;
}

/** `[label](href)` at `i`, skipping code spans inside the label. */
function linkAt(text: string, i: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let j = i;
  for (; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') j++;
    else if (c === '`') {
      const close = text.indexOf('`', j + 1);
      if (close < 0) return null;
      j = close;
    } else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) break;
  }
  if (j >= text.length || text[j + 1] !== '(') return null;
  const close = text.indexOf(')', j + 2);
  if (close < 0) return null;
  const href = text
    .slice(j + 2, close)
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .split(/\s+/)[0];
  if (!href) return null;
  return { label: text.slice(i + 1, j), href, end: close + 1 };
}

/**
 * Emphasis or strong emphasis opening at `i` with `*`/`**` or `_`/`__`, and where it closes: an
 * opener is followed by a non-space, a closer preceded by one; an underscore must not touch a
 * letter or digit on its outer side (no emphasis inside `m_j` or `max_link_load`).
 */
function emphasisAt(text: string, i: number): { strong: boolean; inner: string; end: number } | null {
  const ch = text[i];
  let run = 1;
  while (text[i + run] === ch) run++;
  if (run > 2) return null;
  const before = i > 0 ? text[i - 1] : ' ';
  const after = text[i + run] ?? ' ';
  if (SPACE.test(after)) return null;
  if (ch === '_' && /[\p{L}\p{N}]/u.test(before)) return null;
  const delim = ch.repeat(run);
  for (let j = i + run + 1; j <= text.length - run; j++) {
    if (text[j] === '`') {
      const close = text.indexOf('`', j + 1);
      if (close < 0) break;
      j = close;
      continue;
    }
    if (text[j] === '\\') {
      j++;
      continue;
    }
    if (text.startsWith(delim, j) && text[j + run] !== ch && text[j - 1] !== ch) {
      const prev = text[j - 1];
      const next = text[j + run] ?? ' ';
      if (SPACE.test(prev)) continue;
      if (ch === '_' && /[\p{L}\p{N}]/u.test(next)) continue;
      return { strong: run === 2, inner: text.slice(i + run, j), end: j + run };
    }
  }
  return null;
}
