import type { ReproRow, Reproduction } from '../../kernel/experiment';
import { runToEnd, SILENT } from '../../kernel/jobs';
import { defaultsOf, type ParamValue } from '../../kernel/params/schema';
import type { Built } from '../../kernel/spec';
import type { Limits } from '../../limits';
import type { Runner } from '../../runner';
import { checkRun, InputError } from '../../limits';
import { FIG3_DETOUR, FIG3_SCATTER } from './noc-fig3';
import { networkOf } from './noc-params';
import { longerRoutes, NocRoutes } from './noc-paths';
import { NOC_FIG3, NOC_TABLE2 } from './noc-repro.card';
import { nocBroadcastCard, nocScatterCard } from './noc.card';

type Overrides = Record<string, ParamValue>;

/** A row of Table 2 as CASES writes it, its columns named. */
type Row = [
  label: string,
  senders: string,
  receivers: string,
  lower: [broadcast: number, scatter: number],
  upper: [broadcast: number, scatter: number],
  seed: number,
  moves: number,
];

/**
 * Table 2's cases, a row each as the table has them: T and R as ranges, the paper's lower and upper
 * bounds [broadcast, scatter], then how our scatter is searched: the hybrid with this seed and move
 * budget (seed 7 is the first of 1–10 that reaches 16 steps for all 16 to all 16; seed 1 stops at 17).
 */
const CASES = (
  [
    ['8 to the same 8', '0-7', '0-7', [7, 7], [7, 10], 1, 100_000],
    ['8 to the other 8', '0-7', '8-15', [8, 10], [8, 10], 1, 2_000_000],
    ['8 to all 16', '0-7', '0-15', [8, 15], [8, 15], 1, 2_000_000],
    ['all 16 to all 16', '0-15', '0-15', [15, 15], [15, 17], 7, 2_000_000],
  ] satisfies Row[]
).map(([label, senders, receivers, lower, upper, seed, moves]) => ({
  label,
  senders,
  receivers,
  lower,
  upper,
  seed,
  moves,
}));

/** Moves of each broadcast search (seed 1 reaches 9 steps, the optimum, in both cases that start above it). */
const BROADCAST_MOVES = 200_000;

/**
 * A time limit far above what the searches here need: their move budgets, not the machine's speed,
 * end them (or their lower bound does), so the check gives the same steps everywhere.
 */
const GENEROUS_SECONDS = 600;

/**
 * The readings under which the paper's 8 steps for the two broadcasts whose receivers are not all
 * senders are reachable (ours: 9 with the paper's model and the placement of its lower bounds), each
 * a configuration the page opens in one click.
 */
const READINGS: readonly { what: string; overrides: (receivers: string) => Overrides; why: string }[] = [
  {
    what: 'messages combine',
    overrides: () => ({ combine: 'yes', method: 'constructive' }),
    why: 'a message carries every block its sender holds that its receiver lacks (combine = yes), not one block; our greedy for combined messages',
  },
  {
    what: 'the “opposite” placement',
    // Seed 5 is the first of 1–5 whose search reaches 8 for 8 to all 16 in a million moves.
    overrides: (r) => ({ placement: 'opposite', seed: r === '0-15' ? 5 : 1, moves: 1_000_000 }),
    why: 'router j serves processors j and 15 − j, facing each other across Fig. 4’s chip, so every sender shares its router with another processor and the first step can reach every receiver; the hybrid search',
  },
  {
    what: 'two ports',
    overrides: () => ({ ports: 2 }),
    why: 'each processor injects and absorbs two messages a step (ports = 2); the hybrid search',
  },
];

/** A search run to its end, verified: the result, and when (moves, seconds) its last schedule was found. */
function searched(id: string, overrides: Overrides, limits: Limits, runner: Runner) {
  const spec = runner.findAlgorithm(id)!;
  const params = { ...defaultsOf(spec.params), 'time-limit': GENEROUS_SECONDS, ...overrides };
  const issues = checkRun(spec, params, limits);
  if (issues.length) throw new InputError(issues[0].message, issues);
  const t0 = Date.now();
  let built: Built = spec.build(params);
  // A schedule found in a round is reported before the round's moves: the next report counts them.
  const found = { any: false, moves: 0, seconds: 0 };
  let counting = false;
  if (spec.search)
    runToEnd(
      spec.search(params, SILENT, {
        found: (b) => {
          built = b;
          [found.any, found.seconds, counting] = [true, (Date.now() - t0) / 1e3, true];
        },
        progress: (g) => {
          if (counting) [found.moves, counting] = [g.moves, false];
        },
      }),
    );
  const r = runner.resultOf(spec, params, built, t0);
  if (!r.report.ok) throw new Error(`${id} ${JSON.stringify(overrides)}: the schedule failed verification`);
  return { r, found, open: { algorithm: id, params } };
}

/** How a search's schedule was found, in words (moves decide; the seconds are this machine's). */
function how(
  method: string,
  seed: number,
  budget: number,
  found: { any: boolean; moves: number; seconds: number },
): string {
  const when = found.any
    ? `found within ${found.moves.toLocaleString('en-US')} moves (${found.seconds.toFixed(1)} s on the machine that ran this check)`
    : 'the constructive schedule, which the search did not better';
  return `${method}, seed ${seed}, at most ${budget.toLocaleString('en-US')} moves: ${when}`;
}

/**
 * Each of Table 2's numbers beside ours: the paper's lower bound beside our binding bound (computed),
 * its upper bound (a schedule its evolutionary search found) beside the steps of our verified
 * schedule (the hybrid search from the constructive schedule, broadcasts with relays in its genes),
 * with the seed, method and moves that found it; and, beside the paper's 8 for the two broadcasts we
 * take 9 steps for, the three readings under which 8 is reachable.
 */
export const nocTable2: Reproduction<Runner> = {
  ...NOC_TABLE2,
  run(limits: Limits, runner: Runner) {
    const rows: ReproRow[] = [];
    for (const k of CASES)
      (['broadcast', 'scatter'] as const).forEach((kind, i) => {
        const card = kind === 'broadcast' ? nocBroadcastCard : nocScatterCard;
        const base = {
          pattern: kind === 'broadcast' ? 'mnb' : 'mns',
          senders: k.senders,
          receivers: k.receivers,
        };
        const [seed, moves] = kind === 'broadcast' ? [1, BROADCAST_MOVES] : [k.seed, k.moves];
        const { r, found, open } = searched(card.id, { ...base, seed, moves }, limits, runner);
        const bound = r.formulas.find((f) => f.id === 'steps')!;
        const name = kind === 'broadcast' ? 'MNB' : 'MNS';
        const readings = kind === 'broadcast' && bound.formula > k.upper[i];
        rows.push({
          label: `${k.label}, ${name}: lower bound`,
          paper: k.lower[i],
          computed: bound.formula,
          unit: 'steps',
          ...(bound.formula !== k.lower[i]
            ? {
                note:
                  kind === 'broadcast'
                    ? `Ours adds the first step to eq. (2): ${bound.note?.replace(/^.*?\. /, '') ?? ''} The paper's 8 would need every one of them reached at once: the three rows below are readings under which it is.`
                    : `Ours is the busiest cut of the Octagon (bisection 4 links): ${bound.note?.replace(/^.*?\. /, '') ?? ''} The paper's Table 1 bound uses a bisection it does not state.`,
              }
            : {}),
        });
        const steps = r.summary.steps;
        const verdict =
          steps < k.upper[i]
            ? ` Shorter than the paper's${steps <= bound.formula ? ' and equal to our lower bound: optimal' : ''}.`
            : steps > k.upper[i] && kind === 'scatter' && k.label === '8 to the same 8'
              ? ' The paper’s 7 uses non-minimal routes (its footnote); with minimal routes both reach 10, and the exact method proves 10 optimal over them.'
              : readings
                ? ` Our lower bound (the first step): optimal with the placement that reproduces the other lower bounds (router j serves 2j − 1 and 2j), where senders 1–6 share routers 1–3, whose 5 channels out reach at most 7 receivers in the first step. The paper's 8 is reachable under each of the three readings below.`
                : '';
        rows.push({
          label: `${k.label}, ${name}: upper bound (a schedule found)`,
          paper: k.upper[i],
          computed: null,
          constructed: steps,
          unit: 'steps',
          note: `Ours: ${how('hybrid search', seed, moves, found)}.${verdict}`,
          open,
        });
        if (readings)
          READINGS.forEach((reading, j) => {
            const o = reading.overrides(k.receivers);
            const x = searched(card.id, { ...base, seed: 1, moves: BROADCAST_MOVES, ...o }, limits, runner);
            const xb = x.r.formulas.find((f) => f.id === 'steps')!;
            rows.push({
              label: `${k.label}, MNB, reading ${j + 1} of 3 — ${reading.what}: steps`,
              paper: k.upper[i],
              computed: null,
              constructed: x.r.summary.steps,
              unit: 'steps',
              note: `Under this reading ${reading.why}: ${x.r.summary.steps} steps (lower bound ${xb.formula}${x.r.summary.steps <= xb.formula ? ', met: optimal' : ''}). Not the paper’s stated model, which has one block per message, one port and, we read, the shifted placement.`,
              open: x.open,
            });
          });
      });
    // The footnote of Table 2: 7 steps for "8 to the same 8" with non-minimal routes.
    const detour = searched(
      nocScatterCard.id,
      { pattern: 'mns', senders: '0-7', receivers: '0-7', detour: 1, seed: 1, moves: 200_000 },
      limits,
      runner,
    );
    rows.push({
      label: '8 to the same 8, MNS, routes up to 1 hop longer: upper bound (Table 2, footnote *)',
      paper: 7,
      computed: null,
      constructed: detour.r.summary.steps,
      unit: 'steps',
      note: `With routes one router hop longer allowed (detour = 1; the Octagon's odd cycles make such routes, where a mesh's detours are at least 2 hops) the hybrid search meets the bound of 7, as the paper did with non-minimal routing. Ours: ${how('hybrid search', 1, 200_000, detour.found)}.`,
      open: detour.open,
    });
    return rows;
  },
};

/**
 * Fig. 3: a 4 × 4 mesh whose processors have 3 ports, one-to-all scatter from processor 1 (top row,
 * a router with 3 links). 15 messages at 3 a step need 5 steps, every link out of the root busy in
 * each; the link west reaches only column 0 (4 processors) on a shortest path, so the fifth message
 * on it must take a longer route. The exact method proves both: 6 steps with shortest routes only,
 * and, with routes up to 2 hops longer, 5 steps with one longer route and no 5-step schedule with none.
 */
export const nocFig3: Reproduction<Runner> = {
  ...NOC_FIG3,
  run(limits: Limits, runner: Runner) {
    const exact = { ...FIG3_SCATTER, method: 'exact', 'time-limit': 60 };
    const minimal = searched(nocScatterCard.id, { ...exact, detour: 0 }, limits, runner);
    const longer = searched(nocScatterCard.id, { ...exact, detour: FIG3_DETOUR }, limits, runner);
    const bound = minimal.r.formulas.find((f) => f.id === 'steps')!;
    const used = longerRoutes(new NocRoutes(networkOf(longer.open.params)), longer.r.schedule);
    return [
      { label: 'lower bound (15 messages, 3 a step)', paper: 5, computed: bound.formula, unit: 'steps' },
      {
        label: 'shortest routes only: steps of our schedule',
        paper: null,
        computed: null,
        constructed: minimal.r.summary.steps,
        unit: 'steps',
        note: `The exact method (HiGHS): ${minimal.r.variant ?? ''}. By hand: in 5 steps each of the root’s 3 links carries a message every step, but the west link leads on a shortest path only to column 0, 4 processors; a fifth message there must go round.`,
        open: minimal.open,
      },
      {
        label: 'routes up to 2 hops longer: steps of our schedule',
        paper: 5,
        computed: null,
        constructed: longer.r.summary.steps,
        unit: 'steps',
        note: `The exact method (HiGHS): ${longer.r.variant ?? ''}. This is the schedule the scene noc-fig3 shows.`,
        open: longer.open,
      },
      {
        label: 'routes longer than the shortest in that schedule',
        paper: null,
        computed: null,
        constructed: used,
        unit: 'messages',
        note: `Counted on the verified schedule: ${used} of its 15 messages take${used === 1 ? 's' : ''} a route longer than the shortest from its sender’s router to its receiver’s (2 hops longer: on a mesh every detour is). The solver minimised this count over every 5-step schedule, so none has fewer; Fig. 3 draws one, in its last step.`,
        open: longer.open,
      },
    ];
  },
};
