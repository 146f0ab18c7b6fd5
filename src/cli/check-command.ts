import { formatFor, JSON_STARTS, type FileInput } from '../file-formats';
import { ScheduleFormatError, fromScheduleJson } from '../kernel/format/schedule-import';
import { CLI_LIMITS, fileNodeLimit } from '../limits';
import { RULE_TEXT, type Rule, type Violation } from '../kernel/verify/rules';
import { verifyAsDeclared } from '../declared-model';
import type { ModelNote } from '../kernel/verify/model-rules';
import { CHECK_LISTED, CliError, json, type CommandOutput } from './command-kit';
import { JsonTooBig, MAX_PIECE_BYTES, parseJsonPieces } from './json-pieces';
import { MAX_MSCCL_CHARS } from '../interop/msccl/parse';
import type { ImportOptions } from '../interop/result';
import { interopCheck } from './interop-check';
import { verdict } from './schedule-command';

export { CHECK_LISTED } from './command-kit';

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
  /** The model the file names and the rules it was checked with, or a note that only the generic rules applied. */
  model: ModelNote;
  /** `summary.verified` as the file states it, when it does. */
  claimed_verified?: boolean;
}

/**
 * Reads a parsed schedule document and runs the verifier on it. Throws ScheduleFormatError, and
 * InputError for a file of another kind (a topology file), saying what it is and how to use it.
 */
export function checkDocument(doc: unknown, file = '(schedule)'): CheckReport {
  formatFor('schedule', { name: file, text: null, json: doc });
  const imported = fromScheduleJson(doc, fileNodeLimit(CLI_LIMITS));
  const { topology } = imported;
  // The generic rules, and those of the model the file names (declared-model.ts).
  const { report, schedule } = verifyAsDeclared(imported);
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
    model: report.model ?? { declared: null, rules: [], notes: [] },
  };
  const summary = (doc as { summary?: { verified?: unknown } }).summary;
  if (typeof summary?.verified === 'boolean') rep.claimed_verified = summary.verified;
  return rep;
}

/**
 * `check`: the file's text in, a JSON report out; exit 0 when it verifies, 1 when not. The format is
 * told by its content through the one registry the page uses (FILE_FORMATS, src/file-formats.ts):
 * files made elsewhere (MSCCL XML, TE-CCL output) are imported and checked on the network `options`
 * names; a Lab schedule file brings its own network. `mostPiece`: the longest value of a file read
 * in pieces (tests make it small).
 */
export function checkCommand(
  text: string | Uint8Array,
  file: string,
  options: Omit<ImportOptions, 'name'> = {},
  mostPiece = MAX_PIECE_BYTES,
): CommandOutput {
  const input = checkInput(text, file, mostPiece);
  const format = formatFor('schedule', input);
  if (format.imports) return interopCheck(format.imports(input, options));
  if (options.network || options.stretch)
    throw new CliError(
      `${file} is a Lab schedule, which brings its own network: --network and --stretch apply to MSCCL XML and TE-CCL output`,
    );
  let rep: CheckReport;
  try {
    rep = checkDocument(input.json, file);
  } catch (e) {
    if (e instanceof ScheduleFormatError) throw new ScheduleFormatError(`${file}: ${e.message}`);
    throw e;
  }
  return rep.ok ? { code: 0, out: json(rep) } : { code: 1, out: json(rep), err: `${file}: ${verdict(rep)}` };
}

/** The file as the formats see it: its text, and its JSON parsed (in pieces when too big for one string). */
function checkInput(text: string | Uint8Array, file: string, mostPiece: number): FileInput {
  if (typeof text === 'string' && !JSON_STARTS.includes(text.trimStart()[0] ?? ''))
    return { name: file, text, json: undefined };
  if (
    typeof text !== 'string' &&
    text.find((b) => b > 0x20 && b !== 0xef && b !== 0xbb && b !== 0xbf) === 0x3c
  )
    throw new CliError(
      `${file} is too big for MSCCL XML: it is read up to ${MAX_MSCCL_CHARS / 2 ** 20} M characters`,
    );
  try {
    // A file too big for one string is parsed in pieces, step by step (json-pieces.ts).
    const json = typeof text === 'string' ? JSON.parse(text) : parseJsonPieces(text, 'steps', mostPiece);
    return { name: file, text: typeof text === 'string' ? text : null, json };
  } catch (e) {
    if (e instanceof JsonTooBig) throw new CliError(`${file} is too big to read: ${e.message}`);
    throw new CliError(`${file} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}
