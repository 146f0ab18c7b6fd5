import { useEffect } from 'react';
import { create } from 'zustand';
import { pathLinks } from '../../src/kernel/model/paths';
import type { Topology } from '../../src/kernel/model/topology';
import type { RunResult } from '../../src/result';
import { useApp } from '../store/store';

/**
 * Links marked on the network picture: the link a click in the link-load view opened, or the links of
 * the message a verdict is about. Marking them also highlights their end nodes (the store's
 * `highlight`, which every view rings); the mark lasts while that highlight does, so hovering a tree
 * node or picking another verdict takes it away. The marked links are kept in the link (`mark=`,
 * src/config/mark-link.ts): a page opened from it marks them again once its schedule is there.
 */
interface Marked {
  result: RunResult | null;
  links: readonly number[];
  /** The highlight set with the links: the mark holds while the store's highlight is this array. */
  ends: number[] | null;
  step: number;
}

const useMarked = create<Marked>()(() => ({ result: null, links: [], ends: null, step: 0 }));

/** The ends of these links that a picture draws (processors or auxiliary vertices), each once. */
export function endsOf(topo: Topology, links: readonly number[]): number[] {
  const out: number[] = [];
  for (const l of links)
    for (const v of [topo.linkFrom[l], topo.linkTo[l]])
      if (v < topo.nodeCount + topo.auxCount && !out.includes(v)) out.push(v);
  return out;
}

/** The links transfer `t` takes (a message's route), or none for a transfer that does not exist. */
export function linksOfTransfer(r: RunResult, t: number | undefined): number[] {
  if (t === undefined || t < 0 || t >= r.schedule.transferCount) return [];
  const out = new Uint32Array(Math.max(1, r.topology.linkCount));
  return Array.from(out.subarray(0, pathLinks(r.schedule, r.topology, t, out)));
}

/** Opens `step` (null: stays) with `links` marked and their ends (and `nodes`) highlighted. */
export function markLinks(
  result: RunResult,
  links: readonly number[],
  step: number | null,
  nodes: number[] = [],
) {
  const ends = [...nodes];
  for (const v of endsOf(result.topology, links)) if (!ends.includes(v)) ends.push(v);
  const app = useApp.getState();
  app.setPlaying(false);
  if (step !== null) app.setStep(step);
  useMarked.setState({ result, links: [...links], ends, step: step ?? app.config.step });
  app.setHighlight(ends);
  setLinkMark([...links]);
}

/** Writes the marked links into the configuration (and so the link), unless they are there already. */
function setLinkMark(mark: number[]) {
  const config = useApp.getState().config;
  if (config.mark.join(',') !== mark.join(',')) useApp.setState({ config: { ...config, mark } });
}

/**
 * Why a link's `mark=` cannot be drawn on `result`'s network (ids beyond it), or null when it can.
 */
export function markProblem(result: RunResult, mark: readonly number[]): string | null {
  const n = result.topology.linkCount;
  const beyond = mark.filter((l) => l >= n);
  if (!beyond.length) return null;
  return `mark: link ${beyond.join(', ')} is not in this network (its links are 0 to ${n - 1}); nothing marked`;
}

/**
 * Marks the links a link names (`mark=`) on the result shown, once it is there: a page opened from a
 * link shows what its sender saw. Ids beyond the network are refused with a notice.
 */
function useMarkFromLink(result: RunResult) {
  useEffect(() => {
    const app = useApp.getState();
    const mark = app.config.mark;
    if (!mark.length || app.result !== result || useMarked.getState().result === result) return;
    const problem = markProblem(result, mark);
    if (problem) {
      app.addNotice({ title: 'Parts of this link were ignored', tone: 'warning', items: [problem] });
      useMarked.setState({ result, links: [], ends: null });
      setLinkMark([]);
    } else markLinks(result, mark, null);
  }, [result]);
}

// The mark leaves the link when it leaves the picture: another highlight, or another schedule shown.
useApp.subscribe((s, prev) => {
  const m = useMarked.getState();
  if (!s.config.mark.length || m.ends === null) return;
  if (s.highlight !== m.ends || (s.result !== prev.result && s.result !== m.result)) {
    useMarked.setState({ links: [], ends: null });
    setLinkMark([]);
  }
});

/** The links marked on `result`'s picture now (none once the highlight has changed since). */
export function useMarkedLinks(result: RunResult): readonly number[] {
  useMarkFromLink(result);
  const highlight = useApp((s) => s.highlight);
  const m = useMarked();
  return m.result === result && m.ends === highlight && highlight !== null ? m.links : NONE;
}

/** The link the link-load view marked on `result`, with its step, or null. */
export function useMarkedCell(result: RunResult): { link: number; step: number } | null {
  const links = useMarkedLinks(result);
  const step = useMarked((m) => m.step);
  return links.length === 1 ? { link: links[0], step } : null;
}

const NONE: readonly number[] = [];

/** The `data-marked-links` attribute the views write, for tests and tools: "3" or "3,7", '' for none. */
export const markedAttr = (links: readonly number[]) => links.join(',');
