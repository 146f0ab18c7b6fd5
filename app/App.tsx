import { useEffect } from 'react';
import { Boundary } from './lib/Boundary';
import { isTypingTarget } from './lib/keys';
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
import { selectOptions, selectResult, selectStep, useApp } from './store/store';
import { DETAILS, type DetailName, type Hideable } from '../src/config/url-codec';
import { showsBlockMatrix } from '../src/families/circuit/block-pictures';
import { BlockMatrix } from './families/circuit/BlockMatrix';
import { HoldingsMatrix } from './views/HoldingsMatrix';
import { MainView } from './views/MainView';
import { SpectrumView } from './views/SpectrumView';
import { TreeView } from './views/TreeView';

export function App() {
  const options = useApp(selectOptions);
  const result = useApp(selectResult);
  const status = useApp((s) => s.status);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target)) return;
      if (e.key === 'l' || e.key === 'L')
        useApp.getState().setOptions({ lecture: !useApp.getState().config.options.lecture });
      if (e.key === 'f' || e.key === 'F') {
        if (document.fullscreenElement) void document.exitFullscreen();
        else void document.documentElement.requestFullscreen?.().catch(() => undefined);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const lecture = options.lecture;
  const mode = options.mode;
  // `hide=` (embedding): parts of the page the link leaves out. Notices always show.
  const hide = useApp((s) => s.config.hide);
  const shown = (part: Hideable) => !hide.includes(part);
  return (
    <div className={`flex h-screen flex-col bg-slate-50 text-slate-900 ${lecture ? 'lecture' : ''}`}>
      {shown('header') && (
        <Boundary name="header">
          <Header />
        </Boundary>
      )}
      <Boundary name="notices">
        <Notices />
      </Boundary>
      {mode === 'explore' ? (
        <Boundary name="explorer page" className="m-2 flex-1">
          <ExplorerPage />
        </Boundary>
      ) : mode === 'paper' ? (
        <Boundary name="paper page" className="m-2 flex-1">
          <PaperPage />
        </Boundary>
      ) : (
        <>
          <main className="flex min-h-0 flex-1">
            {!lecture && shown('params') && (
              <aside className="w-60 shrink-0 overflow-y-auto border-r border-slate-200 bg-white xl:w-72">
                <Boundary name="parameter panel" className="m-2">
                  <ParamPanel />
                </Boundary>
              </aside>
            )}
            {mode === 'compare' ? (
              <section className="flex min-w-0 flex-1 flex-col">
                <Boundary name="compare page" className="m-2 flex-1">
                  <ComparePage />
                </Boundary>
              </section>
            ) : (
              <>
                <section className="network-detail flex min-w-0 flex-1 flex-col">
                  {result ? (
                    // Side by side, or one above the other in a tall narrow space (see .split-panes).
                    <div
                      className={`grid min-h-0 flex-1 gap-2 p-2 ${options.view === 'split' ? 'split-panes' : 'grid-cols-1'}`}
                    >
                      {options.view !== 'matrix' && <RingPane />}
                      {options.view !== 'network' && <DetailPane detail={options.detail} />}
                    </div>
                  ) : (
                    <div className="flex flex-1 items-center justify-center text-xl text-slate-500">
                      {status === 'error'
                        ? 'No result yet: see the message above.'
                        : 'Computing the schedule…'}
                    </div>
                  )}
                </section>
                {shown('side') && (
                  <aside
                    className={`${lecture ? 'w-80 xl:w-[28rem]' : 'w-72 xl:w-96'} shrink-0 space-y-2 overflow-y-auto border-l border-slate-200 p-2`}
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
                      <Boundary name="formula panel" resetKey={result}>
                        <FormulaPanel />
                      </Boundary>
                      <Boundary name="optics panel" resetKey={result}>
                        <OpticsPanel />
                      </Boundary>
                      <Boundary name="model panels" resetKey={result}>
                        <ModelPanels />
                      </Boundary>
                      <Boundary name="step details" resetKey={result}>
                        <StepLightpaths />
                      </Boundary>
                    </div>
                  </aside>
                )}
              </>
            )}
          </main>
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

const DETAIL_LABEL: Record<DetailName, string> = { holdings: 'Holdings', tree: 'Tree', spectrum: 'Spectrum' };

/** The detail next to the network: who holds what, the algorithm's tree, or the fibres' occupancy. */
function DetailPane({ detail }: { detail: DetailName }) {
  const result = useApp(selectResult);
  const step = useApp(selectStep);
  if (!result) return null;
  return (
    <div className="flex min-h-0 min-w-0 flex-col">
      <div className="flex gap-1 px-1" role="tablist" aria-label="Detail view">
        {DETAILS.map((d) => (
          <button
            key={d}
            role="tab"
            aria-selected={d === detail}
            className={`rounded-t-md px-3 py-1 text-sm font-medium ${d === detail ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:bg-slate-100'}`}
            onClick={() => useApp.getState().setOptions({ detail: d })}
            data-testid={`detail-${d}`}
          >
            {DETAIL_LABEL[d]}
          </button>
        ))}
      </div>
      <div className="min-h-0 flex-1 rounded-md bg-white">
        <Boundary name={`${DETAIL_LABEL[detail].toLowerCase()} view`} resetKey={result} className="h-full">
          {detail === 'tree' ? (
            <TreeView result={result} step={step} />
          ) : detail === 'spectrum' ? (
            <SpectrumView result={result} step={step} />
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
