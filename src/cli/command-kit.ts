import type { SweepDef } from '../kernel/experiment';
import type { AlgorithmSpec } from '../kernel/spec';
import { ALGORITHMS, findAlgorithm } from '../registry';
import { CLI_LIMITS, paramsFromRaw } from '../limits';
import { run } from '../run';
import { type RunResult } from '../result';
import { RESERVED_OPTIONS, type ParsedArgs } from './args';
import { topologyFromJson } from '../families/noc/noc.card';

/** Exit codes: 0 success, 1 a schedule fails verification, 2 bad input, 3 an internal error. */
export type ExitCode = 0 | 1 | 2 | 3;

export interface CommandOutput {
  code: ExitCode;
  /** Standard output (or the --out file), in chunks; big schedules are produced lazily. */
  out: Iterable<string>;
  /** One line for standard error, without the newline. */
  err?: string;
  /** Where `out` goes instead of standard output (--out); with `files`, the folder they go into. */
  outFile?: string;
  /** Files written into the --out folder (created when missing); `out` then goes to standard output. */
  files?: { name: string; bytes: Uint8Array }[];
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
  'bounds',
  'sweep',
  'heatmap',
  'reproduce',
  'check',
  'help',
] as const;
export type Command = (typeof COMMANDS)[number];

export const oneLine = (s: string) => s.replace(/\s*[\r\n]+\s*/g, ' ').trim();
export const json = (x: unknown) => [`${JSON.stringify(x, null, 2)}\n`];

export function noPositional(command: string, extra: string[]): void {
  if (extra.length) throw new CliError(`${command}: unexpected argument "${extra[0]}"`);
}

export function onlyOptions(command: string, args: ParsedArgs, allowed: string[]): void {
  const bad = Object.keys(args.options).find((k) => !allowed.includes(k));
  if (bad !== undefined)
    throw new CliError(
      `${command} has no option --${bad}; it takes ${allowed.map((k) => `--${k}`).join(', ')}`,
    );
}

export function formatOf<F extends string>(args: ParsedArgs, command: string, allowed: readonly F[]): F {
  const f = args.options.format ?? allowed[0];
  if (!(allowed as readonly string[]).includes(f))
    throw new CliError(`--format for ${command} must be ${allowed.join(' or ')}; got "${f}"`);
  return f as F;
}

/** The one id a command takes, from a registry (sweeps, reproductions). */
export function oneId(command: string, rest: string[], known: readonly { id: string }[]): string {
  const ids = known.map((k) => k.id).join(', ') || '(none yet)';
  if (rest.length === 0) throw new CliError(`${command} needs an id: ${ids}`);
  noPositional(command, rest.slice(1));
  if (!known.some((k) => k.id === rest[0]))
    throw new CliError(`unknown ${command} id "${rest[0]}"; ids are ${ids}`);
  return rest[0];
}

export function sweepHeader(d: SweepDef) {
  return {
    id: d.id,
    title: d.title,
    paper: d.paper,
    where: d.where,
    x: d.x,
    y: d.y,
    metric: d.metric,
    ...(d.formulaLabel ? { formula: d.formulaLabel } : {}),
    ...(d.paperMarks ? { printed: d.paperMarks } : {}),
  };
}

export function algorithmOf(command: string, rest: string[]): AlgorithmSpec {
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

/**
 * Every option that is not the CLI's own is an algorithm parameter; `--topology FILE.json` (the NoC
 * algorithms) is read and stands for the network it describes.
 */
export function paramOptions(args: ParsedArgs, io?: CliIo): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const [k, v] of Object.entries(args.options))
    if (!(RESERVED_OPTIONS as readonly string[]).includes(k)) raw[k] = v;
  const file = raw['topology'];
  if (file?.endsWith('.json') && io) {
    let text: string;
    try {
      const read = io.readText(file);
      if (typeof read !== 'string') throw new Error('too big for a topology');
      text = read;
    } catch (e) {
      throw new CliError(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
    delete raw['topology'];
    try {
      return { ...raw, ...topologyFromJson(text) };
    } catch (e) {
      throw new CliError(`${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return raw;
}

/** Parses raw parameters and builds + verifies; bad or oversized input throws InputError. */
export function runWith(spec: AlgorithmSpec, raw: Record<string, string>): RunResult {
  return run(spec.id, paramsFromRaw(spec, raw), CLI_LIMITS);
}
