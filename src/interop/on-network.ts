/**
 * An imported schedule placed on a network and checked there by the one verifier: each message in
 * its step along a free route and channel when there is one (else along its first route, where the
 * verifier then reports the clash). Stretched, the schedule is re-timed so that nothing clashes: on
 * the WDM ring each step splits into as many sub-steps as its colours need wavelengths (the ring
 * family's way); elsewhere each message, in the order it was first timed, goes in the first step
 * after what it waits for where a route is free — the first-fit idea of the NoC family's
 * constructive scheduler (noc-constructive.ts) on the schedule's own precedence graph.
 */
import { wdmRing } from '../kernel/model/topology';
import type { Holdings } from '../kernel/replay/holdings';
import type { VerifyReport } from '../kernel/verify/rules';
import { verify } from '../kernel/verify/verifier';
import { lastAtMost } from '../kernel/util/search';
import { labSchedule, type LabHeader, type LabSchedule, type MessageSet } from './lab-schedule';
import { Occupancy, type Hop, type NetworkChoice, type Placed, type Router } from './network';
import { timePrecedence, type Precedence } from './precedence';
import { colourRingSteps, ringPlacements, ringStretch } from './ring-wavelengths';
import type { InteropImport } from './result';
import type { Verdicts } from './verdicts';

export interface Checked {
  lab: LabSchedule;
  report: VerifyReport;
  holdings: Holdings;
  steps: number;
}

export interface OnNetwork extends Checked {
  router: Router;
  /** On the WDM ring: wavelengths per fibre, the most a step needs, and each step's need. */
  wavelengths?: { given: number | null; used: number; most: number; perStep: Uint32Array };
  /** The schedule re-timed without conflicts (when asked for). */
  stretched?: Checked;
}

/** What the stretch re-times: the precedence graph and the order messages were first timed in. */
export interface Retiming {
  graph: Precedence;
  priority: ArrayLike<number>;
}

export function onNetwork(
  h: LabHeader,
  m: MessageSet,
  step: Int32Array,
  steps: number,
  router: Router,
  stretch: Retiming | null,
): OnNetwork {
  const check = (s: Int32Array, n: number, placed: readonly Placed[], r: Router): Checked => {
    const lab = labSchedule(h, m, s, n, placed);
    const { report, holdings } = verify(lab.schedule, r.topology);
    return { lab, report, holdings, steps: n };
  };
  if (router.ring) {
    const n = h.ranks;
    const colours = colourRingSteps(n, m.src, m.dst, step, steps);
    const w = router.ring.wavelengths ?? Math.max(1, colours.most);
    const ring: Router = {
      ...router,
      name: `WDM ring of ${n}, ${w} wavelength${w === 1 ? '' : 's'} a fibre`,
      topology: wdmRing(n, w),
    };
    const placed = ringPlacements(n, m.src, m.dst, colours, w);
    const out: OnNetwork = {
      ...check(step, steps, placed, ring),
      router: ring,
      wavelengths: { given: router.ring.wavelengths, used: w, most: colours.most, perStep: colours.perStep },
    };
    if (stretch) {
      const s = ringStretch(step, colours, w);
      out.stretched = check(s.step, s.steps, placed, ring);
    }
    return out;
  }
  const placed = firstFit(m, step, router);
  const out: OnNetwork = { ...check(step, steps, placed, router), router };
  if (stretch) {
    const occ = new Occupancy(router.topology);
    const again: Placed[] = new Array<Placed>(m.count);
    const timing = timePrecedence(
      stretch.graph,
      (i, earliest) => {
        for (let s = earliest; s <= earliest + m.count; s++) {
          const p = router.fit(occ, s, hopOf(m, i));
          if (p) {
            occ.take(s, p.links, p.channel);
            again[i] = p;
            return s;
          }
        }
        again[i] = router.fallback(hopOf(m, i));
        return earliest;
      },
      stretch.priority,
    );
    const s2 = new Int32Array(m.count);
    let n2 = 0;
    for (const v of timing.order) {
      const i = stretch.graph.message[v];
      if (i < 0 || step[i] < 1) continue;
      s2[i] = timing.finish[v];
      n2 = Math.max(n2, s2[i]);
    }
    for (let i = 0; i < m.count; i++) again[i] ??= placed[i];
    out.stretched = check(s2, n2, again, router);
  }
  return out;
}

/** Each message in its step on the first free route and channel, messages of a step in order. */
function firstFit(m: MessageSet, step: Int32Array, router: Router): Placed[] {
  const occ = new Occupancy(router.topology);
  const placed: Placed[] = new Array<Placed>(m.count);
  const order = byStep(step);
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const p = router.fit(occ, step[i], hopOf(m, i)) ?? router.fallback(hopOf(m, i));
    occ.take(step[i], p.links, p.channel);
    placed[i] = p;
  }
  for (let i = 0; i < m.count; i++) placed[i] ??= router.fallback(hopOf(m, i));
  return placed;
}

/** The messages that have a step (≥ 1), by step and then by index: a counting sort. */
export function byStep(step: Int32Array): Uint32Array {
  let steps = 0;
  for (let i = 0; i < step.length; i++) if (step[i] > steps) steps = step[i];
  const start = new Uint32Array(steps + 2);
  for (let i = 0; i < step.length; i++) if (step[i] >= 1) start[step[i] + 1]++;
  for (let s = 1; s <= steps; s++) start[s + 1] += start[s];
  const order = new Uint32Array(start[steps + 1]);
  for (let i = 0; i < step.length; i++) if (step[i] >= 1) order[start[step[i]]++] = i;
  return order;
}

function hopOf(m: MessageSet, i: number): Hop {
  const hop: Hop = { src: m.src[i], dst: m.dst[i], channel: m.channel[i] };
  if (m.links) hop.links = Array.from(m.links.ids.subarray(m.links.start[i], m.links.start[i + 1]));
  return hop;
}

/** The step (1-based) of transfer t: the last step whose first transfer is at or before t. */
export function stepOfTransfer(stepStart: Uint32Array, t: number): number {
  // stepStart[s - 1] is step s's first transfer.
  return lastAtMost(stepStart, t, 0, stepStart.length - 2) + 1;
}

/**
 * What both importers return, from the file's own fields, the placed schedule and the verdicts:
 * verdicts that name a message are placed on its transfer and step, `ok` looks at the stretched
 * schedule when there is one.
 */
export function importResult(
  fields: Pick<InteropImport, 'format' | 'file' | 'algorithm' | 'coll' | 'collective' | 'ranks' | 'notes'> &
    Partial<Pick<InteropImport, 'timeline' | 'judged' | 'chunks' | 'teccl'>>,
  choice: NetworkChoice,
  net: OnNetwork,
  v: Verdicts,
): InteropImport {
  const { transferOf, schedule } = net.lab;
  const verdicts = v.list((m) =>
    transferOf[m] >= 0
      ? { transfer: transferOf[m], labStep: stepOfTransfer(schedule.stepStart, transferOf[m]) }
      : null,
  );
  const s = net.stretched;
  return {
    ...fields,
    topology: net.router.topology,
    network: { name: net.router.name, choice, ...(net.wavelengths ? { wavelengths: net.wavelengths } : {}) },
    schedule,
    holdings: net.holdings,
    report: net.report,
    transferOf,
    verdicts,
    ok: verdicts.errors === 0 && (s ?? net).report.ok,
    ...(s
      ? {
          stretched: {
            schedule: s.lab.schedule,
            holdings: s.holdings,
            report: s.report,
            transferOf: s.lab.transferOf,
          },
        }
      : {}),
    notes: [...fields.notes, `The network: ${net.router.name}.`],
  };
}
