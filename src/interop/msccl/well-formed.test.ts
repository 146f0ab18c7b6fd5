import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { ringAllreduceXml } from '../fixtures/ring-allreduce-xml';
import { wellFormedProblem } from './well-formed';

/** Whether the parser the import uses (saxes) takes the text. */
function libraryTakes(text: string): boolean {
  try {
    new SaxesParser().write(text).close();
    return true;
  } catch {
    return false;
  }
}

describe('the well-formedness pass before parsing', () => {
  it.each([
    ['<a><b></a>', '</a> closes <b>', 1, 7],
    ['<algo>\n  <gpu id="0">\n</algo>', '</algo> closes <gpu>', 3, 1],
    ['<a>', '<a> is never closed', 1, 4],
    ['</a>', '</a> closes nothing', 1, 1],
    ['<a x=1/>', "<a> x's value must be in quotes", 1, 6],
    ['<a x="1" x="2"/>', '<a> has x twice', 1, 10],
    ['<a x="1"y="2"/>', '<a>: attributes must be separated by white space', 1, 9],
    ['<a x/>', '<a> x has no value (write x="…")', 1, 5],
    ['<a x="1/>', "<a> x's value is never closed", 1, 6],
    ['<a/><b/>', 'a second root element <b>', 1, 5],
    ['hello <a/>', 'text outside the root element', 1, 1],
    ['<!-- no end <a/>', 'the comment is never closed', 1, 1],
    ['<!DOCTYPE a><a/>', 'a document type declaration is not read here', 1, 1],
    ['', 'there is no element', 1, 1],
  ])('%j: %s', (text, message, line, column) => {
    expect(wellFormedProblem(text)).toEqual({ message, line, column });
  });

  it('explains what the library refuses: "<" in a value, attributes in a closing tag', () => {
    expect(wellFormedProblem('<a x="<"/>')?.message).toBe('<a> x\'s value contains "<"');
    expect(libraryTakes('<a x="<"/>')).toBe(false);
    expect(libraryTakes('<a><b></b s="1"></a>')).toBe(false);
    expect(wellFormedProblem('<a><b></b s="1"></a>')?.message).toBe('</b is not closed with ">"');
  });

  it('takes what MSCCL files look like: a declaration, comments, a byte-order mark, quotes of both kinds', () => {
    expect(
      wellFormedProblem('\uFEFF<?xml version="1.0"?>\n<!-- c -->\n<algo a=\'1\' b = "2">\n<gpu/></algo >\n'),
    ).toBeNull();
    expect(wellFormedProblem(ringAllreduceXml(4, 2))).toBeNull();
  });

  it('agrees with the library on texts with a tag or quote changed or left out', () => {
    const base =
      '<algo n="a">\n<gpu id="0">\n<tb id="0"><step s="0"/><step s="1"/></tb>\n</gpu>\n<gpu id="1"/>\n</algo>';
    fc.assert(
      fc.property(
        fc.nat(base.length - 1),
        fc.constantFrom('', '<', '>', '"', '/', ' ', 'x', '='),
        (at, put) => {
          const text = base.slice(0, at) + put + base.slice(at + 1);
          expect(wellFormedProblem(text) === null).toBe(libraryTakes(text));
        },
      ),
      { numRuns: 400 },
    );
  });
});
