import { configIssues } from './kernel/config';
import type { Schedule } from './kernel/model/schedule';
import type { Topology } from './kernel/model/topology';
import { readParams } from './kernel/params/schema';
import {
  asModelSays,
  checkModel,
  modelNote,
  type ModelNote,
  type ModelRules,
} from './kernel/verify/model-rules';
import { withViolations, type VerifyReport } from './kernel/verify/rules';
import { verify } from './kernel/verify/verifier';
import type { Holdings } from './kernel/replay/holdings';
import { findAlgorithm } from './registry';

/** The model a file names, its rules; or why it has none to check (the generic rules then apply). */
type Declared = { rules: ModelRules } | { none: string } | { invalid: string };

/**
 * The model a schedule file names: its `algorithm`, with its `params` read by the algorithm's own
 * schema (missing ones take their defaults, unknown ones are ignored), when the algorithm's family
 * states model rules (`AlgorithmEngine.model`).
 */
export function declaredModel(algorithm: string, raw: Readonly<Record<string, unknown>> | null): Declared {
  const spec = findAlgorithm(algorithm);
  const generic =
    'checked with the generic rules only (links, channels, ports as declared, causality, the postcondition)';
  if (!spec)
    return {
      none:
        algorithm === 'imported'
          ? `The file names no algorithm, so no model: ${generic}.`
          : `The file names the algorithm "${algorithm}", which this checker does not know: ${generic}.`,
    };
  if (!spec.model) return { none: `${spec.id} states no model rules beyond the generic ones: ${generic}.` };
  const text: Record<string, string> = {};
  const bad: string[] = [];
  for (const [k, v] of Object.entries(raw ?? {}))
    if (typeof v === 'number' || typeof v === 'string') text[k] = String(v);
    else bad.push(`params.${k} must be a number or a string`);
  const { values, issues } = readParams(spec.params, text);
  const problems = [
    ...bad,
    ...issues.map((i) => i.message),
    ...configIssues(spec, values).map((i) => i.message),
  ];
  if (problems.length)
    return { invalid: `the file names ${spec.id}, but its parameters are not valid: ${problems[0]}` };
  return { rules: spec.model(values) };
}

/**
 * A schedule file's verification: the generic rules, and those of the model the file names (its
 * network, routing, combining or not, ports, collective). A file that names no model with rules gets
 * the generic rules and a note saying so. The one verification of `check` and the app's Open schedule.
 */
export function verifyAsDeclared(imported: {
  schedule: Schedule;
  topology: Topology;
  params: Readonly<Record<string, unknown>> | null;
}): { report: VerifyReport; holdings: Holdings; schedule: Schedule } {
  const declared = declaredModel(imported.schedule.algorithm, imported.params);
  if (!('rules' in declared)) {
    const { report, holdings } = verify(imported.schedule, imported.topology);
    const note: ModelNote =
      'none' in declared
        ? { declared: null, rules: [], notes: [declared.none] }
        : { declared: null, rules: [], notes: ['Checked with the generic rules only.'] };
    const problem =
      'invalid' in declared
        ? [{ rule: 'model-params' as const, step: 0, transfer: -1, message: declared.invalid }]
        : [];
    return {
      report: { ...withViolations(report, problem), model: note },
      holdings,
      schedule: imported.schedule,
    };
  }
  const m = declared.rules;
  const said = asModelSays(imported.schedule, m);
  const { report, holdings } = verify(said.schedule, imported.topology);
  const more = [...said.violations, ...checkModel(said.schedule, imported.topology, m)];
  return {
    report: { ...withViolations(report, more), model: modelNote(m, said.notes) },
    holdings,
    schedule: said.schedule,
  };
}
