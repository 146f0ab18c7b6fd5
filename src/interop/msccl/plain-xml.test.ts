import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { describe, expect, it } from 'vitest';
import { ringAllreduceXml } from '../fixtures/ring-allreduce-xml';
import { readPlainXml } from './plain-xml';
import { runtimeReaderProblem } from './runtime-reader';

/** What saxes hands on for `text` (opens with their attributes, closes as "/"), or null when it refuses it. */
function saxesElements(text: string): string[] | null {
  const p = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  const seen: string[] = [];
  let failed = false;
  let doctype = false;
  p.on('error', () => (failed = true));
  p.on('doctype', () => (doctype = true));
  p.on('opentag', (t: SaxesTagPlain) =>
    seen.push(`${t.name} ${JSON.stringify(Object.entries(t.attributes))}`),
  );
  p.on('closetag', () => seen.push('/'));
  try {
    p.write(text).close();
  } catch {
    failed = true;
  }
  return failed || doctype ? null : seen;
}

/** The root element's name as written (the fast reading is told which root to expect). */
const rootOf = (text: string) => /<([A-Za-z_][\w.-]*)/.exec(text)?.[1] ?? 'algo';

/** What the fast reading hands on, as saxesElements says it, and what it found; null when it gives up. */
function plainRead(text: string) {
  const seen: string[] = [];
  const facts = readPlainXml(text, rootOf(text), {
    open: (name, attrs) => seen.push(`${name} ${JSON.stringify(Object.entries(attrs))}`),
    close: () => seen.push('/'),
  });
  return facts ? { seen, ...facts } : null;
}

const plainElements = (text: string) => plainRead(text)?.seen ?? null;

/** A small deterministic generator (a linear congruential one), so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const NAMES = ['algo', 'gpu', 'tb', 'step', 'x', 'a.b', 'a-b', '_c', 'n1'];
const VALUES = ['0', '-1', '384', 'rrcs', 'Simple', '', 'a b', "it's", '"q"', 'x>y'];
const SPACES = [' ', '  ', '\n', '\t', '\r\n', ' \n  '];

/** A random document of the plain form: elements, attributes in either quotes, comments, a declaration. */
function plainDocument(rnd: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const attrs = () => {
    let s = '';
    const used = new Set<string>();
    for (let k = Math.floor(rnd() * 4); k > 0; k--) {
      const name = pick(NAMES);
      if (used.has(name)) continue;
      used.add(name);
      const value = pick(VALUES);
      const q = value.includes('"') ? "'" : value.includes("'") ? '"' : pick(['"', "'"]);
      s += `${pick(SPACES)}${name}=${q}${value}${q}`;
    }
    return s + (rnd() < 0.3 ? pick(SPACES) : '');
  };
  const element = (depth: number): string => {
    const name = pick(NAMES);
    if (depth > 3 || rnd() < 0.3) return `<${name}${attrs()}/>`;
    let inner = '';
    for (let k = Math.floor(rnd() * 3); k > 0; k--)
      inner += pick(SPACES) + (rnd() < 0.15 ? '<!-- a note -->' : element(depth + 1));
    return `<${name}${attrs()}>${inner}${rnd() < 0.5 ? pick(SPACES) : ''}</${name}${rnd() < 0.2 ? ' ' : ''}>`;
  };
  const decl = rnd() < 0.3 ? pick(['<?xml version="1.0"?>', "<?xml version='1.0' encoding='UTF-8'?>\n"]) : '';
  const comment = rnd() < 0.3 ? '<!-- made by hand -->\n' : '';
  return `${decl}${comment}${element(1)}${rnd() < 0.3 ? '\n<!-- end -->\n' : ''}`;
}

/** Characters that change what XML means, put in, taken out or swapped at random places. */
const TROUBLE = [
  '<',
  '>',
  '/',
  '"',
  "'",
  '=',
  '&',
  '&amp;',
  '-',
  '--',
  '!',
  '?',
  ' ',
  '\t',
  '\n',
  'a',
  ':',
  '\uFEFF',
  '\u0000',
  '\uD800',
  'é',
  ']]>',
  '<!DOCTYPE a>',
  '<![CDATA[x]]>',
];

function mutate(text: string, rnd: () => number): string {
  let s = text;
  for (let k = 1 + Math.floor(rnd() * 3); k > 0; k--) {
    const at = Math.floor(rnd() * (s.length + 1));
    const what = rnd();
    const t = TROUBLE[Math.floor(rnd() * TROUBLE.length)];
    if (what < 0.4) s = s.slice(0, at) + t + s.slice(at);
    else if (what < 0.7) s = s.slice(0, at) + s.slice(at + 1);
    else s = s.slice(0, at) + t + s.slice(at + 1);
  }
  return s;
}

describe('the fast reading of plain XML', () => {
  it('reads what saxes reads, the same, on generated documents of the plain form', () => {
    const rnd = random(1);
    let read = 0;
    for (let k = 0; k < 1500; k++) {
      const doc = plainDocument(rnd);
      const plain = plainElements(doc);
      expect(plain, doc).toEqual(saxesElements(doc));
      if (plain) read++;
    }
    // It must read them, not only agree by giving up.
    expect(read).toBe(1500);
  });

  it("says the runtime's own reader reads a text only when it does", () => {
    const rnd = random(3);
    const said = { readable: 0, not: 0 };
    for (let k = 0; k < 3000; k++) {
      const doc = rnd() < 0.5 ? plainDocument(rnd) : mutate(plainDocument(rnd), rnd);
      const r = plainRead(doc);
      if (!r) continue;
      if (r.runtimeReadable) {
        said.readable++;
        expect(runtimeReaderProblem(doc), JSON.stringify(doc)).toBeNull();
      } else said.not++;
    }
    expect(said.readable).toBeGreaterThan(100);
    expect(said.not).toBeGreaterThan(100);
  });

  it('never accepts what saxes refuses, nor reads differently, on mutated documents', () => {
    const rnd = random(2);
    let refusedBySaxes = 0;
    let readFast = 0;
    for (let k = 0; k < 4000; k++) {
      const doc = mutate(plainDocument(rnd), rnd);
      const plain = plainElements(doc);
      const sax = saxesElements(doc);
      if (sax === null) refusedBySaxes++;
      if (plain === null) continue;
      readFast++;
      expect(plain, JSON.stringify(doc)).toEqual(sax);
    }
    // Both kinds occur: the mutations break many documents and leave others plain.
    expect(refusedBySaxes).toBeGreaterThan(1000);
    expect(readFast).toBeGreaterThan(200);
  });

  it('gives up, for saxes, on what it does not read itself', () => {
    for (const doc of [
      '\uFEFF<algo/>',
      '<algo a="x &amp; y"/>',
      '<algo a="two\nlines"/>',
      '<algo>text</algo>',
      '<algo><![CDATA[x]]></algo>',
      '<!DOCTYPE algo><algo/>',
      '<a:algo/>',
      '<algo a = "1"/>',
      '<?xml version="1.1"?><algo/>',
      '<algo/><?pi x?>',
      '<algo constructor="1"/>',
      '<algo/><algo/>',
      '<algo><!-- a -- b --></algo>',
    ])
      expect(plainRead(doc), doc).toBeNull();
  });

  it('gives up on a root it is not told to expect', () => {
    expect(readPlainXml('<schedule/>', 'algo', { open: () => {}, close: () => {} })).toBeNull();
  });

  it('reads the files MSCCL tools write, as saxes does', () => {
    const text = ringAllreduceXml(4, 2);
    expect(plainElements(text)).not.toBeNull();
    expect(plainElements(text)).toEqual(saxesElements(text));
  });
});
