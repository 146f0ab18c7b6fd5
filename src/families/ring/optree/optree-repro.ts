/**
 * Paper checks of the OpTree paper (Dai, Chen, Huang, Zhang): Table 1 (step counts), Tables 2 and 3
 * (average performance difference of OpTree over WRHT, Ring and NE) and the motivating example of
 * Sec. III.C. Each row: the printed number, what the paper's own formulas give, and what our
 * constructed, verified schedules give. What we found about the printed numbers is in
 * docs/models/optree.md ("The paper check").
 */
import type { Runner } from '../../../runner';
import {
  lemma1Line,
  lemma1Ring,
  lemma3Depth,
  lemma3DepthRounded,
  osmSteps,
  theorem1Steps,
  theorem2Steps,
  wrhtSteps,
} from './optree-formulas';
import { planFor, radicesForDepth } from './optree-plan';
import { bestTree } from './optree-search';
import { countOptree } from './optree-stages';
import { stepSeconds, timeModelOf } from '../wdm-ring-time';
import { defaultsWith, type ParamValues } from '../../../kernel/params/schema';
import { type Limits } from '../../../limits';
import { type RunResult } from '../../../result';
import type { Reproduction, ReproRow } from '../../../kernel/experiment';
import { OPTREE_TABLE1, OPTREE_TABLE2, OPTREE_TABLE3, OPTREE_MOTIVATION } from './optree-repro.card';

const MB = 2 ** 20;
/** Message sizes of Sec. V.D and V.E: 4 MB to 128 MB. */
export const TABLE_SIZES = [4, 8, 16, 32, 64, 128].map((x) => x * MB);

function params(alg: string, extra: Record<string, number | string>, runner: Runner): ParamValues {
  return defaultsWith(runner.findAlgorithm(alg), alg, extra);
}

function build(
  alg: string,
  extra: Record<string, number | string>,
  limits: Limits,
  runner: Runner,
): RunResult {
  const r = runner.run(alg, params(alg, extra, runner), limits);
  if (!r.report.ok) throw new Error(`${alg} ${JSON.stringify(extra)}: the schedule fails verification`);
  return r;
}

/** Seconds of a verified schedule under eq. 3 for another message size d (the schedule is the same). */
function secondsAt(r: RunResult, d: number, runner: Runner): number {
  const spec = runner.findAlgorithm(r.algorithm)!;
  const s = { ...r.schedule, blocks: { ...r.schedule.blocks, bytes: d } };
  return runner.measure(spec, s, r.report.usage, { ...r.params, 'message-bytes': d }).summary.seconds;
}

/** Steps of OpTree at Lemma 3's k* (arities radicesForDepth), by the builder's own assignment. */
function optreeAtKStar(n: number, w: number): { radices: number[]; steps: number } {
  const radices = radicesForDepth(n, lemma3Depth(n));
  const steps = countOptree(planFor(n, radices), w).reduce((s, r) => s + r.steps, 0);
  return { radices, steps };
}

const pct = (x: number) => Math.round(x * 1e4) / 1e2;
/** The paper's percentages are cut, not rounded, to two decimals. */
const truncPct = (x: number) => Math.trunc(x * 1e4) / 1e2;

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}
function sd(xs: readonly number[], sample: boolean): number {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - (sample ? 1 : 0)));
}

const RIVALS = [
  { id: 'wrht', name: 'WRHT' },
  { id: 'ring-allgather', name: 'Ring' },
  { id: 'neighbor-exchange', name: 'NE' },
] as const;

/** Table 1's step formula of a rival (WRHT as printed in the table). */
function rivalSteps(id: string, n: number, w: number, variant: 'table' | 'alternative' = 'table'): number {
  if (id === 'ring-allgather') return n - 1;
  if (id === 'neighbor-exchange') return n / 2;
  return wrhtSteps(n, w, variant);
}

export const optreeTable1: Reproduction<Runner> = {
  ...OPTREE_TABLE1,
  run(limits, runner) {
    const n = 1024;
    const w = 64;
    const at = { nodes: n, wavelengths: w };
    const steps = (alg: string, extra = {}) => build(alg, { ...at, ...extra }, limits, runner).summary.steps;
    const kStar = lemma3Depth(n);
    const best = bestTree(n, w);
    const rows: ReproRow[] = [
      { label: 'Ring', paper: 1023, computed: n - 1, constructed: steps('ring-allgather'), unit: 'steps' },
      { label: 'NE', paper: 512, computed: n / 2, constructed: steps('neighbor-exchange'), unit: 'steps' },
      {
        label: 'WRHT',
        paper: 259,
        computed: wrhtSteps(n, w),
        constructed: steps('wrht'),
        unit: 'steps',
        note:
          'The collection part (130 steps) is constructed as printed; the broadcast is our relay reconstruction, ' +
          'which needs 98 steps where the formula counts 129 (docs/models/wrht.md).',
      },
      {
        label: 'OSM (one-stage)',
        paper: 128,
        computed: osmSteps(n, w),
        constructed: steps('one-stage'),
        unit: 'steps',
        note:
          'The printed 128 does not follow from the printed formula ⌈N²/(8w)⌉ = 2048, which our construction ' +
          'meets exactly. 128 = N/8: the value of the formula with N instead of N² and without w.',
      },
      {
        label: `OpTree at k* = ${kStar}`,
        paper: 70,
        computed: theorem2Steps(n, w),
        constructed: steps('optree', { depth: kStar }),
        unit: 'steps',
        note:
          `Constructed with the arities ${radicesForDepth(n, kStar).join(',')} (product 1024). Eq. 1 drops the ` +
          'per-stage ceilings and assumes equal arities N^(1/k) = 2.69, which no whole-number tree has.',
      },
      {
        label: 'OpTree, best tree by exhaustive search',
        paper: 70,
        computed: theorem2Steps(n, w),
        constructed: best.best.steps,
        unit: 'steps',
        note: `Arities ${best.best.radices.join(',')} (depth ${best.best.radices.length}); ${best.measured} of ${best.candidates} candidate trees measured, the rest bounded out.`,
      },
      {
        label: 'OpTree k* (Lemma 3)',
        paper: 7,
        computed: kStar,
        constructed: best.best.radices.length,
        unit: 'stages',
        note: `Continuous optimum 6.39; the printed ceiling gives 7, the nearest whole number 6. Constructed: depth of the best tree found.`,
      },
    ];
    // Sec. V.B names the optimal depths found by simulation for 512 … 4096 nodes.
    const simulated: Record<number, number> = { 512: 6, 1024: 6, 2048: 7, 4096: 8 };
    for (const size of [512, 1024, 2048, 4096]) {
      const b = bestTree(size, w);
      rows.push({
        label: `Optimal depth, N = ${size} (Sec. V.B)`,
        paper: simulated[size],
        computed: lemma3Depth(size),
        constructed: b.best.radices.length,
        unit: 'stages',
        note:
          `Lemma 3 read with the nearest whole number gives ${lemma3DepthRounded(size)}, matching the printed depth` +
          `${lemma3DepthRounded(size) === simulated[size] ? '' : ' not'}; the ceiling as printed gives ${lemma3Depth(size)}. ` +
          `Best constructed tree: ${b.best.radices.join(',')} (${b.best.steps} steps).`,
      });
    }
    return rows;
  },
};

/** APD rows of one configuration list (Tables 2 and 3). */
function apdRows(
  configs: { key: string; n: number; w: number; printed: Record<string, number>; wUsed?: number }[],
  averages: Record<string, { avg: number; sd: number }>,
  limits: Limits,
  runner: Runner,
): ReproRow[] {
  const rows: ReproRow[] = [];
  const computedBy: Record<string, number[]> = {};
  const constructedBy: Record<string, number[]> = {};
  for (const c of configs) {
    const model = timeModelOf(params('optree', {}, runner));
    const opt = optreeAtKStar(c.n, c.w);
    const oSteps = theorem2Steps(c.n, c.w);
    for (const rival of RIVALS) {
      // Formula: eq. 3 with Table 1's step counts; every algorithm pays the same per step, so the
      // difference is 1 − S_OpTree/S_rival for every message size.
      const rSteps = rivalSteps(rival.id, c.n, c.w);
      const computed = 1 - oSteps / rSteps;
      // Constructed: eq. 3 time of the verified rival schedule against OpTree at k* (all lightpaths
      // carry one block, so OpTree's time is its steps times the time of one step).
      const r = build(rival.id, { nodes: c.n, wavelengths: c.w }, limits, runner);
      const diffs = TABLE_SIZES.map((d) => {
        const tO = opt.steps * stepSeconds(model, d);
        const tR = secondsAt(r, d, runner);
        return 1 - tO / tR;
      });
      const constructed = mean(diffs);
      (computedBy[rival.name] ??= []).push(computed);
      (constructedBy[rival.name] ??= []).push(constructed);
      const printed = c.printed[rival.name];
      let note: string | undefined;
      if (truncPct(computed) === printed && pct(computed) !== printed)
        note = `The printed ${printed} % is the computed ${pct(computed)} % cut (not rounded) to two decimals.`;
      else if (truncPct(computed) !== printed) {
        const alt = 1 - oSteps / rivalSteps(rival.id, c.n, c.w, 'alternative');
        const other = c.wUsed ? 1 - theorem2Steps(c.n, c.wUsed) / rivalSteps(rival.id, c.n, c.wUsed) : NaN;
        note =
          truncPct(alt) === printed
            ? `Reproduced by WRHT's other variant (θ·m̄^(θ−1) broadcast steps): ${truncPct(alt)} %.`
            : truncPct(other) === printed
              ? `Reproduced with w = ${c.wUsed} (the text's Fig. 7(d) value) instead of the column's ${c.w}: ${truncPct(other)} %.`
              : 'No reading we tried reproduces the printed value.';
      }
      rows.push({
        label: `${rival.name}, ${c.key}`,
        paper: printed,
        computed: pct(computed),
        constructed: pct(constructed),
        unit: '%',
        note:
          note ??
          `Computed: 1 − S_OpTree/S_${rival.name} with S_OpTree = ${oSteps} (Theorem 2), S_${rival.name} = ${rSteps} (Table 1). ` +
            `Constructed: OpTree at k* (arities ${opt.radices.join(',')}, ${opt.steps} steps) against the verified ` +
            `${rival.name} schedule (${r.summary.steps} steps), eq. 3 time averaged over 4–128 MB.`,
      });
    }
  }
  for (const rival of RIVALS) {
    const xs = computedBy[rival.name];
    const ys = constructedBy[rival.name];
    const printed = averages[rival.name];
    // The printed summary columns, recomputed from the printed per-column values.
    const cols = configs.map((c) => c.printed[rival.name] / 100);
    rows.push({
      label: `${rival.name}, average`,
      paper: printed.avg,
      computed: pct(mean(xs)),
      constructed: pct(mean(ys)),
      unit: '%',
      note: `Mean over the columns. The mean of the printed columns is ${pct(mean(cols))} %.`,
    });
    rows.push({
      label: `${rival.name}, standard deviation`,
      paper: printed.sd,
      computed: pct(sd(xs, false)),
      constructed: pct(sd(ys, false)),
      unit: '%',
      note:
        `Population SD over the columns (divide by n). Of the printed columns: population ${pct(sd(cols, false))} %, ` +
        `sample (divide by n − 1) ${pct(sd(cols, true))} %.`,
    });
  }
  return rows;
}

export const optreeTable2: Reproduction<Runner> = {
  ...OPTREE_TABLE2,
  run(limits, runner) {
    const printed: Record<number, Record<string, number>> = {
      512: { WRHT: 87.64, Ring: 93.73, NE: 87.5 },
      1024: { WRHT: 72.97, Ring: 93.15, NE: 86.32 },
      2048: { WRHT: 39.76, Ring: 92.37, NE: 84.76 },
      4096: { WRHT: -31.27, Ring: 91.69, NE: 83.39 },
    };
    return apdRows(
      [512, 1024, 2048, 4096].map((n) => ({ key: `N = ${n}`, n, w: 64, printed: printed[n] })),
      { WRHT: { avg: 42.27, sd: 45.87 }, Ring: { avg: 92.74, sd: 0.77 }, NE: { avg: 85.49, sd: 1.55 } },
      limits,
      runner,
    );
  },
};

export const optreeTable3: Reproduction<Runner> = {
  ...OPTREE_TABLE3,
  run(limits, runner) {
    const printed: Record<number, Record<string, number>> = {
      4: { WRHT: 62.75, Ring: -9.48, NE: -118.75 },
      16: { WRHT: -180, Ring: 72.62, NE: 45.31 },
      64: { WRHT: 72.97, Ring: 93.15, NE: 86.32 },
      256: { WRHT: 93.2, Ring: 96.57, NE: 93.16 },
    };
    return apdRows(
      [4, 16, 64, 256].map((w) => ({
        key: `w = ${w}`,
        n: 1024,
        w,
        printed: printed[w],
        wUsed: w === 256 ? 128 : undefined,
      })),
      { WRHT: { avg: 12.23, sd: 111.52 }, Ring: { avg: 63.22, sd: 42.96 }, NE: { avg: 26.51, sd: 85.84 } },
      limits,
      runner,
    );
  },
};

export const optreeMotivation: Reproduction<Runner> = {
  ...OPTREE_MOTIVATION,
  run(limits, runner) {
    const n = 16;
    const w = 2;
    const rows: ReproRow[] = [];
    const scheme = (
      name: string,
      alg: string,
      extra: Record<string, number | string>,
      printed: { wavelengths: number[]; steps: number },
      computed: number[],
      note: string,
    ) => {
      const r = build(alg, { nodes: n, wavelengths: w, ...extra }, limits, runner);
      const stages = r.stages ?? [];
      printed.wavelengths.forEach((value, j) =>
        rows.push({
          label: `${name}: wavelengths of stage ${j + 1}`,
          paper: value,
          computed: computed[j],
          constructed: stages[j]?.wavelengthsUsed ?? null,
          unit: 'wavelengths',
          note: j === 0 ? note : undefined,
        }),
      );
      rows.push({
        label: `${name}: steps`,
        paper: printed.steps,
        computed: computed.reduce((s, x) => s + Math.ceil(x / w), 0),
        constructed: r.summary.steps,
        unit: 'steps',
        note: `Constructed stages: ${stages.map((s) => `${s.steps} steps (load ${s.loadBound})`).join(', ')}.`,
      });
    };
    scheme(
      'One-stage',
      'one-stage',
      {},
      { wavelengths: [32], steps: 16 },
      [lemma1Ring(16)],
      'Lemma 1: ⌈16²/8⌉ = 32 wavelengths, ⌈32/2⌉ = 16 steps.',
    );
    scheme(
      'Two-stage 4-ary tree',
      'optree',
      { radices: '4,4' },
      { wavelengths: [8, 16], steps: 12 },
      [4 * lemma1Ring(4), 4 * lemma1Line(4)],
      'Stage 1: 4 subsets share the ring, 4·⌈4²/8⌉ = 8; stage 2: each node sends 4 blocks inside its group, 4·⌊4²/4⌋ = 16.',
    );
    scheme(
      'Three-stage 3-ary tree (paper’s arithmetic: arities 2,3,3)',
      'optree',
      { radices: '2,3,3' },
      { wavelengths: [8, 12, 12], steps: 16 },
      [8 * lemma1Ring(2), 2 * 3 * lemma1Line(3), 6 * lemma1Line(3)],
      'The printed stage loads 8·⌈2²/8⌉, 2·3·⌈3²/4⌉ and 6·⌈3²/4⌉ describe a tree that splits 16 nodes into 2 groups of 8 ' +
        'and then 3 ways (3, 3, 2). They equal 8, 12, 12 only with Lemma 1’s line bound ⌊3²/4⌋ = 2; ⌈3²/4⌉ = 3 would give 18.',
    );
    scheme(
      'Three-stage 3-ary tree (arities 3,3,3, 11 virtual slots)',
      'optree',
      { radices: '3,3,3' },
      { wavelengths: [8, 12, 12], steps: 16 },
      [8 * lemma1Ring(2), 2 * 3 * lemma1Line(3), 6 * lemma1Line(3)],
      'Our reading of "3-ary" with 27 leaf slots, 16 of them real (docs/models/optree.md); the paper’s numbers repeated for comparison.',
    );
    // The paper's own closed form for a three-stage tree on this ring, beside its worked arithmetic.
    const theorem = theorem1Steps(n, w, 3);
    rows.push({
      label: 'Three-stage tree: steps by Theorem 1 (eq. 1, k = 3)',
      paper: 16,
      computed: theorem,
      constructed: build('optree', { nodes: n, wavelengths: w, radices: '3,3,3' }, limits, runner).summary
        .steps,
      unit: 'steps',
      note:
        `Theorem 1 gives ⌈(2k−1)·N^(1+1/k)/(8w)⌉ = ${theorem} steps for N = 16, w = 2, k = 3, while the worked ` +
        'example counts 16. The theorem assumes equal arities N^(1/3) ≈ 2.52 and rounds once at the end; the ' +
        'example rounds each stage’s wavelengths up to whole steps (8/2 + 12/2 + 12/2). The paper does not ' +
        'reconcile the two; the constructed 3,3,3 tree lies between them.',
    });
    return rows;
  },
};

export const OPTREE_REPRODUCTIONS: readonly Reproduction<Runner>[] = [
  optreeTable1,
  optreeTable2,
  optreeTable3,
  optreeMotivation,
];
