/**
 * `check` for schedules made elsewhere (MSCCL XML, TE-CCL output): the importer's verdicts and the
 * verifier's report on the chosen network, as JSON. Exit 0 when there is no error verdict and the
 * verifier finds nothing (on the stretched schedule, with --stretch), 1 otherwise.
 */
import type { VerifyReport } from '../kernel/verify/rules';
import { RULE_TEXT, type Rule } from '../kernel/verify/rules';
import { VERDICT_TEXT, type VerdictRule } from '../interop/verdicts';
import type { InteropImport } from '../interop/result';
import { CHECK_LISTED, json, type CommandOutput } from './command-kit';
import { verdict } from './schedule-command';

/** Verdicts listed by `check` (the counts cover all of them). */
export const VERDICTS_LISTED = 50;

function verifierJson(r: VerifyReport) {
  const rules: Partial<Record<Rule, string>> = {};
  for (const rule of Object.keys(r.counts) as Rule[]) rules[rule] = RULE_TEXT[rule];
  return {
    ok: r.ok,
    total: r.total,
    counts: r.counts,
    rules,
    violations: r.violations.slice(0, CHECK_LISTED),
    usage: {
      channels_used: r.usage.channelsUsed,
      max_link_load: r.usage.maxLinkLoad,
      longest_route: r.usage.longestRoute,
    },
  };
}

export function interopReport(r: InteropImport) {
  const rules: Partial<Record<VerdictRule, string>> = {};
  for (const rule of Object.keys(r.verdicts.counts) as VerdictRule[]) rules[rule] = VERDICT_TEXT[rule];
  const w = r.network.wavelengths;
  return {
    file: r.file,
    format: r.format === 'msccl' ? 'MSCCL XML' : 'TE-CCL output',
    algorithm: r.algorithm,
    coll: r.coll,
    collective: r.collective,
    ranks: r.ranks,
    network: r.network.name,
    ...(w
      ? {
          wavelengths: {
            per_fibre: w.used,
            most_a_step_needs: w.most,
            per_step: Array.from(w.perStep),
          },
        }
      : {}),
    steps: r.schedule.stepCount,
    ...(r.stretched ? { stretched_steps: r.stretched.schedule.stepCount } : {}),
    transfers: r.schedule.transferCount,
    ok: r.ok,
    verdicts: {
      errors: r.verdicts.errors,
      warnings: r.verdicts.warnings,
      counts: r.verdicts.counts,
      rules,
      listed: r.verdicts.listed.slice(0, VERDICTS_LISTED),
    },
    verifier: verifierJson(r.report),
    ...(r.stretched ? { stretched: { verifier: verifierJson(r.stretched.report) } } : {}),
    ...(r.judged ? { judged: r.judged } : {}),
    notes: r.notes,
  };
}

export function interopCheck(r: InteropImport): CommandOutput {
  const out = json(interopReport(r));
  if (r.ok) return { code: 0, out };
  const checked = r.stretched?.report ?? r.report;
  const parts: string[] = [];
  if (r.verdicts.errors > 0) {
    const first = r.verdicts.listed.find((v) => v.severity === 'error');
    parts.push(
      `${r.verdicts.errors} error${r.verdicts.errors === 1 ? '' : 's'}${first ? `; first: ${first.text}` : ''}`,
    );
  }
  if (!checked.ok) parts.push(`on ${r.network.name}: ${verdict(checked)}`);
  return { code: 1, out, err: `${r.file}: ${parts.join('; ')}` };
}
