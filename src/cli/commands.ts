/**
 * The commands of the command line, as functions from arguments to output text and an exit code.
 * They read files only through `CliIo` and never touch the process, so tests call them directly;
 * main.ts does the I/O. Everything algorithm-specific comes from the registry and its parameter
 * schemas, the same ones the app uses.
 */
import { ALGORITHMS, findAlgorithm } from '../registry';
import type { AlgorithmSpec } from '../kernel/spec';
import {
  fromScheduleJson,
  scheduleCsvChunks,
  scheduleJsonChunks,
  ScheduleFormatError,
  SCHEDULE_FORMAT,
} from '../kernel/format/schedule-json';
import { findReproduction, findSweep, REPRODUCTIONS, SWEEPS } from '../experiments/registry';
import { computeHeatmap, findHeatmap, heatmapCsv, HEATMAPS } from '../families/circuit/speedup';
import { evaluateSweep, sweepCsv, type SweepDef } from '../experiments/sweep';
import type { OpticsRow } from '../families/ring/optical-constraints';
import { describeBounds, type ParamDef } from '../kernel/params/schema';
import { CLI_LIMITS, InputError, paramsFromRaw, run, type RunResult } from '../run';
import { RULE_TEXT, verify, type Rule, type Violation } from '../kernel/verify/verifier';
import { ArgError, parseArgs, RESERVED_OPTIONS, type ParsedArgs } from './args';
import { parseJsonPieces } from './json-pieces';
import { FileRefused } from './read-limited';

/** Exit codes: 0 success, 1 a schedule fails verification, 2 bad input, 3 an internal error. */
export type ExitCode = 0 | 1 | 2 | 3;

export interface CommandOutput {
  code: ExitCode;
  /** Standard output (or the --out file), in chunks; big schedules are produced lazily. */
  out: Iterable<string>;
  /** One line for standard error, without the newline. */
  err?: string;
  /** Where `out` goes instead of standard output (--out). */
  outFile?: string;
}

/** The one thing commands need from the outside world. */
export interface CliIo {
  /** A file's text, or its bytes when it is too big for one string (see read-limited.ts). */
  readText(path: string): string | Uint8Array;
}

/** Bad input found by the command line itself (unknown command, option or format). */
export class CliError extends Error {
  override name = 'CliError';
}

export const COMMANDS = [
  'list',
  'schedule',
  'formulas',
  'sweep',
  'heatmap',
  'reproduce',
  'check',
  'help',
] as const;
type Command = (typeof COMMANDS)[number];

/** Violations listed by `check` (the counts cover all of them). */
export const CHECK_LISTED = 20;

const oneLine = (s: string) => s.replace(/\s*[\r\n]+\s*/g, ' ').trim();
const json = (x: unknown) => [`${JSON.stringify(x, null, 2)}\n`];

/** Runs one command line (without `node main.ts`). Never throws. */
export function execute(argv: readonly string[], io: CliIo): CommandOutput {
  try {
    const args = parseArgs(argv);
    const [command, ...rest] = args.positional;
    if (args.help || command === 'help' || command === undefined) {
      if (command === undefined && !args.help)
        throw new CliError(`no command given; commands are ${COMMANDS.join(', ')} (try: help)`);
      return { code: 0, out: [helpText(rest[0])] };
    }
    if (!(COMMANDS as readonly string[]).includes(command))
      throw new CliError(`unknown command "${command}"; commands are ${COMMANDS.join(', ')}`);
    const r = dispatch(command as Command, rest, args, io);
    return args.options.out !== undefined ? { ...r, outFile: args.options.out } : r;
  } catch (e) {
    return failure(e);
  }
}

function failure(e: unknown): CommandOutput {
  const known =
    e instanceof ArgError ||
    e instanceof CliError ||
    e instanceof InputError ||
    e instanceof ScheduleFormatError;
  const message = e instanceof Error ? e.message : String(e);
  return { code: known ? 2 : 3, out: [], err: oneLine(known ? message : `internal error: ${message}`) };
}

function dispatch(command: Command, rest: string[], args: ParsedArgs, io: CliIo): CommandOutput {
  switch (command) {
    case 'list':
      noPositional('list', rest);
      onlyOptions('list', args, ['format', 'out']);
      return { code: 0, out: [listCommand(formatOf(args, 'list', ['json', 'text']))] };
    case 'schedule':
      return scheduleCommand(
        algorithmOf('schedule', rest),
        paramOptions(args),
        formatOf(args, 'schedule', ['json', 'csv']),
      );
    case 'formulas':
      return formulasCommand(
        algorithmOf('formulas', rest),
        paramOptions(args),
        formatOf(args, 'formulas', ['json', 'text']),
      );
    case 'sweep': {
      onlyOptions('sweep', args, ['format', 'out']);
      const format = formatOf(args, 'sweep', ['csv', 'json']);
      const def = findSweep(oneId('sweep', rest, SWEEPS));
      const values = evaluateSweep(def!, CLI_LIMITS);
      return {
        code: 0,
        out: format === 'csv' ? [sweepCsv(values)] : json({ sweep: sweepHeader(def!), points: values }),
      };
    }
    case 'heatmap': {
      onlyOptions('heatmap', args, ['format', 'out']);
      const format = formatOf(args, 'heatmap', ['csv', 'json']);
      const result = computeHeatmap(findHeatmap(oneId('heatmap', rest, HEATMAPS))!, CLI_LIMITS);
      return { code: 0, out: format === 'csv' ? [heatmapCsv(result)] : json(result) };
    }
    case 'reproduce': {
      onlyOptions('reproduce', args, ['format', 'out']);
      formatOf(args, 'reproduce', ['json']);
      const rep = findReproduction(oneId('reproduce', rest, REPRODUCTIONS));
      return { code: 0, out: json(rep!.run(CLI_LIMITS)) };
    }
    case 'check': {
      if (rest.length === 0) throw new CliError('check needs a schedule file: check FILE.json');
      noPositional('check', rest.slice(1));
      onlyOptions('check', args, ['format', 'out']);
      formatOf(args, 'check', ['json']);
      let text: string | Uint8Array;
      try {
        text = io.readText(rest[0]);
      } catch (e) {
        if (e instanceof FileRefused) throw new CliError(e.message);
        throw new CliError(`cannot read ${rest[0]}: ${e instanceof Error ? e.message : String(e)}`);
      }
      return checkCommand(text, rest[0]);
    }
    case 'help':
      return { code: 0, out: [helpText()] };
  }
}

function noPositional(command: string, extra: string[]): void {
  if (extra.length) throw new CliError(`${command}: unexpected argument "${extra[0]}"`);
}

function onlyOptions(command: string, args: ParsedArgs, allowed: string[]): void {
  const bad = Object.keys(args.options).find((k) => !allowed.includes(k));
  if (bad !== undefined)
    throw new CliError(
      `${command} has no option --${bad}; it takes ${allowed.map((k) => `--${k}`).join(', ')}`,
    );
}

function formatOf<F extends string>(args: ParsedArgs, command: string, allowed: readonly F[]): F {
  const f = args.options.format ?? allowed[0];
  if (!(allowed as readonly string[]).includes(f))
    throw new CliError(`--format for ${command} must be ${allowed.join(' or ')}; got "${f}"`);
  return f as F;
}

/** The one id a command takes, from a registry (sweeps, reproductions). */
function oneId(command: string, rest: string[], known: readonly { id: string }[]): string {
  const ids = known.map((k) => k.id).join(', ') || '(none yet)';
  if (rest.length === 0) throw new CliError(`${command} needs an id: ${ids}`);
  noPositional(command, rest.slice(1));
  if (!known.some((k) => k.id === rest[0]))
    throw new CliError(`unknown ${command} id "${rest[0]}"; ids are ${ids}`);
  return rest[0];
}

function sweepHeader(d: SweepDef) {
  return { id: d.id, title: d.title, paper: d.paper, where: d.where, x: d.x, y: d.y, metric: d.metric };
}

function algorithmOf(command: string, rest: string[]): AlgorithmSpec {
  const ids = ALGORITHMS.map((a) => a.id).join(', ');
  if (rest.length === 0) throw new CliError(`${command} needs an algorithm: ${ids}`);
  noPositional(command, rest.slice(1));
  return requireAlgorithm(rest[0]);
}

function requireAlgorithm(id: string): AlgorithmSpec {
  const spec = findAlgorithm(id);
  if (!spec)
    throw new CliError(`unknown algorithm "${id}"; algorithms are ${ALGORITHMS.map((a) => a.id).join(', ')}`);
  return spec;
}

/** Every option that is not the CLI's own is an algorithm parameter. */
function paramOptions(args: ParsedArgs): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const [k, v] of Object.entries(args.options))
    if (!(RESERVED_OPTIONS as readonly string[]).includes(k)) raw[k] = v;
  return raw;
}

/** Parses raw parameters and builds + verifies; bad or oversized input throws InputError. */
function runWith(spec: AlgorithmSpec, raw: Record<string, string>): RunResult {
  return run(spec.id, paramsFromRaw(spec, raw), CLI_LIMITS);
}

// ---------------------------------------------------------------------------------------------------
// list

export interface ListedParam {
  key: string;
  label: string;
  kind: ParamDef['kind'];
  min?: number;
  max?: number;
  /** True when `min` itself is not allowed. */
  min_exclusive?: boolean;
  /** Lists (int-list): how many elements; min and max bound each element. */
  min_length?: number;
  max_length?: number;
  options?: string[];
  default: number | string;
  unit?: string;
  /** The allowed values in words, as error messages state them. */
  bounds: string;
  help: string;
}

export interface ListedAlgorithm {
  id: string;
  name: string;
  family: string;
  collective: string;
  topology: string;
  paper: { file: string; title: string };
  params: ListedParam[];
}

export function listedParam(d: ParamDef): ListedParam {
  return {
    key: d.key,
    label: d.label,
    kind: d.kind,
    ...(d.kind === 'enum' ? { options: d.options.map((o) => o.value) } : { min: d.min, max: d.max }),
    ...(d.kind === 'number' && d.minInclusive === false ? { min_exclusive: true } : {}),
    ...(d.kind === 'int-list' ? { min_length: d.minLength, max_length: d.maxLength } : {}),
    default: d.default,
    ...(d.unit ? { unit: d.unit } : {}),
    bounds: describeBounds(d),
    help: d.help,
  };
}

export function algorithmList(): ListedAlgorithm[] {
  return ALGORITHMS.map((a) => ({
    id: a.id,
    name: a.name,
    family: a.family,
    collective: a.collective,
    topology: a.topology,
    paper: { file: a.paper.file, title: a.paper.title },
    params: a.params.map(listedParam),
  }));
}

function paramLines(spec: AlgorithmSpec): string[] {
  const width = Math.max(...spec.params.map((d) => d.key.length)) + 4;
  return spec.params.flatMap((d) => {
    const unit = d.unit ? ` ${d.unit}` : '';
    const def = typeof d.default === 'number' ? d.default.toLocaleString('en-US') : d.default;
    return [
      `    ${`--${d.key}`.padEnd(width)}${describeBounds(d)}${unit}; default ${def}${unit}`,
      `    ${' '.repeat(width)}${d.label}: ${d.help}`,
    ];
  });
}

function algorithmText(spec: AlgorithmSpec): string {
  return [
    `  ${spec.id}: ${spec.name} (${spec.family}; ${spec.collective} on ${spec.topology})`,
    `    paper: ${spec.paper.file}, ${spec.paper.title}`,
    ...paramLines(spec),
  ].join('\n');
}

export function listCommand(format: 'json' | 'text'): string {
  return format === 'json'
    ? `${JSON.stringify(algorithmList(), null, 2)}\n`
    : `${ALGORITHMS.map(algorithmText).join('\n\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------
// schedule

export function scheduleCommand(
  spec: AlgorithmSpec,
  raw: Record<string, string>,
  format: 'json' | 'csv',
): CommandOutput {
  return exportResult(runWith(spec, raw), format);
}

/** Exports a result; a schedule that fails verification is still exported, with exit code 1. */
export function exportResult(r: RunResult, format: 'json' | 'csv'): CommandOutput {
  const out = format === 'json' ? scheduleJsonChunks(r) : scheduleCsvChunks(r);
  return r.report.ok
    ? { code: 0, out }
    : {
        code: 1,
        out,
        err: `${r.algorithm}: the schedule fails verification (${verdict(r.report)}); exported anyway`,
      };
}

function verdict(rep: {
  total: number;
  counts: Partial<Record<Rule, number>>;
  violations: Violation[];
}): string {
  const counts = Object.entries(rep.counts)
    .map(([rule, k]) => `${rule} ${k}`)
    .join(', ');
  const first = rep.violations[0] ? `; first: ${rep.violations[0].message}` : '';
  return `${rep.total} violation${rep.total === 1 ? '' : 's'}: ${counts}${first}`;
}

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
): CommandOutput {
  const r = runWith(spec, raw);
  const rep = formulasReport(r);
  const code = r.report.ok ? 0 : 1;
  const err = r.report.ok
    ? undefined
    : `${r.algorithm}: the schedule fails verification (${verdict(r.report)})`;
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

// ---------------------------------------------------------------------------------------------------
// check

export interface CheckReport {
  file: string;
  algorithm: string;
  collective: string;
  nodes: number;
  links: number;
  blocks: number;
  steps: number;
  transfers: number;
  ok: boolean;
  total: number;
  counts: Partial<Record<Rule, number>>;
  /** What each rule that was broken means. */
  rules: Partial<Record<Rule, string>>;
  /** The first violations, in schedule order. */
  violations: Violation[];
  usage: { channels_used: number; max_link_load: number; longest_route: number };
  /** `summary.verified` as the file states it, when it does. */
  claimed_verified?: boolean;
}

/** Reads a parsed schedule document and runs the verifier on it. Throws ScheduleFormatError. */
export function checkDocument(doc: unknown, file = '(schedule)'): CheckReport {
  const { topology, schedule } = fromScheduleJson(doc);
  const { report } = verify(schedule, topology);
  const rules: Partial<Record<Rule, string>> = {};
  for (const rule of Object.keys(report.counts) as Rule[]) rules[rule] = RULE_TEXT[rule];
  const rep: CheckReport = {
    file,
    algorithm: schedule.algorithm,
    collective: schedule.collective,
    nodes: schedule.nodeCount,
    links: topology.linkCount,
    blocks: schedule.blocks.count,
    steps: schedule.stepCount,
    transfers: schedule.transferCount,
    ok: report.ok,
    total: report.total,
    counts: report.counts,
    rules,
    violations: report.violations.slice(0, CHECK_LISTED),
    usage: {
      channels_used: report.usage.channelsUsed,
      max_link_load: report.usage.maxLinkLoad,
      longest_route: report.usage.longestRoute,
    },
  };
  const summary = (doc as { summary?: { verified?: unknown } }).summary;
  if (typeof summary?.verified === 'boolean') rep.claimed_verified = summary.verified;
  return rep;
}

/** `check`: the file's text in, a JSON report out; exit 0 when it verifies, 1 when not. */
export function checkCommand(text: string | Uint8Array, file: string): CommandOutput {
  let doc: unknown;
  try {
    // A file too big for one string is parsed in pieces, step by step (json-pieces.ts).
    doc = typeof text === 'string' ? JSON.parse(text) : parseJsonPieces(text, 'steps');
  } catch (e) {
    throw new CliError(`${file} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  let rep: CheckReport;
  try {
    rep = checkDocument(doc, file);
  } catch (e) {
    if (e instanceof ScheduleFormatError) throw new ScheduleFormatError(`${file}: ${e.message}`);
    throw e;
  }
  return rep.ok ? { code: 0, out: json(rep) } : { code: 1, out: json(rep), err: `${file}: ${verdict(rep)}` };
}

// ---------------------------------------------------------------------------------------------------
// help

/** Usage text; with a known algorithm id, that algorithm's parameters only. */
export function helpText(algorithm?: string): string {
  const spec = algorithm !== undefined ? findAlgorithm(algorithm) : undefined;
  const algorithms = spec ? [spec] : ALGORITHMS;
  return `Optical Collectives Lab, command line

Usage: npm run cli -- <command> [arguments] [--key VALUE | --key=VALUE ...]

Commands:
  list [--format json|text]
      The algorithms with their parameters (bounds, defaults, units), as JSON or a readable table.
  schedule <algorithm> [--<param> VALUE ...] [--format json|csv] [--out FILE]
      Build a schedule, verify it and export it (${SCHEDULE_FORMAT}, see docs/schedule-format.md).
  formulas <algorithm> [--<param> VALUE ...] [--format json|text]
      The paper's closed forms next to what the constructed, verified schedule measures.
  sweep <id> [--format csv|json] [--out FILE]
      Evaluate one of the explorer's series (closed form and constructed schedule per point).
      Sweeps: ${SWEEPS.map((d) => d.id).join(', ') || '(none yet)'}
  heatmap <id> [--format csv|json] [--out FILE]
      A speed-up heatmap of the ReTri paper (message size × reconfiguration delay), every cell from
      verified schedules. Heatmaps: ${HEATMAPS.map((h) => h.id).join(', ')}
  reproduce <id> [--out FILE]
      A paper's printed numbers beside what its formulas and our schedules give, as JSON rows
      { "label", "paper", "computed", "constructed" }.
      Checks: ${REPRODUCTIONS.map((r) => r.id).join(', ') || '(none yet)'}
  check <file.json> [--out FILE]
      Read a schedule file and run the verifier on it; prints a JSON report.
  help [<algorithm>]
      This text.

--out FILE writes the output to FILE instead of standard output.
Exit status: 0 success; 1 the schedule fails verification (the output is still written);
2 bad input (one line on standard error names the problem); 3 an internal error.

Algorithms and their parameters:
${algorithms.map(algorithmText).join('\n\n')}
`;
}
