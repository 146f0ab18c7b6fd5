import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileHeadRefusal, fileInput, formatFor, runFile } from '../file-formats';
import { BROWSER_LIMITS } from '../limits';
import { MSCCL_XML, TECCL_JSON } from './interop-formats';
import type { InteropExtras } from './run-result';
import { MAX_MSCCL_CHARS } from './msccl/parse';

const fixture = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8');
const source = (name: string) => ({ name, hash: 'abcdef12' });
const interopOf = (r: { extras?: Readonly<Record<string, unknown>> }) => r.extras?.interop as InteropExtras;

describe('MSCCL XML and TE-CCL output share the one registry of file formats', () => {
  it('each is told by its content, whatever the file is called', () => {
    const xml = fixture('msccl/allgather-ring-4.xml');
    expect(formatFor('schedule', fileInput('algo.json', xml))).toBe(MSCCL_XML);
    const teccl = fixture('teccl/allgather-ring-4.json');
    expect(formatFor('schedule', fileInput('out.txt', teccl))).toBe(TECCL_JSON);
  });

  it('a good MSCCL file reads as a verified run with its verdicts, on the network asked for', () => {
    const xml = fixture('msccl/allgather-ring-4.xml');
    const full = runFile(xml, source('ag.xml'), BROWSER_LIMITS);
    expect(full.report.ok).toBe(true);
    expect(interopOf(full)).toMatchObject({ format: 'msccl', coll: 'allgather', shows: 'imported' });
    expect(interopOf(full).verdicts.errors).toBe(0);
    const ring = runFile(xml, source('ag.xml'), BROWSER_LIMITS, { network: { kind: 'ring' } });
    expect(interopOf(ring).network.wavelengths).toBeDefined();
    expect(ring.topology.nodeCount).toBe(4);
  });

  it('stretch shows the re-timed schedule and both step counts', () => {
    const xml = fixture('msccl/allreduce-ring-4.xml');
    const r = runFile(xml, source('ar.xml'), BROWSER_LIMITS, {
      network: { kind: 'ring', wavelengths: 1 },
      stretch: true,
    });
    const i = interopOf(r);
    expect(i.shows).toBe('stretched');
    expect(i.steps.stretched).toBe(r.schedule.stepCount);
    expect(i.steps.imported).toBeGreaterThan(0);
    expect(r.report.ok).toBe(true);
  });

  it('a send with no matching receive is a listed verdict with its place, not an exception', () => {
    const r = runFile(fixture('msccl/broken-unmatched.xml'), source('bad.xml'), BROWSER_LIMITS);
    const unmatched = interopOf(r).verdicts.listed.find((v) => v.rule === 'unmatched');
    expect(unmatched).toMatchObject({ severity: 'error', rank: 0, tb: 0 });
  });

  it('XML that is not MSCCL, or not well-formed, is refused in one line', () => {
    expect(() => runFile(fixture('msccl/not-algo.xml'), source('x.xml'), BROWSER_LIMITS)).toThrow(/x\.xml/);
    expect(() => runFile('<algo ngpus="2">', source('y.xml'), BROWSER_LIMITS)).toThrow(
      /y\.xml is not well-formed XML/,
    );
  });

  it('an XML file over the MSCCL limit is refused on its first piece, with the limit stated', () => {
    expect(fileHeadRefusal('big.xml', '<algo', 'schedule', MAX_MSCCL_CHARS + 1)).toMatch(
      /^big\.xml is 33,554,433 bytes; MSCCL XML .* is read up to 33,554,432 bytes$/,
    );
    expect(fileHeadRefusal('ok.xml', '<algo', 'schedule', MAX_MSCCL_CHARS)).toBeNull();
    // JSON files keep the browser's larger limit.
    expect(fileHeadRefusal('big.json', '{', 'schedule', MAX_MSCCL_CHARS + 1)).toBeNull();
  });
});
