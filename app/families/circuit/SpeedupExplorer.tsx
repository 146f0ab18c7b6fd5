import { useEffect, useState } from 'react';
import { findCard } from '../../../src/cards';
import { defaultsOf } from '../../../src/kernel/params/schema';
import {
  cellConfig,
  HEATMAPS,
  type HeatmapCell,
  heatmapCsv,
  type HeatmapResult,
} from '../../../src/families/circuit/heatmaps';
import { formatBytes } from '../../lib/format';
import { useApp } from '../../store/store';
import { JobProgress } from '../../lib/JobProgress';
import { CSV_TYPE, fileName } from '../../lib/download';
import { DownloadButton } from '../../lib/DownloadButton';
import { ConfirmSelect } from '../../lib/ConfirmSelect';
import { useTypeScale } from '../../lib/typeScale';
import { typePx } from '../../views/canvasText';
import { jobOutput } from '../../store/jobsSlice';
import { usePane, usePaneStore } from '../../store/paneContext';
import { useServices } from '../../store/servicesContext';
import { PanelHeading } from './PanelHeading';
import { heatmapOnWorker } from './heatmapOnWorker';
import { CIRCUIT_SLICE } from './circuitSlice';
import { useFamilyState } from '../../store/useFamilyState';

/** The pane's job that computes the heatmap shown (one at a time: a newer heatmap replaces it). */
const HEATMAP_JOB = 'circuit-heatmap';

/**
 * Speed-up explorer: ReTri over static all-to-all or over mirrored Bruck across message size and
 * reconfiguration delay (the paper's Figs. 2–5), computed in a worker from verified schedules. Each
 * cell shows the speed-up and ReTri's number of reconfigurations; clicking it opens that run.
 */
export function SpeedupExplorer({
  startOpen = false,
  fill = false,
}: {
  startOpen?: boolean;
  /** Spread the heatmap over the width it has (the Explore page), instead of its numbers' width. */
  fill?: boolean;
}) {
  // The heatmap chosen is the pane's (the circuit's slice): the panel and the Explore page show the same.
  const [{ heatmap: id }, setCircuit] = useFamilyState(CIRCUIT_SLICE);
  const setId = (heatmap: string) => setCircuit({ heatmap });
  const [open, setOpen] = useState(startOpen);
  const { submitJob } = useServices();
  const store = usePaneStore();
  const job = usePane((s) => s.jobs[HEATMAP_JOB]);
  const jobId = job?.input ?? '';

  useEffect(() => {
    if (!open || jobId === id) return;
    // A job of the pane on the page's pool of workers; a newer heatmap (or the pane going) aborts it.
    store
      .getState()
      .startJob(HEATMAP_JOB, 'heatmap', id, (progress) => submitJob((w) => heatmapOnWorker(w, id, progress)));
  }, [open, id, jobId, store, submitJob]);
  // The job's entry, if it is this heatmap's (a newer choice waits for its own).
  const mine = job?.input === id ? job : undefined;
  const answer = jobOutput<Awaited<ReturnType<typeof heatmapOnWorker>>>(mine);
  // A heatmap stopped before its tables were complete answers without a result.
  const state = {
    result: answer?.result ?? undefined,
    error: mine?.error ?? null,
    stopped: mine?.status === 'stopped' || (answer !== undefined && !answer?.result),
    done: mine?.progress?.done,
    total: mine?.progress?.total,
  };

  const openCell = (r: HeatmapResult, c: HeatmapCell) => {
    const cfg = cellConfig(r.def, c);
    const spec = findCard(cfg.algorithm);
    if (!spec) return;
    // Opens the visualizer on that run (also from the Explore page).
    useApp.getState().openConfig(cfg.algorithm, { ...defaultsOf(spec.params), ...cfg.params });
  };

  return (
    <section className="rounded-lg border border-divider bg-surface p-3" data-testid="speedup-explorer">
      <PanelHeading title="Speed-up explorer" open={open} setOpen={setOpen} toggleTestId="speedup-toggle" />
      {open && (
        <>
          <ConfirmSelect
            wrapperClassName="mt-2 w-full"
            className="w-full rounded-md border border-border bg-surface px-2 py-1 text-sm"
            value={id}
            onCommit={setId}
            aria-label="Heatmap"
            data-testid="speedup-select"
          >
            {HEATMAPS.map((h) => (
              <option key={h.id} value={h.id}>
                {h.title} — {h.where}
              </option>
            ))}
          </ConfirmSelect>
          {state.error && <p className="text-sm text-danger">{state.error}</p>}
          {state.stopped && (
            <p className="py-4 text-center text-muted" data-testid="heatmap-stopped">
              Stopped: a heatmap needs every schedule of its two tables, so nothing is shown.{' '}
              <button
                type="button"
                className="underline decoration-dotted"
                onClick={() => store.getState().dropJob(HEATMAP_JOB)}
                data-testid="heatmap-restart"
              >
                compute it
              </button>
            </p>
          )}
          {!state.result && !state.error && !state.stopped && (
            <p className="py-4 text-center text-muted" data-testid="heatmap-progress">
              Building and verifying schedules:{' '}
              <JobProgress
                done={state.done ?? 0}
                total={state.total ?? 0}
                unit="verified builds"
                onStop={() => store.getState().stopJob(HEATMAP_JOB)}
                stopTestId="heatmap-stop"
              />
            </p>
          )}
          {state.result && state.result.def.id === id && (
            <Heatmap result={state.result} onPick={openCell} fill={fill} />
          )}
        </>
      )}
    </section>
  );
}

/** Speed-up colour: red below 1, white at 1, green above (log scale up to 10×). */
function cellColor(x: number): string {
  const t = Math.max(-1, Math.min(1, Math.log10(x)));
  if (t >= 0)
    return `rgb(${Math.round(255 - 200 * t)},${Math.round(255 - 90 * t)},${Math.round(255 - 190 * t)})`;
  return `rgb(255,${Math.round(255 + 170 * t)},${Math.round(255 + 170 * t)})`;
}

function Heatmap({
  result,
  onPick,
  fill,
}: {
  result: HeatmapResult;
  onPick: (r: HeatmapResult, c: HeatmapCell) => void;
  fill: boolean;
}) {
  const d = result.def;
  // The type scale (lecture mode: readable from the back of the room): numbers 12 px at the desk,
  // the reconfiguration counts under them 10 px, the notes 12 px.
  const type = useTypeScale();
  const [cell, count, note] = [typePx(type, 12), typePx(type, 10), typePx(type, 12)];
  const delay = (us: number) => (us >= 1000 ? `${us / 1000} ms` : `${us} µs`);
  return (
    <div className="mt-2 overflow-x-auto" data-testid="heatmap">
      <table className={`border-collapse tabular-nums ${fill ? 'w-full' : ''}`} style={{ fontSize: cell }}>
        <thead>
          <tr>
            <th className="px-1 text-left font-medium text-muted">δ \ m</th>
            {d.messageBytes.map((m) => (
              <th key={m} className="px-0.5 font-medium text-muted">
                {formatBytes(m).replace('iB', '')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {d.delays.map((us) => (
            <tr key={us}>
              <th className="whitespace-nowrap px-1 text-left font-medium text-muted">{delay(us)}</th>
              {result.cells
                .filter((c) => c.delayUs === us)
                .map((c) => (
                  <td key={c.messageBytes} className="p-0">
                    <button
                      type="button"
                      className={`block w-full border border-surface px-0.5 leading-tight hover:outline hover:outline-2 hover:outline-inverse ${fill ? 'py-1.5' : 'py-0.5'}`}
                      // The cells keep their light scale in every theme, so their text is dark in every theme.
                      style={{ background: cellColor(c.speedup), color: '#0f172a' }}
                      title={`m = ${formatBytes(c.messageBytes)}, δ = ${delay(us)}: ReTri ${c.speedup.toFixed(2)}× faster with x = (${c.retriX}); click to open`}
                      data-testid={`heatmap-cell-${c.messageBytes}-${us}`}
                      onClick={() => onPick(result, c)}
                    >
                      <div className="font-semibold">{c.speedup.toFixed(1)}</div>
                      <div style={{ fontSize: count }}>R{c.reconfigurations}</div>
                    </button>
                  </td>
                ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-muted" style={{ fontSize: note }}>
        Cells: speed-up of ReTri (n = {d.retriNodes}) over{' '}
        {d.baseline === 'bruck' ? 'mirrored Bruck' : 'static all-to-all'} (n = {d.baselineNodes})
        {d.perNode ? ', time per node' : ''}; R = ReTri's reconfigurations. Both use their cheapest schedule.
        {result.verified ? ' Every schedule verified.' : ' Some schedules failed verification!'}
      </p>
      <p className="mt-1 flex items-center gap-2 text-muted" style={{ fontSize: note }}>
        Every cell with both times and ReTri&apos;s schedule:
        <DownloadButton
          label="Download CSV"
          title="One row per cell: message size, delay, both times, the speed-up and the schedules"
          file={`${fileName('heatmap', d.id)}.csv`}
          type={CSV_TYPE}
          make={() => heatmapCsv(result)}
          testId="download-heatmap-csv"
        />
      </p>
    </div>
  );
}
