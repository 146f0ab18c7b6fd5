import { RULE_TEXT, type Rule, type Violation } from '../kernel/verify/rules';
import type { ListedBlocks } from '../kernel/model/schedule';
import type { Attempt, TryTransfer } from './attempt';
import type { AttemptColumns } from './attempt-schedule';
import { offsetLinks, offsetWords } from './circuit-choices';
import { blockName } from './exercise-words';
import { NEVER, type TryHoldings } from './try-holdings';
import { channelName, linkName, transferLabel, transferNoun, vertexName, type Naming } from './try-names';

/** The verifier's rules and the one "Try it" adds (attempt-rules.ts). */
export type TryRule = Rule | 'one-block';

/**
 * A violation of an attempt, where it happens and why, in words. Steps and transfers are 0-based
 * (the attempt's own indices); the sentence counts from 1, as people do.
 */
export interface TryViolation {
  rule: TryRule;
  /** The step (0-based); the end of the attempt for what only the end shows. */
  step: number;
  /** The transfer in the step, or null where no single transfer is at fault. */
  index: number | null;
  /** The other transfer of the step a clash is with. */
  other?: number;
  link?: number;
  channel?: number;
  node?: number;
  block?: number;
  sentence: string;
}

/** What the sentences are made from. */
export interface ExplainInput extends Naming {
  blocks: ListedBlocks;
  reduction: boolean;
}

const plural = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The verifier's violations of an attempt (schedule order) as TryViolations: each located on the
 * attempt (its step, its transfer, the link, channel, node or block at fault) and said in plain
 * words. A rule the verifier flags several times for one transfer (a clash per link, a causality
 * fault per block, a double count per receiver) gets its n-th detail for its n-th flag.
 */
export function explainAll(
  x: ExplainInput,
  a: Attempt,
  cols: AttemptColumns,
  found: readonly Violation[],
  h: TryHoldings,
): TryViolation[] {
  const seen = new Map<string, number>();
  const out: TryViolation[] = [];
  for (const v of found) {
    if (v.rule === 'postcondition') continue;
    if (v.transfer < 0 || v.transfer >= cols.step.length) {
      out.push({
        rule: v.rule,
        step: Math.max(0, v.step - 1),
        index: null,
        sentence: capital(RULE_TEXT[v.rule]) + '.',
      });
      continue;
    }
    const key = `${v.rule}/${v.transfer}`;
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    out.push(explainOne(x, a, cols, v, h, nth));
  }
  return out;
}

function explainOne(
  x: ExplainInput,
  a: Attempt,
  cols: AttemptColumns,
  v: Violation,
  h: TryHoldings,
  nth: number,
): TryViolation {
  const step = cols.step[v.transfer];
  const index = cols.index[v.transfer];
  const t = a.steps[step].transfers[index];
  const here = transferLabel(x, step, index);
  const at = { rule: v.rule, step, index };
  const why = (sentence: string, more: Partial<TryViolation> = {}): TryViolation => ({
    ...at,
    ...more,
    sentence,
  });
  const generic = () => why(`${capital(here)}: ${RULE_TEXT[v.rule]}.`);
  switch (v.rule) {
    case 'channel-clash': {
      const c = clashesOf(x, a, step, index)[nth];
      if (!c) return generic();
      const ch = channelName(x, t.channel, c.link);
      const on = `${ch ? `${ch} on ` : ''}${linkName(x, c.link)}`;
      if (c.other === index)
        return why(`${capital(here)} crosses ${on} twice.`, { link: c.link, channel: t.channel });
      return why(
        `${capital(transferNoun(x, true))} ${c.other + 1} and ${index + 1} of step ${step + 1} both use ${on}: ${clashReason(x)}.`,
        { other: c.other, link: c.link, channel: t.channel },
      );
    }
    case 'causality': {
      if (x.reduction) {
        const c = t.blocks.find((b) => h.arrival[t.from * h.blocks + b] > step);
        if (c === undefined) return generic();
        return why(
          `In step ${step + 1}, ${vertexName(x, t.from)} forwards contribution ${c} before it has combined it (${arrivalWords(h, t.from, c)}).`,
          { node: t.from, block: c },
        );
      }
      const b = t.blocks.filter((k) => h.arrival[t.from * h.blocks + k] > step)[nth];
      if (b === undefined) return generic();
      return why(
        `In step ${step + 1}, ${vertexName(x, t.from)} sends ${blockName(x, b)} before it holds it (${arrivalWords(h, t.from, b)}).`,
        { node: t.from, block: b },
      );
    }
    case 'split-partial': {
      const held = heldAtStart(h, t.from, step);
      return why(
        `In step ${step + 1}, ${vertexName(x, t.from)} holds the combination of ${plural(held, 'contribution')} but sends ${t.blocks.length}: a combined value cannot be split.`,
        { node: t.from },
      );
    }
    case 'double-count': {
      const d = doubleCounts(a, step, index, h)[nth];
      if (!d) return generic();
      return why(
        `In step ${step + 1}, ${vertexName(x, d.node)} already has contribution ${d.block}: folding in ${vertexName(x, t.from)}’s partial counts it twice.`,
        { node: d.node, block: d.block },
      );
    }
    case 'tx-ports': {
      const k = x.model.ports?.tx ?? 0;
      return why(
        `In step ${step + 1}, ${vertexName(x, t.from)} sends more than ${plural(k, transferNoun(x), transferNoun(x, true))}: it has ${plural(k, optical(x) ? 'transmitter' : 'port')}.`,
        { node: t.from },
      );
    }
    case 'rx-ports': {
      const node = overReceiver(a, step, index, x.model.ports?.rx ?? 0);
      const k = x.model.ports?.rx ?? 0;
      return why(
        `In step ${step + 1}, ${vertexName(x, node ?? t.to[0])} receives more than ${plural(k, transferNoun(x), transferNoun(x, true))}: it has ${plural(k, optical(x) ? 'receiver' : 'port')}.`,
        { node: node ?? t.to[0] },
      );
    }
    case 'fanout': {
      const k = x.model.ports?.fanout ?? 1;
      const reason =
        x.kind === 'wdm-ring'
          ? 'a lightpath ends at one node'
          : x.kind === 'star'
            ? `a transmission reaches at most ${plural(k, 'receiver')} (its life-span)`
            : `a ${transferNoun(x)} goes to ${k === 1 ? 'one processor' : `at most ${k} processors`}`;
      return why(`${capital(here)} has ${plural(t.to.length, 'receiver')}: ${reason}.`);
    }
    case 'inactive-link': {
      const o = cols.offsets?.[step] ?? 1;
      const live = new Set(offsetLinks(x.topology.nodeCount, o));
      const l = t.route.filter((k) => !live.has(k))[nth] ?? t.route[0];
      return why(
        `${capital(here)} uses ${linkName(x, l)}, which is not set up in step ${step + 1} (${offsetWords(x.topology.nodeCount, o)}).`,
        { link: l },
      );
    }
    case 'broken-route': {
      const l = brokenLinks(x, t)[nth];
      if (l === undefined) return generic();
      return why(
        `The route of ${here} jumps: ${linkName(x, l)} starts neither at the sender nor where the route has reached.`,
        { link: l },
      );
    }
    case 'receiver-off-route': {
      const reached = reachedBy(x, t);
      const r = t.to.filter((k) => !reached.has(k))[nth] ?? t.to[0];
      return why(`${capital(vertexName(x, r))} is a receiver of ${here}, but its route does not reach it.`, {
        node: r,
      });
    }
    case 'empty-route':
      return why(`${capital(here)} has no route.`);
    case 'self-send':
      return why(`${capital(here)}: ${vertexName(x, t.from)} sends to itself.`, { node: t.from });
    case 'channel-range': {
      const l = t.route.find((k) => t.channel >= x.topology.linkChannels[k]) ?? t.route[0];
      return why(
        `${capital(here)} uses channel ${t.channel}, but ${linkName(x, l)} has ${plural(x.topology.linkChannels[l], 'channel')} (0 to ${x.topology.linkChannels[l] - 1}).`,
        { link: l, channel: t.channel },
      );
    }
    default:
      return generic();
  }
}

/** Whether the model's ports are optical transmitters and receivers (else a processor's ports). */
const optical = (x: Naming) => x.kind === 'wdm-ring' || x.kind === 'star';

/** Why two transfers may not share a channel of a link, in the model's words. */
function clashReason(x: ExplainInput): string {
  if (x.kind === 'wdm-ring') return 'a wavelength on a fibre link carries one lightpath per step';
  if (x.kind === 'star') return 'one transmitter per wavelength per step';
  return `a channel carries one ${transferNoun(x)} per step`;
}

/** "it arrives in step 3" / "it never arrives there". */
function arrivalWords(h: TryHoldings, v: number, b: number): string {
  const at = h.arrival[v * h.blocks + b];
  return at === NEVER ? 'it never gets there' : `it gets there in step ${at}`;
}

const heldAtStart = (h: TryHoldings, v: number, step: number) => {
  let k = 0;
  for (let b = 0; b < h.blocks; b++) if (h.arrival[v * h.blocks + b] <= step) k++;
  return k;
};

/** The (link, owner) pairs where transfer `index` of a step takes a (link, channel) an earlier use holds. */
function clashesOf(x: Naming, a: Attempt, step: number, index: number): { link: number; other: number }[] {
  const ts = a.steps[step].transfers;
  const me = ts[index];
  const out: { link: number; other: number }[] = [];
  const mine = new Set<number>();
  const t = x.topology;
  for (const l of me.route) {
    // As the verifier: shared links and channels a link has not are no clashes.
    if (l >= t.linkCount || t.linkShared[l] || me.channel >= t.linkChannels[l]) continue;
    const owner = ts.findIndex((t, i) => i < index && t.channel === me.channel && t.route.includes(l));
    if (owner >= 0) out.push({ link: l, other: owner });
    else if (mine.has(l)) out.push({ link: l, other: index });
    mine.add(l);
  }
  return out;
}

/**
 * A reduction's double counts of transfer `index`: its receivers whose partial (at the start of the
 * step, plus what earlier transfers of the step folded in) already has one of its contributions.
 */
function doubleCounts(
  a: Attempt,
  step: number,
  index: number,
  h: TryHoldings,
): { node: number; block: number }[] {
  const ts = a.steps[step].transfers;
  const me = ts[index];
  if (me.blocks.length === h.blocks) return [];
  const out: { node: number; block: number }[] = [];
  for (const v of me.to) {
    const early = new Set<number>();
    for (let i = 0; i < index; i++) if (ts[i].to.includes(v)) for (const b of ts[i].blocks) early.add(b);
    const twice = me.blocks.find((b) => h.arrival[v * h.blocks + b] <= step || early.has(b));
    if (twice !== undefined) out.push({ node: v, block: twice });
  }
  return out;
}

/** The receiver of transfer `index` that has taken more than `rx` transfers of the step by then. */
function overReceiver(a: Attempt, step: number, index: number, rx: number): number | null {
  const count = new Map<number, number>();
  const ts = a.steps[step].transfers;
  for (let i = 0; i <= index; i++)
    for (const v of ts[i].to) {
      count.set(v, (count.get(v) ?? 0) + 1);
      if (i === index && count.get(v) === rx + 1) return v;
    }
  return null;
}

/** The vertices a transfer's route reaches (its sender included). */
function reachedBy(x: Naming, t: TryTransfer): Set<number> {
  // As the verifier: a link's end counts as reached even when the link itself is out of place.
  return new Set([t.from, ...t.route.map((l) => x.topology.linkTo[l])]);
}

/** The links of a route that start where it has not reached, in order. */
function brokenLinks(x: Naming, t: TryTransfer): number[] {
  const reached = new Set([t.from]);
  const out: number[] = [];
  for (const l of t.route) {
    if (!reached.has(x.topology.linkFrom[l])) out.push(l);
    reached.add(x.topology.linkTo[l]);
  }
  return out;
}
