/**
 * The network an imported schedule is drawn and checked on. A file says which ranks talk, not over
 * what; the user picks: every pair of ranks linked directly (the default, like the GPUs of one
 * NVSwitch box), the WDM ring of the ring family (shorter arcs, wavelengths assigned per step by its
 * interval colouring), a 2D mesh or torus or the user's own network of the NoC family (its routes), or
 * — for a solver's output — the links the file's own flows use.
 */
import { linkTopology, newLinks, wdmRing, ringLink, type Topology } from '../kernel/model/topology';
import {
  customLinksProblem,
  customNetwork,
  meshNetwork,
  nocTopology,
  torusNetwork,
  type NocNetwork,
} from '../families/noc/noc-network';
import { NocRoutes } from '../families/noc/noc-paths';
import { readTopologyDocument } from '../families/noc/noc-topology-file';
import { ejectLink, injectLink } from '../families/noc/noc-network';
import { InputError } from '../limits';

export type NetworkChoice =
  | { kind: 'full' }
  | { kind: 'ring'; wavelengths?: number }
  | { kind: 'mesh' | 'torus'; rows: number; cols: number }
  /** The NoC family's JSON network: { "routers": R, "links": [[a, b], …], "processorsPerRouter": k }. */
  | { kind: 'custom'; json: string; name?: string }
  /** The links the file's own flows use (TE-CCL); for MSCCL files, the same as `full`. */
  | { kind: 'implied' };

/** Most wavelengths a ring may be given (the channel column is 16-bit). */
export const MAX_WAVELENGTHS = 4096;

const NETWORK_FORMS = 'full, ring, ring:W, mesh:RxC, torus:RxC or a JSON network file';

/**
 * A `--network` value as a choice; anything else is taken as the path of a JSON network, read by
 * `readFile` (which throws its own message when it cannot).
 */
export function parseNetworkChoice(spec: string, readFile: (path: string) => string): NetworkChoice {
  if (spec === 'full') return { kind: 'full' };
  if (spec === 'implied') return { kind: 'implied' };
  const ring = /^ring(?::(\d+))?$/.exec(spec);
  if (ring) {
    if (ring[1] === undefined) return { kind: 'ring' };
    const w = Number(ring[1]);
    if (w < 1 || w > MAX_WAVELENGTHS)
      throw new InputError(`--network ring:W takes 1 to ${MAX_WAVELENGTHS} wavelengths; got ${ring[1]}`);
    return { kind: 'ring', wavelengths: w };
  }
  const grid = /^(mesh|torus):(\d+)x(\d+)$/.exec(spec);
  if (grid) return { kind: grid[1] as 'mesh' | 'torus', rows: Number(grid[2]), cols: Number(grid[3]) };
  if (/^(mesh|torus|ring)\b/.test(spec))
    throw new InputError(`--network must be ${NETWORK_FORMS}; got "${spec}"`);
  return { kind: 'custom', json: readFile(spec), name: spec };
}

/** Where a message goes and on which channel, in one step. */
export interface Placed {
  links: number[];
  channel: number;
}

/**
 * The channels in use, step by step: one bit per (link, channel) cell, a step's bits made when the
 * step is first asked about.
 */
export class Occupancy {
  private readonly steps: (Uint32Array | undefined)[] = [];
  private readonly words: number;
  private readonly cellStart: Uint32Array;

  constructor(readonly topology: Topology) {
    this.cellStart = new Uint32Array(topology.linkCount + 1);
    for (let l = 0; l < topology.linkCount; l++)
      this.cellStart[l + 1] = this.cellStart[l] + topology.linkChannels[l];
    this.words = Math.max(1, Math.ceil(this.cellStart[topology.linkCount] / 32));
  }

  private bits(step: number): Uint32Array {
    return (this.steps[step] ??= new Uint32Array(this.words));
  }

  free(step: number, link: number, channel: number): boolean {
    if (channel >= this.topology.linkChannels[link]) return false;
    if (this.topology.linkShared[link]) return true;
    const b = this.steps[step];
    const c = this.cellStart[link] + channel;
    return !b || (b[c >>> 5] & (1 << (c & 31))) === 0;
  }

  allFree(step: number, links: readonly number[], channel: number): boolean {
    for (let k = 0; k < links.length; k++) if (!this.free(step, links[k], channel)) return false;
    return true;
  }

  take(step: number, links: readonly number[], channel: number): void {
    const b = this.bits(step);
    for (let k = 0; k < links.length; k++) {
      const l = links[k];
      if (channel >= this.topology.linkChannels[l]) continue;
      const c = this.cellStart[l] + channel;
      b[c >>> 5] |= 1 << (c & 31);
    }
  }
}

/** A message as a router sees it: its ends, the file's channel, and the file's own route if it has one. */
export interface Hop {
  src: number;
  dst: number;
  channel: number;
  /** Links of the route the file gives (solver output on its implied network). */
  links?: readonly number[];
}

/** A network and how messages find their way and channel through it. */
export interface Router {
  /** In words: "fully connected, 16 GPUs", "4 × 4 torus". */
  name: string;
  choice: NetworkChoice;
  topology: Topology;
  /** The ring's wavelengths per fibre (ring networks only; the ring's own assignment places them). */
  ring?: { wavelengths: number | null };
  /**
   * A route and channel for a message that is free in `step` (the file's channel first), or null
   * when every candidate is busy.
   */
  fit(occ: Occupancy, step: number, hop: Hop): Placed | null;
  /** The route a message takes when nothing is free (its channel then clashes, which the verifier reports). */
  fallback(hop: Hop): Placed;
}

/** Builds the chosen network for `ranks` GPUs; `channels` is the file's channel count (full networks). */
export function routerFor(choice: NetworkChoice, ranks: number, channels: number): Router {
  switch (choice.kind) {
    case 'full':
    case 'implied':
      return fullRouter(ranks, channels, choice);
    case 'ring':
      return ringRouter(ranks, choice);
    case 'mesh':
    case 'torus': {
      const routers = choice.rows * choice.cols;
      if (choice.rows < 1 || choice.cols < 1 || ranks % routers !== 0)
        throw new InputError(
          `a ${choice.rows} × ${choice.cols} ${choice.kind} has ${routers} routers; the schedule's ${ranks} ranks must fill them evenly`,
        );
      const per = ranks / routers;
      const make = choice.kind === 'mesh' ? meshNetwork : torusNetwork;
      return nocRouter(make(choice.rows, choice.cols, { perRouter: per }), choice);
    }
    case 'custom': {
      let p: Record<string, string>;
      try {
        p = readTopologyDocument(JSON.parse(choice.json));
      } catch (e) {
        throw new InputError(
          `${choice.name ?? 'the network'}: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
      const routers = Number(p.routers);
      const links = p.links ? p.links.split(',').map(Number) : [];
      const problem = customLinksProblem(routers, links);
      if (problem) throw new InputError(`${choice.name ?? 'the network'}: ${problem}`);
      const per = Number(p['per-router']);
      if (routers * per !== ranks)
        throw new InputError(
          `${choice.name ?? 'the network'} has ${routers * per} processors (${routers} routers × ${per}); the schedule has ${ranks} ranks`,
        );
      return nocRouter(customNetwork(routers, links, { perRouter: per }), choice);
    }
  }
}

/** The route on the first channel free on all its links (`preferred` tried first), or null. */
export function firstFree(
  occ: Occupancy,
  step: number,
  links: number[],
  preferred: number,
  channels: number,
): Placed | null {
  if (occ.allFree(step, links, preferred)) return { links, channel: preferred };
  for (let c = 0; c < channels; c++) if (occ.allFree(step, links, c)) return { links, channel: c };
  return null;
}

/** Every ordered pair of ranks linked directly: link a·(n−1) + (b < a ? b : b − 1) runs a → b. */
export const fullLink = (n: number, a: number, b: number) => a * (n - 1) + (b < a ? b : b - 1);

function fullRouter(n: number, channels: number, choice: NetworkChoice): Router {
  const links = newLinks(n * (n - 1), n);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (a !== b) links.set(fullLink(n, a, b), a, b, 0);
  const W = Math.max(1, channels);
  const topology = linkTopology('generic', n, links, ['direct'], { channels: W });
  return {
    name: `fully connected, ${n} GPUs, ${W} channel${W === 1 ? '' : 's'} a link`,
    choice,
    topology,
    fit: (occ, step, h) => firstFree(occ, step, [fullLink(n, h.src, h.dst)], h.channel, W),
    fallback: (h) => ({ links: [fullLink(n, h.src, h.dst)], channel: h.channel }),
  };
}

/** The shorter arc from a to b on a ring of n (clockwise on a tie), as signed hops. */
export function shorterArc(n: number, a: number, b: number): number {
  const cw = (b - a + n) % n;
  return cw <= n - cw ? cw : cw - n;
}

/** The links of the arc from a with `hops` signed hops. */
export function arcLinks(n: number, a: number, hops: number): number[] {
  const out: number[] = [];
  const dir = hops > 0 ? 1 : -1;
  for (let i = 0, v = a; i < Math.abs(hops); i++) {
    out.push(ringLink(n, v, dir));
    v = (v + dir + n) % n;
  }
  return out;
}

function ringRouter(n: number, choice: { kind: 'ring'; wavelengths?: number }): Router {
  // The wavelength count is settled once the steps are coloured (ring-wavelengths.ts): a topology
  // with the count given, or later the most any step needs.
  const w = choice.wavelengths ?? 1;
  return {
    name: `WDM ring of ${n}`,
    choice,
    topology: wdmRing(n, w),
    ring: { wavelengths: choice.wavelengths ?? null },
    fit: () => null,
    fallback: (h) => ({ links: arcLinks(n, h.src, shorterArc(n, h.src, h.dst)), channel: 0 }),
  };
}

/** NoC networks: GPUs on routers, a port per router link (so a GPU may use every link at once). */
function nocRouter(base: NocNetwork, choice: NetworkChoice): Router {
  const degree = new Uint32Array(base.routers);
  for (const [a, b] of base.edges) {
    degree[a]++;
    degree[b]++;
  }
  const ports = Math.max(1, ...degree);
  const net: NocNetwork = { ...base, ports };
  const routes = new NocRoutes(net);
  const topology = nocTopology(net);
  const at = net.procRouter;
  const viaPorts = (a: number, b: number, path: Uint32Array, tx: number, rx: number) => [
    injectLink(net, a, tx),
    ...path,
    ejectLink(net, b, rx),
  ];
  return {
    name: `${net.name}, ${ports} port${ports === 1 ? '' : 's'} a GPU`,
    choice,
    topology,
    fit(occ, step, { src: a, dst: b }) {
      let tx = -1;
      let rx = -1;
      for (let p = 0; p < ports && tx < 0; p++) if (occ.free(step, injectLink(net, a, p), 0)) tx = p;
      for (let p = 0; p < ports && rx < 0; p++) if (occ.free(step, ejectLink(net, b, p), 0)) rx = p;
      if (tx < 0 || rx < 0) return null;
      for (const path of routes.routerPaths(at[a], at[b]))
        if (occ.allFree(step, Array.from(path), 0))
          return { links: viaPorts(a, b, path, tx, rx), channel: 0 };
      return null;
    },
    fallback: ({ src: a, dst: b }) => ({
      links: viaPorts(a, b, routes.routerPaths(at[a], at[b])[0] ?? new Uint32Array(0), 0, 0),
      channel: 0,
    }),
  };
}
