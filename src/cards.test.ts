import { describe, expect, it } from 'vitest';
import { ALGORITHM_CARDS, DEFAULT_ALGORITHM, findCard } from './cards';
import { REPRODUCTION_CARDS } from './experiments/catalogue';
import { REPRODUCTIONS } from './experiments/registry';
import { ALGORITHMS, findAlgorithm } from './registry';
import { applicable, checkParam, defaultsOf } from './kernel/params/schema';

describe('cards and the registry', () => {
  it('list the same algorithms in the same order', () => {
    expect(ALGORITHM_CARDS.map((c) => c.id)).toEqual(ALGORITHMS.map((a) => a.id));
    expect(new Set(ALGORITHMS.map((a) => a.id)).size).toBe(ALGORITHMS.length);
    expect(findCard(DEFAULT_ALGORITHM)).toBeDefined();
    expect(findCard('no-such-algorithm')).toBeUndefined();
  });

  it('every algorithm is its card plus an engine: no field of the card differs', () => {
    for (const card of ALGORITHM_CARDS) {
      const spec = findAlgorithm(card.id)!;
      for (const [key, value] of Object.entries(card))
        expect(spec[key as keyof typeof spec], `${card.id}.${key}`).toBe(value);
      expect(spec.build, card.id).toBeTypeOf('function');
      expect(spec.formulas, card.id).toBeTypeOf('function');
      expect('build' in card, card.id).toBe(false);
      expect('formulas' in card, card.id).toBe(false);
    }
  });

  it('paper checks: the page lists exactly the checks the worker runs, by the same card', () => {
    expect(REPRODUCTION_CARDS.map((c) => c.id)).toEqual(REPRODUCTIONS.map((r) => r.id));
    REPRODUCTIONS.forEach((r, i) => expect(r).toMatchObject(REPRODUCTION_CARDS[i]));
    for (const c of REPRODUCTION_CARDS) expect('run' in c, c.id).toBe(false);
  });

  it('a parameter that applies only sometimes names a parameter of its own schema and values it takes', () => {
    for (const card of ALGORITHM_CARDS)
      for (const d of card.params) {
        if (!d.appliesWhen) continue;
        const other = card.params.find((o) => o.key === d.appliesWhen!.key);
        expect(other, `${card.id}.${d.key}`).toBeDefined();
        expect(other!.appliesWhen, `${card.id}.${d.key}: one level only`).toBeUndefined();
        for (const v of d.appliesWhen.oneOf)
          expect(checkParam(other!, v).ok, `${card.id}.${d.key}: ${v}`).toBe(true);
      }
  });

  it('the NoC parameters shown are those of the network, communication and method chosen', () => {
    const noc = findCard('noc-scatter')!;
    const keys = (over: Record<string, number | string>) =>
      applicable(noc.params, { ...defaultsOf(noc.params), ...over }).map((d) => d.key);
    // The defaults: the fat Octagon, M-to-N, the hybrid search.
    expect(keys({})).toEqual([
      'network',
      'routers',
      'per-router',
      'placement',
      'detour',
      'ports',
      'pattern',
      'senders',
      'receivers',
      'method',
      'moves',
      'time-limit',
      'seed',
      'message-bytes',
      'startup-us',
      'hop-us',
      'byte-ns',
    ]);
    const mesh = keys({ network: 'mesh', 'per-router': 1, pattern: 'oas', method: 'constructive' });
    expect(mesh).toEqual(expect.arrayContaining(['rows', 'cols', 'root']));
    for (const k of [
      'routers',
      'links',
      'dimension',
      'placement',
      'senders',
      'receivers',
      'moves',
      'time-limit',
    ])
      expect(mesh).not.toContain(k);
    expect(keys({ network: 'custom' })).toEqual(expect.arrayContaining(['routers', 'links']));
    expect(keys({ network: 'hypercube', method: 'exact' })).toEqual(
      expect.arrayContaining(['dimension', 'time-limit']),
    );
    expect(keys({ network: 'hypercube', method: 'exact' })).not.toContain('moves');
  });
});
