import { describe, expect, it } from 'vitest';
import { ALGORITHM_CARDS, findCard } from '../cards';
import { defaultsOf, type ParamDef, type ParamValues } from '../kernel/params/schema';
import { BROWSER_LIMITS, checkRun } from '../limits';
import { carries, sameMeaning, switchParams } from './param-switch';

const card = (id: string) => {
  const c = findCard(id);
  if (!c) throw new Error(id);
  return c;
};

describe('switching algorithm keeps only the values that mean the same', () => {
  it('a ring’s bandwidth per wavelength does not become ReTri’s link bandwidth', () => {
    const [ring, retri] = [card('ring-allgather'), card('retri')];
    const bw = (c: typeof ring) => c.params.find((d) => d.key === 'bandwidth')!;
    expect(sameMeaning(bw(ring), bw(retri))).toBe(false);
    // Left at the ring's default: ReTri's default applies and nothing needs saying.
    const quiet = switchParams(ring.params, defaultsOf(ring.params), retri.params);
    expect(quiet.params.bandwidth).toBe(defaultsOf(retri.params).bandwidth);
    expect(quiet.dropped).toEqual([]);
    // Set by the user: still ReTri's default, and said.
    const set = switchParams(ring.params, { ...defaultsOf(ring.params), bandwidth: 10 }, retri.params);
    expect(set.params.bandwidth).toBe(defaultsOf(retri.params).bandwidth);
    expect(set.dropped).toHaveLength(1);
    expect(set.dropped[0]).toMatch(/10 .* is not carried over/);
  });

  it('the network size carries between ring algorithms, and so do identical time-model values', () => {
    const [ring, ne] = [card('ring-allgather'), card('neighbor-exchange')];
    const out = switchParams(
      ring.params,
      { ...defaultsOf(ring.params), nodes: 32, bandwidth: 10 },
      ne.params,
    );
    expect(out.params.nodes).toBe(32);
    expect(out.params.bandwidth).toBe(10);
    expect(out.dropped).toEqual([]);
  });

  it('a value set earlier in the new algorithm comes back', () => {
    const [ring, retri] = [card('ring-allgather'), card('retri')];
    const out = switchParams(ring.params, defaultsOf(ring.params), retri.params, { bandwidth: 800 });
    expect(out.params.bandwidth).toBe(800);
  });

  it('a choice carries only as the same option under the same name: the mesh’s EDN method is no NoC method', () => {
    const [mesh, noc] = [card('mesh-allreduce'), card('noc-scatter')];
    const method = (c: typeof mesh) => c.params.find((d) => d.key === 'method')!;
    expect(carries(method(mesh), method(noc), 'edn')).toBe(false);
    const values = { ...defaultsOf(mesh.params), side: 4, root: 13, method: 'edn' };
    const accepts = (p: Record<string, unknown>) => checkRun(noc, p as never, BROWSER_LIMITS);
    const out = switchParams(mesh.params, values, noc.params, {}, accepts);
    expect(out.params.method).toBe(defaultsOf(noc.params).method);
    // The root means the same and the NoC's default network (16 processors) has a processor 13.
    expect(out.params.root).toBe(13);
    expect(accepts(out.params)).toEqual([]);
  });

  it('a carried value the new algorithm’s rules refuse goes back to its default, and is named', () => {
    const int = (key: string, label: string, def: number): ParamDef => ({
      key,
      label,
      kind: 'int',
      min: 0,
      max: 1000,
      default: def,
      group: 'algorithm',
      help: '',
    });
    const from = [int('nodes', 'Nodes', 64), int('root', 'Root', 0)];
    const to = [int('nodes', 'Processors', 8), int('root', 'Root', 0)];
    const rules = (p: ParamValues) =>
      Number(p.root) < Number(p.nodes) ? [] : [{ key: 'root', message: `root must be below ${p.nodes}.` }];
    // Without the rules, root 40 would be carried onto a network of 8 processors and refused.
    expect(rules(switchParams(from, { nodes: 64, root: 40 }, to).params)).not.toEqual([]);
    const out = switchParams(from, { nodes: 64, root: 40 }, to, {}, rules);
    expect(out.params).toEqual({ nodes: 8, root: 0 });
    // Nodes (a label of its own) was at its default: nothing to say about it.
    expect(out.dropped).toEqual([
      'Root 40 is not carried over (root must be below 8): here root starts at 0',
    ]);
    // A root the new network has is carried.
    expect(switchParams(from, { nodes: 64, root: 5 }, to, {}, rules).params.root).toBe(5);
  });

  it('from every algorithm to every other, what is carried is accepted when the defaults are', () => {
    const cards = ALGORITHM_CARDS;
    for (const a of cards)
      for (const b of cards) {
        const accepts = (p: Record<string, unknown>) => checkRun(b, p as never, BROWSER_LIMITS);
        if (accepts(defaultsOf(b.params)).length) continue;
        const out = switchParams(a.params, defaultsOf(a.params), b.params, {}, accepts);
        expect(accepts(out.params), `${a.id} → ${b.id}`).toEqual([]);
      }
  });
});
