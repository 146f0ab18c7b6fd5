import type { NocPlan } from './noc-constructive';
import type { PlanFault } from './noc-chain';

/** A plan that breaks the rules, with every channel its messages share. */
export interface NocAttempt {
  target: number;
  conflicts: number;
  plan: NocPlan;
  clashes: PlanClash[];
  /** A broadcast's causality faults (none in a scatter): with the clashes' messages, the conflicts. */
  faults: PlanFault[];
}

/** A channel (`link`) that two or more messages of one step (indices in `plan.steps[step]`) take. */
export interface PlanClash {
  step: number;
  link: number;
  messages: number[];
}

/**
 * Every directed channel that two or more messages of a step take — router channels, and the
 * injection and ejection channels of a processor over its port limit (its extra messages share its
 * last port) — in step and channel order. Their messages, less one per channel, are the conflicts
 * the search counts.
 */
export function planClashes(plan: NocPlan): PlanClash[] {
  const clashes: PlanClash[] = [];
  plan.steps.forEach((msgs, step) => {
    const users = new Map<number, number[]>();
    msgs.forEach((m, i) => {
      for (const l of m.links) {
        const list = users.get(l);
        if (list) list.push(i);
        else users.set(l, [i]);
      }
    });
    const shared = [...users].filter(([, u]) => u.length > 1).sort((a, b) => a[0] - b[0]);
    for (const [link, messages] of shared) clashes.push({ step, link, messages });
  });
  return clashes;
}
