import { rectProblem, rectSize } from '../model/block-pairs';
import { pathLinks, receiversOf } from '../model/paths';
import type { RangeBlocks, Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';
import type { Holdings, Representation } from '../replay/holdings';
import { RingArcSteps, type ArcStepTotals } from './ring-arc-steps';
import { MAX_LISTED, type Rule, type VerifyReport, type Violation } from './rules';
import { checkHoldings } from './holdings-check';

/** Beyond this many (link, channel) cells the clash check uses a map instead of a flat table. */
const FLAT_CELL_LIMIT = 1 << 25;
/** Numbers kept per link used more than once in a step: [step, transfers, blocks, owner + 1]. */
const CROWD_ENTRY = 4;

/**
 * Checks a schedule against its topology: well-formed routes, resource rules (exclusive channels,
 * channel range, active links, port limits), causality and the collective's postcondition.
 * Returns the holdings computed by the replay as well, so callers need not replay twice.
 */
export function verify(
  s: Schedule,
  topo: Topology,
  options: { holdings?: Representation } = {},
): { report: VerifyReport; holdings: Holdings } {
  const violations: Violation[] = [];
  const counts: Partial<Record<Rule, number>> = {};
  let total = 0;
  const flag = (rule: Rule, step: number, transfer: number, message: string) => {
    counts[rule] = (counts[rule] ?? 0) + 1;
    total++;
    if (violations.length < MAX_LISTED) violations.push({ rule, step, transfer, message });
  };

  const n = s.nodeCount;
  const vertices = topo.nodeCount + topo.auxCount;
  const B = s.blocks.count;
  let W = 1;
  let fewest = topo.linkCount > 0 ? topo.linkChannels[0] : 1;
  let anyShared = false;
  for (let l = 0; l < topo.linkCount; l++) {
    W = Math.max(W, topo.linkChannels[l]);
    fewest = Math.min(fewest, topo.linkChannels[l]);
    if (topo.linkShared[l]) anyShared = true;
  }
  // Per-link tables read only when links differ (most networks give every link the same channels).
  const uniformChannels = fewest === W;
  // With one channel per link, a channel's owner is found from the link's first use (see `firstUse`);
  // with more, cells (link, channel) get tables of their own, or a map when there would be too many.
  const cells = W > 1 ? topo.linkCount * W : 0;
  const flat = cells <= FLAT_CELL_LIMIT;
  const cellStep = W > 1 && flat ? new Uint32Array(cells) : null;
  const cellOwner = W > 1 && flat ? new Uint32Array(cells) : null;
  const cellMap = W > 1 && !flat ? new Map<number, number>() : null;

  const reachedStamp = new Uint32Array(vertices);
  const activeStamp = s.activeLinks ? new Uint32Array(topo.linkCount) : null;
  // Port counts only when the schedule declares limits; a route scratch only for routes not kept as
  // link lists (those are read in place).
  const portNodes = s.ports ? n : 0;
  const txStamp = new Uint32Array(portNodes);
  const txCount = new Uint32Array(portNodes);
  const rxStamp = new Uint32Array(portNodes);
  const rxCount = new Uint32Array(portNodes);
  const links = new Uint32Array(s.path.kind === 'link-list' ? 1 : Math.max(1, topo.linkCount));
  const rx = new Uint32Array(Math.max(1, vertices));
  const tb = s.transferBlocks;
  const pairs = tb.kind === 'pairs' ? tb : null;
  const ranges = tb.kind === 'ranges' ? tb : null;
  const ids = tb.kind === 'pairs' || tb.kind === 'ranges' ? null : tb.ids;
  const blockOffsets = tb.kind === 'pairs' || tb.kind === 'ranges' ? null : tb.offsets;
  const tableNodes = s.blocks.kind === 'pairs' ? s.blocks.nodes : null;
  if (pairs && (tableNodes ?? pairs.nodes) !== pairs.nodes)
    flag(
      'bad-block',
      0,
      -1,
      `transfers name pairs of ${pairs.nodes} nodes, the block table pairs of ${tableNodes}`,
    );
  else if (pairs && pairs.nodes * (pairs.nodes - 1) !== B)
    flag(
      'bad-block',
      0,
      -1,
      `pair blocks of ${pairs.nodes} nodes number ${pairs.nodes * (pairs.nodes - 1)}, but the block table has ${B}`,
    );
  // Pair rectangles are checked one by one (a few comparisons each). Block lists get one tight pass
  // over every block reference, made when the first transfer is checked here (steps the ring-arc
  // checks accept never need it); only when it finds a bad id are they checked (and reported)
  // transfer by transfer (ReTri on 2187 nodes carries about 22 M references).
  let idsSound: boolean | null = null;
  const arcs = s.path.kind === 'ring-arc' ? s.path.hops : null;
  const linkList = s.path.kind === 'link-list' ? s.path : null;
  const ports = s.ports;
  const ringSize = topo.nodeCount;
  const pathEnd = s.receivers.kind === 'path-end';
  // A ring arc is contiguous and ends at its one receiver by construction: no reach bookkeeping.
  const trackReach = !(arcs && pathEnd);
  // Columns read in the loop, hoisted (the engine cannot assume they stay the same objects).
  const src = s.src;
  const channel = s.channel;
  const linkCount = topo.linkCount;
  const linkFrom = topo.linkFrom;
  const linkTo = topo.linkTo;
  const linkChannels = topo.linkChannels;
  const linkShared = topo.linkShared;
  let linkUses = 0;
  let deliveries = 0;
  let blockDeliveries = 0;
  let channelsUsed = 0;
  let maxLinkLoad = 0;
  let longestRoute = 0;
  const stepMaxBlocks = new Uint32Array(s.stepCount);
  const stepMaxLinkLoad = new Uint32Array(s.stepCount);
  const stepMaxLinkBlocks = new Float64Array(s.stepCount);
  const stepLongestRoute = new Uint32Array(s.stepCount);
  // The first transfer of the step to use each link, plus one (a value from an earlier step means
  // none yet): one word per link use in the common case of links used once a step, which keeps a
  // million-processor mesh's 5 M links cheap to check. Links used again in the same step (shared
  // media, several channels, clashes) are counted in `crowd`, made on the first such use.
  const firstUse = new Uint32Array(topo.linkCount);
  let crowd: Float64Array | null = null;
  const carriedBy = (t: number) =>
    pairs
      ? rectSize(pairs, t)
      : ranges
        ? rangeSize(ranges, t)
        : blockOffsets
          ? blockOffsets[t + 1] - blockOffsets[t]
          : 1;
  /** Starts link l's crowd entry for this step from its first use (transfer f). */
  const crowdFrom = (c: Float64Array, at: number, step: number, l: number, f: number) => {
    c[at] = step;
    c[at + 1] = 1;
    c[at + 2] = carriedBy(f);
    // Channel 0's owner (one channel per link): the first use, unless it was refused a channel.
    c[at + 3] = W === 1 && channel[f] < linkChannels[l] && !linkShared[l] ? f + 1 : 0;
  };

  // Ring arcs on exclusive links (one-stage, OpTree, …): whole steps are checked by the fast checks of
  // ring-arc-steps.ts when they can; a step they do not find clean is checked link by link below.
  const fast = RingArcSteps.of(s, topo, W);
  const accountFast = (step: number, f: ArcStepTotals) => {
    linkUses += f.linkUses;
    deliveries += f.transfers;
    blockDeliveries += f.blocks;
    if (f.longest > longestRoute) longestRoute = f.longest;
    if (f.channels > channelsUsed) channelsUsed = f.channels;
    if (f.load > maxLinkLoad) maxLinkLoad = f.load;
    stepMaxBlocks[step - 1] = f.maxBlocks;
    stepMaxLinkLoad[step - 1] = f.load;
    stepMaxLinkBlocks[step - 1] = f.blockLoad;
    stepLongestRoute[step - 1] = f.longest;
  };

  for (let step = 1; step <= s.stepCount; step++) {
    if (cellMap) cellMap.clear();
    if (activeStamp && s.activeLinks) {
      const a = s.activeLinks;
      for (let i = a.stepStart[step - 1]; i < a.stepStart[step]; i++) activeStamp[a.links[i]] = step;
    }
    const clean = fast?.check(step);
    if (clean) {
      accountFast(step, clean);
      continue;
    }
    const end = s.stepStart[step];
    for (let t = s.stepStart[step - 1]; t < end; t++) {
      const u = src[t];
      const stamp = t + 1; // unique per transfer, never 0
      if (u >= n) {
        flag('bad-node', step, t, `transfer ${t} has sender ${u}, but processors are 0..${n - 1}`);
        continue;
      }
      // Route: links exist, are connected from the sender, and respect channels and circuits.
      let len: number;
      let route: Uint32Array = links;
      let r0 = 0;
      if (arcs) {
        const h = arcs[t];
        if (h >= ringSize || -h >= ringSize) {
          flag('bad-link', step, t, `transfer ${t} runs ${h} hops, once round the ring or more`);
          continue;
        }
        len = h > 0 ? h : -h;
        // The arc's links, as ringLink numbers them (clockwise i, counter-clockwise ringSize + i),
        // written inline: this loop runs once per link use.
        if (h > 0) for (let i = 0, v = u; i < len; i++, v = v + 1 === ringSize ? 0 : v + 1) links[i] = v;
        else for (let i = 0, v = u; i < len; i++, v = v === 0 ? ringSize - 1 : v - 1) links[i] = ringSize + v;
      } else if (linkList) {
        // Read in place (the list is the schedule's own column).
        route = linkList.links;
        r0 = linkList.offsets[t];
        len = linkList.offsets[t + 1] - r0;
      } else len = pathLinks(s, topo, t, links);
      if (len === 0) flag('empty-route', step, t, `transfer ${t} from node ${u} has no route`);
      if (trackReach) reachedStamp[u] = stamp;
      if (len > longestRoute) longestRoute = len;
      if (len > stepLongestRoute[step - 1]) stepLongestRoute[step - 1] = len;
      const b0 = blockOffsets ? blockOffsets[t] : t;
      const b1 = blockOffsets ? blockOffsets[t + 1] : t + 1;
      const carried = carriedBy(t);
      const stepFirst = s.stepStart[step - 1];
      const ch = channel[t];
      if (ch >= channelsUsed) channelsUsed = ch + 1;
      for (let i = 0; i < len; i++) {
        const l = route[r0 + i];
        if (l >= linkCount) {
          flag('bad-link', step, t, `transfer ${t} uses link ${l}; links are 0..${linkCount - 1}`);
          continue;
        }
        linkUses++;
        const first = firstUse[l];
        let onLink = 1;
        let blocksOnLink = carried;
        let at = -1; // the link's crowd entry, when it is used again in this step
        if (first <= stepFirst) firstUse[l] = t + 1;
        else {
          crowd ??= new Float64Array(topo.linkCount * CROWD_ENTRY);
          at = l * CROWD_ENTRY;
          if (crowd[at] !== step) crowdFrom(crowd, at, step, l, first - 1);
          onLink = ++crowd[at + 1];
          blocksOnLink = crowd[at + 2] += carried;
        }
        if (onLink > maxLinkLoad) maxLinkLoad = onLink;
        if (onLink > stepMaxLinkLoad[step - 1]) stepMaxLinkLoad[step - 1] = onLink;
        if (blocksOnLink > stepMaxLinkBlocks[step - 1]) stepMaxLinkBlocks[step - 1] = blocksOnLink;
        const from = linkFrom[l];
        if (trackReach && reachedStamp[from] !== stamp)
          flag(
            'broken-route',
            step,
            t,
            `transfer ${t}: link ${l} starts at ${from}, which the route has not reached`,
          );
        if (trackReach) reachedStamp[linkTo[l]] = stamp;
        if (activeStamp && activeStamp[l] !== step)
          flag(
            'inactive-link',
            step,
            t,
            `transfer ${t} uses link ${l} (${from}→${linkTo[l]}), absent in step ${step}`,
          );
        if (ch >= W || (!uniformChannels && ch >= linkChannels[l])) {
          flag(
            'channel-range',
            step,
            t,
            `transfer ${t} uses channel ${ch} on link ${l}, which has ${linkChannels[l]}`,
          );
          continue;
        }
        if (anyShared && linkShared[l]) continue;
        const cell = l * W + ch;
        let other = -1;
        if (W === 1) {
          // Channel 0 is free until a second use of the link in this step finds its owner.
          if (at >= 0 && crowd) {
            if (crowd[at + 3] > 0) other = crowd[at + 3] - 1;
            else crowd[at + 3] = t + 1;
          }
        } else if (cellStep && cellOwner) {
          if (cellStep[cell] === step) other = cellOwner[cell];
          else {
            cellStep[cell] = step;
            cellOwner[cell] = t;
          }
        } else if (cellMap) {
          const o = cellMap.get(cell);
          if (o !== undefined) other = o;
          else cellMap.set(cell, t);
        }
        if (other === t)
          flag('channel-clash', step, t, `transfer ${t} uses channel ${ch} on link ${l} twice in its route`);
        else if (other >= 0)
          flag(
            'channel-clash',
            step,
            t,
            `transfers ${other} and ${t} both use channel ${ch} on link ${l} (${from}→${topo.linkTo[l]}) in step ${step}`,
          );
      }
      // Receivers: real processors, reached by the route, not the sender.
      let nr: number;
      if (arcs && pathEnd) {
        const e = u + arcs[t];
        rx[0] = e >= ringSize ? e - ringSize : e < 0 ? e + ringSize : e;
        nr = 1;
      } else if (linkList && pathEnd) {
        // The head of the route's last link, as receiversOf finds it.
        nr = len > 0 ? 1 : 0;
        if (len > 0) rx[0] = linkTo[route[r0 + len - 1]];
      } else nr = receiversOf(s, topo, t, rx);
      if (ports?.fanout !== undefined && nr > ports.fanout)
        flag(
          'fanout',
          step,
          t,
          `transfer ${t} has ${nr} receivers; one message reaches at most ${ports.fanout}`,
        );
      for (let r = 0; r < nr; r++) {
        const v = rx[r];
        if (v >= n)
          flag('bad-node', step, t, `transfer ${t} has receiver ${v}, but processors are 0..${n - 1}`);
        else if (v === u) flag('self-send', step, t, `transfer ${t}: node ${u} sends to itself`);
        else if (trackReach && len > 0 && reachedStamp[v] !== stamp)
          flag('receiver-off-route', step, t, `transfer ${t}: receiver ${v} is not on the route from ${u}`);
        if (v < n && ports) {
          if (rxStamp[v] !== step) {
            rxStamp[v] = step;
            rxCount[v] = 0;
          }
          if (++rxCount[v] === ports.rx + 1)
            flag('rx-ports', step, t, `node ${v} receives more than ${ports.rx} transfers in step ${step}`);
        }
        deliveries++;
      }
      if (ports) {
        if (txStamp[u] !== step) {
          txStamp[u] = step;
          txCount[u] = 0;
        }
        if (++txCount[u] === ports.tx + 1)
          flag('tx-ports', step, t, `node ${u} sends more than ${ports.tx} transfers in step ${step}`);
      }
      if (carried > stepMaxBlocks[step - 1]) stepMaxBlocks[step - 1] = carried;
      blockDeliveries += carried * nr;
      if (pairs) {
        const problem = rectProblem(pairs, t);
        if (problem) flag('bad-block', step, t, problem);
        continue;
      }
      if (ranges) continue; // contributions are checked with the reduction's rules
      idsSound ??= allBelow(ids!, 0, blockOffsets ? blockOffsets[s.transferCount] : s.transferCount, B);
      if (!idsSound)
        for (let k = b0; k < b1; k++)
          if (ids![k] >= B)
            flag('bad-block', step, t, `transfer ${t} carries block ${ids![k]}; blocks are 0..${B - 1}`);
    }
  }

  const holdings = checkHoldings(s, topo, counts, flag, options.holdings);
  violations.sort((a, b) => (a.step || Infinity) - (b.step || Infinity) || a.transfer - b.transfer);
  return {
    report: {
      ok: total === 0,
      violations,
      counts,
      total,
      checked: { steps: s.stepCount, transfers: s.transferCount, linkUses, deliveries },
      usage: {
        channelsUsed,
        maxLinkLoad,
        longestRoute,
        blockDeliveries,
        stepMaxBlocks,
        stepMaxLinkLoad,
        stepMaxLinkBlocks,
        stepLongestRoute,
      },
    },
    holdings,
  };
}

/** Contributions transfer t of a reduction carries (its ranges summed, read in place). */
function rangeSize(r: RangeBlocks, t: number): number {
  let n = 0;
  for (let i = 2 * r.offsets[t], e = 2 * r.offsets[t + 1]; i < e; i += 2) n += r.bounds[i + 1] - r.bounds[i];
  return n;
}

/** Whether ids[from … to − 1] are all below `bound`. */
function allBelow(ids: ArrayLike<number>, from: number, to: number, bound: number): boolean {
  for (let k = from; k < to; k++) if (ids[k] >= bound) return false;
  return true;
}
