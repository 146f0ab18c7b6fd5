import type { OpticsRow } from '../kernel/model/interconnect';
import type { AlgorithmSpec } from '../kernel/spec';
import type { RunResult } from '../result';
import { json, notes, runWith, timeLimitNote, type CliIo, type CommandOutput } from './command-kit';
import { verdict } from './schedule-command';

// ---------------------------------------------------------------------------------------------------
// formulas

export interface FormulasReport {
  algorithm: string;
  params: Record<string, number | string>;
  variant?: string;
  verified: boolean;
  rows: {
    id: string;
    label: string;
    tex: string;
    formula: number;
    constructed: number;
    unit: string;
    source: string;
    paper?: { value: number; where: string };
    note?: string;
  }[];
  /** Optical constraints (OpTree eqs. 4–9) for WDM-ring results; `limit: null` means no limit. */
  optics?: OpticsRow[];
}

export function formulasReport(r: RunResult): FormulasReport {
  return {
    algorithm: r.algorithm,
    params: { ...r.params },
    ...(r.variant !== undefined ? { variant: r.variant } : {}),
    verified: r.report.ok,
    rows: r.formulas.map(formulaRow),
    ...(r.optics ? { optics: r.optics } : {}),
  };
}

function formulaRow(f: RunResult['formulas'][number]): FormulasReport['rows'][number] {
  return {
    id: f.id,
    label: f.label,
    tex: f.tex,
    formula: f.formula,
    constructed: f.constructed,
    unit: f.unit,
    source: f.source,
    ...(f.paper ? { paper: { value: f.paper.value, where: f.paper.where } } : {}),
    ...(f.note ? { note: f.note } : {}),
    ...(f.suggest ? { suggest: { label: f.suggest.label, params: { ...f.suggest.params } } } : {}),
  };
}

const num = (x: number) => x.toLocaleString('en-US', { maximumSignificantDigits: 6 });

export function formulasCommand(
  spec: AlgorithmSpec,
  raw: Record<string, string>,
  format: 'json' | 'text',
  io?: CliIo,
): CommandOutput {
  const run = runWith(spec, raw, io);
  const r = run.result;
  const rep = formulasReport(r);
  const code = r.report.ok ? 0 : 1;
  const err = notes(
    r.report.ok ? undefined : `${r.algorithm}: the schedule fails verification (${verdict(r.report)})`,
    timeLimitNote(run, 'the schedule measured'),
  );
  if (format === 'json') return { code, out: json(rep), err };
  const lines = [
    `${spec.name}${rep.variant ? ` (${rep.variant})` : ''}, schedule ${rep.verified ? 'verified' : 'NOT verified'}`,
    ...rep.rows.flatMap((row) => [
      `  ${row.label}: formula ${num(row.formula)} ${row.unit}, constructed ${num(row.constructed)} ${row.unit}` +
        `${row.paper ? `, paper ${num(row.paper.value)} (${row.paper.where})` : ''}  [${row.source}]`,
      ...(row.note ? [`    note: ${row.note}`] : []),
    ]),
    ...opticsLines(rep.optics),
  ];
  return { code, out: [`${lines.join('\n')}\n`], err };
}

/** The optical constraints as text: each row's formula, constructed value, limit and verdict. */
function opticsLines(rows: readonly OpticsRow[] | undefined): string[] {
  if (!rows) return [];
  const failed = rows.filter((o) => !o.ok).length;
  const value = (o: OpticsRow, x: number | null) =>
    x === null ? '—' : o.unit === 'BER' ? x.toExponential(2) : `${num(x)} ${o.unit}`;
  return [
    `Optical constraints (eqs. 4–9): ${failed ? `${failed} of ${rows.length} VIOLATED` : 'all satisfied'}`,
    ...rows.flatMap((o) => [
      `  ${o.ok ? 'ok  ' : 'FAIL'} ${o.label}: formula ${value(o, o.formula)}, constructed ${value(o, o.constructed)}, ` +
        `${o.bound === 'max' ? 'at most' : 'at least'} ${o.limit === null ? 'unlimited' : value(o, o.limit)}  [${o.source}]`,
      ...(o.message ? [`    ${o.message}`] : []),
      ...(o.note ? [`    note: ${o.note}`] : []),
    ]),
  ];
}
