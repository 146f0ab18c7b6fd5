import { processorsOf, type NocNetwork } from './noc-network';
import { pairsOf, type Communication } from './noc-patterns';
import { fewestLinksHalving, routerFlow } from './noc-cuts';
import { plural } from '../../kernel/util/units';

/** One lower bound on the steps of a communication, with the quantities it is computed from. */
export interface Bound {
  id: string;
  label: string;
  tex: string;
  source: string;
  value: number;
  /** Its argument in words: which port, which cut, which count. */
  why: string;
  /** Its argument on the network: the routers on one side of a cut, or one router, or one processor. */
  where?: { routers?: number[]; processor?: number };
}

/** Routers up to which the bisection is found by trying every balanced split. */
const EXACT_BISECTION_ROUTERS = 20;

/**
 * The channel bisection width B_c: directed channels (both directions) across the cheapest cut that
 * splits the processors in halves (⌊P/2⌋ and ⌈P/2⌉), routers kept whole. Exact (every split tried)
 * up to EXACT_BISECTION_ROUTERS routers; above, the known value of the shape, for an even side: a
 * mesh min(R, C) links, a torus 2·min(R, C), a hypercube 2^(d−1), an Octagon ring of 4n routers
 * 4 (routers 0 … n − 1 with 2n … 3n − 1 on one side: only four ring links cross, no link across). Returns the width and how it was found.
 */
export function bisectionWidth(net: NocNetwork): { channels: number; method: string } {
  const R = net.routers;
  const load = new Uint32Array(R);
  for (const r of net.procRouter) load[r]++;
  if (R <= EXACT_BISECTION_ROUTERS) {
    const best = fewestLinksHalving(load, net.edges);
    return { channels: 2 * best, method: `exact: every balanced split of the ${R} routers tried` };
  }
  const grid = net.grid ?? { rows: 0, cols: 0 };
  const links =
    net.shape === 'cube'
      ? R / 2
      : net.shape === 'ring'
        ? 4
        : (grid.wrap ? 2 : 1) * Math.min(grid.rows, grid.cols);
  return { channels: 2 * links, method: `the known bisection of the shape (${net.name}, even sides)` };
}

/** Steps for informed processors to reach x when each informs k more a step: ⌈log_(k+1) x⌉. */
function doublings(x: number, k: number): number {
  let steps = 0;
  for (let reach = 1; reach < x; reach *= k + 1) steps++;
  return steps;
}

/**
 * Lower bounds on the number of steps (NoC paper, Table 1 and eq. (2), and two of ours that hold for
 * any communication): every bound is a number of steps no schedule can beat. When a broadcast's
 * messages combine, the bounds that count messages do not hold: only doubling does.
 */
export function lowerBounds(net: NocNetwork, c: Communication, combining = false): Bound[] {
  const P = processorsOf(net);
  const k = net.ports;
  if (c.broadcast && combining) return [combinedBound(net, c)];
  const M = c.senders.length;
  const N = c.receivers.length;
  const out: Bound[] = [];
  // Ports (ours): a processor sends and absorbs at most k messages a step.
  const sent = new Uint32Array(P);
  const got = new Uint32Array(P);
  const pairs = pairsOf(c);
  for (const [s, d] of pairs) {
    sent[s]++;
    got[d]++;
  }
  let busiest = 0;
  let who = '';
  let whom = -1;
  for (let v = 0; v < P; v++) {
    const absorb = Math.ceil(got[v] / k);
    const inject = c.broadcast ? 0 : Math.ceil(sent[v] / k);
    if (absorb > busiest) [busiest, who, whom] = [absorb, `processor ${v} absorbs ${got[v]} messages`, v];
    if (inject > busiest) [busiest, who, whom] = [inject, `processor ${v} injects ${sent[v]} messages`, v];
  }
  out.push({
    id: 'bound-ports',
    label: `ports: ${plural(k, 'message')} in and out per processor per step`,
    tex: '\\max_v \\lceil \\text{messages}_v / k \\rceil',
    source: `ours (the paper's port remark, Sec. 3)`,
    value: busiest,
    why: `${who} through ${plural(k, 'port')}`,
    ...(whom >= 0 ? { where: { processor: whom } } : {}),
  });
  // Router channels (ours): what a router's processors must receive from elsewhere comes in over its
  // links; what they send elsewhere goes out over them.
  const degree = new Uint32Array(net.routers);
  for (const [a, b] of net.edges) {
    degree[a]++;
    degree[b]++;
  }
  const into = new Uint32Array(net.routers);
  const outOf = new Uint32Array(net.routers);
  if (!c.broadcast)
    for (const [s, d] of pairs) {
      const [rs, rd] = [net.procRouter[s], net.procRouter[d]];
      if (rs !== rd) [into[rd], outOf[rs]] = [into[rd] + 1, outOf[rs] + 1];
    }
  let router = 0;
  let routerWhy = '';
  let routerAt = -1;
  for (let v = 0; v < net.routers; v++)
    for (const [count, dir] of [
      [into[v], 'into'],
      [outOf[v], 'out of'],
    ] as const) {
      const steps = degree[v] ? Math.ceil(count / degree[v]) : 0;
      if (steps > router)
        [router, routerWhy, routerAt] = [
          steps,
          `${count} messages ${dir} router ${v} over its ${degree[v]} links`,
          v,
        ];
    }
  if (!c.broadcast && net.routers <= EXACT_CUT_ROUTERS) out.push(cutBound(net, pairs));
  if (!c.broadcast)
    out.push({
      id: 'bound-router',
      label: 'router links: messages into (out of) a router over its links',
      tex: '\\max_r \\lceil \\text{messages into } r / \\deg r \\rceil',
      source: 'ours (eq. (11) for the cut around one router)',
      value: router,
      why: routerWhy || 'no message crosses a router link',
      ...(routerAt >= 0 ? { where: { routers: [routerAt] } } : {}),
    });
  if (c.pattern === 'oab' || (c.broadcast && M === 1))
    out.push({
      id: 'bound-oab',
      label: 'OAB: informed processors at most double each step',
      tex: '\\lceil \\log_2 P \\rceil',
      source: 'NoC paper, Table 1',
      value: doublings(N + 1, k),
      why: `${N + 1} processors to inform, starting from one`,
    });
  if (c.broadcast && M > 1) {
    // Eq. (2) charges M messages to a receiver; one that is also a sender absorbs M − 1 (AAB: P − 1).
    const senders = new Set(c.senders);
    const absorbed = c.receivers.some((d) => !senders.has(d)) ? M : M - 1;
    out.push({
      id: 'bound-mnb',
      label: 'MNB: doubling, and each receiver absorbs the senders’ messages',
      tex: '\\max(\\lceil \\log_2 N \\rceil, M)',
      source: c.pattern === 'aab' ? 'NoC paper, Table 1 (AAB: P − 1) and eq. (2)' : 'NoC paper, eq. (2)',
      value: Math.max(doublings(N, k), Math.ceil(absorbed / k)),
      why: `N = ${N} receivers, M = ${M} senders${absorbed < M ? ' (every receiver is a sender: M − 1 each)' : ''}`,
    });
    const first = firstStepBound(net, c);
    if (first) out.push(first);
  }
  if (c.pattern === 'aas') {
    const b = bisectionWidth(net);
    out.push({
      id: 'bound-aas',
      label: 'AAS: half of all messages cross the bisection',
      tex: '\\max(\\lceil P^2 / 2B_c \\rceil, P - 1)',
      source: 'NoC paper, Table 1',
      value: Math.max(Math.ceil((P * P) / (2 * b.channels)), Math.ceil((P - 1) / k)),
      why: `P = ${P}, B_c = ${b.channels} channels (${b.method})`,
    });
  }
  return out;
}

/**
 * The first step (ours, one port): in a broadcast done in M steps, a receiver outside the senders
 * absorbs one of the M blocks at every step, the first included, when only the senders hold any. A
 * first step can serve no more receivers than messages can flow from the senders to them at once
 * (each sender injects one; each router channel carries one; the most found as a maximum flow). When
 * there are more such receivers, M steps are too few: at least M + 1.
 */
function firstStepBound(net: NocNetwork, c: Communication): Bound | null {
  if (net.ports !== 1) return null;
  const senders = new Set(c.senders);
  const outside = c.receivers.filter((d) => !senders.has(d));
  const M = c.senders.length;
  if (outside.length === 0 || M < doublings(c.receivers.length, 1)) return null;
  const flow = firstStepFlow(net, c.senders, outside);
  if (flow >= outside.length) return null;
  return {
    id: 'bound-first-step',
    label: 'first step: receivers outside the senders must all absorb a block in step 1',
    tex: 'M + 1 \\text{ if } |R \\setminus T| > F_1',
    source: 'ours (eq. (2) and the channels out of the senders)',
    value: M + 1,
    why: `${outside.length} receivers outside the senders need a block in each of M = ${M} steps, but in the first step at most ${flow} can be reached at once (the channels out of the senders' routers)`,
  };
}

/**
 * The most receivers of `to` that messages from the processors of `from` (one each) can reach in
 * one step: as many units from each router as senders on it, as many into each as receivers on it.
 */
function firstStepFlow(net: NocNetwork, from: readonly number[], to: readonly number[]): number {
  const [supply, demand] = [new Uint32Array(net.routers), new Uint32Array(net.routers)];
  for (const p of from) supply[net.procRouter[p]]++;
  for (const p of to) demand[net.procRouter[p]]++;
  return routerFlow(net, supply, demand);
}

/** Routers up to which every cut of the network is tried. */
const EXACT_CUT_ROUTERS = 16;

/**
 * The cut bound (eq. (11) generalised; ours): for any split of the routers into S and the rest, the
 * messages from S to the rest cross the links between them, one per link and direction a step.
 * Every split is tried; the best is the bound, with its cut.
 */
function cutBound(net: NocNetwork, pairs: readonly [number, number][]): Bound {
  const R = net.routers;
  const count = new Uint32Array(R * R);
  for (const [s, d] of pairs) count[net.procRouter[s] * R + net.procRouter[d]]++;
  let best = 0;
  let bestMask = 0;
  let bestCross = 0;
  let bestLinks = 0;
  for (let mask = 1; mask < (1 << R) - 1; mask++) {
    let cross = 0;
    for (let a = 0; a < R; a++) {
      if (!((mask >> a) & 1)) continue;
      for (let b = 0; b < R; b++) if (!((mask >> b) & 1)) cross += count[a * R + b];
    }
    if (!cross) continue;
    let links = 0;
    for (const [u, v] of net.edges) if (((mask >> u) & 1) !== ((mask >> v) & 1)) links++;
    const steps = Math.ceil(cross / links);
    if (steps > best) [best, bestMask, bestCross, bestLinks] = [steps, mask, cross, links];
  }
  const side = Array.from({ length: R }, (_, v) => v).filter((v) => (bestMask >> v) & 1);
  return {
    id: 'bound-cut',
    label: 'cut: messages across the busiest cut over its links',
    tex: '\\max_S \\lceil \\text{messages } S \\to \\bar S / \\text{links}(S, \\bar S) \\rceil',
    source: 'ours (eq. (11) for every cut; exact over all splits of the routers)',
    value: best,
    why: best
      ? `${bestCross} messages leave routers {${side.join(', ')}} over ${bestLinks} links`
      : 'no message crosses between routers',
    ...(best ? { where: { routers: side } } : {}),
  };
}

/**
 * A broadcast whose messages combine (ours): a message may carry every block, so counting messages
 * bounds nothing; but the holders of one block at most multiply by k + 1 a step, so the block with
 * the most processors to reach needs ⌈log_(k+1)(its receivers + its origin)⌉ steps.
 */
function combinedBound(net: NocNetwork, c: Communication): Bound {
  const senders = c.senders.filter((s) => c.receivers.some((d) => d !== s));
  let most = 0;
  let who = -1;
  for (const s of senders) {
    const reach = c.receivers.filter((d) => d !== s).length + 1;
    if (reach > most) [most, who] = [reach, s];
  }
  const k = net.ports;
  return {
    id: 'bound-combined',
    label: 'combined messages: the holders of a block at most multiply by k + 1 a step',
    tex: '\\lceil \\log_{k+1} (|R| + 1) \\rceil',
    source: 'ours (Table 1’s OAB argument, per block)',
    value: doublings(most, k),
    why: `processor ${who}’s block must reach ${most - 1} receivers from its origin, ${k} more holder${k > 1 ? 's' : ''} per holder a step; messages that combine make counting messages bound nothing`,
  };
}

/** The largest bound: what no schedule can beat, and which argument gives it. */
export function bindingBound(bounds: readonly Bound[]): Bound {
  return bounds.reduce((a, b) => (b.value > a.value ? b : a));
}
