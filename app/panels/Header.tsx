import { useState } from 'react';
import { SCENES } from '../../src/config/scenes';
import { OpenSchedule } from './OpenSchedule';
import { encodeConfig, MODES, VIEWS, type Mode, type ViewName } from '../../src/config/url-codec';
import { pageLink } from '../lib/pageLink';
import { selectOptions, useApp } from '../store/store';
import { ConfirmSelect } from '../lib/ConfirmSelect';
import { keyLabel } from '../lib/keys';
import { toggleFullscreen, useKeysHelp } from './KeysHelp';
import { OpticsFlag } from './OpticsPanel';
import { ThemeMenu } from './ThemeMenu';

/**
 * A shortcut's key, shown on the button it presses. Not part of the button's name ("Lecture", not
 * "Lecture L"): screen readers get the key from the button's aria-keyshortcuts.
 */
function Key({ k }: { k: Parameters<typeof keyLabel>[0] }) {
  return (
    <kbd
      className="ml-1.5 rounded border border-current px-1 font-mono text-xs opacity-80"
      aria-hidden="true"
    >
      {keyLabel(k)}
    </kbd>
  );
}

const VIEW_LABEL: Record<ViewName, string> = { network: 'Network', matrix: 'Detail', split: 'Both' };
const MODE_LABEL: Record<Mode, string> = {
  visualize: 'Visualize',
  compare: 'Compare',
  explore: 'Explore',
  paper: 'Paper check',
  try: 'Try it',
};

/** Four corners pointing out (drawn, not a character: see PlayIcon in Timeline.tsx). */
function FullscreenIcon() {
  return (
    <svg
      viewBox="0 0 16 16"
      className="inline-block h-4 w-4 align-[-0.2em]"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M1 6V1h5M10 1h5v5M15 10v5h-5M6 15H1v-5" />
    </svg>
  );
}

/** The timeline (its keys step the schedule), else the page's main part. */
function focusTimeline() {
  (document.getElementById('timeline') ?? document.getElementById('main'))?.focus();
}

export function Header() {
  const options = useApp(selectOptions);
  const status = useApp((s) => s.status);
  const ms = useApp((s) => s.resultMs);
  // Which schedule is on screen (tests read it: never another algorithm's under this one's name).
  const shown = useApp((s) => (s.result ? (s.result.source ? 'file' : s.result.algorithm) : ''));
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      // From the store, not the address bar: URL writes are throttled while playing. A page that is
      // playing gives a link that plays (`play=1`).
      const app = useApp.getState();
      const url = pageLink(location.href, encodeConfig(app.config, { play: app.playing }));
      await navigator.clipboard.writeText(url);
      setCopied('Link copied');
    } catch {
      setCopied('Copy the address bar');
    }
    setTimeout(() => setCopied(null), 2000);
  };
  // Lecture mode keeps the header to one row at 1280 × 720 (its type is larger): narrower padding,
  // and the desk's file and link buttons left out (dropping a file on the page still opens it).
  const lecture = options.lecture;
  const pad = lecture ? 'px-2' : 'px-3';
  const btn = `whitespace-nowrap rounded-md border border-border bg-surface ${pad} py-1.5 text-sm font-medium hover:bg-panel`;
  // The two small buttons (full screen, the list of keys): narrower padding.
  const small = btn.replace(pad, 'px-2');
  return (
    <header
      className={`flex flex-wrap items-center gap-y-1 border-b border-divider bg-surface py-2 ${lecture ? 'gap-x-2 px-3' : 'gap-x-3 px-4'}`}
      data-testid="header"
    >
      <div className="flex shrink-0 flex-col leading-tight">
        <h1 className="whitespace-nowrap text-xl font-bold tracking-tight text-text">
          Optical Collectives Lab
        </h1>
        {/* The theme menu sits in the title's spare width: the rows of buttons have none to give. */}
        <div className="flex items-center justify-between gap-2">
          <span
            className="h-4 text-xs text-muted"
            data-testid="result-status"
            data-status={status}
            data-shows={shown}
            title="The simulation core runs in a background worker"
          >
            {status === 'running'
              ? 'computing…'
              : status === 'ready'
                ? `computed in ${ms.toFixed(0)} ms`
                : status === 'error'
                  ? 'no result'
                  : ''}
          </span>
          <ThemeMenu />
        </div>
      </div>
      {/* No overflow-hidden on the button groups: it would clip the focus ring. */}
      <nav className="flex shrink-0 rounded-md border border-border" aria-label="Mode">
        {MODES.map((m) => (
          <button
            key={m}
            className={`whitespace-nowrap ${lecture ? 'px-1.5' : pad} py-1.5 text-sm font-semibold first:rounded-l-md last:rounded-r-md ${options.mode === m ? 'bg-info text-surface' : 'bg-surface hover:bg-panel'}`}
            onClick={() => useApp.getState().setOptions({ mode: m })}
            aria-pressed={options.mode === m}
            data-testid={`mode-${m}`}
          >
            {MODE_LABEL[m]}
          </button>
        ))}
      </nav>
      <ConfirmSelect
        className={`${lecture ? 'w-28' : 'w-32'} rounded-md border border-border bg-surface px-2 py-1.5 text-sm`}
        value=""
        onCommit={(id, blur) => {
          const scene = SCENES.find((x) => x.id === id);
          if (!scene) return;
          useApp.getState().loadConfig(scene.config());
          // Chosen here (not by leaving the menu): the keys go to the scene, so → steps it rather
          // than choosing the next scene in the menu, which still had the focus.
          if (!blur) requestAnimationFrame(focusTimeline);
        }}
        aria-label="Open a lecture scene"
        data-testid="scenes"
      >
        <option value="">Scenes…</option>
        {SCENES.map((x) => (
          <option key={x.id} value={x.id} title={x.description}>
            {x.title}
          </option>
        ))}
      </ConfirmSelect>
      <OpticsFlag />
      <div className="ml-auto flex items-center gap-2">
        <div
          // Only Visualize has views: elsewhere the group keeps its place at the desk (the header does
          // not jump) and gives it up in lecture mode (one row at 1024 px in Compare, Explore, Paper check).
          className={`flex rounded-md border border-border ${options.mode === 'visualize' ? '' : lecture ? 'hidden' : 'invisible'}`}
          role="group"
          aria-label="View"
        >
          {VIEWS.map((v) => (
            <button
              key={v}
              className={`${pad} py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md ${options.view === v ? 'bg-inverse text-surface' : 'bg-surface hover:bg-panel'}`}
              onClick={() => useApp.getState().setOptions({ view: v })}
              aria-pressed={options.view === v}
            >
              {VIEW_LABEL[v]}
            </button>
          ))}
        </div>
        <button
          className={btn}
          onClick={() => useApp.getState().setOptions({ lecture: !options.lecture })}
          aria-pressed={options.lecture}
          aria-keyshortcuts="L"
          title={options.lecture ? 'Leave lecture mode (L or Esc)' : 'Large type, no side panels (L)'}
          data-testid="lecture-toggle"
        >
          {options.lecture ? 'Exit lecture' : 'Lecture'}
        </button>
        {/* Full screen (with its key, F) and the list of keys (its key, ?): small, to keep the header short. */}
        <button
          className={small}
          onClick={toggleFullscreen}
          aria-label="Full screen"
          aria-keyshortcuts="F"
          title="Full screen on or off (F)"
          data-testid="fullscreen"
        >
          <FullscreenIcon />
          {/* Lecture mode leaves the key out, so the header's five modes keep to one row (its title says F). */}
          {!lecture && <Key k="fullscreen" />}
        </button>
        <button
          className={small}
          onClick={() => useKeysHelp.getState().setOpen(true)}
          aria-label="Keyboard shortcuts"
          aria-keyshortcuts="?"
          aria-haspopup="dialog"
          title="Keyboard shortcuts (?)"
          data-testid="keys-help-open"
        >
          <span aria-hidden="true" className="font-mono font-bold">
            {keyLabel('help')}
          </span>
        </button>
        <OpenSchedule className={lecture ? 'hidden' : btn} />
        <button className={lecture ? 'hidden' : btn} onClick={copy} data-testid="copy-link">
          {copied ?? 'Copy link'}
        </button>
      </div>
    </header>
  );
}
