import { describe, expect, it } from 'vitest';
import { Verdicts } from '../verdicts';
import { readAlgo, wholeNumber } from './model';

describe('wholeNumber', () => {
  it('reads digits with a minus sign, and spaces around them', () => {
    expect(wholeNumber('0')).toBe(0);
    expect(wholeNumber('384')).toBe(384);
    expect(wholeNumber('-1')).toBe(-1);
    expect(wholeNumber(' 12 ')).toBe(12);
    expect(wholeNumber('\t-7\n')).toBe(-7);
  });

  it('refuses anything else with NaN', () => {
    for (const text of ['', '-', ' ', '1.5', '1e3', '+3', '0x10', '12a', '- 1', '1 2'])
      expect(wholeNumber(text), text).toBeNaN();
  });
});

describe('readAlgo', () => {
  const steps =
    '<step s="0" type="bogus" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>';
  const file = (late: string) =>
    `<algo name="a" proto="Simple" nchannels="1" nchunksperloop="1" ngpus="1" coll="custom" inplace="0"><gpu id="0" i_chunks="1" o_chunks="1" s_chunks="0"><tb id="0" send="-1" recv="-1" chan="0">${steps}</tb></gpu><x note="${late}"/></algo>`;

  it('says each problem once, also when the fast reading gives up after meeting it', () => {
    // "&amp;" near the end sends the text to saxes after the bad step was read once already.
    const said = (text: string) => {
      const v = new Verdicts();
      readAlgo(text, v, 'f');
      return v.list(() => null).listed.map((x) => x.text);
    };
    const plain = said(file('a and b'));
    expect(plain.filter((t) => t.includes('type must be'))).toHaveLength(1);
    expect(said(file('a &amp; b'))).toEqual(plain);
  });
});
