import type { ModelRules, RouteFault } from '../../kernel/verify/model-rules';
import { groupLinks, groupSize, meshTopology, OPTICAL, xyRoute, type MeshShape } from './geometry';
import type { MeshConfig } from './mesh-params';

/**
 * The rules of the mesh family's model (OTIS paper, Secs. II–III), which a schedule file naming
 * `mesh-allreduce` or `otis-allreduce` is checked against: the network is the mesh (or OTIS-Mesh)
 * its parameters give; a message goes over one optical transpose link, or inside one group along its
 * XY route (the row first, then the column), to one receiver; messages combine (an all-reduce: each
 * carries its sender's whole partial, the reduction rules); single-port processors send and receive
 * one message a step, all-port ones are limited by their channels only.
 */
export function meshModel(algorithm: string, c: MeshConfig): ModelRules {
  const otis = algorithm === 'otis-allreduce';
  const shape: MeshShape = c.shape;
  const q = shape.side;
  const single = c.ports === 'single';
  const network = meshTopology(shape);
  const name = otis
    ? `${algorithm} on a ${shape.groups} × ${shape.groups} OTIS-Mesh (${shape.groups} groups of ${q} × ${q})`
    : `${algorithm} on a ${q} × ${q} mesh`;
  const xy = new Uint32Array(2 * q);
  const electronic = shape.groups * groupLinks(shape);
  const P = groupSize(shape);
  const at = (v: number) => `(${Math.floor(v / P)}, ${v % P})`;
  const where = (v: number) => (otis ? `processor ${v} ${at(v)}` : `processor ${v}`);
  return {
    name,
    collective: 'allreduce',
    network,
    combining: true,
    ports: single ? { tx: 1, rx: 1 } : null,
    words: {
      network: otis
        ? `${shape.groups} groups of ${q} × ${q} processors, neighbours joined by a channel each way, and an optical link from (G, N) to (N, G) for G ≠ N; one channel per link, one message on it per step`
        : `${q} × ${q} processors, neighbours joined by a channel each way; one message per channel per step`,
      routing: `XY inside a group (along the row first, then the column), one receiver a message${otis ? '; an optical link is a message’s whole route' : ''}`,
      combining:
        'messages combine: each carries its sender’s whole partial result, and nothing is counted twice',
      ports: single
        ? 'single-port: one send and one receive per processor and step'
        : 'all-port: every channel at once',
    },
    route(t, from, route, length, to, receivers): RouteFault | null {
      if (receivers !== 1)
        return {
          rule: 'model-routing',
          message: `transfer ${t} has ${receivers} receivers; a message of ${name} goes to one processor`,
        };
      const optical = (l: number) => network.linkKind[l] === OPTICAL;
      if (optical(route[0]) || (length > 1 && Array.prototype.some.call(route.subarray(0, length), optical)))
        return length === 1
          ? null
          : {
              rule: 'model-routing',
              message: `transfer ${t} mixes an optical link with ${length - 1} other link${length === 2 ? '' : 's'}; in ${name} an optical transpose link is a message’s whole route`,
            };
      const g = Math.floor(from / P);
      const b = to[0];
      if (Math.floor(b / P) !== g || route[length - 1] >= electronic)
        return {
          rule: 'model-routing',
          message: `transfer ${t} from ${where(from)} to ${where(b)} leaves its group without an optical link`,
        };
      const n = xyRoute(shape, g, from % P, b % P, xy);
      let same = n === length;
      for (let i = 0; i < n && same; i++) same = xy[i] === route[i];
      return same
        ? null
        : {
            rule: 'model-routing',
            message: `transfer ${t} from ${where(from)} to ${where(b)} does not take the XY route (along the row first, then the column, ${n} hop${n === 1 ? '' : 's'}): ${name} routes XY`,
          };
    },
  };
}
