/**
 * The commands of the command line, as functions from arguments to output text and an exit code.
 * They read files only through `CliIo` and never touch the process, so tests call them directly;
 * main.ts does the I/O. Everything algorithm-specific comes from the registry and its parameter
 * schemas, the same ones the app uses.
 *
 * This file dispatches; each command lives in its own file (list-, schedule-, formulas-,
 * check-command.ts), the shared pieces in command-kit.ts and the help text in help.ts.
 */
import { SWEEPS, findSweep } from '../experiments/catalogue';
import { REPRODUCTIONS, findReproduction } from '../experiments/registry';
import { evaluateSweep } from '../experiments/sweep';
import { reproCsv, sweepCsv } from '../experiments/tables';
import { RUNNER } from '../run';
import { ScheduleFormatError } from '../kernel/format/schedule-import';
import { SolverUnavailable } from '../kernel/lp';
import { CLI_LIMITS, InputError } from '../limits';
import { ALGORITHMS, findTable } from '../registry';
import { ArgError, parseArgs, type ParsedArgs } from './args';
import { checkCommand } from './check-command';
import {
  COMMANDS,
  isSharedCommand,
  CliError,
  OutOfTime,
  algorithmOf,
  formatOf,
  json,
  noPositional,
  oneId,
  oneLine,
  onlyOptions,
  paramOptions,
  sweepHeader,
  type CliIo,
  type Command,
  type CommandOutput,
  validParams,
} from './command-kit';
import { formulasCommand } from './formulas-command';
import { helpText } from './help';
import { listCommand } from './list-command';
import { FileRefused } from './read-limited';
import { parseNetworkChoice } from '../interop/network';
import { SCHEDULE_FORMATS, scheduleCommand } from './schedule-command';

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
    if (!COMMANDS.includes(command))
      throw new CliError(`unknown command "${command}"; commands are ${COMMANDS.join(', ')}`);
    if (args.force && command !== 'schedule')
      throw new CliError(`--force is for schedule only (it writes a schedule over the output limit)`);
    const r = isSharedCommand(command)
      ? dispatch(command, rest, args, io)
      : tableCommand(command, rest, args);
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
  if (e instanceof OutOfTime) return { code: 4, out: [], err: oneLine(message) };
  if (e instanceof SolverUnavailable) return { code: 3, out: [], err: oneLine(message) };
  return { code: known ? 2 : 3, out: [], err: oneLine(known ? message : `internal error: ${message}`) };
}

/** A family's own command (`FamilyEngine.tables`): one of its tables by id, as CSV or JSON. */
function tableCommand(command: string, rest: string[], args: ParsedArgs): CommandOutput {
  const table = findTable(command)!;
  onlyOptions(command, args, ['format', 'out']);
  const format = formatOf(args, command, ['csv', 'json']);
  const id = oneId(
    command,
    rest,
    table.ids.map((i) => ({ id: i })),
  );
  const { csv, json: value } = table.run(id, CLI_LIMITS, RUNNER);
  return { code: 0, out: format === 'csv' ? [csv] : json(value) };
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
        paramOptions(args, io),
        formatOf(args, 'schedule', SCHEDULE_FORMATS),
        io,
        args.force,
        args.options.out,
      );
    case 'formulas':
      return formulasCommand(
        algorithmOf('formulas', rest),
        paramOptions(args, io),
        formatOf(args, 'formulas', ['json', 'text']),
        io,
      );
    case 'bounds': {
      const spec = algorithmOf('bounds', rest);
      if (!spec.lowerBounds)
        throw new CliError(
          `bounds: ${spec.id} states no lower bounds of its own (see formulas); algorithms with them: ${ALGORITHMS.filter(
            (a) => a.lowerBounds,
          )
            .map((a) => a.id)
            .join(', ')}`,
        );
      onlyOptions('bounds', args, [...spec.params.map((d) => d.key), 'topology', 'format', 'out']);
      formatOf(args, 'bounds', ['json']);
      const params = validParams(spec, paramOptions(args, io));
      const bounds = spec.lowerBounds(params);
      const binding = bounds.reduce((a, b) => (b.value > a.value ? b : a));
      return {
        code: 0,
        out: json({ algorithm: spec.id, params, binding: binding.id, steps: binding.value, bounds }),
      };
    }
    case 'sweep': {
      onlyOptions('sweep', args, ['format', 'out']);
      const format = formatOf(args, 'sweep', ['csv', 'json']);
      const def = findSweep(oneId('sweep', rest, SWEEPS));
      const values = evaluateSweep(def!, CLI_LIMITS);
      return {
        code: 0,
        out: format === 'csv' ? [sweepCsv(values, def)] : json({ sweep: sweepHeader(def!), points: values }),
      };
    }
    case 'reproduce': {
      onlyOptions('reproduce', args, ['format', 'out']);
      const format = formatOf(args, 'reproduce', ['json', 'csv']);
      const rows = findReproduction(oneId('reproduce', rest, REPRODUCTIONS))!.run(CLI_LIMITS);
      return { code: 0, out: format === 'csv' ? [reproCsv(rows)] : json(rows) };
    }
    case 'check': {
      if (rest.length === 0) throw new CliError('check needs a schedule file: check FILE.json|FILE.xml');
      noPositional('check', rest.slice(1));
      onlyOptions('check', args, ['format', 'out', 'network', 'stretch']);
      formatOf(args, 'check', ['json']);
      const read = (path: string): string | Uint8Array => {
        try {
          return io.readText(path);
        } catch (e) {
          if (e instanceof FileRefused) throw new CliError(e.message);
          throw new CliError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
        }
      };
      const spec = args.options.network;
      const network =
        spec === undefined
          ? undefined
          : parseNetworkChoice(spec, (path) => {
              const t = read(path);
              if (typeof t !== 'string') throw new CliError(`${path} is too big for a network`);
              return t;
            });
      return checkCommand(read(rest[0]), rest[0], { network, stretch: args.options.stretch === 'true' });
    }
    case 'help':
      return { code: 0, out: [helpText()] };
  }
}
