import { useTypeScale } from '../lib/typeScale';
import { typePx } from '../views/canvasText';
import { useEffect, useRef } from 'react';
import { useSize } from '../lib/useSize';
import { phaseLabels, type PhaseStart } from './phaseLabels';
import { useShortcuts } from '../lib/useShortcuts';
import { SPEEDS, type Speed } from '../../src/config/url-codec';
import {
  selectOptions,
  selectPlaying,
  maxStep,
  selectStep,
  SPEED_STEPS_PER_SECOND,
  useApp,
} from '../store/store';

const STEP_BUTTON =
  'shrink-0 whitespace-nowrap rounded-md border border-border bg-surface px-3 py-1.5 text-lg font-semibold text-text shadow-sm hover:bg-panel disabled:opacity-40';

/** A button that moves the step: its glyph, its name, its key (as `aria-keyshortcuts` and as shown). */
interface StepMove {
  glyph: string;
  name: string;
  key: string;
  keyShown: string;
  go: (app: ReturnType<typeof useApp.getState>, last: number) => void;
}

const BEFORE_PLAY: readonly StepMove[] = [
  { glyph: '|◀', name: 'First step', key: 'Home', keyShown: 'Home', go: (app) => app.setStep(0) },
  { glyph: '◀', name: 'Step back', key: 'ArrowLeft', keyShown: '←', go: (app) => app.stepBy(-1) },
];
const AFTER_PLAY: readonly StepMove[] = [
  { glyph: '▶', name: 'Step forward', key: 'ArrowRight', keyShown: '→', go: (app) => app.stepBy(1) },
  { glyph: '▶|', name: 'Last step', key: 'End', keyShown: 'End', go: (app, last) => app.setStep(last) },
];

function StepButtons({
  moves,
  enabled,
  last,
}: {
  moves: readonly StepMove[];
  enabled: boolean;
  last: number;
}) {
  return moves.map((m) => (
    <button
      key={m.name}
      className={STEP_BUTTON}
      onClick={() => m.go(useApp.getState(), last)}
      disabled={!enabled}
      title={`${m.name} (${m.keyShown})`}
      aria-keyshortcuts={m.key}
      aria-label={m.name}
    >
      {m.glyph}
    </button>
  ));
}

/**
 * Play, pause, step, scrub and speed; Space, ←/→ and Home/End wherever the focus does not use those
 * keys itself (see keys.ts). The skip link and Esc lead here (`id="timeline"`).
 */
export function Timeline() {
  const step = useApp(selectStep);
  const playing = useApp(selectPlaying);
  const result = useApp((s) => (s.config.options.mode === 'compare' ? s.compared : s.result));
  const { speed } = useApp(selectOptions);
  const app = useApp.getState();
  const last = useApp(maxStep);

  usePlayback(playing, speed);
  useKeyboard();

  return (
    <section
      id="timeline"
      tabIndex={-1}
      aria-label="Timeline"
      className="flex items-center gap-x-2 gap-y-1 border-t border-divider bg-surface px-4 py-2 max-[899px]:flex-wrap"
      data-testid="timeline"
    >
      <StepButtons moves={BEFORE_PLAY} enabled={!!result} last={last} />
      <button
        className={`${STEP_BUTTON} min-w-24`}
        onClick={() => app.setPlaying(!playing)}
        disabled={!result}
        title="Play or pause (Space)"
        aria-keyshortcuts="Space"
        data-testid="play"
      >
        <span className="inline-flex items-center gap-1.5">
          <PlayIcon playing={playing} />
          {playing ? 'Pause' : 'Play'}
        </span>
      </button>
      <StepButtons moves={AFTER_PLAY} enabled={!!result} last={last} />
      {/* The scrubber takes the room left; in a narrow window it may wrap onto a line of its own. */}
      <div className="relative mx-2 flex flex-1 flex-col max-[899px]:min-w-48">
        <input
          type="range"
          className="h-2 w-full accent-text"
          min={0}
          max={last}
          value={Math.min(step, last)}
          onChange={(e) => app.setStep(Number(e.target.value))}
          aria-label="Step"
          aria-valuetext={`step ${Math.min(step, last)} of ${last}`}
          data-testid="scrub"
        />
        <PhaseMarks last={last} />
      </div>
      <span
        className="w-40 shrink-0 whitespace-nowrap text-right text-lg tabular-nums"
        data-testid="step-label"
      >
        step <b>{step}</b> / {last}
      </span>
      <label className="ml-2 flex shrink-0 items-center gap-1 text-sm text-muted">
        speed
        <select
          className="rounded border border-border bg-surface px-1 py-1 text-base"
          value={speed}
          onChange={(e) => app.setOptions({ speed: e.target.value as Speed })}
          data-testid="speed"
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s === 'max' ? 'max (1/frame)' : `${s} ${s === '1' ? 'step' : 'steps'}/s`}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}

/**
 * Where each phase (stage) starts, under the scrubber: a click jumps to its first step. Shown when
 * a schedule has a few named phases (OpTree's stages, ReTri's phases), not one per step.
 */
function PhaseMarks({ last }: { last: number }) {
  const result = useApp((s) => (s.config.options.mode === 'visualize' ? s.result : null));
  const type = useTypeScale();
  if (!result || last === 0) return null;
  const s = result.schedule;
  const starts: PhaseStart[] = [];
  for (let i = 0; i < s.stepCount; i++)
    if (i === 0 || s.stepPhase[i] !== s.stepPhase[i - 1])
      starts.push({ step: i + 1, name: s.phases[s.stepPhase[i]] });
  if (starts.length < 2 || starts.length > 24) return null;
  // The names in the type scale (12 px at the desk, 18 in lecture mode).
  return <PhaseRows starts={starts} last={last} size={typePx(type, 12)} />;
}

/**
 * The phase names, whole, in up to two rows (a phase whose name has no room shows its number; the
 * whole name is in the tooltip): laid out for the line's width once it is measured.
 */
function PhaseRows({ starts, last, size }: { starts: PhaseStart[]; last: number; size: number }) {
  const box = useRef<HTMLDivElement>(null);
  const { width } = useSize(box);
  const line = Math.round(size * 1.6);
  const { labels, rows } = phaseLabels(starts, last, width, size * 0.62);
  return (
    <div
      ref={box}
      className="relative text-muted"
      style={{ fontSize: size, height: line * rows }}
      data-testid="phase-marks"
    >
      {width > 0 &&
        labels.map((p) => (
          <button
            key={p.step}
            className={`absolute whitespace-nowrap text-left hover:text-text ${p.leftward ? 'border-r-2 pr-1' : 'border-l-2 pl-1'} border-border`}
            style={{
              ...(p.leftward ? { right: width - p.at } : { left: p.at }),
              top: p.row * line,
              lineHeight: `${line}px`,
            }}
            onClick={() => useApp.getState().setStep(p.step)}
            title={`Go to step ${p.step}, where ${p.name} starts`}
            aria-label={`Go to step ${p.step}, where ${p.name} starts`}
          >
            {p.text}
          </button>
        ))}
    </div>
  );
}

/**
 * Play and pause as drawn shapes, not characters: the pause sign (U+23F8) is missing from common
 * fonts, and the browser's search for a font that has it held up the first frame of playing by
 * up to 50 ms.
 */
function PlayIcon({ playing }: { playing: boolean }) {
  return (
    <svg viewBox="0 0 10 10" className="h-[0.8em] w-[0.8em]" aria-hidden="true" fill="currentColor">
      {playing ? (
        <>
          <rect x="1.5" y="1" width="2.5" height="8" />
          <rect x="6" y="1" width="2.5" height="8" />
        </>
      ) : (
        <path d="M2 1 L9 5 L2 9 Z" />
      )}
    </svg>
  );
}

/** Advances the step on animation frames at the chosen speed; stops at the last step. */
function usePlayback(playing: boolean, speed: Speed) {
  useEffect(() => {
    if (!playing) return;
    const rate = SPEED_STEPS_PER_SECOND[speed];
    let raf = 0;
    let last = performance.now();
    let carry = 0;
    const tick = (now: number) => {
      const app = useApp.getState();
      const end = maxStep(app);
      carry += rate === Infinity ? 1 : ((now - last) / 1000) * rate;
      last = now;
      const advance = Math.floor(carry);
      if (advance > 0) {
        carry -= advance;
        app.setStep(Math.min(end, app.config.step + advance));
      }
      if (useApp.getState().config.step >= end) app.setPlaying(false);
      else raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [playing, speed]);
}

function useKeyboard() {
  const pause = () => useApp.getState().setPlaying(false);
  useShortcuts({
    play: () => {
      const app = useApp.getState();
      app.setPlaying(!app.playing);
    },
    forward: () => {
      pause();
      useApp.getState().stepBy(1);
    },
    back: () => {
      pause();
      useApp.getState().stepBy(-1);
    },
    first: () => useApp.getState().setStep(0),
    last: () => useApp.getState().setStep(maxStep(useApp.getState())),
  });
}
