import { describe, expect, it } from 'vitest';
import {
  expectBoundsRefusal,
  refusalOverDefaults as refusal,
  withDefaults,
} from '../../kernel/config.test-util';
import { meshAllReduceCard } from './mesh-allreduce.card';
import { otisAllReduceCard } from './otis-allreduce.card';

const MESH = meshAllReduceCard;
const OTIS = otisAllReduceCard;

describe('the mesh cards parse their parameters into a MeshConfig, refusing bad ones by name and limit', () => {
  it('reads the network, the method, the root and the wormhole costs', () => {
    const time = {
      startup: 5 * 1e-6,
      hop: 0.05 * 1e-6,
      perByte: 1 * 1e-9,
      optical: 0.5 * 1e-6,
      messageBytes: 64,
    };
    expect(MESH.parse(withDefaults(MESH, {}))).toEqual({
      shape: { side: 4, groups: 1 },
      method: 'edn',
      ports: 'all',
      root: 10,
      control: 0,
      time,
    });
    expect(OTIS.parse(withDefaults(OTIS, { 'control-group': 3 }))).toEqual({
      shape: { side: 4, groups: 16 },
      method: 'edn',
      ports: 'all',
      root: 10,
      control: 3,
      time,
    });
  });

  it.each([
    ['mesh', 'side', 1, 'from 2 to 1,024', MESH],
    ['mesh', 'ports', 'some', 'one of all, single', MESH],
    ['mesh', 'method', 'flood', 'one of edn, edn-combine, direct, binomial', MESH],
    ['mesh', 'root', -1, 'from 0 to 1,048,575', MESH],
    ['mesh', 'message-bytes', 0, 'from 1 to', MESH],
    ['mesh', 'startup-us', -1, 'from 0 to 1,000,000', MESH],
    ['OTIS', 'group-size', 2000, 'from 4 to 1,024', OTIS],
    ['OTIS', 'control-group', 1024, 'from 0 to 1,023', OTIS],
    ['OTIS', 'hop-us', 2e6, 'from 0 to 1,000,000', OTIS],
    ['OTIS', 'byte-ns', -1, 'from 0 to', OTIS],
    ['OTIS', 'optical-us', -1, 'from 0 to', OTIS],
  ] as const)('%s refuses %s = %s, naming its bounds (%s)', (_name, key, value, bounds, card) => {
    expectBoundsRefusal(card, key, value, bounds);
  });

  it('keeps the rules across parameters, with the messages the command line shows', () => {
    expect(refusal(OTIS, { 'group-size': 15 })).toEqual([
      { key: 'group-size', message: 'group-size must be a square (4, 16, 64, 256, 1024), not 15' },
    ]);
    expect(refusal(OTIS, { 'group-size': 4, method: 'edn' })[0]).toMatchObject({ key: 'group-size' });
    expect(refusal(OTIS, { root: 16 })).toEqual([
      { key: 'root', message: 'root must be a processor of the group: 0 to 15' },
    ]);
    expect(refusal(OTIS, { 'control-group': 20 })).toEqual([
      { key: 'control-group', message: 'control-group must be a processor of the group: 0 to 15' },
    ]);
    expect(refusal(MESH, { side: 6, method: 'binomial' })[0].message).toContain(
      'power of 4 for the binomial tree',
    );
    expect(refusal(MESH, { ports: 'single' })).toEqual([
      { key: 'ports', message: 'EDN levels need all ports: a level-j node takes three partials in one step' },
    ]);
    expect(refusal(MESH, { root: 16 })[0].message).toBe('root must be a processor of the group: 0 to 15');
  });
});
