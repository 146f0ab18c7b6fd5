import { describe, expect, it } from 'vitest';
import { buffersOf, indexArray, resized, signedArray } from './columns';
import { pathLength, pathLinks, receiversOf } from './paths';
import {
  allGatherBlocks,
  blockIdsOf,
  blockLists,
  destinationRange,
  destinationTable,
  stepRange,
} from './schedule';
import { ScheduleBuilder, type BuilderOptions } from './schedule-builder';
import { ringLink, wdmRing } from './topology';

function options(over: Partial<BuilderOptions> = {}): BuilderOptions {
  const n = over.nodeCount ?? 8;
  return {
    algorithm: 'test',
    collective: 'allgather',
    nodeCount: n,
    blocks: allGatherBlocks(n, 64),
    pathKind: 'ring-arc',
    receiverKind: 'path-end',
    singleBlock: true,
    ...over,
  };
}

describe('columns', () => {
  it('indexArray picks 16 bits up to 65 535 and 32 bits above', () => {
    expect(indexArray(4, 0)).toBeInstanceOf(Uint16Array);
    expect(indexArray(4, 65_535)).toBeInstanceOf(Uint16Array);
    expect(indexArray(4, 65_536)).toBeInstanceOf(Uint32Array);
    expect(indexArray(4, 1e9)).toBeInstanceOf(Uint32Array);
    expect(indexArray(7, 3).length).toBe(7);
  });

  it('signedArray picks 16 bits up to ±32 767 and 32 bits above', () => {
    expect(signedArray(4, 32_767)).toBeInstanceOf(Int16Array);
    expect(signedArray(4, 32_768)).toBeInstanceOf(Int32Array);
  });

  it('resized keeps the type and the leading values', () => {
    const a = Uint16Array.of(1, 2, 3);
    const b = resized(a, 5);
    expect(b).toBeInstanceOf(Uint16Array);
    expect(Array.from(b)).toEqual([1, 2, 3, 0, 0]);
    expect(Array.from(resized(Int32Array.of(-1, -2, -3), 2))).toEqual([-1, -2]);
    b[0] = 9;
    expect(a[0]).toBe(1); // a copy, not a view
  });

  it('buffersOf lists each buffer once and skips missing views', () => {
    const buf = new ArrayBuffer(16);
    const x = new Uint8Array(buf, 0, 4);
    const y = new Uint8Array(buf, 4, 4);
    const z = new Uint32Array(2);
    expect(buffersOf([x, null, y, undefined, z])).toEqual([buf, z.buffer]);
  });
});

describe('topology', () => {
  it('wdmRing: link i is i → i+1, link n+i is i → i−1, w channels each, 16-bit ids for small rings', () => {
    const t = wdmRing(5, 3);
    expect(t.linkCount).toBe(10);
    expect(Array.from(t.linkFrom)).toEqual([0, 1, 2, 3, 4, 0, 1, 2, 3, 4]);
    expect(Array.from(t.linkTo)).toEqual([1, 2, 3, 4, 0, 4, 0, 1, 2, 3]);
    expect(Array.from(t.linkKind)).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    expect(Array.from(t.linkChannels)).toEqual(new Array(10).fill(3));
    expect(Array.from(t.linkShared)).toEqual(new Array(10).fill(0));
    expect(t.linkFrom).toBeInstanceOf(Uint16Array);
    expect(ringLink(5, 2, 1)).toBe(2);
    expect(ringLink(5, 2, -1)).toBe(7);
  });

  it('wdmRing uses 32-bit ids past 65 535 nodes', () => {
    const t = wdmRing(70_000, 1);
    expect(t.linkFrom).toBeInstanceOf(Uint32Array);
    expect(t.linkTo[69_999]).toBe(0);
    expect(t.linkTo[70_000]).toBe(69_999); // 0 → 69 999 counter-clockwise
  });
});

describe('ScheduleBuilder', () => {
  it('grows ring-arc columns far past the capacity hint, keeping every value', () => {
    const n = 50;
    const b = new ScheduleBuilder(options({ nodeCount: n, capacity: { transfers: 1 } }));
    const steps = 40;
    for (let s = 0; s < steps; s++) {
      b.beginStep(s % 3 === 0 ? 'a' : 'b');
      for (let i = 0; i < n; i++)
        b.addArc(i, (i % 2 === 0 ? 1 : -1) * (1 + (s % 5)), (i + s) % 7, (i * 3 + s) % n);
    }
    expect(b.transferCount).toBe(steps * n);
    const sch = b.finish();
    expect(sch.transferCount).toBe(steps * n);
    expect(sch.stepCount).toBe(steps);
    expect(sch.phases).toEqual(['a', 'b']);
    expect(Array.from(sch.stepPhase)).toEqual(Array.from({ length: steps }, (_, s) => (s % 3 === 0 ? 0 : 1)));
    expect(Array.from(sch.stepStart)).toEqual(Array.from({ length: steps + 1 }, (_, s) => s * n));
    if (sch.path.kind !== 'ring-arc') throw new Error('expected ring arcs');
    expect(sch.src.length).toBe(steps * n);
    expect(sch.path.hops.length).toBe(steps * n);
    expect(blockLists(sch).offsets).toBeNull();
    for (let s = 0; s < steps; s++)
      for (let i = 0; i < n; i++) {
        const t = s * n + i;
        expect(sch.src[t]).toBe(i);
        expect(sch.path.hops[t]).toBe((i % 2 === 0 ? 1 : -1) * (1 + (s % 5)));
        expect(sch.channel[t]).toBe((i + s) % 7);
        expect(blockLists(sch).ids[t]).toBe((i * 3 + s) % n);
        expect(Array.from(blockIdsOf(sch, t))).toEqual([(i * 3 + s) % n]);
      }
    expect(stepRange(sch, 3)).toEqual([2 * n, 3 * n]);
  });

  it('grows link-list, receiver-list and block-set pools past their hints', () => {
    const n = 12;
    const topo = wdmRing(n, 4);
    const b = new ScheduleBuilder(
      options({
        nodeCount: n,
        pathKind: 'link-list',
        receiverKind: 'list',
        singleBlock: false,
        capacity: { transfers: 2, pathLinks: 1, receivers: 1, blockRefs: 1 },
      }),
    );
    // Transfer k: from node k mod n, k mod 6 + 1 hops clockwise, every node on the way receives,
    // carrying blocks k mod n .. (k mod n) + (k mod 4).
    const count = 300;
    b.beginStep('one');
    for (let k = 0; k < count; k++) {
      if (k === 150) b.beginStep('two');
      const u = k % n;
      const hops = (k % 6) + 1;
      const links = Array.from({ length: hops }, (_, j) => (u + j) % n);
      const rx = Array.from({ length: hops }, (_, j) => (u + j + 1) % n);
      const blocks = Array.from({ length: (k % 4) + 1 }, (_, j) => (u + j) % n);
      b.addTransfer(u, links, rx, k % 4, blocks);
    }
    const s = b.finish();
    expect(s.transferCount).toBe(count);
    expect(Array.from(s.stepStart)).toEqual([0, 150, 300]);
    const links = new Uint32Array(topo.linkCount);
    const rx = new Uint32Array(n);
    for (let k = 0; k < count; k++) {
      const u = k % n;
      const hops = (k % 6) + 1;
      expect(s.src[k]).toBe(u);
      expect(s.channel[k]).toBe(k % 4);
      expect(pathLength(s, k)).toBe(hops);
      const len = pathLinks(s, topo, k, links);
      expect(Array.from(links.subarray(0, len))).toEqual(Array.from({ length: hops }, (_, j) => (u + j) % n));
      const nr = receiversOf(s, topo, k, rx);
      expect(Array.from(rx.subarray(0, nr))).toEqual(Array.from({ length: hops }, (_, j) => (u + j + 1) % n));
      expect(Array.from(blockIdsOf(s, k))).toEqual(
        Array.from({ length: (k % 4) + 1 }, (_, j) => (u + j) % n),
      );
    }
  });

  it('reserveArcSteps builds what beginStep + addArc build, step boundaries and block offsets included', () => {
    // Two batches of steps (the second with an empty step) after an ordinary step, with block sets
    // (offsets column) and without.
    for (const singleBlock of [true, false]) {
      const one = new ScheduleBuilder(options({ singleBlock, capacity: { transfers: 2 } }));
      const bulk = new ScheduleBuilder(options({ singleBlock, capacity: { transfers: 2 } }));
      for (const b of [one, bulk]) {
        b.beginStep('warm-up');
        b.addArc(0, 1, 0, 0);
      }
      const batches = [
        {
          phase: 'a',
          from: [0, 2, 5],
          src: [1, 2, 3, 4, 5],
          hops: [1, -2, 3, -1, 2],
          channel: [0, 1, 0, 1, 2],
        },
        { phase: 'b', from: [0, 0, 1], src: [6], hops: [-3], channel: [4] },
      ];
      let block = 7;
      for (const x of batches) {
        const blocks = x.src.map(() => block-- % 8);
        for (let i = 0; i + 1 < x.from.length; i++) {
          one.beginStep(x.phase);
          for (let t = x.from[i]; t < x.from[i + 1]; t++)
            one.addArc(x.src[t], x.hops[t], x.channel[t], blocks[t]);
        }
        const cols = bulk.reserveArcSteps(x.phase, x.from);
        cols.src.set(x.src);
        cols.hops.set(x.hops);
        cols.channel.set(x.channel);
        cols.block.set(blocks);
      }
      const a = one.finish();
      const b = bulk.finish();
      expect(b.stepCount).toBe(5);
      expect(Array.from(b.stepStart)).toEqual([0, 1, 3, 6, 6, 7]);
      expect(b).toEqual(a);
    }
  });

  it('trims generous capacities to what was used', () => {
    const b = new ScheduleBuilder(options({ capacity: { transfers: 100_000 } }));
    b.beginStep('only');
    b.addArc(0, 1, 0, 0);
    b.addArc(1, -1, 0, 1);
    const s = b.finish();
    expect(s.src.length).toBe(2);
    expect(s.channel.length).toBe(2);
    expect(blockLists(s).ids.length).toBe(2);
    if (s.path.kind !== 'ring-arc') throw new Error('expected ring arcs');
    expect(Array.from(s.path.hops)).toEqual([1, -1]);
  });

  it('records empty steps and repeated phases', () => {
    const b = new ScheduleBuilder(options());
    b.beginStep('x');
    b.beginStep('y');
    b.addArc(2, 1, 0, 2);
    b.beginStep('x');
    const s = b.finish();
    expect(s.stepCount).toBe(3);
    expect(Array.from(s.stepStart)).toEqual([0, 0, 1, 1]);
    expect(s.phases).toEqual(['x', 'y']);
    expect(Array.from(s.stepPhase)).toEqual([0, 1, 0]);
    expect(new ScheduleBuilder(options()).finish()).toMatchObject({ stepCount: 0, transferCount: 0 });
  });

  it('refuses misuse', () => {
    const arc = new ScheduleBuilder(options());
    expect(() => arc.addArc(0, 1, 0, 0)).toThrow(/beginStep/);
    arc.beginStep('s');
    expect(() => arc.addTransfer(0, [0], [1], 0, 0)).toThrow(/link lists/);
    expect(() => arc.addArc(0, 1, 0, [0, 1])).toThrow(/single-block/);
    const list = new ScheduleBuilder(options({ pathKind: 'link-list', receiverKind: 'list' }));
    list.beginStep('s');
    expect(() => list.addArc(0, 1, 0, 0)).toThrow(/ring arcs/);
  });

  it('uses 16-bit columns for small rings', () => {
    const b = new ScheduleBuilder(options({ nodeCount: 8, receiverKind: 'list', pathKind: 'link-list' }));
    b.beginStep('s');
    b.addTransfer(0, [0], [1], 0, 0);
    const s = b.finish();
    expect(s.src).toBeInstanceOf(Uint16Array);
    expect(blockLists(s).ids).toBeInstanceOf(Uint16Array);
    if (s.receivers.kind !== 'list') throw new Error('expected receiver lists');
    expect(s.receivers.nodes).toBeInstanceOf(Uint16Array);
    const a = new ScheduleBuilder(options({ nodeCount: 1000 }));
    a.beginStep('s');
    a.addArc(999, -999, 0, 999);
    const sa = a.finish();
    if (sa.path.kind !== 'ring-arc') throw new Error('expected ring arcs');
    expect(sa.path.hops).toBeInstanceOf(Int16Array);
    expect(sa.path.hops[0]).toBe(-999);
  });

  it('uses 32-bit columns past 65 535 nodes and blocks, and stores large ids exactly', () => {
    const n = 70_000;
    const b = new ScheduleBuilder(options({ nodeCount: n, capacity: { transfers: 4 } }));
    b.beginStep('s');
    for (let k = 0; k < 40; k++) b.addArc(n - 1 - k, -(n - 1 - k), 0, n - 1 - k);
    const s = b.finish();
    expect(s.src).toBeInstanceOf(Uint32Array);
    expect(blockLists(s).ids).toBeInstanceOf(Uint32Array);
    if (s.path.kind !== 'ring-arc') throw new Error('expected ring arcs');
    expect(s.path.hops).toBeInstanceOf(Int32Array);
    for (let k = 0; k < 40; k++) {
      expect(s.src[k]).toBe(n - 1 - k);
      expect(s.path.hops[k]).toBe(-(n - 1 - k));
      expect(blockLists(s).ids[k]).toBe(n - 1 - k);
    }
    const topo = wdmRing(n, 1);
    const rx = new Uint32Array(1);
    expect(receiversOf(s, topo, 0, rx)).toBe(1);
    expect(rx[0]).toBe(0);
    // Hops beyond 32 767 in a ring of 40 000 need 32-bit arcs too.
    const c = new ScheduleBuilder(options({ nodeCount: 40_000 }));
    c.beginStep('s');
    c.addArc(0, 39_999, 0, 0);
    const sc = c.finish();
    if (sc.path.kind !== 'ring-arc') throw new Error('expected ring arcs');
    expect(sc.path.hops[0]).toBe(39_999);
    expect(sc.src).toBeInstanceOf(Uint16Array);
  });

  it('destinationTable: one destination per block needs no offsets; otherwise lists', () => {
    const single = destinationTable(Uint32Array.of(0, 1, 2, 3), Uint16Array.of(5, 0, 2));
    expect(single.kind).toBe('single');
    if (single.kind !== 'single') return;
    expect(destinationRange(single, 2)).toEqual([2, 3]);
    expect(single.nodes[destinationRange(single, 1)[0]]).toBe(0);
    // A block with two destinations, or none, keeps the lists.
    for (const offsets of [Uint32Array.of(0, 1, 3, 4), Uint32Array.of(0, 1, 1, 2)]) {
      const list = destinationTable(offsets, Uint16Array.of(5, 0, 2, 4));
      expect(list.kind).toBe('list');
      if (list.kind === 'list') expect(destinationRange(list, 1)).toEqual([offsets[1], offsets[2]]);
    }
  });

  it('allGatherBlocks: block i starts at node i, every node is a destination', () => {
    const t = allGatherBlocks(5, 100);
    expect(t.count).toBe(5);
    expect(Array.from(t.origin)).toEqual([0, 1, 2, 3, 4]);
    expect(t.destinations).toEqual({ kind: 'all' });
    expect(t.bytes).toBe(100);
    expect(allGatherBlocks(70_000, 1).origin).toBeInstanceOf(Uint32Array);
  });
});

describe('paths', () => {
  it('ring arcs expand to the links they cross, clockwise and counter-clockwise', () => {
    const n = 6;
    const topo = wdmRing(n, 1);
    const b = new ScheduleBuilder(options({ nodeCount: n }));
    b.beginStep('s');
    b.addArc(4, 3, 0, 4); // 4 → 5 → 0 → 1
    b.addArc(1, -3, 0, 1); // 1 → 0 → 5 → 4
    const s = b.finish();
    const links = new Uint32Array(topo.linkCount);
    expect(pathLinks(s, topo, 0, links)).toBe(3);
    expect(Array.from(links.subarray(0, 3))).toEqual([4, 5, 0]);
    expect(pathLinks(s, topo, 1, links)).toBe(3);
    expect(Array.from(links.subarray(0, 3))).toEqual([n + 1, n + 0, n + 5]);
    const rx = new Uint32Array(1);
    receiversOf(s, topo, 0, rx);
    expect(rx[0]).toBe(1);
    receiversOf(s, topo, 1, rx);
    expect(rx[0]).toBe(4);
  });

  it('link-list path-end receivers are the head of the last link', () => {
    const n = 6;
    const topo = wdmRing(n, 1);
    const b = new ScheduleBuilder(options({ nodeCount: n, pathKind: 'link-list' }));
    b.beginStep('s');
    b.addTransfer(2, [2, 3], [], 0, 2);
    b.addTransfer(2, [], [], 0, 2);
    const s = b.finish();
    const rx = new Uint32Array(1);
    expect(receiversOf(s, topo, 0, rx)).toBe(1);
    expect(rx[0]).toBe(4);
    expect(receiversOf(s, topo, 1, rx)).toBe(0);
  });
});
