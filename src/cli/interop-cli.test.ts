import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILE_FORMATS } from '../file-formats';
import { MSCCL_XML, TECCL_JSON } from '../interop/interop-formats';
import { ringAllreduceXml } from '../interop/fixtures/ring-allreduce-xml';
import { parseArgs } from './args';
import { execute } from './commands';
import type { CliIo, CommandOutput } from './command-kit';
import { readScheduleText } from './read-limited';

const fixtures = fileURLToPath(new URL('../interop/fixtures/', import.meta.url));
const files = new Map<string, string>([
  ['ring2.xml', ringAllreduceXml(4, 2)],
  ['square.json', '{ "routers": 4, "links": [[0, 1], [1, 2], [2, 3], [3, 0]] }'],
  [
    'lab.json',
    '{ "format": "optical-collectives/schedule-v1", "collective": "allgather", "nodes": 2, "links": [], "blocks": [], "steps": [] }',
  ],
]);
const io: CliIo = {
  readText: (path) => files.get(path) ?? readFileSync(`${fixtures}${path}`, 'utf8'),
};
const cli = (...argv: string[]) => execute(argv, io);
const report = (r: CommandOutput) => JSON.parse([...r.out].join('')) as Record<string, unknown>;

describe('check on MSCCL XML and TE-CCL output', () => {
  it('a good MSCCL file: exit 0, the verdicts and the verifier report as JSON', () => {
    const r = cli('check', 'msccl/allreduce-ring-4.xml');
    expect(r.code).toBe(0);
    const rep = report(r);
    expect(rep).toMatchObject({
      format: 'MSCCL XML',
      coll: 'allreduce',
      ranks: 4,
      steps: 6,
      transfers: 24,
      ok: true,
    });
    expect(rep.verifier).toMatchObject({ ok: true, total: 0 });
    expect(rep.network).toBe('fully connected, 4 GPUs, 1 channel a link');
  });

  it('a broken one: exit 1, the report still written, one line saying the first error', () => {
    const r = cli('check', 'msccl/broken-deadlock.xml');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^msccl\/broken-deadlock.xml: 5 errors; first: deadlock: rank 0 threadblock 0/);
    const rep = report(r);
    expect((rep.verdicts as { counts: Record<string, number> }).counts.deadlock).toBe(1);
    expect((rep.verdicts as { rules: Record<string, string> }).rules.deadlock).toMatch(
      /wait for each other in a cycle/,
    );
  });

  it('not well-formed XML: exit 2, one line', () => {
    const r = cli('check', 'msccl/not-well-formed.xml');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/not well-formed XML/);
    expect(r.err).not.toContain('\n');
  });

  it('--network ring:1 finds the clashes (exit 1); --stretch re-times them away, both step counts shown', () => {
    const clash = cli('check', 'ring2.xml', '--network', 'ring:1');
    expect(clash.code).toBe(1);
    expect(clash.err).toMatch(/on WDM ring of 4, 1 wavelength a fibre: \d+ violations: channel-clash/);
    const r = cli('check', 'ring2.xml', '--network', 'ring:1', '--stretch');
    expect(r.code).toBe(0);
    const rep = report(r);
    expect(rep).toMatchObject({ steps: 6, stretched_steps: 12 });
    expect(rep.wavelengths).toEqual({ per_fibre: 1, most_a_step_needs: 2, per_step: [2, 2, 2, 2, 2, 2] });
    expect((rep.stretched as { verifier: { ok: boolean } }).verifier.ok).toBe(true);
  });

  it('--network mesh, torus and a JSON network file', () => {
    expect(report(cli('check', 'ring2.xml', '--network', 'torus:2x2')).network).toBe(
      '2 × 2 torus, 2 ports a GPU',
    );
    expect(report(cli('check', 'ring2.xml', '--network', 'square.json')).network).toBe(
      '4-router network, 2 ports a GPU',
    );
    const bad = cli('check', 'ring2.xml', '--network', 'mesh:3x3');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/3 × 3 mesh has 9 routers; the schedule's 4 ranks must fill them evenly/);
  });

  it('TE-CCL output, on its own links or another network', () => {
    const r = cli('check', 'teccl/alltoall-fractions-3.json');
    expect(r.code).toBe(0);
    expect(report(r)).toMatchObject({ format: 'TE-CCL output', collective: 'alltoall', ranks: 3 });
    expect(cli('check', 'teccl/broken-short-demand.json').code).toBe(1);
    expect(report(cli('check', 'teccl/allgather-ring-4.json', '--network', 'full')).network).toMatch(
      /^fully connected, 4 GPUs/,
    );
  });

  it('a Lab schedule brings its own network: --network is refused for it', () => {
    const r = cli('check', 'lab.json', '--network', 'ring');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/lab.json is a Lab schedule, which brings its own network/);
  });

  it('--stretch is a flag: it takes no value and never swallows the file name', () => {
    expect(parseArgs(['check', '--stretch', 'a.xml']).positional).toEqual(['check', 'a.xml']);
    expect(parseArgs(['check', '--stretch', 'a.xml']).options.stretch).toBe('true');
    expect(cli('check', 'msccl/allreduce-ring-4.xml', '--stretch=yes').code).toBe(2);
  });

  it('the file reader lets XML through (it starts with "<") and still refuses binary input', () => {
    const bytes = (text: string) => {
      const b = new TextEncoder().encode(text);
      let at = 0;
      return (buf: Uint8Array) => {
        let n = 0;
        while (n < buf.length && at < b.length) buf[n++] = b[at++];
        return n;
      };
    };
    expect(readScheduleText(bytes('\n<algo ngpus="1"/>'), 'a.xml')).toBe('\n<algo ngpus="1"/>');
    expect(() => readScheduleText(bytes('\u0000\u0001'), 'a.bin')).toThrow(
      /JSON object, starting with "\{", or MSCCL XML/,
    );
  });
});

describe('check lists races between the steps of one rank', () => {
  it('a file whose threadblocks write one chunk unordered fails with the race counted and listed', () => {
    const r = cli('check', 'msccl/broken-race-write.xml');
    expect(r.code).toBe(1);
    const rep = report(r) as { verdicts: { counts: Record<string, number>; listed: { rule: string }[] } };
    expect(rep.verdicts.counts.race).toBeGreaterThan(0);
    expect(rep.verdicts.listed.some((v) => v.rule === 'race')).toBe(true);
    expect(report(cli('check', 'msccl/good-exchange-2.xml'))).toMatchObject({ ok: true });
  });
});

describe('check tells formats apart through the one registry (FILE_FORMATS)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks the registry’s formats, and imports with the one that claims the file', () => {
    const claims = vi.spyOn(MSCCL_XML, 'claims');
    const imports = vi.spyOn(MSCCL_XML, 'imports');
    expect(cli('check', 'ring2.xml').code).toBe(0);
    expect(claims).toHaveBeenCalled();
    expect(imports).toHaveBeenCalledTimes(1);
    const teccl = vi.spyOn(TECCL_JSON, 'imports');
    expect(cli('check', 'teccl/allgather-ring-4.json').code).toBe(0);
    expect(teccl).toHaveBeenCalledTimes(1);
  });

  it('a file no format of the registry claims is refused, whatever it looks like', () => {
    // With MSCCL's entry claiming nothing, XML is no schedule the command line reads either.
    vi.spyOn(MSCCL_XML, 'claims').mockReturnValue(null);
    const r = cli('check', 'ring2.xml');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/ring2.xml is not a schedule file/);
    expect(FILE_FORMATS).toContain(MSCCL_XML);
  });
});
