import { findCard } from '../../src/cards';
import { interconnectOf } from '../../src/interconnects';
import { heldSentence, type StepFacts } from '../../src/kernel/spec';
import { stepFacts } from '../../src/result';
import { formatBytes, formatCount, plural } from '../lib/format';
import { memo, useEffect, useRef, useState } from 'react';
import { planAnnouncement, PHASE_GAP_MS, SETTLE_MS, Spacer, type Moment } from '../lib/announce';
import type { RunResult } from '../../src/result';
import { useReadableStep } from '../lib/useReadableStep';
import { selectAttempt, selectPlaying, selectResult, selectStep, useApp } from '../store/store';
import { StepTime } from './StepDetails';

/**
 * The current step in plain words, from the algorithm's own narration (a few times a second while
 * playing). The words on screen are not a live region: a screen reader hears them through the
 * announcer below, which speaks when the step stands still and, while playing, only of new phases.
 */
export function Narration() {
  const result = useApp(selectResult);
  const current = useApp(selectStep);
  const playing = useApp(selectPlaying);
  const step = useReadableStep(current, playing);
  // While a search's attempt is drawn, these words still tell the best valid schedule.
  const attemptSteps = useApp((s) => selectAttempt(s)?.target ?? 0);
  const said = useAnnouncement(result, current, playing);
  const announcer = (
    <p role="status" className="sr-only" data-testid="narration-announcer">
      {said}
    </p>
  );
  if (!result) return announcer;
  return (
    <>
      {announcer}
      {attemptSteps > 0 && (
        <p
          className="mb-1 rounded bg-danger-soft px-2 py-1 text-sm text-danger"
          data-testid="narration-attempt"
        >
          The picture shows the search’s attempt at {plural(attemptSteps, 'step')}, which still has conflicts;
          the words below are about the best valid schedule ({plural(result.schedule.stepCount, 'step')}).
        </p>
      )}
      <NarrationOf result={result} step={step} />
    </>
  );
}

const NarrationOf = memo(function NarrationOf({ result, step }: { result: RunResult; step: number }) {
  const { title, text } = narrationOf(result, step);
  return (
    <section className="rounded-lg border border-divider bg-surface p-3" data-testid="narration">
      <h2 className="text-lg font-bold text-text">{title}</h2>
      <p className="mt-1 text-base leading-relaxed text-text">{text}</p>
      <StepTime result={result} step={step} />
      {result.variant && (
        <p className="mt-2 rounded bg-warn-soft px-2 py-1 text-sm text-warn" data-testid="variant">
          Variant: {result.variant}
        </p>
      )}
    </section>
  );
});

/**
 * What the live region says (see app/lib/announce.ts): the step's narration once the step stands
 * still, and while playing a short line per new phase, spaced out. Nothing when the page opens.
 */
function useAnnouncement(result: RunResult | null, step: number, playing: boolean): string {
  const [said, setSaid] = useState('');
  const before = useRef<{ result: RunResult; moment: Moment } | null>(null);
  const spacer = useRef<Spacer | null>(null);
  const later = useRef(0);
  useEffect(() => () => clearTimeout(later.current), []);
  useEffect(() => {
    if (!result) return;
    const s = result.schedule;
    const now: Moment = {
      playing,
      step,
      phase: step >= 1 && step <= s.stepCount ? s.phases[s.stepPhase[step - 1]] : null,
      stepCount: s.stepCount,
    };
    const prev = before.current;
    before.current = { result, moment: now };
    if (!prev) return; // the page just opened: the words are on screen, nothing to announce
    spacer.current ??= new Spacer(PHASE_GAP_MS);
    const plan = planAnnouncement(prev.result === result ? prev.moment : null, now);
    if (plan.kind === 'settle') {
      spacer.current.drop();
      clearTimeout(later.current);
      const timer = setTimeout(() => {
        const { title, text } = narrationOf(result, step);
        setSaid(`${title}. ${text}`);
      }, SETTLE_MS);
      return () => clearTimeout(timer);
    }
    if (plan.kind === 'phase') {
      const spacing = spacer.current;
      const t = performance.now();
      const line = spacing.offer(plan.text, t);
      // Said from a timer, never in the middle of a frame's render; a line kept for later replaces
      // the one kept before.
      if (line !== null) setTimeout(() => setSaid(line), 0);
      else {
        clearTimeout(later.current);
        later.current = window.setTimeout(
          () => {
            const out = spacing.flush(performance.now());
            if (out) setSaid(out);
          },
          Math.max(0, (spacing.due() ?? t) - t),
        );
      }
    }
  }, [result, step, playing]);
  return said;
}

/** The step's title and words (the narration panel, and each pane of compare mode). */
export function narrationOf(result: RunResult, step: number): { title: string; text: string } {
  const spec = findCard(result.algorithm);
  const s = result.schedule;
  const n = s.nodeCount;
  let title: string;
  let text: string;
  const alltoall = s.collective === 'alltoall';
  const model = interconnectOf(result.topology.kind);
  if (!spec) {
    // A schedule from a file (or an algorithm this page does not know): said in general terms.
    const facts = stepFacts(result, step);
    const from = result.source ? `the file ${result.source.name}` : result.algorithm;
    title = step === 0 ? 'Before the first step' : `Step ${step} of ${s.stepCount} · ${facts.phase}`;
    text =
      step === 0
        ? `A ${s.collective} schedule from ${from}${result.source?.madeBy ? ` (made by ${result.source.madeBy})` : ''}: ` +
          `${plural(n, 'processor')}, ${plural(s.blocks.count, 'block')}, ${plural(s.stepCount, 'step')}. ` +
          `${result.report.ok ? 'The verifier accepts it.' : `The verifier found ${plural(result.report.total, 'violation')}; they are listed beside the picture.`} ` +
          `Press Space or ▶ to play, ← and → to step.`
        : genericStep(facts, model.transfer, model.channel.name);
  } else if (step === 0 && alltoall) {
    title = 'Before the first step';
    text =
      `Each node holds one block for every destination (${plural(s.blocks.count, 'block')} in all). ` +
      `${spec?.name ?? result.algorithm} delivers every block to its destination in ${plural(s.stepCount, 'phase')}. ` +
      `Press Space or ▶ to play, ← and → to step.`;
  } else if (step === 0) {
    title = 'Before the first step';
    text =
      (spec?.narrateStart
        ? spec.narrateStart(result.params, s.stepCount)
        : `Each of the ${formatCount(n)} nodes holds only its own block of ${formatBytes(s.blocks.bytes)}. ` +
          `${spec?.name ?? result.algorithm} will give every node every block in ${plural(s.stepCount, 'step')}.`) +
      ` Press Space or ▶ to play, ← and → to step.`;
  } else {
    const facts = stepFacts(result, step);
    title = `Step ${step} of ${s.stepCount} · ${facts.phase}`;
    text = spec ? spec.narrate(result.params, facts) : '';
    if (step === s.stepCount)
      text += alltoall
        ? ' This was the last phase: every block is at its destination.'
        : ` This was the last step: ${spec?.goal ?? 'every node now holds every block'}.`;
  }
  return { title, text };
}

/** A step of a schedule without a narration of its own: what moved, on what, and who holds what. */
function genericStep(f: StepFacts, transfer: { one: string; many: string }, channel: string): string {
  const e = f.examples[0];
  const example = e
    ? ` For example, node ${e.from} sends ${e.blocks.length === 1 ? `block ${e.blocks[0]}` : `${e.blocks.length} blocks`} to ${e.to.length === 1 ? `node ${e.to[0]}` : `${e.to.length} nodes`} on ${channel} ${e.channel}.`
    : '';
  return (
    `${plural(f.transfers, transfer.one, transfer.many)} on ${plural(f.channelsUsed, channel)}, ` +
    `moving ${plural(f.blocksMoved, 'block')}.${example} ${heldSentence(f)}`
  );
}
