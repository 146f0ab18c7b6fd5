import type { StageReport } from '../../../src/kernel/spec';
import { selectResult, selectStep, useApp } from '../../store/store';

/**
 * Per stage of a ring schedule: its steps, the link-load lower bound on the wavelength slots it
 * needs, what the assignment used, and their ratio (1 = the bound is met). The current stage is
 * marked; a row click jumps to the stage's first step.
 */
export function StagePanel() {
  const result = useApp(selectResult);
  const step = useApp(selectStep);
  const stages: readonly StageReport[] | undefined = result?.stages;
  if (!stages?.length) return null;
  const current = stages.find((s) => step >= s.firstStep && step < s.firstStep + s.steps);
  return (
    <section className="rounded-md border border-divider bg-surface p-3" data-testid="stage-panel">
      <h2 className="text-lg font-semibold">Stages and wavelengths</h2>
      <table className="mt-1 w-full text-sm tabular-nums">
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-muted">
            <th className="py-0.5">stage</th>
            <th className="text-right" title="Steps of the stage (and the fewest possible, ⌈load/w⌉)">
              steps
            </th>
            <th className="text-right" title="Link-load lower bound: most lightpaths over one directed link">
              load bound
            </th>
            <th className="text-right" title="Step-wavelength slots the assignment used on the busier fibre">
              used
            </th>
            <th className="text-right">ratio</th>
          </tr>
        </thead>
        <tbody>
          {stages.map((s) => (
            <tr
              key={s.stage}
              className={`cursor-pointer border-t border-divider ${s === current ? 'bg-highlight-soft font-semibold' : 'hover:bg-panel'}`}
              onClick={() => useApp.getState().setStep(s.firstStep)}
              data-testid="stage-row"
              data-current={s === current ? 'yes' : 'no'}
            >
              <td className="py-0.5" title={s.label}>
                {/* The row's click, for the keyboard: a button in its first cell. */}
                <button
                  type="button"
                  className="rounded px-1 underline decoration-dotted"
                  onClick={(e) => {
                    e.stopPropagation();
                    useApp.getState().setStep(s.firstStep);
                  }}
                  aria-label={`Stage ${s.stage}: go to its first step, ${s.firstStep}`}
                >
                  {s.stage}
                </button>
              </td>
              <td className="text-right">
                {s.steps}
                {s.stepBound !== s.steps && <span className="text-muted"> (≥ {s.stepBound})</span>}
              </td>
              <td className="text-right">{s.loadBound}</td>
              <td className="text-right">{s.wavelengthsUsed}</td>
              <td className={`text-right ${s.ratio > 1 ? 'text-warn' : 'text-ok'}`}>
                {s.ratio === 1 ? '1 ✓' : s.ratio.toFixed(2)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs leading-snug text-muted">
        A stage can finish no sooner than its busiest link allows: that link carries &ldquo;load bound&rdquo;
        lightpaths, and each step offers w wavelengths on it. Ratio 1 means the assignment meets the bound.
      </p>
    </section>
  );
}
