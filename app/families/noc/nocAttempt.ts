import { pathLinks } from '../../../src/kernel/model/paths';
import type { Topology } from '../../../src/kernel/model/topology';
import type { SearchAttempt } from '../../../src/kernel/spec';
import type { NocLayout } from './nocLayout';

/**
 * What the NoC view shows of a search's attempt (a schedule at the step target that still breaks the
 * rules): where its shared channels are in a step, and the messages that share one, in words.
 * Vertices are numbered as in the NoC topology: processors 0 … P − 1, then router r as P + r.
 */

/** A shared channel drawn in the current step: its clash, its ends and the spot a click selects. */
export interface ClashMark {
  clash: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Where its button sits: the middle of the channel, moved to the side of its direction. */
  x: number;
  y: number;
}

/**
 * The clashes of `step`, each as a segment shifted a little to the right of its direction (the two
 * channels of a link, both shared, are then told apart).
 */
export function clashMarks(a: SearchAttempt, topo: Topology, layout: NocLayout, step: number): ClashMark[] {
  const marks: ClashMark[] = [];
  const off = Math.max(3, layout.routerRadius / 3);
  a.clashes.forEach((k, clash) => {
    if (k.step !== step) return;
    const [u, v] = [topo.linkFrom[k.link], topo.linkTo[k.link]];
    let [x1, y1, x2, y2] = [layout.xy[2 * u], layout.xy[2 * u + 1], layout.xy[2 * v], layout.xy[2 * v + 1]];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    // Right of the direction of travel (screen coordinates: y down).
    const [nx, ny] = [(-(y2 - y1) / len) * off, ((x2 - x1) / len) * off];
    [x1, y1, x2, y2] = [x1 + nx, y1 + ny, x2 + nx, y2 + ny];
    marks.push({ clash, x1, y1, x2, y2, x: (x1 + x2) / 2, y: (y1 + y2) / 2 });
  });
  return marks;
}

/** A message of a clash: sender, receiver and the routers it goes through, in order. */
export interface ClashMessage {
  transfer: number;
  from: number;
  to: number;
  routers: number[];
}

export interface ClashDetail {
  step: number;
  /** The shared channel in words: "router 2 → router 3", "processor 4 → router 2 (its sending port)". */
  channel: string;
  messages: ClashMessage[];
}

/** The vertices a transfer's route goes through, from its sender to its receiver. */
function routeOf(a: SearchAttempt, topo: Topology, t: number): number[] {
  const links = new Uint32Array(topo.linkCount);
  const k = pathLinks(a.schedule, topo, t, links);
  const vertices = [topo.linkFrom[links[0]]];
  for (let j = 0; j < k; j++) vertices.push(topo.linkTo[links[j]]);
  return vertices;
}

/** Clash `clash` of an attempt in words: the step, the channel, and each message that takes it. */
export function describeClash(
  a: SearchAttempt,
  topo: Topology,
  processors: number,
  clash: number,
): ClashDetail {
  const k = a.clashes[clash];
  const P = processors;
  const [u, v] = [topo.linkFrom[k.link], topo.linkTo[k.link]];
  const channel =
    u < P
      ? `processor ${u} → router ${v - P} (its sending port)`
      : v < P
        ? `router ${u - P} → processor ${v} (its receiving port)`
        : `router ${u - P} → router ${v - P}`;
  const messages = k.transfers.map((t) => {
    const route = routeOf(a, topo, t);
    return {
      transfer: t,
      from: route[0],
      to: route[route.length - 1],
      routers: route.slice(1, -1).map((r) => r - P),
    };
  });
  return { step: k.step, channel, messages };
}

/**
 * What a picture shows of an attempt at `step` on `layout`: its clash marks and, when `picked` names
 * one of its clashes, that clash in words (`picked` is null without an attempt).
 */
export function attemptShown(
  attempt: SearchAttempt | null,
  topo: Topology,
  layout: NocLayout,
  step: number,
  picked: number | null,
): { attempt: SearchAttempt | null; picked: number | null; marks: ClashMark[]; detail: ClashDetail | null } {
  if (!attempt) return { attempt, picked: null, marks: [], detail: null };
  const detail =
    picked !== null && picked < attempt.clashes.length
      ? describeClash(attempt, topo, layout.processors, picked)
      : null;
  return { attempt, picked, marks: clashMarks(attempt, topo, layout, step), detail };
}

/** Steps with clashes or causality faults, each with how many conflicts, in step order. */
export function clashSteps(a: SearchAttempt): { step: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const k of a.clashes) counts.set(k.step, (counts.get(k.step) ?? 0) + k.transfers.length - 1);
  for (const f of a.faults ?? []) counts.set(f.step, (counts.get(f.step) ?? 0) + 1);
  return [...counts].sort((x, y) => x[0] - y[0]).map(([step, count]) => ({ step, count }));
}

/** A broadcast attempt's causality faults in `step` (a sender that does not hold the block yet). */
export function faultsIn(a: SearchAttempt, step: number): NonNullable<SearchAttempt['faults']> {
  return (a.faults ?? []).filter((f) => f.step === step);
}

/** A causality fault in words. */
export function describeFault(f: NonNullable<SearchAttempt['faults']>[number]): string {
  const when =
    f.holds === null
      ? 'never gets it'
      : f.holds === f.step
        ? `gets it only in this step (${f.step})`
        : `gets it only in step ${f.holds}`;
  return `Step ${f.step}: processor ${f.sender} relays processor ${f.origin}’s message to processor ${f.receiver}, but ${when}: it does not hold the message yet.`;
}
