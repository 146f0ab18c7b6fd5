import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pathLinks } from '../kernel/model/paths';
import { verify } from '../kernel/verify/verifier';
import { InputError } from '../limits';
import { ringAllreduceXml } from './fixtures/ring-allreduce-xml';
import { importMsccl } from './msccl/import-msccl';
import { fullLink, parseNetworkChoice, routerFor, shorterArc, type NetworkChoice } from './network';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./fixtures/msccl/${name}`, import.meta.url)), 'utf8');
const noFile = (path: string): string => {
  throw new Error(`no file ${path}`);
};

describe('--network values', () => {
  it.each([
    ['full', { kind: 'full' }],
    ['ring', { kind: 'ring' }],
    ['ring:4', { kind: 'ring', wavelengths: 4 }],
    ['mesh:2x3', { kind: 'mesh', rows: 2, cols: 3 }],
    ['torus:4x4', { kind: 'torus', rows: 4, cols: 4 }],
  ])('%s', (spec, choice) => expect(parseNetworkChoice(spec, noFile)).toEqual(choice));

  it('anything else is a JSON network file, read by the caller', () => {
    const json = '{ "routers": 4, "links": [[0, 1], [1, 2], [2, 3], [3, 0]] }';
    expect(parseNetworkChoice('net.json', () => json)).toEqual({ kind: 'custom', json, name: 'net.json' });
  });

  it('refuses a malformed ring, mesh or torus with the forms it takes', () => {
    for (const bad of ['ring:0', 'ring:99999', 'mesh:4', 'torus:2by2', 'mesh'])
      expect(() => parseNetworkChoice(bad, noFile)).toThrow(InputError);
    expect(() => parseNetworkChoice('mesh:4', noFile)).toThrow(
      /full, ring, ring:W, mesh:RxC, torus:RxC or a JSON network file/,
    );
  });

  it('a mesh must hold the ranks evenly; a custom network exactly', () => {
    expect(() => routerFor({ kind: 'mesh', rows: 3, cols: 3 }, 16, 1)).toThrow(
      /9 routers; the schedule's 16 ranks/,
    );
    expect(routerFor({ kind: 'mesh', rows: 2, cols: 4 }, 16, 1).topology.nodeCount).toBe(16);
    const json = '{ "routers": 3, "links": [[0, 1], [1, 2]] }';
    expect(() => routerFor({ kind: 'custom', json, name: 'n.json' }, 4, 1)).toThrow(
      /n.json has 3 processors .*4 ranks/,
    );
    expect(() =>
      routerFor({ kind: 'custom', json: '{ "routers": 3, "links": [[0, 1]] }', name: 'n.json' }, 3, 1),
    ).toThrow(/router 2 cannot be reached/);
  });
});

describe('routes', () => {
  it('fully connected: one link per ordered pair, a channel per MSCCL channel', () => {
    const r = routerFor({ kind: 'full' }, 5, 3);
    expect(r.topology.linkCount).toBe(20);
    for (let a = 0; a < 5; a++)
      for (let b = 0; b < 5; b++)
        if (a !== b) {
          const l = fullLink(5, a, b);
          expect([r.topology.linkFrom[l], r.topology.linkTo[l]]).toEqual([a, b]);
        }
    expect(r.topology.linkChannels[0]).toBe(3);
  });

  it('the shorter arc round a ring, clockwise on a tie', () => {
    expect(shorterArc(8, 1, 3)).toBe(2);
    expect(shorterArc(8, 1, 7)).toBe(-2);
    expect(shorterArc(8, 0, 4)).toBe(4);
  });
});

describe('an imported schedule on each network', () => {
  const ring = fixture('allgather-ring-4.xml');
  const nets: NetworkChoice[] = [
    { kind: 'full' },
    { kind: 'ring' },
    { kind: 'mesh', rows: 2, cols: 2 },
    { kind: 'torus', rows: 1, cols: 4 },
    { kind: 'custom', json: '{ "routers": 4, "links": [[0, 1], [1, 2], [2, 3], [3, 0]] }' },
  ];
  it.each(nets.map((n) => [n.kind, n] as const))(
    '%s: every route runs from sender to receiver',
    (_kind, network) => {
      const r = importMsccl(ring, { network });
      const s = r.schedule;
      const out = new Uint32Array(r.topology.linkCount);
      for (let t = 0; t < s.transferCount; t++) {
        const n = pathLinks(s, r.topology, t, out);
        expect(r.topology.linkFrom[out[0]]).toBe(s.src[t]);
        expect(r.topology.linkTo[out[n - 1]]).toBe((s.src[t] + 1) % 4);
      }
      expect(r.report.counts['broken-route']).toBeUndefined();
      expect(r.ok).toBe(true);
    },
  );

  it('WDM ring: each step of the ring all-reduce needs one wavelength a fibre', () => {
    const r = importMsccl(fixture('allreduce-ring-4.xml'), { network: { kind: 'ring' } });
    expect(r.network.wavelengths!.most).toBe(1);
    expect(Array.from(r.network.wavelengths!.perStep)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(r.topology.kind).toBe('wdm-ring');
  });

  it('WDM ring: two channels of a ring all-reduce need 2 wavelengths a step; with 1 the verifier finds clashes, stretched each step takes 2', () => {
    const two = ringAllreduceXml(4, 2);
    const free = importMsccl(two, { network: { kind: 'ring' } });
    expect(free.network.wavelengths!.most).toBe(2);
    expect(free.report.ok).toBe(true);
    const one = importMsccl(two, { network: { kind: 'ring', wavelengths: 1 }, stretch: true });
    expect(one.report.counts['channel-clash']).toBeGreaterThan(0);
    expect(one.schedule.stepCount).toBe(6);
    expect(one.stretched!.schedule.stepCount).toBe(12);
    expect(one.stretched!.report.ok).toBe(true);
    // Without --stretch, the file's own conflicts decide; with it, the stretched schedule does.
    expect(one.ok).toBe(true);
    expect(importMsccl(two, { network: { kind: 'ring', wavelengths: 1 } }).ok).toBe(false);
  });

  it('a mesh shares links: the verifier reports the clashes, and the stretch re-times them away', () => {
    const text = ringAllreduceXml(8, 4);
    const r = importMsccl(text, { network: { kind: 'mesh', rows: 2, cols: 4 }, stretch: true });
    expect(r.report.counts['channel-clash']).toBeGreaterThan(0);
    const st = r.stretched!;
    expect(st.report.ok).toBe(true);
    expect(st.schedule.stepCount).toBeGreaterThan(r.schedule.stepCount);
    expect(st.schedule.transferCount).toBe(r.schedule.transferCount);
    // The stretched schedule still keeps every wait: its own replay finds each block held before it is sent.
    expect(verify(st.schedule, r.topology).report.counts.causality).toBeUndefined();
  });

  it('a stretch on a network without conflicts keeps the steps', () => {
    const r = importMsccl(fixture('allreduce-ring-4.xml'), { stretch: true });
    expect(r.stretched!.schedule.stepCount).toBe(r.schedule.stepCount);
  });
});
