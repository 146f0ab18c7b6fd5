import { SWEEPS } from '../experiments/catalogue';
import { REPRODUCTIONS } from '../experiments/registry';
import type { FamilyTable } from '../family';
import { SCHEDULE_FORMAT } from '../kernel/format/schedule-json';
import { ALGORITHMS, FAMILY_TABLES, findAlgorithm } from '../registry';
import { algorithmText } from './list-command';
import { OUTPUT_LIMIT_BYTES } from './output-size';
import { QUIET_MS } from './run-progress';

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
  schedule <algorithm> [--<param> VALUE ...] [--format json|csv|msccl|chakra|trace] [--out FILE] [--force]
      Build a schedule, verify it and export it (${SCHEDULE_FORMAT}, see docs/schedule-format.md).
      A JSON or CSV export's size is counted first: over ${OUTPUT_LIMIT_BYTES.toLocaleString('en-US')} bytes (the most check
      reads) it is refused unless --force is given. For other tools (docs/interop.md): msccl, an
      MSCCL algorithm (XML) for NCCL/RCCL, refused with the runtime's limit named when it does not
      fit; chakra, Chakra execution traces for ASTRA-sim, one <algorithm>.<rank>.et per rank into the
      folder --out (required); trace, the step timeline as Trace Event JSON (Perfetto, chrome://tracing).
  formulas <algorithm> [--<param> VALUE ...] [--format json|text]
      The paper's closed forms next to what the constructed, verified schedule measures.
  bounds <algorithm> [--<param> VALUE ...]
      Lower bounds on the steps of any schedule, each with its argument, without building one
      (the NoC algorithms); the binding one first in "binding".
  sweep <id> [--format csv|json] [--out FILE]
      Evaluate one of the explorer's series (closed form and constructed schedule per point).
      Sweeps: ${SWEEPS.map((d) => d.id).join(', ') || '(none yet)'}
${FAMILY_TABLES.map(tableHelp).join('')}  reproduce <id> [--format json|csv] [--out FILE]
      A paper's printed numbers beside what its formulas and our schedules give, as JSON rows
      { "label", "paper", "computed", "constructed", "note", "open" } ("open": the algorithm and
      parameters whose schedule a row measures), or CSV with each row's verdict.
      Checks: ${REPRODUCTIONS.map((r) => r.id).join(', ') || '(none yet)'}
  check <file.json|file.xml> [--network full|ring|ring:W|mesh:RxC|torus:RxC|FILE.json] [--stretch] [--out FILE]
      Read a schedule file and run the verifier on it, with the rules of the model the file names
      (its algorithm and params); prints a JSON report. Also reads MSCCL XML and TE-CCL output:
      their rules and data flow are checked, the schedule is placed on the network given (fully
      connected by default), and --stretch re-times it without clashes (docs/interop.md).
  help [<algorithm>]
      This text.

--out FILE writes the output to FILE instead of standard output.
--time-limit S (the NoC algorithms) bounds the whole run, the constructive schedule included: a
search it ends keeps its best schedule and says so on standard error; a run with no schedule yet
ends with exit status 4. A run longer than ${QUIET_MS / 1000} s tells its progress on standard error.
Exit status: 0 success; 1 the schedule fails verification (the output is still written);
2 bad input (one line on standard error names the problem); 3 an internal error, or the exact
method's solver could not run; 4 the time limit passed before any schedule was found.

Algorithms and their parameters:
${algorithms.map(algorithmText).join('\n\n')}
`;
}

/** A family's command in the help text: its usage line and its text, indented like the others. */
const tableHelp = (t: FamilyTable) =>
  `  ${t.command} <id> [--format csv|json] [--out FILE]\n${t.help.replace(/^/gm, '      ')}\n`;
