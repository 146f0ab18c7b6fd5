import { describe, expect, it } from 'vitest';
import { findCard } from '../cards';
import { SCENES } from '../config/scenes';
import { paneParams } from '../config/url-codec';
import { paneNames, valueWords } from './compare-names';

/** The names of a scene's compare panes, "name · variant". */
function sceneNames(id: string): string[] {
  const c = SCENES.find((s) => s.id === id)!.config();
  return paneNames(c.compare.map((p) => ({ card: findCard(p.algorithm)!, params: paneParams(c, p) }))).map(
    (n) => (n.variant ? `${n.name} · ${n.variant}` : n.name),
  );
}

describe('compare panes are named by what tells them apart', () => {
  it('the OTIS scene’s three systems: port model and method, not the algorithm three times', () => {
    expect(sceneNames('otis-systems')).toEqual([
      'OTIS-Mesh all-reduce · single-port, direct',
      'OTIS-Mesh all-reduce · all-port, direct',
      'OTIS-Mesh all-reduce · all-port, EDN',
    ]);
  });

  it('the OpTree scene: the two trees by their arities', () => {
    expect(sceneNames('optree-motivation')).toEqual([
      'One-stage model',
      'OpTree · radices 4,4',
      'OpTree · radices 2,3,3',
    ]);
  });

  it('panes of different algorithms: only the settings that differ between those that take them', () => {
    const names = sceneNames('retri-fig1');
    expect(names[0]).toMatch(/^Bruck \(mirrored\) · nodes 8, reconfigure 0,1,1/);
    expect(names[1]).toMatch(/^ReTri · nodes 9, reconfigure 0,1/);
    expect(new Set(names).size).toBe(3);
  });

  it('a setting that does not apply in a pane is not named there', () => {
    const noc = findCard('noc-scatter')!;
    const base = {
      network: 'octagon',
      routers: 8,
      rows: 4,
      'per-router': 1,
      pattern: 'aas',
      method: 'hybrid',
    };
    const names = paneNames([
      { card: noc, params: { ...base } },
      { card: noc, params: { ...base, network: 'mesh', rows: 5 } },
    ]);
    // The rows apply only to the mesh: they tell nothing apart and are not named.
    expect(names[0].variant).toBe('Octagon');
    expect(names[1].variant).toBe('2D mesh R × C');
    expect(names[0].name).toBe('NoC scatter');
  });

  it('words for values: an option’s short label, else its label before the explanation, else key and value', () => {
    const otis = findCard('otis-allreduce')!;
    const def = (key: string) => otis.params.find((d) => d.key === key)!;
    expect(valueWords(def('ports'), 'single')).toBe('single-port');
    expect(valueWords(def('method'), 'edn')).toBe('EDN');
    expect(valueWords(def('group-size'), 1024)).toBe('group size 1,024');
    expect(valueWords(def('message-bytes'), 64)).toBe('message bytes 64 B');
  });
});
