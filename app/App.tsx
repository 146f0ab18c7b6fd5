import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Boundary } from './lib/Boundary';
import { leaveAction } from './lib/keys';
import { useShortcuts } from './lib/useShortcuts';
import { KeysHelp, toggleFullscreen, useKeysHelp } from './panels/KeysHelp';
import { FormulaPanel } from './panels/FormulaPanel';
import { ModelPanels } from './panels/ModelPanels';
import { Header } from './panels/Header';
import { Narration } from './panels/Narration';
import { StepLightpaths } from './panels/StepDetails';
import { Notices } from './panels/Notices';
import { OpticsPanel } from './panels/OpticsPanel';
import { ParamPanel } from './panels/ParamPanel';
import { Timeline } from './panels/Timeline';
import { Violations } from './panels/Violations';
import { ComparePage } from './pages/ComparePage';
import { ExplorerPage } from './pages/ExplorerPage';
import { PaperPage } from './pages/PaperPage';
import { TryPage } from './tryit/TryPage';
import { selectOptions, selectResult, selectStep, useApp } from './store/store';
import {
  DETAILS,
  encodeConfig,
  hiddenParts,
  type DetailName,
  type Hideable,
  type Mode,
} from '../src/config/url-codec';
import { showsBlockMatrix } from '../src/kernel/model/block-pictures';
import { pageTitle } from '../src/config/page-title';
import { BlockMatrix } from './views/BlockMatrix';
import { HoldingsMatrix } from './views/HoldingsMatrix';
import { MainView } from './views/MainView';
import { SpectrumView } from './views/SpectrumView';
import { LinkLoadView } from './views/linkload/LinkLoadView';
import { TreeView } from './views/TreeView';
import { ChunksView } from './interop/chunks/ChunksView';
import { ThreadblockView } from './interop/timeline/ThreadblockView';
import { interopOf } from './interop/fileView';

export function App() {
  const options = useApp(selectOptions);
  const result = useApp(selectResult);
  const status = useApp((s) => s.status);
  // The tab's title names the configuration shown (tabs and bookmarks say what they hold). Selected
  // as a string, and without the step while playing, so the page does not re-render every frame.
  const title = useApp((s) => pageTitle(s.playing ? { ...s.config, step: 0 } : s.config));
  useEffect(() => {
    document.title = title;
  }, [title]);

  useShortcuts({
    lecture: () => useApp.getState().setOptions({ lecture: !useApp.getState().config.options.lecture }),
    fullscreen: toggleFullscreen,
    help: () => useKeysHelp.getState().setOpen(!useKeysHelp.getState().open),
    leave: (e, kind) => {
      const action = leaveAction(kind, {
        helpOpen: useKeysHelp.getState().open,
        lecture: useApp.getState().config.options.lecture,
      });
      if (action === 'leave-field') (e.target as HTMLElement).blur();
      else if (action === 'close-help') useKeysHelp.getState().setOpen(false);
      else if (action === 'exit-lecture') useApp.getState().setOptions({ lecture: false });
      else return false;
    },
  });

  const lecture = options.lecture;
  const mode = options.mode;
  // `hide=` and `embed=1` (embedding): parts of the page the link leaves out. Notices always show.
  const hidden = useApp((s) => hiddenParts(s.config).join(',')).split(',');
  const shown = (part: Hideable) => !hidden.includes(part);
  const embed = useApp((s) => s.config.embed);
  // The skip link leads to the timeline where there is one, else to the page's main part.
  const timeline = shown('timeline') && (mode === 'visualize' || mode === 'compare');
  const wholePage = WHOLE_PAGES[mode];
  return (
    <div className={`relative flex h-screen flex-col bg-panel text-text ${lecture ? 'lecture' : ''}`}>
      <SkipLink to={timeline ? 'timeline' : 'main'}>
        {timeline ? 'Skip to the timeline' : 'Skip to the main content'}
      </SkipLink>
      <KeysHelp />
      {embed && <FullViewLink />}
      {shown('header') && (
        <Boundary name="header">
          <Header />
        </Boundary>
      )}
      <Boundary name="notices">
        <Notices />
      </Boundary>
      {wholePage ? (
        <WholePage {...wholePage} />
      ) : (
        <>
          {/* In a narrow window the panels stack under the network (see .page-row in styles.css). */}
          <div className="page-row flex min-h-0 flex-1">
            {!lecture && shown('params') && (
              <aside
                aria-label="Parameters"
                className="page-params w-60 shrink-0 overflow-y-auto border-r border-divider bg-surface xl:w-72"
              >
                <Boundary name="parameter panel" className="m-2">
                  <ParamPanel />
                </Boundary>
              </aside>
            )}
            {mode === 'compare' ? (
              <MainLandmark label="Compared schedules" className="page-main flex min-w-0 flex-1 flex-col">
                <Boundary name="compare page" className="m-2 flex-1">
                  <ComparePage />
                </Boundary>
              </MainLandmark>
            ) : (
              <>
                <MainLandmark
                  label="Network and details"
                  className="page-main network-detail flex min-w-0 flex-1 flex-col"
                >
                  {result ? (
                    // Side by side, or one above the other in a tall narrow space (see .split-panes).
                    <div
                      className={`grid min-h-0 flex-1 gap-2 p-2 ${!embed && options.view === 'split' ? 'split-panes' : 'grid-cols-1'}`}
                    >
                      {(embed || options.view !== 'matrix') && <RingPane />}
                      {!embed && options.view !== 'network' && <DetailPane detail={options.detail} />}
                    </div>
                  ) : (
                    <div className="flex flex-1 items-center justify-center text-xl text-muted">
                      {status === 'error'
                        ? 'No result yet: see the message above.'
                        : 'Computing the schedule…'}
                    </div>
                  )}
                </MainLandmark>
                {shown('side') && (
                  <aside
                    aria-label="Narration and numbers"
                    className={`page-side ${lecture ? 'w-80 xl:w-[28rem]' : 'w-72 xl:w-96'} shrink-0 space-y-2 overflow-y-auto border-l border-divider p-2`}
                  >
                    <Boundary name="narration">
                      <Narration />
                    </Boundary>
                    <Boundary name="violations" resetKey={result}>
                      <Violations />
                    </Boundary>
                    {/* Its own compositing layer: when the narration above changes height while
                      playing, the panels move without being painted again. */}
                    <div className="space-y-2 will-change-transform">
                      {RESULT_PANELS.map(([name, Panel]) => (
                        <Boundary key={name} name={name} resetKey={result}>
                          <Panel />
                        </Boundary>
                      ))}
                    </div>
                  </aside>
                )}
              </>
            )}
          </div>
          {shown('timeline') && (
            <Boundary name="timeline">
              <Timeline />
            </Boundary>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The first thing Tab reaches: a link, shown only while it has the focus, that moves the focus past
 * the header and the panels (to the timeline, whose keys then work at once).
 */
/** The side's panels under the narration, by the name their boundary reports: each starts afresh with a new result. */
const RESULT_PANELS: readonly [string, ComponentType][] = [
  ['formula panel', FormulaPanel],
  ['optics panel', OpticsPanel],
  ['model panels', ModelPanels],
  ['step details', StepLightpaths],
];

/** A page that fills the window under the header: its landmark's name, its boundary's name and layout. */
interface WholePageDef {
  label: string;
  boundary: string;
  className: string;
  Page: ComponentType;
}

/** The modes whose page fills the window (the others share the panels and the timeline). */
const WHOLE_PAGES: Partial<Record<Mode, WholePageDef>> = {
  explore: { label: 'Explorer', boundary: 'explorer page', className: 'flex-1', Page: ExplorerPage },
  try: { label: 'Try it', boundary: 'Try it page', className: 'flex flex-1', Page: TryPage },
  paper: { label: 'Paper check', boundary: 'paper page', className: 'flex-1', Page: PaperPage },
};

function WholePage({ label, boundary, className, Page }: WholePageDef) {
  return (
    <MainLandmark label={label} className="m-2 flex min-h-0 flex-1">
      <Boundary name={boundary} className={className}>
        <Page />
      </Boundary>
    </MainLandmark>
  );
}

/** The page's main landmark, whichever page is shown: the skip link's target (#main), focusable by it. */
function MainLandmark({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <main id="main" tabIndex={-1} aria-label={label} className={className}>
      {children}
    </main>
  );
}

function SkipLink({ to, children }: { to: string; children: string }) {
  return (
    <a
      href={`#${to}`}
      className="sr-only z-50 rounded-md border-2 border-info bg-surface text-lg font-semibold text-info underline shadow-lg focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:px-5 focus:py-3"
      onClick={(e) => {
        // Moves the focus without writing a #fragment into the link the page keeps.
        e.preventDefault();
        document.getElementById(to)?.focus();
      }}
      data-testid="skip-link"
    >
      {children}
    </a>
  );
}

// The step changes on every frame while playing: only these panes subscribe to it, so the rest of
// the page does not re-render.
function RingPane() {
  const result = useApp(selectResult);
  const step = useApp(selectStep);
  if (!result) return null;
  return (
    <Boundary name="network view" resetKey={result}>
      <MainView result={result} step={step} />
    </Boundary>
  );
}

const DETAIL_LABEL: Record<DetailName, string> = {
  holdings: 'Holdings',
  tree: 'Tree',
  spectrum: 'Spectrum',
  linkload: 'Link load',
  threadblocks: 'Threadblocks',
  chunks: 'Chunks',
};

/** The detail next to the network: who holds what, the algorithm's tree, or the fibres' occupancy. */
function DetailPane({ detail: asked }: { detail: DetailName }) {
  const result = useApp(selectResult);
  const step = useApp(selectStep);
  if (!result) return null;
  // The threadblock timeline is there only while an MSCCL file is shown, the chunks a TE-CCL file's.
  const grid = interopOf(result)?.grid;
  const teccl = interopOf(result)?.teccl;
  const there = (d: DetailName) => (d !== 'threadblocks' || grid) && (d !== 'chunks' || teccl);
  const detail = there(asked) ? asked : 'holdings';
  return (
    <div className="flex min-h-0 min-w-0 flex-col">
      {/* The tabs wrap rather than run out of a narrow pane. */}
      <div className="flex flex-wrap gap-1 px-1" role="tablist" aria-label="Detail view">
        {DETAILS.filter(there).map((d) => (
          <button
            key={d}
            role="tab"
            id={`detail-tab-${d}`}
            aria-selected={d === detail}
            aria-controls="detail-panel"
            className={`rounded-t-md px-3 py-1 text-sm font-medium ${d === detail ? 'bg-surface text-text shadow-sm' : 'text-muted hover:bg-panel'}`}
            onClick={() => useApp.getState().setOptions({ detail: d })}
            data-testid={`detail-${d}`}
          >
            {DETAIL_LABEL[d]}
          </button>
        ))}
      </div>
      <div
        className="min-h-0 flex-1 rounded-md bg-surface"
        id="detail-panel"
        role="tabpanel"
        aria-labelledby={`detail-tab-${detail}`}
      >
        <Boundary name={`${DETAIL_LABEL[detail].toLowerCase()} view`} resetKey={result} className="h-full">
          {detail === 'tree' ? (
            <TreeView result={result} step={step} />
          ) : detail === 'spectrum' ? (
            <SpectrumView result={result} step={step} />
          ) : detail === 'linkload' ? (
            <LinkLoadView result={result} step={step} />
          ) : detail === 'threadblocks' ? (
            <ThreadblockView result={result} step={step} />
          ) : detail === 'chunks' ? (
            <ChunksView result={result} />
          ) : showsBlockMatrix(result.schedule) ? (
            // Personalised blocks have one destination each: a source × destination matrix shows them better.
            <BlockMatrix result={result} step={step} />
          ) : (
            <HoldingsMatrix result={result} step={step} />
          )}
        </Boundary>
      </div>
    </div>
  );
}

/** Embed mode's way out: the same configuration in the full app, in a new tab. */
function FullViewLink() {
  const config = useApp((s) => s.config);
  const href = `${location.pathname}?${encodeConfig({ ...config, embed: false, hide: [] })}`;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="absolute right-2 top-2 z-20 rounded-md border border-border bg-surface/90 px-2 py-1 text-sm text-text shadow-sm hover:bg-surface"
      data-testid="full-view-link"
    >
      Open in Optical Collectives Lab ↗
    </a>
  );
}
