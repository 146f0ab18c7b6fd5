import { describe, expect, it, vi } from 'vitest';
import { ringAllreduceXml } from '../fixtures/ring-allreduce-xml';
import { parseMscclXml, type XmlElementReader } from './parse';
import * as wellFormed from './well-formed';

/** Every element the parse hands on, as `name@depth`, and the ends. */
function recorder(): XmlElementReader & { seen: string[] } {
  let depth = 0;
  const seen: string[] = [];
  return {
    seen,
    open: (name) => void seen.push(`${name}@${++depth}`),
    close: () => void depth--,
  };
}

describe('one streaming parse of MSCCL XML', () => {
  it('hands every element on in document order, with its attributes, and builds no tree', () => {
    const r = recorder();
    const attrs: Record<string, string>[] = [];
    parseMscclXml('<algo ngpus="1"><gpu id="0"><tb id="0"><step s="0"/></tb></gpu><x/></algo>', 'f', () => ({
      open: (name, a) => (r.open(name, a), attrs.push(a)),
      close: r.close,
    }));
    expect(r.seen).toEqual(['algo@1', 'gpu@2', 'tb@3', 'step@4', 'x@2']);
    expect(attrs[0]).toEqual({ ngpus: '1' });
  });

  it('reads a well-formed file in one pass: our explaining checker is not run on it', () => {
    const spy = vi.spyOn(wellFormed, 'wellFormedProblem');
    parseMscclXml(ringAllreduceXml(4, 2), 'f', recorder);
    expect(spy).not.toHaveBeenCalled();
    expect(() => parseMscclXml('<algo><gpu></algo>', 'f', recorder)).toThrow(
      'f is not well-formed XML: </algo> closes <gpu> (line 1, column 12)',
    );
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('where only the library objects, its words are given, with line and column', () => {
    expect(() => parseMscclXml('<algo>\n<!-- a -- b --></algo>', 'f', recorder)).toThrow(
      /^f is not well-formed XML: .+ \(line 2, column \d+\)$/,
    );
  });

  it('a document type declaration, or a root other than <algo>, is refused in one line', () => {
    expect(() => parseMscclXml('<!DOCTYPE algo><algo/>', 'f', recorder)).toThrow(
      'f is not well-formed XML: a document type declaration is not read here (line 1, column 1)',
    );
    expect(() => parseMscclXml('<schedule/>', 'f', recorder)).toThrow(
      'f is not an MSCCL algorithm: its root element must be one <algo>, not <schedule>',
    );
  });
});
