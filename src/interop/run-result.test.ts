import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toScheduleJson } from '../kernel/format/schedule-export';
import { fromScheduleJson } from '../kernel/format/schedule-import';
import { verify } from '../kernel/verify/verifier';
import { ringAllreduceXml } from './fixtures/ring-allreduce-xml';
import { importMsccl } from './msccl/import-msccl';
import { runResultOf, type InteropExtras } from './run-result';

const allreduce = readFileSync(
  fileURLToPath(new URL('./fixtures/msccl/allreduce-ring-4.xml', import.meta.url)),
  'utf8',
);
const source = { name: 'allreduce-ring-4.xml', hash: 'h' };

describe("an import as the page's result", () => {
  it("a file result: no time, the importer's findings in extras.interop", () => {
    const r = importMsccl(allreduce, { name: source.name });
    const run = runResultOf(r, source);
    expect(run.algorithm).toBe('file');
    expect(run.source).toEqual({ ...source, madeBy: 'allreduce-ring-4' });
    expect(run.schedule).toBe(r.schedule);
    expect(run.summary.steps).toBe(6);
    expect(Number.isNaN(run.summary.seconds)).toBe(true);
    const x = run.extras!.interop as InteropExtras;
    expect(x.shows).toBe('imported');
    expect(x.timeline!.steps).toBe(28);
  });

  it('shows the stretched schedule when there is one, with both step counts', () => {
    const r = importMsccl(ringAllreduceXml(4, 2), {
      network: { kind: 'ring', wavelengths: 1 },
      stretch: true,
    });
    const run = runResultOf(r, source);
    expect(run.schedule.stepCount).toBe(12);
    expect(run.report.ok).toBe(true);
    expect((run.extras!.interop as InteropExtras).steps).toEqual({ imported: 6, stretched: 12 });
    expect(runResultOf(r, source, 'imported').report.ok).toBe(false);
  });

  it('downloaded as a Lab schedule and read back, an imported reduction still verifies (chunked_reduction)', () => {
    const run = runResultOf(importMsccl(allreduce), source);
    const doc = toScheduleJson(run);
    expect(doc.chunked_reduction).toBe(true);
    const back = fromScheduleJson(JSON.parse(JSON.stringify(doc)));
    expect(back.schedule.chunkedReduction).toBe(true);
    expect(verify(back.schedule, back.topology).report.ok).toBe(true);
    expect(() => fromScheduleJson({ ...doc, chunked_reduction: 'yes' })).toThrow(
      /chunked_reduction must be true or false/,
    );
  });
});
