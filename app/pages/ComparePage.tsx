import { interconnectOf } from '../../src/interconnects';
import { findCard } from '../../src/cards';
import { interconnectUi } from '../interconnects';
import { LegendRow } from '../scene/LegendRow';
import { splitLegends } from '../scene/legendSplit';
import { MAX_PANES, paneParams, type ComparePane } from '../../src/config/url-codec';
import { Boundary } from '../lib/Boundary';
import { formatCount, formatSeconds, noun } from '../lib/format';
import { differenceFrom } from '../../src/experiments/compare-differences';
import { DifferenceWords } from './DifferenceWords';
import { paneNames, type PaneName } from '../../src/experiments/compare-names';
import { selectPlaying, selectStep, useApp } from '../store/store';
import { MainView } from '../views/MainView';
import { ComparePaneScope } from '../store/paneContext';
import { COMPARE_JOB } from '../store/labSync';
import { memo, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSize } from '../lib/useSize';
import { useReadableStep } from '../lib/useReadableStep';
import type { RunResult } from '../../src/result';
import { narrationOf } from '../panels/Narration';
import { briefNarration } from '../panels/briefNarration';
import { PaneEditor } from './PaneEditor';
import { paneGrid } from './compareGrid';

/**
 * Compare mode: up to four schedules on the same ring and parameters (the panel on the left), each
 * pane with its own algorithm and overrides, all stepping together on one timeline. A shorter
 * schedule stays on its last step while the others go on.
 */
export function ComparePage() {
  const panes = useApp((s) => s.config.compare);
  const pageParams = useApp((s) => s.config.params);
  const compared = useApp((s) => s.compared);
  const computing = useApp((s) => s.jobs[COMPARE_JOB]?.status === 'running');
  const step = useApp(selectStep);
  const readable = useReadableStep(step, useApp(selectPlaying));
  const first = compared?.[0];
  // The presenter's layout — lecture mode, and an embedded compare view: no editors (and no
  // parameter panel), so each pane says its step in words, what the panes' legends share is said
  // once under them, and the pictures take the rest. At the desk the editors take that room.
  const lecture = useApp((s) => s.config.options.lecture);
  const embed = useApp((s) => s.config.embed);
  const presenter = lecture || embed;
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
  const layout = paneGrid(panes.length, area.width, area.height, presenter);
  // Each pane named by what tells it from the others (with the editors hidden, nothing else does).
  const names = useMemo(() => namesOf(panes, pageParams), [panes, pageParams]);
  // Panes of one algorithm: its name is said once above them, each pane titled by its variant.
  const common =
    presenter && names.length > 1 && names.every((n) => n.name === names[0].name && n.variant)
      ? names[0].name
      : null;
  // Every pane verified: said once above them (a pane that fails says so itself).
  const allVerified =
    presenter &&
    !!compared &&
    compared.length === panes.length &&
    compared.every((o) => o.ok && o.result.report.ok);
  const legends = useMemo(
    () =>
      presenter
        ? splitLegends(
            panes.map((_, i) => {
              const o = compared?.[i];
              return o?.ok
                ? interconnectUi(o.result.topology.kind).legend(o.result, shownStep(o, readable))
                : null;
            }),
          )
        : null,
    [presenter, panes, compared, readable],
  );
  const edit = (i: number, pane: ComparePane | null) => {
    const next = [...panes];
    if (pane) next[i] = pane;
    else next.splice(i, 1);
    useApp.getState().setCompare(next);
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 p-2" data-testid="compare">
      <div
        className={`grid grid-cols-[repeat(auto-fill,minmax(24rem,1fr))] items-end gap-2 ${presenter ? 'hidden' : ''}`}
        data-testid="pane-editors"
      >
        {panes.map((p, i) => (
          <PaneEditor key={i} index={i} pane={p} onChange={(q) => edit(i, q)} />
        ))}
        {panes.length < MAX_PANES && (
          <button
            className="rounded-md border border-dashed border-border px-3 py-2 text-sm hover:bg-panel"
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
        <span className="ml-auto text-sm text-muted">{computing ? 'computing…' : ''}</span>
      </div>
      {(common || allVerified) && (
        <p className="flex flex-wrap items-baseline gap-x-4 px-1" data-testid="compare-heading">
          {common && (
            <b className="text-lg text-text" data-testid="compare-name">
              {common}, {panes.length} variants
            </b>
          )}
          {allVerified && <span className="text-ok">✓ every schedule verified</span>}
        </p>
      )}
      {panes.length === 0 ? (
        <p className="p-6 text-lg text-muted">
          Add two or more schedules to compare them on the same ring, or open a scene from the Scenes menu.
        </p>
      ) : (
        <div
          ref={grid}
          className={`grid min-h-0 flex-1 gap-2 ${COLUMNS[layout.columns]} ${layout.rows === 2 ? 'grid-rows-2' : ''}`}
        >
          {panes.map((p, i) => {
            const o = compared?.[i];
            const shown = shownStep(o, step);
            const hint = overridesText(p) || (o?.ok ? (o.result.variant ?? '') : '');
            // The pane's name: above an empty pane, leading the numbers' line of one with a schedule.
            const title = (
              <PaneTitle
                name={names[i]}
                hint={hint}
                variantOnly={common !== null}
                variant={presenter}
                size={layout.beside ? 'text-base' : 'text-lg'}
              />
            );
            return (
              <div
                key={i}
                className="relative flex min-h-0 min-w-0 flex-col rounded-md border border-divider bg-surface"
                data-testid="compare-pane"
                data-step={shown}
                data-steps={o?.ok ? o.result.schedule.stepCount : ''}
              >
                {/* A pane with a schedule has its name lead the numbers' line instead (a line more for the picture). */}
                {!o?.ok && (
                  <div className="flex flex-wrap items-baseline gap-x-2 border-b border-divider px-3 py-1">
                    {title}
                  </div>
                )}
                {o?.ok ? (
                  <div className={`flex min-h-0 flex-1 ${layout.beside ? 'flex-row' : 'flex-col'}`}>
                    {/* The pane's words: above its picture, or in a column left of it (layout.beside). */}
                    <PaneWords beside={layout.beside} width={layout.wordsWidth} max={layout.wordsMax}>
                      <div
                        className={`flex flex-wrap items-baseline gap-x-4 py-1 pl-3 text-base tabular-nums ${presenter ? 'pr-3' : 'pr-20'}`}
                        data-testid="pane-summary"
                      >
                        {title}
                        <span>
                          <b>{formatCount(o.result.summary.steps)}</b> {noun(o.result.summary.steps, 'step')}
                        </span>
                        <span>
                          <b>{paneTime(o.result)}</b>
                        </span>
                        {interconnectOf(o.result.topology.kind).channel.symbol && (
                          <span>
                            {o.result.summary.channelsUsed}{' '}
                            {interconnectOf(o.result.topology.kind).channel.symbol}
                            {presenter ? '' : ' used'}
                          </span>
                        )}
                        {!allVerified && (
                          <span className={o.result.report.ok ? 'text-ok' : 'text-danger'}>
                            {o.result.report.ok ? '✓ verified' : '✗ fails verification'}
                          </span>
                        )}
                        {!presenter && (
                          <button
                            className="absolute right-2 top-1.5 rounded border border-border bg-surface px-2 text-sm hover:bg-panel"
                            aria-expanded={legendOpen.has(i)}
                            aria-controls={legendOpen.has(i) ? `pane-legend-${i}` : undefined}
                            aria-label={`words of ${names[i].name}${names[i].variant ? `, ${names[i].variant}` : ''}: narration and legend`}
                            onClick={() => toggleLegend(i)}
                            data-testid="pane-legend-toggle"
                          >
                            words
                          </button>
                        )}
                      </div>
                      {i > 0 && first?.ok && (
                        <p className="px-3 text-sm tabular-nums text-text" data-testid="pane-difference">
                          {presenter ? 'vs. 1:' : 'vs. schedule 1:'}{' '}
                          <DifferenceWords
                            d={differenceFrom(first.result.summary, o.result.summary)}
                            channel={interconnectOf(o.result.topology.kind).channel.symbol || null}
                          />
                        </p>
                      )}
                      {presenter && <PaneNarration result={o.result} step={shown} brief />}
                      {/* What only this pane's legend says; what all say is under the panes. */}
                      {legends && legends.own[i].length > 0 && (
                        <LegendRow entries={legends.own[i]} testId="pane-legend" />
                      )}
                    </PaneWords>
                    <div className="relative min-h-0 min-w-0 flex-1">
                      {!presenter && legendOpen.has(i) && (
                        <div
                          id={`pane-legend-${i}`}
                          className="absolute inset-x-1 top-1 z-20 rounded border border-border bg-surface/95 py-1 shadow"
                        >
                          <PaneNarration result={o.result} step={shown} />
                          <LegendRow
                            entries={interconnectUi(o.result.topology.kind).legend(o.result, shown)}
                            testId="pane-legend"
                          />
                        </div>
                      )}
                      <Boundary name={`picture of schedule ${i + 1}`} resetKey={o.result} className="h-full">
                        {/* Each pane marks its own nodes: a store of its own (paneContext.tsx). */}
                        <ComparePaneScope>
                          <MainView result={o.result} step={shown} compact legend={false} />
                        </ComparePaneScope>
                      </Boundary>
                    </div>
                  </div>
                ) : (
                  <p className="p-4 text-danger">{o && !o.ok ? o.message : 'computing…'}</p>
                )}
              </div>
            );
          })}
        </div>
      )}
      {legends && legends.shared.length > 0 && <LegendRow entries={legends.shared} testId="compare-legend" />}
    </div>
  );
}

/** The step a pane shows: the page's, or its own last one when its schedule is shorter (0 without one). */
function shownStep(o: { ok: true; result: RunResult } | { ok: false } | undefined, at: number): number {
  return o?.ok ? Math.min(at, o.result.schedule.stepCount) : 0;
}

/** Each pane's name and variant (an unknown algorithm keeps its id). */
function namesOf(panes: readonly ComparePane[], pageParams: Record<string, number | string>): PaneName[] {
  const cards = panes.map((p) => findCard(p.algorithm));
  const named = paneNames(
    panes.flatMap((p, i) => {
      const card = cards[i];
      return card ? [{ card, params: paneParams({ params: pageParams }, p) }] : [];
    }),
  );
  let j = 0;
  return panes.map((p, i) => (cards[i] ? named[j++] : { name: p.algorithm, variant: '' }));
}

/**
 * A pane's algorithm and the variant that tells it from the others (the variant alone when the
 * algorithm is named above the panes); its overrides on hover. At the desk the editors above the
 * panes name their settings, and the pictures keep the line.
 */
function PaneTitle({
  name,
  hint,
  variantOnly,
  variant,
  size,
}: {
  name: PaneName;
  hint: string;
  variantOnly: boolean;
  /** Whether the variant is written (the presenter's layout; at the desk the editors say it). */
  variant: boolean;
  /** The name's type: smaller beside the picture, where the words share the pane's width. */
  size: 'text-lg' | 'text-base';
}) {
  return (
    <span className="inline-flex min-w-0 flex-wrap items-baseline gap-x-2" title={hint || undefined}>
      {!variantOnly && (
        <b className={size} data-testid="pane-name">
          {name.name}
        </b>
      )}
      {variant && name.variant && (
        <b className={`${variantOnly ? size : 'text-base'} text-info`} data-testid="pane-variant">
          {name.variant}
        </b>
      )}
    </span>
  );
}

/** The pane's time, in the model's own unit when it has one. */
function paneTime(r: RunResult): string {
  const units = findCard(r.algorithm)?.units;
  return units
    ? `${r.summary.seconds.toLocaleString('en-US', { maximumSignificantDigits: 5 })} ${units.time}`
    : formatSeconds(r.summary.seconds);
}

/**
 * A pane's words: above its picture, or in a column left of it (`beside`) that starts `width` wide
 * and widens, up to `max`, while its words do not fit its height — the words are never cut; the
 * picture gives up the room.
 */
function PaneWords({
  beside,
  width,
  max,
  children,
}: {
  beside: boolean;
  width: number;
  max: number;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState({ from: width, width });
  // A new layout (the window changed) starts from its own width again.
  if (shown.from !== width) setShown({ from: width, width });
  useLayoutEffect(() => {
    const el = box.current;
    if (beside && el && el.scrollHeight > el.clientHeight + 1 && shown.width < max)
      setShown((s) => ({ ...s, width: Math.min(max, s.width + 24) }));
    // Again whenever the words change (another step) or the column did: it only ever widens.
  }, [beside, shown.width, max, children]);
  return (
    <div
      ref={box}
      className={beside ? 'shrink-0 overflow-hidden' : undefined}
      style={beside ? { width: shown.width } : undefined}
      data-testid="pane-words"
    >
      {children}
    </div>
  );
}

/** Tailwind's column classes, written out so that its scan finds them. */
const COLUMNS: Record<number, string> = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' };

/**
 * A pane's step in words, a few times a second while playing, as the narration panel: its title
 * and, in the presenter's layout (`brief`), the narration's first sentence in full — never cut
 * with "…"; the whole narration on hover. At the desk's words box, the whole narration.
 */
const PaneNarration = memo(function PaneNarration({
  result,
  step,
  brief = false,
}: {
  result: RunResult;
  step: number;
  brief?: boolean;
}) {
  const shown = useReadableStep(step, useApp(selectPlaying));
  const { title, text } = useMemo(() => narrationOf(result, shown), [result, shown]);
  // Brief: the phase leads (the pane's steps are in its numbers' line), and the last step says so.
  const phase = title.split(' · ').slice(1).join(' · ');
  const lead = !brief || !phase ? title : `${phase.charAt(0).toUpperCase()}${phase.slice(1)}`;
  const last = brief && shown > 0 && shown === result.schedule.stepCount;
  return (
    <p
      className="px-3 text-sm text-text"
      title={brief ? `${title}. ${text}` : undefined}
      data-testid="pane-narration"
      data-step={shown}
    >
      <b>
        {lead}
        {last ? ', the last step' : ''}.
      </b>{' '}
      {brief ? briefNarration(text, phase) : text}
    </p>
  );
});

function overridesText(p: ComparePane): string {
  return Object.entries(p.overrides)
    .map(([k, v]) => `${k} = ${v}`)
    .join(', ');
}
