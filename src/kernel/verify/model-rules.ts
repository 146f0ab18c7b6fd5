import { blockCountOf, type Collective, type Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';
import { pathLinks, receiversOf } from '../model/paths';
import type { Rule, Violation } from './rules';

/**
 * A model's own rules, beyond the generic ones every schedule keeps (verifier.ts): what a schedule
 * file that names the model (its `algorithm` and `params`) is held to. Each family states them in
 * one place (the mesh family in mesh/mesh-model.ts, the network-on-chip family in noc/noc-model.ts),
 * and `checkModel` applies them to a file's schedule as read.
 */
export interface ModelRules {
  /** The model in words: "otis-allreduce on a 4 × 4 OTIS-Mesh (16 groups of 16)". */
  name: string;
  /** The collective the model performs; a file naming another is checked as this one. */
  collective: Collective;
  /** The network the model names: a file's links must be among its links, its vertices the same. */
  network: Topology;
  /**
   * Whether messages combine: a message carries its sender's partial result (the reduction rules)
   * or, in a model without combining, exactly one block.
   */
  combining: boolean;
  /** Transfers a processor sends and receives per step; null when only the channels limit them. */
  ports: { tx: number; rx: number } | null;
  /** Each rule in words, as the reports list them. */
  words: { network: string; routing: string; combining: string; ports: string };
  /**
   * What the model's routing says of one transfer's route (link ids of `network`, in order): null
   * when the model takes this route, else the rule it breaks and why.
   */
  route(
    transfer: number,
    from: number,
    route: Uint32Array,
    length: number,
    to: Uint32Array,
    receivers: number,
  ): RouteFault | null;
}

export interface RouteFault {
  rule: Extract<Rule, 'model-routing' | 'through-processor'>;
  message: string;
}

/** What a report says of the model a file was checked against. */
export interface ModelNote {
  /** The model's name in words, or null when the file names none the checker knows. */
  declared: string | null;
  /** The rules applied beyond the generic ones, in words; empty when none. */
  rules: string[];
  /** Said when the file is checked with the generic rules only, or when something was taken from the model. */
  notes: string[];
}

/** The model's rules as a report lists them. */
export const modelNote = (m: ModelRules, notes: string[] = []): ModelNote => ({
  declared: m.name,
  rules: [
    `network: ${m.words.network}`,
    `routing: ${m.words.routing}`,
    `combining: ${m.words.combining}`,
    `ports: ${m.words.ports}`,
  ],
  notes,
});

const portsText = (p: { tx: number; rx: number } | undefined | null) =>
  p ? `tx ${p.tx}, rx ${p.rx}` : 'no limit';

/**
 * The schedule as the model says it is: the model's collective (a file that calls an all-reduce an
 * all-gather is still checked as a reduction) and its ports. Returns the violations a disagreement
 * is, with what was taken from the model.
 */
export function asModelSays(
  s: Schedule,
  m: ModelRules,
): { schedule: Schedule; violations: Violation[]; notes: string[] } {
  const violations: Violation[] = [];
  const notes: string[] = [];
  let schedule = s;
  if (s.collective !== m.collective) {
    violations.push({
      rule: 'model-collective',
      step: 0,
      transfer: -1,
      message: `the file calls its collective ${s.collective}, but ${m.name} is ${m.collective}: checked as ${m.collective}`,
    });
    schedule = { ...schedule, collective: m.collective };
  }
  const declared = s.ports;
  const same = declared?.tx === m.ports?.tx && declared?.rx === m.ports?.rx;
  if (declared && !same)
    violations.push({
      rule: 'model-ports',
      step: 0,
      transfer: -1,
      message: `the file declares ports ${portsText(declared)}, but ${m.name} has ${portsText(m.ports)} (${m.words.ports}): checked with the model's`,
    });
  else if (!declared && m.ports)
    notes.push(`Ports taken from the model (${portsText(m.ports)}): the file declares none.`);
  if (!same) {
    const { ports: _dropped, ...rest } = schedule;
    schedule = m.ports
      ? { ...rest, ports: { ...m.ports, ...(declared?.fanout ? { fanout: declared.fanout } : {}) } }
      : rest;
  }
  return { schedule, violations, notes };
}

/**
 * The model's rules on a schedule as read from a file (`topo` its network as the file lists it):
 * the same processors and auxiliary vertices, every link one the model's network has (with its
 * channels and sharing), every route one the model's routing takes, and one block per message where
 * messages do not combine. Returns the violations, in schedule order.
 */
export function checkModel(s: Schedule, topo: Topology, m: ModelRules): Violation[] {
  const out: Violation[] = [];
  const net = m.network;
  const flag = (rule: Rule, step: number, transfer: number, message: string) =>
    out.push({ rule, step, transfer, message });
  if (topo.nodeCount !== net.nodeCount || topo.auxCount !== net.auxCount) {
    flag(
      'model-network',
      0,
      -1,
      `${m.name} has ${net.nodeCount} processors and ${net.auxCount} other vertices; the file has ${topo.nodeCount} and ${topo.auxCount}`,
    );
    return out;
  }
  const toModel = linkMap(topo, net);
  for (let l = 0; l < topo.linkCount; l++)
    if (toModel[l] === NONE)
      flag(
        'model-network',
        0,
        -1,
        `link ${l} (${topo.linkFrom[l]}→${topo.linkTo[l]}, ${topo.linkChannels[l]} channel${topo.linkChannels[l] === 1 ? '' : 's'}, ${topo.linkShared[l] ? 'shared' : 'exclusive'}) is not a link of ${m.name}`,
      );
  let longest = 1;
  for (let t = 0; t < s.transferCount; t++)
    longest = Math.max(longest, s.path.kind === 'link-list' ? s.path.offsets[t + 1] - s.path.offsets[t] : 1);
  const route = new Uint32Array(Math.max(longest, topo.linkCount));
  const rx = new Uint32Array(Math.max(1, topo.nodeCount + topo.auxCount));
  for (let step = 1; step <= s.stepCount; step++)
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
      if (!m.combining && blockCountOf(s, t) > 1)
        flag(
          'model-combining',
          step,
          t,
          `transfer ${t} carries ${blockCountOf(s, t)} blocks in one message; in ${m.name} ${m.words.combining}`,
        );
      const len = pathLinks(s, topo, t, route);
      let mapped = len > 0 && s.src[t] < topo.nodeCount;
      for (let i = 0; i < len && mapped; i++) {
        const l = route[i];
        if (l >= topo.linkCount || toModel[l] === NONE) mapped = false;
        else route[i] = toModel[l];
      }
      // Routes over links that do not exist are the generic rules' or the network rule's to report.
      if (!mapped) continue;
      const nr = receiversOf(s, topo, t, rx);
      const fault = m.route(t, s.src[t], route, len, rx, nr);
      if (fault) flag(fault.rule, step, t, fault.message);
    }
  return out;
}

const NONE = 0xffffffff;

/**
 * For each link of `file`, the link of `model` it is (same ends, channels and sharing; each model
 * link taken once), or NONE. Links listed in the model's own order (as the app writes them) are
 * matched one to one; any other order by sorting the model's links by their ends.
 */
function linkMap(file: Topology, model: Topology): Uint32Array {
  const out = new Uint32Array(file.linkCount).fill(NONE);
  const same = (f: number, l: number) =>
    file.linkFrom[f] === model.linkFrom[l] &&
    file.linkTo[f] === model.linkTo[l] &&
    file.linkChannels[f] === model.linkChannels[l] &&
    file.linkShared[f] === model.linkShared[l];
  let inOrder = file.linkCount <= model.linkCount;
  for (let l = 0; l < file.linkCount && inOrder; l++) inOrder = same(l, l);
  if (inOrder) {
    for (let l = 0; l < file.linkCount; l++) out[l] = l;
    return out;
  }
  const V = model.nodeCount + model.auxCount;
  const key = (t: Topology, l: number) => t.linkFrom[l] * V + t.linkTo[l];
  const order = Uint32Array.from({ length: model.linkCount }, (_, l) => l).sort(
    (a, b) => key(model, a) - key(model, b),
  );
  const taken = new Uint8Array(model.linkCount);
  for (let f = 0; f < file.linkCount; f++) {
    const k = key(file, f);
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (key(model, order[mid]) < k) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < order.length && key(model, order[i]) === k; i++)
      if (!taken[order[i]] && same(f, order[i])) {
        taken[order[i]] = 1;
        out[f] = order[i];
        break;
      }
  }
  return out;
}
