import { configIssues } from '../kernel/config';
import type { AlgorithmCard } from '../kernel/spec';
import type { ParamValue } from '../kernel/params/schema';
import { show } from './show';

/**
 * Settles the algorithm's cross-parameter rules (a flit size that must divide the packet size, …) for
 * parameters read from a link. A failing rule is blamed on a value the link set whose default
 * satisfies the rule, the rule's own key first (the link `packet-bytes=100` is at fault, not the flit
 * size it never named); if no single value does, the rule's key is reset and the rules are checked again. That value goes back to its
 * default and the notice says which.
 */
export function resolveCrossRules(
  spec: AlgorithmCard,
  params: Record<string, ParamValue>,
  fromLink: Set<string>,
  ignored: string[],
): void {
  for (let round = 0; round <= spec.params.length; round++) {
    const issue = configIssues(spec, params)[0];
    if (!issue) return;
    const fails = (p: Record<string, ParamValue>) =>
      configIssues(spec, p).some((i) => i.key === issue.key && i.message === issue.message);
    const candidates = fromLink.has(issue.key)
      ? [issue.key, ...[...fromLink].filter((k) => k !== issue.key)]
      : [...fromLink];
    const blamed =
      candidates.find((k) => {
        const def = spec.params.find((d) => d.key === k)!;
        return !fails({ ...params, [k]: def.default });
      }) ?? issue.key;
    const def = spec.params.find((d) => d.key === blamed);
    if (!def) {
      ignored.push(issue.message);
      return;
    }
    // The notice names the value it drops (a NoC network's `links`, not only what is wrong with them).
    const fallback = def.default === '' ? 'the default (none)' : def.default;
    ignored.push(
      fromLink.has(blamed)
        ? `${issue.message}; the link's ${blamed} = ${show(String(params[blamed]))} was ignored, using ${fallback}`
        : `${issue.message}; ${blamed} goes back to ${fallback}`,
    );
    params[blamed] = def.default;
    fromLink.delete(blamed);
  }
}
