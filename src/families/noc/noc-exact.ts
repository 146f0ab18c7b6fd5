import type { Job, JobContext } from '../../kernel/jobs';
import type { LpSolve } from '../../kernel/lp';
import type { SearchProgress } from '../../kernel/spec';
import { channelBase } from './noc-network';
import { longerRoutes, planOfChoices, routedMessages, type NocRoutes, type RoutedMessage } from './noc-paths';
import type { NocPlan } from './noc-constructive';

/**
 * The exact method (ours; the paper formulates it as a MILP in Sec. 4 but could not solve it): for a
 * step target T, a 0–1 program with a variable per (message, step, path) — each message in exactly one
 * step on one of its routes, each router channel used at most once a step, each processor sending and
 * absorbing at most k messages a step. A solution is a schedule of T steps; "infeasible" proves that
 * no schedule of T steps exists over these routes, so the best one found is optimal. One message is
 * fixed in the first step (steps can be renumbered), which halves nothing but spares the solver
 * symmetric copies.
 */
export interface ExactOutcome {
  plan: NocPlan;
  /** Steps proved optimal over the routes given (a model with one step fewer is infeasible, or the lower bound is met). */
  proved: number | null;
  /**
   * With routes longer than the shortest offered (`detour` > 0): the fewest longer routes any schedule
   * of the plan's steps can use, when the solver proved it (the plan then uses that many); else null.
   */
  fewestLonger: number | null;
}

/** Most variables the exact method will write (messages × steps × routes). */
export const EXACT_MAX_VARIABLES = 60_000;

/**
 * The program for `steps` steps, in CPLEX LP format (the format HiGHS reads). With `fewestLonger`,
 * it also minimises the messages on routes longer than the shortest (else any feasible schedule).
 */
export function exactModel(
  msgs: readonly RoutedMessage[],
  steps: number,
  routes: NocRoutes,
  fewestLonger = false,
): string {
  const net = routes.net;
  const base = channelBase(net);
  const name = (m: number, s: number, p: number) => `x${m}_${s}_${p}`;
  const lines: string[] = ['Minimize'];
  const sum = (label: string, terms: string[], rhs: string) => {
    // Short lines: the LP reader is happiest with them.
    lines.push(` ${label}:`);
    for (let i = 0; i < terms.length; i += 12)
      lines.push(`  ${i ? '+ ' : ''}${terms.slice(i, i + 12).join(' + ')}`);
    if (rhs) lines.push(`  ${rhs}`);
  };
  const longer: string[] = [];
  if (fewestLonger)
    msgs.forEach((m, i) =>
      m.paths.forEach((path, p) => {
        if (path.length > routes.hops(m.from, m.to))
          for (let s = 0; s < steps; s++) longer.push(name(i, s, p));
      }),
    );
  if (longer.length) sum('obj', longer, '');
  else lines.push(' obj: 0 x0_0_0');
  lines.push('Subject To');
  msgs.forEach((m, i) => {
    const terms: string[] = [];
    for (let s = 0; s < steps; s++) for (let p = 0; p < m.paths.length; p++) terms.push(name(i, s, p));
    sum(`a${i}`, terms, '= 1');
  });
  for (let s = 0; s < steps; s++) {
    const onChannel = new Map<number, string[]>();
    const out = new Map<number, string[]>();
    const into = new Map<number, string[]>();
    msgs.forEach((m, i) =>
      m.paths.forEach((path, p) => {
        const v = name(i, s, p);
        for (const l of path) {
          const list = onChannel.get(l - base) ?? [];
          list.push(v);
          onChannel.set(l - base, list);
        }
        out.set(m.from, [...(out.get(m.from) ?? []), v]);
        into.set(m.to, [...(into.get(m.to) ?? []), v]);
      }),
    );
    for (const [l, terms] of onChannel) if (terms.length > 1) sum(`c${s}_${l}`, terms, '<= 1');
    for (const [dir, map] of [
      ['t', out],
      ['r', into],
    ] as const)
      for (const [v, terms] of map)
        if (terms.length > net.ports) sum(`${dir}${s}_${v}`, terms, `<= ${net.ports}`);
  }
  // Steps can be renumbered: message 0 goes first.
  sum(
    'first',
    msgs[0].paths.map((_, p) => name(0, 0, p)),
    '= 1',
  );
  lines.push('Binary');
  msgs.forEach((m, i) => {
    for (let s = 0; s < steps; s++) lines.push(` ${m.paths.map((_, p) => name(i, s, p)).join(' ')}`);
  });
  lines.push('End');
  return lines.join('\n');
}

/**
 * Lowers the steps of `start` one at a time with the solver, each model given the time left until
 * `deadline` (Date.now() ms): ends at the lower bound, at an infeasible model (the best is then
 * optimal over these routes), at a model the solver could not decide in time, or when asked to stop
 * (checked again after each model is written, before the solver starts).
 */
export function* exactSearch(
  routes: NocRoutes,
  start: NocPlan,
  lowerBound: number,
  solve: LpSolve,
  deadline: number,
  ctx: JobContext<never>,
  report: {
    found?(plan: NocPlan): void;
    progress?(p: SearchProgress): void;
    /** At the end: the steps proved optimal, or null; and the fewest longer routes, when proved. */
    proved?(steps: number | null, fewestLonger: number | null): void;
  } = {},
): Job<ExactOutcome> {
  const msgs = routedMessages(routes, start);
  let best = start;
  let proved: number | null = start.steps.length <= lowerBound ? start.steps.length : null;
  let fewestLonger: number | null = null;
  while (best.steps.length > lowerBound && !ctx.stopping) {
    const target = best.steps.length - 1;
    // The method makes no moves and sees no conflicts: its progress is the model it is about to solve.
    const say = (more: Pick<SearchProgress, 'note' | 'quietMs'>) =>
      report.progress?.({
        target,
        best: best.steps.length,
        lowerBound,
        conflicts: [],
        moves: 0,
        maxMoves: 0,
        ...more,
      });
    const variables = msgs.reduce((n, m) => n + m.paths.length, 0) * target;
    if (variables > EXACT_MAX_VARIABLES) {
      say({
        note: `too big for the exact method: ${variables.toLocaleString('en-US')} variables for ${target} steps, at most ${EXACT_MAX_VARIABLES.toLocaleString('en-US')}`,
      });
      break;
    }
    // The solver's call is one piece: said beforehand, so the page waits that long for the worker.
    say({ quietMs: Math.max(0, deadline - Date.now()) });
    yield;
    const model = exactModel(msgs, target, routes);
    const seconds = (deadline - Date.now()) / 1e3;
    if (ctx.stopping || seconds <= 0) break;
    const solution = solve(model, { time_limit: seconds });
    if (solution.Status === 'Infeasible') {
      proved = best.steps.length;
      break;
    }
    if (solution.Status !== 'Optimal') break; // undecided in time: the best stays, unproved
    best = planOf(msgs, target, routes, solution.Columns);
    report.found?.(best);
    if (best.steps.length <= lowerBound) proved = best.steps.length;
  }
  // Routes longer than the shortest were offered and used: the schedule of the same steps that uses
  // the fewest of them (the solver minimises their number; undecided in time, the best stays).
  if (routes.slack > 0 && longerRoutes(routes, best) > 0 && !ctx.stopping) {
    yield;
    const target = best.steps.length;
    const model = exactModel(msgs, target, routes, true);
    const seconds = (deadline - Date.now()) / 1e3;
    const solution = seconds > 0 && !ctx.stopping ? solve(model, { time_limit: seconds }) : null;
    if (solution?.Status === 'Optimal') {
      best = planOf(msgs, target, routes, solution.Columns);
      fewestLonger = longerRoutes(routes, best);
      report.found?.(best);
    }
  } else if (routes.slack > 0) fewestLonger = 0;
  report.proved?.(proved, fewestLonger);
  return { plan: best, proved, fewestLonger };
}

/** The schedule a solution describes: each message at the (step, path) whose variable is 1. */
function planOf(
  msgs: readonly RoutedMessage[],
  steps: number,
  routes: NocRoutes,
  columns: Record<string, { Primal?: number }>,
): NocPlan {
  const chosen = (i: number): [number, number] => {
    for (let s = 0; s < steps; s++)
      for (let p = 0; p < msgs[i].paths.length; p++)
        if ((columns[`x${i}_${s}_${p}`]?.Primal ?? 0) > 0.5) return [s, p];
    throw new Error(`the solver's solution places no route for message ${i}`);
  };
  return planOfChoices(routes, msgs, steps, chosen);
}
