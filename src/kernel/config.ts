import type { ParamIssue, ParamValues } from './params/schema';
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
 * One card's configuration per parameter object, parsed the first time it is asked for: the page
 * narrates every step of a run with the same parameters, and a NoC communication is read only once.
 */
function memoParse<C>(parse: (p: ParamValues) => C): (p: ParamValues) => C {
  const seen = new WeakMap<ParamValues, C>();
  return (p) => {
    if (seen.has(p)) return seen.get(p)!;
    const c = parse(p);
    seen.set(p, c);
    return c;
  };
}

/** `f` with the configuration parsed from the parameters in place of its first argument. */
function onBag<C, A extends unknown[], R>(
  cfg: (p: ParamValues) => C,
  f: ((c: C, ...rest: A) => R) | undefined,
): ((p: ParamValues, ...rest: A) => R) | undefined {
  return f && ((p, ...rest) => f(cfg(p), ...rest));
}

/**
 * A card as the registries hold it, its configuration type hidden: every member takes the
 * parameters and parses them (once per parameter object) into the card's own configuration, so the
 * page, the URL codec, the command line and tests never see a family's configuration type.
 */
export function cardOnParams<C>(card: AlgorithmCard<C>): AlgorithmCard {
  return cardMembers(
    card,
    memoParse((p) => card.parse(p)),
  );
}

function cardMembers<C>(card: AlgorithmCard<C>, cfg: (p: ParamValues) => C): AlgorithmCard {
  return {
    ...card,
    parse: (p) => (cfg(p), p),
    estimate: (p) => card.estimate(cfg(p)),
    narrate: (p, f) => card.narrate(cfg(p), f),
    narrateStart: onBag(cfg, card.narrateStart),
    groupsOf: onBag(cfg, card.groupsOf),
    tree: onBag(cfg, card.tree),
    blockRoute: onBag(cfg, card.blockRoute),
  };
}

/** An algorithm whole as the registry holds it, its configuration type hidden (see cardOnParams). */
export function specOnParams<C>(spec: AlgorithmSpec<C>): AlgorithmSpec {
  const cfg = memoParse((p) => spec.parse(p));
  const { stepSeconds, modelCosts } = spec;
  return {
    ...cardMembers(spec, cfg),
    build: (p, watch) => spec.build(cfg(p), watch),
    stepSeconds: stepSeconds && ((s, usage, p) => stepSeconds(s, usage, cfg(p))),
    modelCosts: modelCosts && ((s, usage, p) => modelCosts(s, usage, cfg(p))),
    formulas: (p, m, options) => spec.formulas(cfg(p), m, options),
    formulaWork: onBag(cfg, spec.formulaWork),
    lowerBounds: onBag(cfg, spec.lowerBounds),
    search: onBag(cfg, spec.search),
    splitSearch: onBag(cfg, spec.splitSearch),
    chainWorker: onBag(cfg, spec.chainWorker),
    model: onBag(cfg, spec.model),
  };
}
