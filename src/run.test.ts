import { describe, expect, it } from 'vitest';
import { findAlgorithm } from './algorithms/registry';
import { defaultsOf } from './params/schema';
import { BROWSER_LIMITS, checkRun, CLI_LIMITS, InputError, paramsFromRaw, run } from './run';

const ring = findAlgorithm('ring-allgather')!;

describe('run: input checks before any work', () => {
  it('refuses parameters outside their bounds even when they come from code', () => {
    const issues = checkRun(ring, { ...defaultsOf(ring.params), nodes: 1, wavelengths: 2.5 }, CLI_LIMITS);
    expect(issues.map((i) => i.key)).toEqual(['nodes', 'wavelengths']);
    expect(issues[0].message).toMatch(/from 2 to 65,536/);
    expect(() => run('ring-allgather', { ...defaultsOf(ring.params), nodes: -3 }, CLI_LIMITS)).toThrow(
      InputError,
    );
  });

  it('refuses a missing parameter', () => {
    const { nodes: _omit, ...rest } = defaultsOf(ring.params);
    expect(checkRun(ring, rest, CLI_LIMITS)[0].message).toBe('nodes is missing');
  });

  it('states the browser limit for a configuration too large for it', () => {
    // Ring all-gather on 5000 nodes: 5000 · 4999 = 24,995,000 transfers > 20,000,000.
    const issues = checkRun(ring, { ...defaultsOf(ring.params), nodes: 5000 }, BROWSER_LIMITS);
    expect(issues).toHaveLength(1);
    expect(issues[0].message).toContain('24,995,000 transfers');
    expect(issues[0].message).toContain('the browser allows at most 20,000,000');
    expect(checkRun(ring, { ...defaultsOf(ring.params), nodes: 4096 }, BROWSER_LIMITS)).toEqual([]);
  });

  it('states the browser’s holdings limit; multi-scatter on 4096 nodes fits with k = 7, not k = 3', () => {
    const ms = findAlgorithm('star-multiscatter')!;
    const p = (k: number) => ({ ...defaultsOf(ms.params), nodes: 4096, 'wavelengths-per-node': k });
    // 4096 · 4095 = 16,773,120 messages, each with a visit slot per step plus its source: h + 1.
    // k = 7: h = 4 → 83,865,600 entries; k = 3: h = 6 → 117,411,840.
    expect(checkRun(ms, p(7), BROWSER_LIMITS)).toEqual([]);
    const issues = checkRun(ms, p(3), BROWSER_LIMITS);
    expect(issues).toHaveLength(1);
    expect(issues[0].message).toContain('117,411,840 entries');
    expect(issues[0].message).toContain('the browser allows at most 96,000,000');
  });

  it('paramsFromRaw names unknown flags and bad values', () => {
    expect(() => paramsFromRaw(ring, { radius: '3' })).toThrow(/no parameter --radius/);
    expect(() => paramsFromRaw(ring, { nodes: 'many' })).toThrow(/nodes.*from 2 to 65,536.*"many"/);
    expect(paramsFromRaw(ring, { nodes: '12' }).nodes).toBe(12);
  });

  it('refuses an unknown algorithm', () => {
    expect(() => run('teleport', {}, CLI_LIMITS)).toThrow(/unknown algorithm "teleport"/);
  });
});
