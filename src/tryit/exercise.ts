import { listedBlocks, type Collective, type ListedBlocks, type Schedule } from '../kernel/model/schedule';
import type { Topology, NetworkKind } from '../kernel/model/topology';
import { defaultsOf, type ParamValues } from '../kernel/params/schema';
import type { PaperRef } from '../kernel/spec';
import { verify } from '../kernel/verify/verifier';
import { BROWSER_LIMITS, checkRun, InputError, paramsFromRaw } from '../limits';
import { ALGORITHMS, findAlgorithm } from '../registry';
import { realNodesOf } from '../result';
import { offsetOfLinks, circuitChoices, onChoices } from './circuit-choices';
import { bindingBound, exerciseBounds, type TryBound } from './bounds';
import { exerciseModel, type ExerciseModel, type TryRules } from './exercise-model';
import { goalWords, startWords, targetOf } from './exercise-words';
import { attemptTime, type AttemptTime } from './attempt-time';
import { oneBlockFaults } from './attempt-rules';
import { checkTrySize, processorsAsked, TRY_SIZES, TryInputError } from './try-limits';

/**
 * An exercise: an algorithm's configuration, done by hand. Its network, blocks (who holds what at
 * the start and who must hold what at the end) and ports are those the algorithm's own build
 * gives; its rules are its model's (exercise-model.ts); its bounds say how well anyone can do, and
 * the algorithm's schedule is what the attempt is compared with (and the hints come from).
 */
export interface ExerciseKey {
  algorithm: string;
  /** Parameters that differ from the card's defaults, as text (the permalink's form). */
  params: Readonly<Record<string, string>>;
  rules: TryRules;
}

/** The algorithm's own schedule, as the attempt is compared with it. */
export interface Reference {
  algorithm: string;
  name: string;
  /** On the exercise's network (the circuit switch's links renamed to the exercise's choices). */
  schedule: Schedule;
  steps: number;
  time: AttemptTime;
  /** Whether the algorithm keeps the exercise's rules (a one-port ring need not be its model). */
  followsRules: boolean;
  /** What it breaks, when it does. */
  note?: string;
}

export interface Exercise {
  key: ExerciseKey;
  algorithm: string;
  name: string;
  family: string;
  paper: PaperRef;
  kind: NetworkKind;
  collective: Collective;
  params: ParamValues;
  topology: Topology;
  /** Processors the configuration asked for; any above are a construction's dummies. */
  realNodes: number;
  blocks: ListedBlocks;
  model: ExerciseModel;
  reduction: boolean;
  /** The student sets the circuits of each step. */
  circuits: boolean;
  start: string;
  goal: string;
  /** Row v, column b: 1 where node v must hold block b at the end (the holdings matrix's target). */
  target: Uint8Array;
  bounds: TryBound[];
  /** The largest bound in steps that every schedule obeys. */
  binding: TryBound;
  reference: Reference;
}

/** Algorithms that make exercises: every one whose model "Try it" has sizes for. */
export const EXERCISE_ALGORITHMS: readonly string[] = ALGORITHMS.filter((a) => TRY_SIZES[a.topology]).map(
  (a) => a.id,
);

/** The key with only the parameters that differ from the defaults, as text. */
function canonicalKey(
  algorithm: string,
  values: ParamValues,
  defaults: ParamValues,
  rules: TryRules,
): ExerciseKey {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== defaults[k]) params[k] = String(v);
  const r: TryRules = {};
  if (rules.onePort) r.onePort = true;
  if (rules.oneBlock) r.oneBlock = true;
  return { algorithm, params, rules: r };
}

/**
 * The exercise a key names. Throws TryInputError, saying what is wrong and what is allowed, for an
 * unknown algorithm, bad parameters, a network beyond TRY_SIZES or options its model has not.
 */
export function makeExercise(key: {
  algorithm: string;
  params?: Readonly<Record<string, string>>;
  rules?: TryRules;
}): Exercise {
  const spec = findAlgorithm(key.algorithm);
  if (!spec || !EXERCISE_ALGORITHMS.includes(spec.id))
    throw new TryInputError(
      `there is no exercise "${key.algorithm}"; exercises are made from ${EXERCISE_ALGORITHMS.join(', ')}`,
    );
  let params: ParamValues;
  try {
    params = paramsFromRaw(spec, { ...(key.params ?? {}) });
  } catch (e) {
    throw new TryInputError(e instanceof InputError ? e.message : String(e));
  }
  const kind = spec.topology;
  checkTrySize(kind, processorsAsked(kind, params));
  const issues = checkRun(spec, params, BROWSER_LIMITS);
  if (issues.length) throw new TryInputError(issues[0].message, issues);
  const built = spec.build(params);
  const machine = built.topology.nodeCount;
  checkTrySize(kind, machine, machine > realNodesOf(params, built.topology) ? ' (dummies included)' : '');
  const rules = key.rules ?? {};
  const circuits = kind === 'circuit';
  const topology = circuits ? circuitChoices(machine) : built.topology;
  const blocks = listedBlocks(built.schedule.blocks, machine);
  const model = exerciseModel(kind, topology, built.schedule.ports, rules);
  const reduction = spec.collective === 'allreduce';
  const refSchedule = circuits ? onChoices(built.topology, built.schedule) : built.schedule;
  const ruled: Schedule = { ...refSchedule, ports: model.ports };
  const { report } = verify(ruled, topology);
  const heavy = model.oneBlock ? oneBlockFaults(ruled) : 0;
  const offsets = circuits ? refOffsets(ruled, machine) : undefined;
  const bounds = exerciseBounds({
    kind,
    algorithm: spec.id,
    collective: spec.collective,
    params,
    topology,
    blocks,
    model,
    reduction,
  });
  const broken = Object.keys(report.counts).join(', ');
  return {
    key: canonicalKey(spec.id, params, defaultsOf(spec.params), rules),
    algorithm: spec.id,
    name: spec.name,
    family: spec.family,
    paper: spec.paper,
    kind,
    collective: spec.collective,
    params,
    topology,
    realNodes: realNodesOf(params, built.topology),
    blocks,
    model,
    reduction,
    circuits,
    start: startWords({ collective: spec.collective, blocks, processors: machine, reduction }),
    goal: goalWords({ collective: spec.collective, blocks, processors: machine, reduction, goal: spec.goal }),
    target: targetOf(blocks, machine),
    bounds,
    binding: bindingBound(bounds),
    reference: {
      algorithm: spec.id,
      name: spec.name,
      schedule: refSchedule,
      steps: refSchedule.stepCount,
      time: attemptTime({ kind, params, topology, offsets }, ruled, report.usage),
      followsRules: report.ok && heavy === 0,
      ...(report.ok && heavy === 0
        ? {}
        : {
            note: `${spec.name} does not keep this exercise's rules (${[broken, heavy ? 'several blocks per transfer' : ''].filter(Boolean).join(', ')}): its numbers are for its own model`,
          }),
    },
  };
}

/** The offset in force in each step of a schedule on the exercise's switch. */
function refOffsets(s: Schedule, n: number): number[] {
  const a = s.activeLinks;
  return Array.from({ length: s.stepCount }, (_, i) =>
    a ? (offsetOfLinks(n, a.links.subarray(a.stepStart[i], a.stepStart[i + 1])) ?? 1) : 1,
  );
}

/** The last exercises made, by key (the worker asks again after every change). */
const made = new Map<string, Exercise>();
const KEPT = 4;

/** makeExercise, remembered for the last few keys. */
export function exerciseOf(key: {
  algorithm: string;
  params?: Readonly<Record<string, string>>;
  rules?: TryRules;
}): Exercise {
  const id = JSON.stringify([key.algorithm, Object.entries(key.params ?? {}).sort(), key.rules ?? {}]);
  const hit = made.get(id);
  if (hit) return hit;
  const ex = makeExercise(key);
  made.set(id, ex);
  if (made.size > KEPT) made.delete(made.keys().next().value as string);
  return ex;
}
