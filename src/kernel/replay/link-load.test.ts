import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importMsccl } from '../../interop/msccl/import-msccl';
import { wdmRing } from '../model/topology';
import { defaultsOf } from '../params/schema';
import { pathLength } from '../model/paths';
import { eastLink, meshTopology, southLink } from '../../families/mesh/geometry';
import { downlink, passiveStar } from '../../families/star/topology';
import { circuitLink, circuitTopology } from '../../families/circuit/circuits';
import { concatSteps } from '../../families/circuit/circuit-alltoall';
import { CLI_LIMITS } from '../../limits';
import { ALGORITHMS } from '../../registry';
import { run } from '../../run';
import { BIN_OVER, BIN_PRESENT, LINK_LOAD_ROWS, binOf, linkLoadOf, type LinkLoad } from './link-load';
import { handAllGather } from '../model/hand-built.test-util';

/** The bin value of link l in step `step` (grids small enough to have one cell per bin). */
function cell(x: LinkLoad, l: number, step: number): { ratio: number; state: number } {
  const pos = x.order.indexOf(l);
  const { row, col } = binOf(x, pos, step);
  return { ratio: x.ratio[row * x.cols + col], state: x.state[row * x.cols + col] };
}

function listBuilder(nodeCount: number) {
  return handAllGather(nodeCount, 'link-list');
}

describe('link load', () => {
  it('ring: counts transfers per fibre link and step over its wavelengths', () => {
    const b = handAllGather(4, 'ring-arc');
    b.beginStep('a');
    b.addArc(0, 2, 0, 0); // links 0, 1 on λ0
    b.addArc(1, 1, 1, 1); // link 1 on λ1
    b.beginStep('a');
    b.addArc(3, -1, 0, 3); // counter-clockwise link 4 + 3
    const x = linkLoadOf(b.finish(), wdmRing(4, 2));
    expect(x.groups).toEqual([
      { kind: 'fibre-cw', first: 0, count: 4 },
      { kind: 'fibre-ccw', first: 4, count: 4 },
    ]);
    expect(cell(x, 0, 1).ratio).toBe(0.5);
    expect(cell(x, 1, 1).ratio).toBe(1);
    expect(cell(x, 2, 1).ratio).toBe(0);
    expect(cell(x, 7, 2).ratio).toBe(0.5);
    expect(cell(x, 1, 2).ratio).toBe(0);
    expect(x.over).toBe(0);
    expect(x.maxRatio).toBe(1);
    expect(x.busiestLinks[0]).toEqual({ link: 1, uses: 2, steps: 1, peak: 2, peakStep: 1, channels: 2 });
    expect(x.busiestLinks.map((l) => l.link)).toEqual([1, 0, 7]);
    expect(x.busiestSteps.map((s) => [s.step, s.uses, s.links, s.peakRatio, s.peakLink])).toEqual([
      [1, 3, 2, 1, 1],
      [2, 1, 1, 0.5, 7],
    ]);
  });

  it('ring: two lightpaths on a one-wavelength link show as load over channels', () => {
    const b = handAllGather(4, 'ring-arc');
    b.beginStep('a');
    b.addArc(0, 2, 0, 0);
    b.addArc(1, 1, 0, 1);
    const x = linkLoadOf(b.finish(), wdmRing(4, 1));
    expect(cell(x, 1, 1)).toEqual({ ratio: 2, state: BIN_PRESENT | BIN_OVER });
    expect(cell(x, 0, 1)).toEqual({ ratio: 1, state: BIN_PRESENT });
    expect(x.over).toBe(1);
    expect(x.maxRatio).toBe(2);
  });

  it('mesh: row and column links grouped by kind; two routes on one link are a conflict', () => {
    const m = { side: 2, groups: 1 };
    const topo = meshTopology(m);
    const b = listBuilder(4);
    b.beginStep('a');
    // 0 → 3 by XY: east along row 0, then south in column 1; 1 → 3: south in column 1.
    b.addTransfer(0, [eastLink(m, 0, 0, 0), southLink(m, 0, 0, 1)], [3], 0, 0);
    b.addTransfer(1, [southLink(m, 0, 0, 1)], [3], 0, 1);
    const x = linkLoadOf(b.finish(), topo);
    expect(x.groups.map((g) => [g.kind, g.count])).toEqual([
      ['east', 2],
      ['west', 2],
      ['south', 2],
      ['north', 2],
    ]);
    expect(cell(x, eastLink(m, 0, 0, 0), 1).ratio).toBe(1);
    expect(cell(x, southLink(m, 0, 0, 1), 1)).toEqual({ ratio: 2, state: BIN_PRESENT | BIN_OVER });
    expect(x.over).toBe(1);
    expect(x.busiestLinks[0].link).toBe(southLink(m, 0, 0, 1));
  });

  it('star: the coupler carries every transmission; a crowded shared downlink is not a conflict', () => {
    const n = 3;
    const topo = passiveStar(n, 2);
    const b = listBuilder(n);
    b.beginStep('a');
    b.addTransfer(0, [0, n, downlink(n, 1), downlink(n, 2)], [1, 2], 0, 0);
    b.addTransfer(1, [1, n, downlink(n, 2)], [2], 1, 1);
    b.beginStep('a');
    b.addTransfer(0, [0, n, downlink(n, 2)], [2], 0, 0);
    b.addTransfer(1, [1, n, downlink(n, 2)], [2], 1, 1);
    b.addTransfer(2, [2, n, downlink(n, 2)], [2], 0, 2);
    const x = linkLoadOf(b.finish(), topo);
    expect(x.groups.map((g) => g.kind)).toEqual(['uplink', 'coupler', 'downlink']);
    expect(cell(x, n, 1).ratio).toBe(1);
    expect(cell(x, 0, 1).ratio).toBe(0.5);
    expect(cell(x, downlink(n, 2), 1).ratio).toBe(1);
    // Step 2: three transmissions on two wavelengths: the exclusive coupler is over, the shared downlink only full.
    expect(cell(x, n, 2)).toEqual({ ratio: 1.5, state: BIN_PRESENT | BIN_OVER });
    expect(cell(x, downlink(n, 2), 2)).toEqual({ ratio: 1.5, state: BIN_PRESENT });
    expect(x.over).toBe(1);
    expect(x.busiestSteps[0]).toMatchObject({ step: 2, uses: 9, links: 5 });
  });

  it('circuit: links absent in a step offer no channel; a crowded shared circuit is not a conflict', () => {
    const n = 4;
    const topo = circuitTopology(n, [1]);
    const b = listBuilder(n);
    b.beginStep('a');
    b.addTransfer(0, [circuitLink(n, 0, 0, 1), circuitLink(n, 0, 1, 1)], [2], 0, 0);
    b.addTransfer(1, [circuitLink(n, 0, 1, 1)], [2], 0, 1);
    b.beginStep('a');
    b.addTransfer(3, [circuitLink(n, 0, 3, -1)], [2], 0, 3);
    const s = b.finish();
    // Step 1 has the clockwise circuits only; step 2 none at all.
    s.activeLinks = concatSteps([Uint32Array.from([0, 1, 2, 3]), new Uint32Array(0)]);
    const x = linkLoadOf(s, topo);
    expect(cell(x, circuitLink(n, 0, 1, 1), 1)).toEqual({ ratio: 2, state: BIN_PRESENT });
    expect(cell(x, circuitLink(n, 0, 3, -1), 1)).toEqual({ ratio: 0, state: 0 });
    expect(cell(x, circuitLink(n, 0, 3, -1), 2)).toEqual({ ratio: 1, state: BIN_OVER });
    expect(x.over).toBe(1);
  });

  it('bins links when they outnumber the rows: a bin shows its busiest cell and where it is', () => {
    const n = 600; // 1,200 links in 512 rows
    const b = handAllGather(n, 'ring-arc');
    b.beginStep('a');
    b.addArc(598, 1, 0, 0); // link 598, 1 of 2 wavelengths
    b.addArc(599, 1, 0, 1); // link 599 on λ0 …
    b.addArc(599, 1, 1, 2); // … and λ1: full
    const x = linkLoadOf(b.finish(), wdmRing(n, 2));
    expect(x.rows).toBe(LINK_LOAD_ROWS);
    const { row, col } = binOf(x, 599, 1);
    expect(binOf(x, 598, 1).row).toBe(row);
    expect(x.ratio[row * x.cols + col]).toBe(1);
    expect(x.hotLink[row * x.cols + col]).toBe(599);
    expect(x.hotStep[row * x.cols + col]).toBe(1);
  });

  it('every algorithm of the registry: uses add up to its route lengths, and a verified schedule has no cell over', () => {
    let checked = 0;
    for (const spec of ALGORITHMS) {
      const params = { ...defaultsOf(spec.params) };
      const nodes = spec.params.find((d) => d.key === 'nodes');
      if (nodes && nodes.kind === 'int') params.nodes = Math.max(nodes.min, Math.min(nodes.max, 8));
      let r;
      try {
        r = run(spec.id, params, CLI_LIMITS);
      } catch {
        continue; // parameters this algorithm refuses at 8 nodes: its own tests cover it
      }
      if (!r.report.ok) continue;
      checked++;
      const x = linkLoadOf(r.schedule, r.topology);
      let routes = 0;
      for (let t = 0; t < r.schedule.transferCount; t++) routes += pathLength(r.schedule, t);
      expect(x.totalUses, spec.id).toBe(routes);
      expect(x.over, spec.id).toBe(0);
      expect(x.order.length, spec.id).toBe(r.topology.linkCount);
    }
    expect(checked).toBeGreaterThan(ALGORITHMS.length / 2);
  });

  it('an imported MSCCL schedule is counted the same way, on the network it is put on', () => {
    const xml = readFileSync(
      fileURLToPath(new URL('../../interop/fixtures/msccl/allgather-ring-4.xml', import.meta.url)),
      'utf8',
    );
    for (const network of [{ kind: 'full' }, { kind: 'ring' }] as const) {
      const r = importMsccl(xml, { network });
      const x = linkLoadOf(r.schedule, r.topology);
      let routes = 0;
      for (let t = 0; t < r.schedule.transferCount; t++) routes += pathLength(r.schedule, t);
      expect(x.totalUses, network.kind).toBe(routes);
      expect(x.totalUses, network.kind).toBeGreaterThan(0);
      expect(x.stepCount).toBe(r.schedule.stepCount);
      expect(x.over, network.kind).toBe(0);
    }
  });
});
