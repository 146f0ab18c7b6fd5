import { describe, expect, it } from 'vitest';
import type { ScheduleJson } from '../kernel/format/schedule-json';
import { parseCsvObjects } from '../kernel/format/csv';
import { checkCommand, type CheckReport } from './check-command';
import { execute } from './commands';
import { type CliIo, type CommandOutput } from './command-kit';

const io: CliIo = {
  readText() {
    throw new Error('no files');
  },
};
const text = (r: CommandOutput) => [...r.out].join('');

describe('command line for the circuit-switch algorithms', () => {
  it('schedule retri --reconfigure 0,1,0,1: active circuits and shared links, and check confirms it', () => {
    const r = execute(['schedule', 'retri', '--nodes', '81', '--reconfigure', '0,1,0,1'], io);
    expect(r.err).toBeUndefined();
    expect(r.code).toBe(0);
    const file = text(r);
    const doc = JSON.parse(file) as ScheduleJson & {
      steps: { active_links: number[] }[];
      links: { sharing: string; kind: string }[];
    };
    expect(doc.collective).toBe('alltoall');
    expect(doc.steps).toHaveLength(4);
    // 2 circuits per node in force in every phase; phase 1 reconfigured, phase 2 keeps its circuits.
    for (const st of doc.steps) expect(st.active_links).toHaveLength(2 * 81);
    expect(doc.steps[1].active_links).not.toEqual(doc.steps[0].active_links);
    expect(doc.steps[2].active_links).toEqual(doc.steps[1].active_links);
    expect(doc.links.every((l) => l.sharing === 'shared' && l.kind.startsWith('circuit'))).toBe(true);
    const check = checkCommand(file, 'retri81.json');
    const report = JSON.parse(text(check)) as CheckReport;
    expect(report.ok).toBe(true);
    expect(report.blocks).toBe(81 * 81);
  }, 60_000);

  it('check catches a transfer moved onto a circuit that is not in force', () => {
    const r = execute(['schedule', 'retri', '--nodes', '9', '--reconfigure', '0,1'], io);
    const doc = JSON.parse(text(r)) as {
      steps: { active_links: number[]; transfers: { path: number[] }[] }[];
    };
    // Phase 1 runs on configuration 1 (links 18..35); send its first transfer over link 0 of the ring.
    doc.steps[1].transfers[0].path = [0];
    const report = JSON.parse(text(checkCommand(JSON.stringify(doc), 'bad.json'))) as CheckReport;
    expect(report.ok).toBe(false);
    expect(report.counts['inactive-link']).toBe(1);
  }, 60_000);

  it('formulas and bad input', () => {
    const f = execute(
      ['formulas', 'bruck', '--nodes', '64', '--reconfigure', '0,1,1,1,1,1', '--phase-delay', '2'],
      io,
    );
    expect(f.code).toBe(0);
    const bad = execute(['formulas', 'retri', '--reconfigure', '0,2'], io);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/reconfigure.*from 0 to 1/);
    const big = execute(['formulas', 'retri', '--nodes', '3000'], io);
    expect(big.code).toBe(2);
    expect(big.err).toMatch(/2,187/);
  }, 60_000);

  it('heatmap prints one CSV row per cell; an unknown id is bad input', () => {
    const r = execute(['heatmap', 'retri-vs-bruck-9', '--format', 'csv'], io);
    expect(r.code).toBe(0);
    const lines = text(r).trim().split('\n');
    expect(lines[0]).toBe(
      'message_bytes,delay_us,retri_seconds,baseline_seconds,speedup,retri_x,reconfigurations,baseline_x',
    );
    expect(lines).toHaveLength(1 + 60);
    // Bruck's schedule has commas: quoted, and read back as one field.
    const rows = parseCsvObjects(text(r));
    expect(rows[0].baseline_x).toMatch(/^[01](,[01])+$/);
    expect(rows.every((c) => Number(c.speedup) > 0)).toBe(true);
    const bad = execute(['heatmap', 'nope'], io);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/unknown heatmap id "nope"; ids are retri-vs-static-81/);
  }, 60_000);

  it('reproduce --format csv: the same rows with a verdict each', () => {
    const j = JSON.parse(text(execute(['reproduce', 'retri-claims'], io))) as { label: string }[];
    const c = execute(['reproduce', 'retri-claims', '--format', 'csv'], io);
    expect(c.code).toBe(0);
    const rows = parseCsvObjects(text(c));
    expect(rows.map((x) => x.row)).toEqual(j.map((x) => x.label));
    expect(rows.every((x) => x.verdict.length > 0)).toBe(true);
    expect(execute(['reproduce', 'retri-claims', '--format', 'xml'], io).code).toBe(2);
  }, 60_000);

  it('reproduce retri-claims prints rows with label, paper and computed', () => {
    const r = execute(['reproduce', 'retri-claims'], io);
    expect(r.code).toBe(0);
    const rows = JSON.parse(text(r)) as { label: string; paper: number; computed: number }[];
    expect(rows.every((x) => typeof x.label === 'string' && typeof x.paper === 'number')).toBe(true);
  }, 60_000);
});
