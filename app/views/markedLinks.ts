import { useEffect } from 'react';
import { pathLinks, receiversOf } from '../../src/kernel/model/paths';
import type { Topology } from '../../src/kernel/model/topology';
import type { RunResult } from '../../src/result';
import { markKey } from '../store/markSlice';
import { computedFor, maxStep, useApp } from '../store/store';

/**
 * Links marked on the network picture: the link a click in the link-load view opened, the links of
 * the message a verdict is about, or a tracked chunk's path. Marking them also highlights their end
 * nodes (the store's `highlight`, which every view rings). The links are kept in the link alone
 * (`config.mark`, `mark=`, src/config/mark-link.ts): a page opened from it, Back and Forward mark
 * what it names once its schedule is there. When the mark leaves: app/store/markSlice.ts.
 */

/** The processors that mark transfer t on the picture: its sender and its receivers (none if no such t). */
export function transferNodes(r: RunResult, t: number): number[] {
  const s = r.schedule;
  if (t < 0 || t >= s.transferCount) return [];
  const rx = new Uint32Array(Math.max(1, r.topology.nodeCount + r.topology.auxCount));
  const k = receiversOf(s, r.topology, t, rx);
  return [s.src[t], ...Array.from(rx.subarray(0, k))];
}

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
  const opened = step === null ? null : Math.max(0, Math.min(maxStep(app), Math.round(step)));
  app.applyMark(result, links, ends, opened);
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
 * Marks the links the link names (`mark=`) on the result shown, once it is the link's own: a page
 * opened from a link shows what its sender saw, and Back/Forward to a link that differs only in its
 * mark draws that mark. Ids beyond the network are refused with a notice.
 */
function useMarkFromLink(result: RunResult) {
  const mark = useApp((s) => markKey(s.config.mark));
  const on = useApp((s) => s.markedOn);
  useEffect(() => {
    const app = useApp.getState();
    const links = app.config.mark;
    if (!links.length || app.result !== result || !computedFor(app.config, result)) return;
    if (on && on.result === result && on.links === mark) return;
    const problem = markProblem(result, links);
    if (problem) {
      app.addNotice({ title: 'Parts of this link were ignored', tone: 'warning', items: [problem] });
      useApp.setState((s) => ({ config: { ...s.config, mark: [] } }));
    } else markLinks(result, links, null);
  }, [result, mark, on]);
}

/** The links marked on `result`'s picture now (none once the highlight has changed since). */
export function useMarkedLinks(result: RunResult): readonly number[] {
  useMarkFromLink(result);
  return useApp((s) => {
    const on = s.markedOn;
    return on && on.result === result && on.ends === s.highlight && on.links === markKey(s.config.mark)
      ? s.config.mark
      : NONE;
  });
}

/** The link the link-load view marked on `result`, with its step, or null. */
export function useMarkedCell(result: RunResult): { link: number; step: number } | null {
  const links = useMarkedLinks(result);
  const step = useApp((s) => s.markedOn?.step ?? 0);
  return links.length === 1 ? { link: links[0], step } : null;
}

const NONE: readonly number[] = [];

/** The `data-marked-links` attribute the views write, for tests and tools: "3" or "3,7", '' for none. */
export const markedAttr = (links: readonly number[]) => links.join(',');
