import type { SweepDef } from '../kernel/experiment';
import type { AlgorithmSpec } from '../kernel/spec';
import { ALGORITHMS, FAMILY_TABLES, findAlgorithm } from '../registry';
import { CLI_LIMITS, InputError, checkRun, fileSizeRefusal, paramsFromRaw } from '../limits';
import { describeBounds, num, type ParamValues } from '../kernel/params/schema';
import { TimeLimitReached } from '../kernel/run-watch';
import { LOUD_TRANSFERS, cliWatch, type CliWatch } from './run-progress';
import { run } from '../run';
import { type RunResult } from '../result';
import { RESERVED_OPTIONS, type ParsedArgs } from './args';
import { fileInput, readFile } from '../file-formats';

/**
 * Exit codes: 0 success, 1 a schedule fails verification, 2 bad input, 3 an internal error (or the
 * exact method's solver could not run), 4 the time limit passed before any schedule was found.
 */
export type ExitCode = 0 | 1 | 2 | 3 | 4;

export interface CommandOutput {
  code: ExitCode;
  /** Standard output (or the --out file), in chunks; big schedules are produced lazily. */
  out: Iterable<string>;
  /** One line for standard error, without the newline. */
  err?: string;
  /** Where `out` goes instead of standard output (--out); with `files`, the folder they go into. */
  outFile?: string;
  /** About how many bytes `out` has (a schedule), and the run's watch, to tell how the writing goes. */
  bytes?: number;
  watch?: CliWatch;
  /** Files written into the --out folder (created when missing); `out` then goes to standard output. */
  files?: { name: string; bytes: Uint8Array }[];
}

/** The one thing commands need from the outside world. */
export interface CliIo {
  /** A file's text, or its bytes when it is too big for one string (see read-limited.ts). */
  readText(path: string): string | Uint8Array;
  /** One line of progress for standard error (long runs only); none in tests unless they listen. */
  progress?(line: string): void;
}

/** Bad input found by the command line itself (unknown command, option or format). */
export class CliError extends Error {
  override name = 'CliError';
}

/** The time limit passed before any schedule was found (exit 4): nothing is written. */
export class OutOfTime extends Error {
  override name = 'OutOfTime';
}

/** The commands every build has; the families' own (`FAMILY_TABLES`) come after `sweep`. */
const SHARED_COMMANDS = [
  'list',
  'schedule',
  'formulas',
  'bounds',
  'sweep',
  'reproduce',
  'check',
  'help',
] as const;
export type Command = (typeof SHARED_COMMANDS)[number];
export const isSharedCommand = (c: string): c is Command =>
  (SHARED_COMMANDS as readonly string[]).includes(c);

/** Every command's name, as help and errors list them. */
export const COMMANDS: readonly string[] = [
  ...SHARED_COMMANDS.slice(0, 5),
  ...FAMILY_TABLES.map((t) => t.command),
  ...SHARED_COMMANDS.slice(5),
];

/** Violations listed by `check` (the counts cover all of them). */
export const CHECK_LISTED = 20;

export const oneLine = (s: string) => s.replace(/\s*[\r\n]+\s*/g, ' ').trim();
/** The notes a command has for standard error, as its one line (undefined when there are none). */
export const notes = (...parts: (string | undefined)[]) =>
  parts.filter((x) => x !== undefined).join('; ') || undefined;
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
    // Sizes first, then the whole file, before anything is built from it (file-formats.ts).
    const refused = fileSizeRefusal(file, text.length, 'network', CLI_LIMITS);
    if (refused) throw new CliError(refused);
    const content = readFile('network', fileInput(file, text), { name: file, hash: '' }, CLI_LIMITS);
    if (content.kind !== 'network') return raw;
    const clash = Object.keys(content.params).find((k) => k in raw);
    if (clash !== undefined)
      throw new CliError(`--${clash} cannot be given with --topology ${file}: the file sets the network`);
    return { ...raw, ...content.params };
  }
  return raw;
}

/**
 * The one check of an algorithm's parameters that every command makes (schedule, formulas, bounds):
 * each value in its bounds, the rules between them (a network that holds its senders, a connected
 * network of your own, …) and the command line's size limits. Throws InputError naming the first
 * problem.
 */
export function validParams(spec: AlgorithmSpec, raw: Record<string, string>): ParamValues {
  const params = paramsFromRaw(spec, raw);
  const issues = checkRun(spec, params, CLI_LIMITS);
  if (issues.length) throw new InputError(issues[0].message, issues);
  return params;
}

/** A run and the watch it ran under. */
export interface WatchedRun {
  result: RunResult;
  watch: CliWatch;
}

/**
 * Checks raw parameters (validParams), then builds, searches and verifies under a watch that tells
 * its progress through `io` and ends it at `--time-limit` (the algorithms that take one; the clock
 * starts here). A build cut short before it had a schedule throws OutOfTime.
 */
export function runWith(spec: AlgorithmSpec, raw: Record<string, string>, io?: CliIo): WatchedRun {
  const params = validParams(spec, raw);
  const limit = spec.params.find((d) => d.key === 'time-limit');
  const seconds = limit ? num(params, 'time-limit') : undefined;
  const loud = spec.estimate(params).transfers >= LOUD_TRANSFERS;
  const watch = cliWatch(spec.id, seconds, (line) => io?.progress?.(line), { loud });
  try {
    return { result: run(spec.id, params, CLI_LIMITS, { watch }), watch };
  } catch (e) {
    if (!(e instanceof TimeLimitReached)) throw e;
    throw new OutOfTime(
      `${spec.id}: no schedule within the time limit of ${seconds} s: ${e.message}; nothing is written; a longer --time-limit gives it more time (${limit ? describeBounds(limit) : ''} s)`,
    );
  }
}

/**
 * One line when the time limit ended the run early and a schedule was kept: which phase it ended,
 * and what the kept schedule is. Undefined when the run ended on its own.
 */
export function timeLimitNote({ result, watch }: WatchedRun, kept: string): string | undefined {
  if (watch.expiredIn === null) return undefined;
  return `${result.algorithm}: the time limit of ${watch.seconds} s ended the run while ${watch.expiredIn}; ${kept} is the best found, ${result.summary.steps} steps`;
}
