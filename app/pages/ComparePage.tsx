import { interconnectOf } from '../../src/interconnects';
import { ALGORITHM_CARDS, findCard } from '../../src/cards';
import { interconnectUi } from '../interconnects';
import { LegendRow } from '../scene/LegendRow';
import { MAX_PANES, type ComparePane } from '../../src/config/url-codec';
import { parseParam } from '../../src/kernel/params/schema';
import { Boundary } from '../lib/Boundary';
import { formatCount, formatSeconds, noun } from '../lib/format';
import { differenceFrom, differenceText } from '../../src/experiments/compare-differences';
import { selectPlaying, selectStep, useApp } from '../store/store';
import { MainView } from '../views/MainView';
import { memo, useMemo, useRef, useState } from 'react';
import { useSize } from '../lib/useSize';
import { useReadableStep } from '../lib/useReadableStep';
import type { RunResult } from '../../src/result';
import { ConfirmSelect } from '../lib/ConfirmSelect';
import { narrationOf } from '../panels/Narration';

/**
 * Compare mode: up to four schedules on the same ring and parameters (the panel on the left), each
 * pane with its own algorithm and overrides, all stepping together on one timeline. A shorter
 * schedule stays on its last step while the others go on.
 */
export function ComparePage() {
  const panes = useApp((s) => s.config.compare);
  const compared = useApp((s) => s.compared);
  const status = useApp((s) => s.compareStatus);
  const step = useApp(selectStep);
  const first = compared?.[0];
  // Lecture mode: no editors (and no parameter panel), so the panes have room for their legend and
  // words; at the desk the editors take that room and the pictures keep it.
  const lecture = useApp((s) => s.config.options.lecture);
  // At the desk a pane's narration and legend open over its picture on demand (the editors take the
  // room they have in lecture mode).
  const [legendOpen, setLegendOpen] = useState<ReadonlySet<number>>(new Set());
  const toggleLegend = (i: number) =>
    setLegendOpen((open) => {
      const next = new Set(open);
      if (!next.delete(i)) next.add(i);
      return next;
    });
  const grid = useRef<HTMLDivElement>(null);
  const area = useSize(grid);
  const fourInARow = lecture && panes.length === 4 && area.width >= 1.6 * area.height;
  const edit = (i: number, pane: ComparePane | null) => {
    const next = [...panes];
    if (pane) next[i] = pane;
    else next.splice(i, 1);
    useApp.getState().setCompare(next);
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 p-2" data-testid="compare">
      <div
        className={`grid grid-cols-[repeat(auto-fill,minmax(24rem,1fr))] items-end gap-2 ${lecture ? 'hidden' : ''}`}
        data-testid="pane-editors"
      >
        {panes.map((p, i) => (
          <PaneEditor key={i} index={i} pane={p} onChange={(q) => edit(i, q)} />
        ))}
        {panes.length < MAX_PANES && (
          <button
            className="rounded-md border border-dashed border-slate-400 px-3 py-2 text-sm hover:bg-slate-100"
            onClick={() =>
              useApp
                .getState()
                .setCompare([...panes, { algorithm: useApp.getState().config.algorithm, overrides: {} }])
            }
            data-testid="add-pane"
          >
            + add a schedule
          </button>
        )}
        <span className="ml-auto text-sm text-slate-500">{status === 'running' ? 'computing…' : ''}</span>
      </div>
      {panes.length === 0 ? (
        <p className="p-6 text-lg text-slate-600">
          Add two or more schedules to compare them on the same ring, or open a scene from the Scenes menu.
        </p>
      ) : (
        <div ref={grid} className={`grid min-h-0 flex-1 gap-2 ${paneGrid(panes.length, fourInARow)}`}>
          {panes.map((p, i) => {
            const o = compared?.[i];
            const spec = findCard(p.algorithm);
            const shown = o?.ok ? Math.min(step, o.result.schedule.stepCount) : 0;
            // The pane's name and its own settings (one line: the whole note on hover).
            const title = (
              <div className="flex items-baseline gap-2 border-b border-slate-100 px-3 py-1">
                <b className="shrink-0 text-lg">{spec?.name ?? p.algorithm}</b>
                <span
                  className="min-w-0 flex-1 truncate text-sm text-slate-600"
                  title={overridesText(p) || (o?.ok ? o.result.variant : '')}
                >
                  {overridesText(p) || (o?.ok ? o.result.variant : '')}
                </span>
              </div>
            );
            return (
              <div
                key={i}
                className="relative flex min-h-0 flex-col rounded-md border border-slate-200 bg-white"
                data-testid="compare-pane"
                data-step={shown}
                data-steps={o?.ok ? o.result.schedule.stepCount : ''}
              >
                {/* A pane with a schedule has its name lead the numbers' line instead (a line more for the picture). */}
                {!o?.ok && title}
                {o?.ok ? (
                  <div className="flex min-h-0 flex-1 flex-col">
                    <div>
                      <div
                        className={`flex flex-wrap gap-x-4 py-1 pl-3 text-base tabular-nums ${lecture ? 'pr-3' : 'pr-20'}`}
                        data-testid="pane-summary"
                      >
                        <b className="text-lg" title={overridesText(p) || o.result.variant || undefined}>
                          {spec?.name ?? p.algorithm}
                        </b>
                        <span>
                          <b>{formatCount(o.result.summary.steps)}</b> {noun(o.result.summary.steps, 'step')}
                        </span>
                        <span>
                          <b>
                            {spec?.units
                              ? `${o.result.summary.seconds.toLocaleString('en-US', { maximumSignificantDigits: 5 })} ${spec.units.time}`
                              : formatSeconds(o.result.summary.seconds)}
                          </b>
                        </span>
                        {interconnectOf(o.result.topology.kind).channel.symbol && (
                          <span>
                            {o.result.summary.channelsUsed}{' '}
                            {interconnectOf(o.result.topology.kind).channel.symbol}
                            {lecture ? '' : ' used'}
                          </span>
                        )}
                        <span className={o.result.report.ok ? 'text-emerald-700' : 'text-red-700'}>
                          {o.result.report.ok ? '✓ verified' : '✗ fails verification'}
                        </span>
                        {!lecture && (
                          <button
                            className="absolute right-2 top-1.5 rounded border border-slate-300 bg-white px-2 text-sm hover:bg-slate-100"
                            aria-expanded={legendOpen.has(i)}
                            aria-controls={legendOpen.has(i) ? `pane-legend-${i}` : undefined}
                            aria-label={`words of ${spec?.name ?? p.algorithm}: narration and legend`}
                            onClick={() => toggleLegend(i)}
                            data-testid="pane-legend-toggle"
                          >
                            words
                          </button>
                        )}
                      </div>
                      {i > 0 && first?.ok && (
                        <p className="px-3 text-sm tabular-nums text-slate-700" data-testid="pane-difference">
                          {lecture ? 'vs. 1:' : 'vs. schedule 1:'}{' '}
                          {differenceText(
                            differenceFrom(first.result.summary, o.result.summary),
                            interconnectOf(o.result.topology.kind).channel.symbol || null,
                          )}
                        </p>
                      )}
                      {lecture && <PaneNarration result={o.result} step={shown} lines={fourInARow ? 1 : 2} />}
                    </div>
                    <div className="relative min-h-0 min-w-0 flex-1">
                      {!lecture && legendOpen.has(i) && (
                        <div
                          id={`pane-legend-${i}`}
                          className="absolute inset-x-1 top-1 z-20 rounded border border-slate-300 bg-white/95 py-1 shadow"
                        >
                          <PaneNarration result={o.result} step={shown} lines={2} />
                          <LegendRow
                            entries={interconnectUi(o.result.topology.kind).legend(o.result, shown)}
                            testId="pane-legend"
                          />
                        </div>
                      )}
                      <Boundary name={`picture of schedule ${i + 1}`} resetKey={o.result} className="h-full">
                        <MainView result={o.result} step={shown} compact legend={lecture} />
                      </Boundary>
                    </div>
                  </div>
                ) : (
                  <p className="p-4 text-red-700">{o && !o.ok ? o.message : 'computing…'}</p>
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

/**
 * The panes' grid: side by side up to three; four in two rows, or in one row when the space is wide
 * (lecture mode without the editors: each pane's words above its picture leave it more room there).
 */
function paneGrid(count: number, oneRow: boolean): string {
  if (count <= 2) return 'grid-cols-2';
  if (count === 3) return 'grid-cols-3';
  return oneRow ? 'grid-cols-4' : 'grid-cols-2 grid-rows-2';
}

/**
 * A pane's step in words: its title, and the narration in one or two lines (all of it on hover); a few
 * times a second while playing, as the narration panel.
 */
const PaneNarration = memo(function PaneNarration({
  result,
  step,
  lines,
}: {
  result: RunResult;
  step: number;
  /** One line in four narrow panes, else two. */
  lines: 1 | 2;
}) {
  const shown = useReadableStep(step, useApp(selectPlaying));
  const { title, text } = useMemo(() => narrationOf(result, shown), [result, shown]);
  return (
    <p
      className={`px-3 text-sm text-slate-700 ${lines === 1 ? 'truncate' : 'line-clamp-2'}`}
      title={text}
      data-testid="pane-narration"
    >
      <b>{title}.</b> {text}
    </p>
  );
});

/** `key=value; key=value`, as typed in a pane's settings field. */
function editText(p: ComparePane): string {
  return Object.entries(p.overrides)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/** The overrides a settings text means for the pane's algorithm, or null (with the reason in `problem`). */
function parseOverrides(
  pane: ComparePane,
  raw: string,
  problem: string[] = [],
): Record<string, number | string> | null {
  const spec = findCard(pane.algorithm);
  const overrides: Record<string, number | string> = {};
  for (const item of raw
    .split(';')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const [key, value = ''] = item.split('=').map((x) => x.trim());
    const def = spec?.params.find((d) => d.key === key);
    if (!def) {
      problem.push(
        `${pane.algorithm} has no setting "${key}"; it takes ${spec?.params.map((d) => d.key).join(', ')}`,
      );
      return null;
    }
    const r = parseParam(def, value);
    if (!r.ok) {
      problem.push(r.error);
      return null;
    }
    overrides[key] = r.value;
  }
  return overrides;
}

function overridesText(p: ComparePane): string {
  return Object.entries(p.overrides)
    .map(([k, v]) => `${k} = ${v}`)
    .join(', ');
}

/** One pane's algorithm and its overrides, written `key=value; key=value`. */
function PaneEditor({
  index,
  pane,
  onChange,
}: {
  index: number;
  pane: ComparePane;
  onChange: (p: ComparePane | null) => void;
}) {
  const [text, setText] = useState(editText(pane));
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(pane);
  if (pane !== shown) {
    // Changed elsewhere (a scene, Back, a link): show the new overrides unless the text already says so.
    setShown(pane);
    if (editText(pane) !== editText({ ...pane, overrides: parseOverrides(pane, text) ?? {} })) {
      setText(editText(pane));
      setError(null);
    }
  }
  const apply = (raw: string) => {
    setText(raw);
    const problem: string[] = [];
    const overrides = parseOverrides(pane, raw, problem);
    if (!overrides) {
      setError(problem[0] ?? 'not understood');
      return;
    }
    setError(null);
    onChange({ ...pane, overrides });
  };
  return (
    <div
      className="flex flex-col rounded-md border border-slate-200 bg-white p-2 text-sm"
      data-testid="pane-editor"
    >
      <div className="flex items-center gap-2">
        <span className="font-semibold text-slate-500">{index + 1}</span>
        <ConfirmSelect
          wrapperClassName="min-w-0 flex-1"
          className="min-w-0 rounded border border-slate-300 px-1 py-1"
          value={pane.algorithm}
          onCommit={(algorithm) => {
            setText('');
            onChange({ algorithm, overrides: {} });
          }}
          aria-label={`Algorithm of schedule ${index + 1}`}
        >
          {ALGORITHM_CARDS.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </ConfirmSelect>
        <input
          className={`w-40 rounded border px-2 py-1 ${error ? 'border-red-500 bg-red-50' : 'border-slate-300'}`}
          placeholder="overrides, e.g. depth=3"
          value={text}
          onChange={(e) => apply(e.target.value)}
          aria-label={`Settings of schedule ${index + 1}`}
        />
        <button
          className="px-1 text-slate-500 hover:text-red-700"
          onClick={() => onChange(null)}
          aria-label={`Remove schedule ${index + 1}`}
        >
          ✕
        </button>
      </div>
      {error && (
        <span className="mt-1 max-w-md text-red-700" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
