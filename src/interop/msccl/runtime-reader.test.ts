import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ringAllreduceXml } from '../fixtures/ring-allreduce-xml';
import { importMsccl } from './import-msccl';
import { runtimeReaderProblem } from './runtime-reader';

const dir = fileURLToPath(new URL('../fixtures/msccl/', import.meta.url));
const good = readFileSync(`${dir}allgather-ring-4.xml`, 'utf8');

describe("the runtime's own XML reader (microsoft/msccl src/graph/xml.cc)", () => {
  it('reads every fixture that is well-formed XML and the generated benchmark file', () => {
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.xml') && !n.startsWith('not-')))
      expect(runtimeReaderProblem(readFileSync(dir + f, 'utf8')), f).toBeNull();
    expect(runtimeReaderProblem(ringAllreduceXml(4, 2))).toBeNull();
  });

  it('stops at a tab, a declaration, a line break or a tab between attributes, a space after =, single quotes', () => {
    const cases: [string, RegExp][] = [
      [good.replace('<gpu id="1"', '\t<gpu id="1"'), /skips only spaces and line breaks, and finds a tab/],
      [`<?xml version="1.0"?>\n${good}`, /not '\?'/],
      [good.replace(' id="0" send=', ' id="0"\n send='), /separated by single spaces .* not a line break/],
      [good.replace(' id="0" send=', ' id="0"\tsend='), /not a tab/],
      [good.replace('<algo name="', '<algo name= "'), /in quotes, not ' '/],
      [good.replace('proto="Simple"', "proto='Simple'"), /single quotes/],
    ];
    for (const [text, message] of cases) {
      expect(text).not.toBe(good);
      expect(runtimeReaderProblem(text)?.message, String(message)).toMatch(message);
    }
    expect(runtimeReaderProblem(good.replace('<gpu id="1"', '\t<gpu id="1"'))).toMatchObject({ column: 3 });
  });

  it('the importer gives it as an error verdict, so the file is not ok', () => {
    expect(importMsccl(good).ok).toBe(true);
    const r = importMsccl(good.replace('<gpu id="1"', '\t<gpu id="1"'));
    expect(r.ok).toBe(false);
    expect(r.verdicts.listed.find((v) => v.rule === 'malformed')?.text).toMatch(
      /^line \d+, column 3: microsoft\/msccl's XML reader \(src\/graph\/xml.cc\) stops here/,
    );
  });
});
