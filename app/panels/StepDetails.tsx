import { stepRange } from '../../src/kernel/model/schedule';
import { blockListText } from '../lib/blockText';
import { pathLength, receiversOf } from '../../src/kernel/model/paths';
import type { RunResult } from '../../src/result';
import { wavelengthColor } from '../lib/colors';
import { findCard } from '../../src/cards';
import { interconnectOf } from '../../src/interconnects';
import { formatTime } from '../lib/format';
import { selectResult, selectStep, useApp } from '../store/store';
import { plural } from '../lib/format';

/** Lightpaths listed one by one only for steps this small; larger steps show the counts only. */
const MAX_LISTED = 24;

/** The current step's time under the time model, and the elapsed time. */
export function StepTime({ result, step }: { result: RunResult; step: number }) {
  if (step === 0) return null;
  let elapsed = 0;
  for (let i = 0; i < step; i++) elapsed += result.stepSeconds[i];
  const units = findCard(result.algorithm)?.units;
  return (
    <div className="flex flex-wrap justify-between gap-x-4 text-sm text-text" data-testid="step-time">
      <span>
        this step: <b className="tabular-nums">{formatTime(result.stepSeconds[step - 1], units)}</b>
      </span>
      <span>
        elapsed: <b className="tabular-nums">{formatTime(elapsed, units)}</b> of{' '}
        {formatTime(result.summary.seconds, units)}
      </span>
    </div>
  );
}

/** The current step's lightpaths one by one (for steps small enough to read). */
export function StepLightpaths() {
  const result = useApp(selectResult);
  const step = useApp(selectStep);
  if (!result || step === 0) return null;
  const [a, b] = stepRange(result.schedule, step);
  if (b - a > MAX_LISTED) return null;
  return (
    <details
      className="rounded-lg border border-divider bg-surface p-3 text-sm"
      open={b - a <= 8}
      data-testid="step-lightpaths"
    >
      <summary className="cursor-pointer font-semibold text-text">
        {capitalised(interconnectOf(result.topology.kind).transfer.many)} in this step ({b - a})
      </summary>
      <LightpathList result={result} from={a} to={b} />
    </details>
  );
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function LightpathList({ result, from, to }: { result: RunResult; from: number; to: number }) {
  const s = result.schedule;
  const ring = s.path.kind === 'ring-arc';
  const w = result.topology.linkChannels[0] ?? 1;
  const rx = new Uint32Array(Math.max(1, result.topology.nodeCount + result.topology.auxCount));
  const rows = [];
  for (let t = from; t < to; t++) {
    const nr = receiversOf(s, result.topology, t, rx);
    const hops = s.path.kind === 'ring-arc' ? s.path.hops[t] : 0;
    rows.push(
      <tr key={t} className="border-t border-divider">
        <td className="py-0.5 tabular-nums">
          {s.src[t]} → {Array.from(rx.subarray(0, nr)).join(', ')}
        </td>
        <td>
          <span className="inline-flex items-center gap-1">
            <span
              className="inline-block h-1.5 w-3 rounded"
              style={{ background: wavelengthColor(s.channel[t], w) }}
            />
            λ{s.channel[t]}
          </span>
        </td>
        <td className="text-muted">{ring ? (hops > 0 ? 'cw' : 'ccw') : plural(pathLength(s, t), 'link')}</td>
        <td className="tabular-nums">{blockListText(s, t)}</td>
      </tr>,
    );
  }
  return (
    <table className="mt-2 w-full">
      <thead>
        <tr className="text-left text-muted">
          <th className="font-medium">{ring ? 'lightpath' : 'from → to'}</th>
          <th className="font-medium">{interconnectOf(result.topology.kind).channel.name}</th>
          <th className="font-medium">{ring ? 'fibre' : 'route'}</th>
          <th className="font-medium">blocks</th>
        </tr>
      </thead>
      <tbody>{rows}</tbody>
    </table>
  );
}
