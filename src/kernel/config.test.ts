import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../registry';
import { defaultsOf } from './params/schema';
import { ConfigError, configIssues } from './config';

const params = (id: string, extra: Record<string, number | string>) => ({
  ...defaultsOf(findAlgorithm(id)!.params),
  ...extra,
});

describe('a card parses its parameters once, refusing what its rules refuse', () => {
  it('the ring: a flit that does not divide the packet is refused with the time model message', () => {
    const spec = findAlgorithm('optree')!;
    const p = params('optree', { 'flit-bytes': 48 });
    expect(() => spec.parse(p)).toThrow(ConfigError);
    expect(configIssues(spec, p)).toEqual([
      { key: 'flit-bytes', message: 'Flit size (flit-bytes) must divide the packet size 128 B; got 48 B' },
    ]);
    expect(configIssues(spec, params('optree', {}))).toEqual([]);
  });

  it('the NoC: a root outside the network is refused, and the same parameters parse once', () => {
    const spec = findAlgorithm('noc-scatter')!;
    const bad = params('noc-scatter', { pattern: 'oas', root: 1000 });
    expect(configIssues(spec, bad)[0]?.key).toBe('root');
    const good = params('noc-scatter', {});
    expect(spec.parse(good)).toBe(good);
    expect(spec.estimate(good)).toEqual(spec.estimate(good));
  });
});
