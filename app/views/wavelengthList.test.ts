import { describe, expect, it } from 'vitest';
import { defaultsOf, type ParamValue } from '../../src/kernel/params/schema';
import { CLI_LIMITS } from '../../src/limits';
import { findAlgorithm } from '../../src/registry';
import { run } from '../../src/run';
import { channelRuns, channelsInStep, describeChannels, runText } from './wavelengthList';

const runOf = (alg: string, params: Record<string, ParamValue>) =>
  run(alg, { ...defaultsOf(findAlgorithm(alg)!.params), ...params }, CLI_LIMITS);

describe('wavelength lists', () => {
  it('find runs of equal steps, and keep short ones as single wavelengths', () => {
    expect(channelRuns([0, 1, 2, 3])).toEqual([{ first: 0, last: 3, stride: 1, count: 4 }]);
    expect(channelRuns([0, 3, 6, 9, 10])).toEqual([
      { first: 0, last: 9, stride: 3, count: 4 },
      { first: 10, last: 10, stride: 1, count: 1 },
    ]);
    expect(channelRuns([4, 9])).toEqual([
      { first: 4, last: 4, stride: 1, count: 1 },
      { first: 9, last: 9, stride: 1, count: 1 },
    ]);
    expect(channelRuns([])).toEqual([]);
  });

  it('name runs in words, with ordinals for the strides', () => {
    expect(runText({ first: 5, last: 5, stride: 1, count: 1 })).toBe('λ5');
    expect(runText({ first: 0, last: 255, stride: 1, count: 256 })).toBe('λ0–255');
    expect(runText({ first: 0, last: 765, stride: 3, count: 256 })).toBe('λ0–765 every 3rd');
    expect(runText({ first: 0, last: 22, stride: 2, count: 12 })).toBe('λ0–22 every 2nd');
    expect(runText({ first: 0, last: 110, stride: 11, count: 11 })).toBe('λ0–110 every 11th');
  });

  it('describe a list in at most four runs and count the rest', () => {
    expect(describeChannels([])).toBe('none');
    expect(describeChannels([0, 1, 2, 3, 8, 12, 13, 14, 15])).toBe('λ0–3, λ8, λ12–15');
    const scattered = [0, 5, 11, 18, 26, 35, 45];
    // No two equal steps in a row: seven single wavelengths, four named.
    expect(describeChannels(scattered)).toBe('λ0, λ5, λ11, λ18 and 3 more');
  });

  it('list what a star step uses, lowest first, each once', () => {
    const r = runOf('star-gossip', { nodes: 64, 'wavelengths-per-node': 3 });
    const s = r.schedule;
    const used = [...new Set(s.channel.subarray(s.stepStart[0], s.stepStart[1]))].sort((a, b) => a - b);
    expect(channelsInStep(s, 1)).toEqual(used);
    expect(channelsInStep(s, 0)).toEqual([]);
    expect(channelsInStep(s, s.stepCount + 1)).toEqual([]);
    // Whatever the list, the words name its lowest wavelength first and count every one of them.
    const runs = channelRuns(used);
    expect(runs.reduce((sum, x) => sum + x.count, 0)).toBe(used.length);
    expect(describeChannels(used).startsWith(`λ${used[0]}`)).toBe(true);
  });
});
