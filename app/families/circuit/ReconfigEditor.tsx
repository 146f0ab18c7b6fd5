import { findCard } from '../../../src/cards';
import { readCircuit, reconfigBits } from '../../../src/families/circuit/circuit-params';
import { bestSchedule, bitsText, scheduleCost } from '../../../src/families/circuit/reconfig-formulas';
import { configIssues } from '../../../src/kernel/config';
import { formatSeconds } from '../../lib/format';
import { selectResult, useApp, useRunConfig } from '../../store/store';

/**
 * One toggle per phase: rebuild the circuits before it, or keep the ones in force. The model's time
 * for the new schedule shows at once (closed form); the verified schedule's time follows when the
 * worker has rebuilt it.
 */
export function ReconfigEditor() {
  const config = useRunConfig();
  const result = useApp(selectResult);
  const spec = findCard(config.algorithm);
  const family = spec?.reconfigFamily;
  if (!spec || !family || !spec.params.some((p) => p.key === 'reconfigure')) return null;
  if (configIssues(spec, config.params).length) return null;
  const c = readCircuit(config.params);
  const n = c.nodes;
  const s = spec.estimate(config.params).steps; // one step per phase
  const { x } = reconfigBits(c, s);
  const model = c.model;
  const modelTime = scheduleCost(model, family, x, s);
  const best = bestSchedule(s, (xs) => scheduleCost(model, family, xs, s));
  const built =
    result && result.algorithm === config.algorithm && result.params.reconfigure === config.params.reconfigure
      ? result.summary.seconds
      : null;
  const set = (next: boolean[]) => useApp.getState().setParam('reconfigure', bitsText(next));
  const exact = family.radix ** s === n;
  return (
    <section className="rounded-lg border border-divider bg-surface p-3" data-testid="reconfig-editor">
      <h2 className="text-lg font-bold text-text">Reconfiguration schedule</h2>
      <p className="text-sm text-muted">
        Rebuild the circuits before a phase (⟳, costs δ) or keep the ones in force (longer routes, more
        congestion).
      </p>
      <div className="mt-2 flex flex-wrap gap-1.5">
        {x.map((on, k) => (
          <button
            key={k}
            type="button"
            aria-pressed={on}
            data-testid={`reconfig-${k}`}
            className={`rounded-md border px-2.5 py-1.5 text-base font-semibold ${on ? 'border-inverse bg-inverse text-surface' : 'border-border bg-surface text-text'}`}
            title={k === 0 ? 'Phase 0 runs on the starting ring; rebuilding it only costs δ' : undefined}
            onClick={() => set(x.map((b, j) => (j === k ? !b : b)))}
          >
            {on ? '⟳ ' : ''}P{k}
          </button>
        ))}
      </div>
      <table className="mt-2 w-full text-base">
        <tbody>
          <tr>
            <td className="text-muted">reconfigurations R</td>
            <td className="text-right font-semibold tabular-nums" data-testid="reconfig-count">
              {x.filter(Boolean).length}
            </td>
          </tr>
          <tr>
            <td className="text-muted">time, model{exact ? '' : ` (${family.radix ** s} nodes)`}</td>
            <td className="text-right font-semibold tabular-nums" data-testid="reconfig-model-time">
              {formatSeconds(modelTime)}
            </td>
          </tr>
          <tr>
            <td className="text-muted">time, verified schedule</td>
            <td className="text-right font-semibold tabular-nums" data-testid="reconfig-built-time">
              {built === null ? '…' : formatSeconds(built)}
            </td>
          </tr>
          <tr>
            <td className="text-muted">best of all {2 ** s} schedules</td>
            <td className="text-right tabular-nums">
              <button
                type="button"
                className="rounded border border-border px-1.5 hover:bg-panel"
                onClick={() => set(best.x)}
                data-testid="reconfig-best"
              >
                ({bitsText(best.x)}) {formatSeconds(best.seconds)}
              </button>
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
