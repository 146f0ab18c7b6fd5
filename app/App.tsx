import { useEffect } from 'react';
import { isTypingTarget } from './lib/keys';
import { FormulaPanel } from './panels/FormulaPanel';
import { ModelPanels } from './panels/ModelPanels';
import { Header } from './panels/Header';
import { Narration } from './panels/Narration';
import { StepLightpaths } from './panels/StepDetails';
import { Notices } from './panels/Notices';
import { ParamPanel } from './panels/ParamPanel';
import { Timeline } from './panels/Timeline';
import { selectOptions, selectResult, selectStep, useApp } from './store/store';
import { BlockMatrix } from './views/BlockMatrix';
import { HoldingsMatrix } from './views/HoldingsMatrix';
import { MainView } from './views/MainView';

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
  return (
    <div className={`flex h-screen flex-col bg-slate-50 text-slate-900 ${lecture ? 'lecture' : ''}`}>
      <Header />
      <Notices />
      <main className="flex min-h-0 flex-1">
        {!lecture && (
          <aside className="w-72 shrink-0 overflow-y-auto border-r border-slate-200 bg-white">
            <ParamPanel />
          </aside>
        )}
        <section className="flex min-w-0 flex-1 flex-col">
          {result ? (
            <div
              className={`grid min-h-0 flex-1 gap-2 p-2 ${options.view === 'split' ? 'grid-cols-[3fr_2fr]' : 'grid-cols-1'}`}
            >
              {options.view !== 'matrix' && <RingPane />}
              {options.view !== 'ring' && <MatrixPane />}
            </div>
          ) : (
            <div className="flex flex-1 items-center justify-center text-xl text-slate-500">
              {status === 'error' ? 'No result yet: see the message above.' : 'Computing the schedule…'}
            </div>
          )}
        </section>
        <aside
          className={`${lecture ? 'w-[28rem]' : 'w-96'} shrink-0 space-y-2 overflow-y-auto border-l border-slate-200 p-2`}
        >
          <Narration />
          <FormulaPanel />
          <ModelPanels />
          <StepLightpaths />
        </aside>
      </main>
      <Timeline />
    </div>
  );
}

// The step changes on every frame while playing: only these panes subscribe to it, so the rest of
// the page does not re-render.
function RingPane() {
  const result = useApp(selectResult);
  const step = useApp(selectStep);
  return result ? <MainView result={result} step={step} /> : null;
}

function MatrixPane() {
  const result = useApp(selectResult);
  const step = useApp(selectStep);
  if (!result) return null;
  // All-to-all blocks have one destination each: a source × destination matrix shows them better.
  if (result.schedule.collective === 'alltoall') return <BlockMatrix result={result} step={step} />;
  return <HoldingsMatrix result={result} step={step} />;
}
