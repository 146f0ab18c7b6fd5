import type { RunResult } from '../../src/result';
import { useApp } from '../store/store';
import { InteropVerdicts } from './InteropVerdicts';
import { interopOf } from './fileView';
import { NetworkPicker } from './NetworkPicker';

/**
 * For a file made elsewhere (MSCCL XML, TE-CCL output), under the schedule file's summary: what it
 * claims, the network it is drawn on (with the picker and stretch), both step counts, the ring's
 * wavelengths, the verifier's conflicts on that network, and the importer's verdicts.
 */
export function InteropPanel({ result }: { result: RunResult }) {
  const view = useApp((s) => s.config.interop);
  const interop = interopOf(result);
  if (!interop) return null;
  const { steps, network } = interop;
  const w = network.wavelengths;
  const conflicts = result.report.total;
  return (
    <section
      className="space-y-2 rounded-lg border border-divider bg-surface p-2"
      data-testid="interop-panel"
    >
      <h3 className="text-sm font-semibold text-text">
        {interop.format === 'msccl' ? 'MSCCL XML' : 'TE-CCL output'} · {interop.coll} ·{' '}
        {result.topology.nodeCount} ranks
      </h3>
      <NetworkPicker view={view} ranks={result.topology.nodeCount} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm">
        <dt className="text-muted">on</dt>
        <dd data-testid="interop-network-name">{network.name}</dd>
        <dt className="text-muted">steps</dt>
        <dd data-testid="interop-steps">
          {steps.imported} as imported
          {steps.stretched !== undefined && `, ${steps.stretched} stretched`}
          {interop.shows === 'stretched' ? ' (showing the stretched schedule)' : ''}
        </dd>
        {w && (
          <>
            <dt className="text-muted">wavelengths</dt>
            <dd data-testid="interop-wavelengths-used">
              {w.used} per fibre{w.given !== null ? ` (of ${w.given} given)` : ''}; the busiest step needs{' '}
              {w.most}
            </dd>
          </>
        )}
        <dt className="text-muted">verifier</dt>
        <dd data-testid="interop-conflicts" className={conflicts ? 'font-semibold text-danger' : ''}>
          {conflicts
            ? `${conflicts} violation${conflicts === 1 ? '' : 's'} on this network (listed beside the picture)`
            : 'every rule holds on this network'}
        </dd>
      </dl>
      <InteropVerdicts result={result} />
      {interop.notes.length > 0 && (
        <ul className="list-disc pl-4 text-xs leading-snug text-muted">
          {interop.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
