import { valueIssues, type ParamDef, type ParamIssue, type ParamValues } from './params/schema';
import type { AlgorithmCard, AlgorithmSpec } from './spec';

/**
 * Parameters that break a rule across them (a flit must divide a packet, …): what a card's `parse`
 * throws, every rule broken listed in `issues` (the message is the first one's).
 */
export class ConfigError extends Error {
  constructor(readonly issues: readonly ParamIssue[]) {
    super(issues[0]?.message ?? 'invalid parameters');
    this.name = 'ConfigError';
  }
}

/** The configuration `make` reads, or a ConfigError listing `issues` when there are any (then `make` is not called). */
export function checked<C>(issues: readonly ParamIssue[], make: () => C): C {
  if (issues.length) throw new ConfigError(issues);
  return make();
}

/**
 * A card's `parse` from its parts: every parameter of `defs` checked against its definition (present,
 * within its bounds), then `read` into the configuration, whose rules across parameters `rules` lists.
 * Throws a ConfigError naming what is wrong and the bounds it breaks.
 */
export function parseChecked<C>(
  defs: readonly ParamDef[],
  p: ParamValues,
  read: (p: ParamValues) => C,
  rules: (c: C) => readonly ParamIssue[],
): C {
  const bad = valueIssues(defs, p);
  if (bad.length) throw new ConfigError(bad);
  const c = read(p);
  return checked(rules(c), () => c);
}

/** What a card's `parse` refuses in these parameters, as issues ([] when it accepts them). */
export function configIssues(card: Pick<AlgorithmCard<unknown>, 'parse'>, p: ParamValues): ParamIssue[] {
  try {
    card.parse(p);
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return [...e.issues];
    throw e;
  }
}

/**
 * How the members of cards that share a `parse` take parameters in place of their configuration:
 * the configuration is parsed the first time a parameter object is seen (the page narrates every
 * step of a run with the same parameters; a NoC communication is read once), and each member gets
 * one wrapper, so a card and the algorithm made from it keep the same functions.
 */
interface Erasure<C> {
  cfg(p: ParamValues): C;
  parse(p: ParamValues): ParamValues;
  lift<A extends unknown[], R>(f: (c: C, ...rest: A) => R): (p: ParamValues, ...rest: A) => R;
}

const ERASURES = new WeakMap<object, Erasure<unknown>>();
/** A registry card's `parse` (which gives back the parameters) → its card's own reading into `C`. */
const TYPED_PARSE = new WeakMap<object, (p: ParamValues) => unknown>();

/**
 * What a card's parse reads these parameters into: the card's own configuration `C` even for a card
 * as the registries hold it (its type hidden), for code that compares configurations (tests, tools).
 */
export function configOf(card: Pick<AlgorithmCard, 'parse'>, p: ParamValues): unknown {
  return (TYPED_PARSE.get(card.parse) ?? card.parse)(p);
}

function erasureOf<C>(parse: (p: ParamValues) => C): Erasure<C> {
  const known = ERASURES.get(parse) as Erasure<C> | undefined;
  if (known) return known;
  const seen = new WeakMap<ParamValues, C>();
  const cfg = (p: ParamValues): C => {
    if (seen.has(p)) return seen.get(p)!;
    const c = parse(p);
    seen.set(p, c);
    return c;
  };
  const wrappers = new WeakMap<object, unknown>();
  const e: Erasure<C> = {
    cfg,
    parse: (p) => (cfg(p), p),
    lift<A extends unknown[], R>(f: (c: C, ...rest: A) => R) {
      let g = wrappers.get(f) as ((p: ParamValues, ...rest: A) => R) | undefined;
      if (!g) wrappers.set(f, (g = (p: ParamValues, ...rest: A) => f(cfg(p), ...rest)));
      return g;
    },
  };
  ERASURES.set(parse, e as Erasure<unknown>);
  TYPED_PARSE.set(e.parse, cfg);
  return e;
}

/**
 * A card as the registries hold it, its configuration type hidden: every member takes the
 * parameters and parses them into the card's own configuration, so the page, the URL codec, the
 * command line and tests never see a family's configuration type.
 */
export function cardOnParams<C>(card: AlgorithmCard<C>): AlgorithmCard {
  const e = erasureOf(card.parse);
  const lift = <A extends unknown[], R>(f: ((c: C, ...rest: A) => R) | undefined) => f && e.lift(f);
  return {
    ...card,
    parse: e.parse,
    estimate: e.lift(card.estimate),
    narrate: e.lift(card.narrate),
    narrateStart: lift(card.narrateStart),
    groupsOf: lift(card.groupsOf),
    tree: lift(card.tree),
    blockRoute: lift(card.blockRoute),
  };
}

/** An algorithm whole as the registry holds it, its configuration type hidden (see cardOnParams). */
export function specOnParams<C>(spec: AlgorithmSpec<C>): AlgorithmSpec {
  const e = erasureOf(spec.parse);
  const lift = <A extends unknown[], R>(f: ((c: C, ...rest: A) => R) | undefined) => f && e.lift(f);
  const { stepSeconds, modelCosts } = spec;
  return {
    ...cardOnParams(spec),
    build: e.lift(spec.build),
    stepSeconds: stepSeconds && ((s, usage, p) => stepSeconds(s, usage, e.cfg(p))),
    modelCosts: modelCosts && ((s, usage, p) => modelCosts(s, usage, e.cfg(p))),
    formulas: e.lift(spec.formulas),
    formulaWork: lift(spec.formulaWork),
    lowerBounds: lift(spec.lowerBounds),
    search: lift(spec.search),
    splitSearch: lift(spec.splitSearch),
    chainWorker: lift(spec.chainWorker),
    model: lift(spec.model),
  };
}
