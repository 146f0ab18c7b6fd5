import { describe, expect, it } from 'vitest';
import { findAlgorithm } from './registry';
import { defaultsOf } from './kernel/params/schema';
import { BROWSER_LIMITS, checkRun, CLI_LIMITS, InputError, paramsFromRaw } from './limits';
import { completeFormulas, run } from './run';
import { formulasPending } from './result';

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

  it('states a holdings limit; multi-scatter on 4096 nodes fits the browser for every k', () => {
    const ms = findAlgorithm('star-multiscatter')!;
    const p = (k: number) => ({ ...defaultsOf(ms.params), nodes: 4096, 'wavelengths-per-node': k });
    // Route holdings: one word for each of the 4096 · 4095 = 16,773,120 messages, plus the counts of
    // 4096 nodes after the start and each step. k = 7: h = 4 → 16,773,120 + 5 · 4096 = 16,793,600.
    for (const k of [1, 3, 7, 15]) expect(checkRun(ms, p(k), BROWSER_LIMITS)).toEqual([]);
    const small = { ...BROWSER_LIMITS, name: 'a small machine', transfers: 1e9, holdingCells: 10_000_000 };
    const issues = checkRun(ms, p(7), small);
    expect(issues).toHaveLength(1);
    expect(issues[0].message).toContain('16,793,600 entries');
    expect(issues[0].message).toContain('a small machine allows at most 10,000,000');
  });

  it('refuses on the page a NoC build of over 65,536 messages, naming the command line', () => {
    // All-to-all on a 16 × 16 mesh with 4 processors per router: 1,024 · 1,023 = 1,047,552 messages,
    // a build of over an hour; 8 × 8 with 4 (65,280) and 16 × 16 with 1 (65,280) stay on the page.
    for (const id of ['noc-scatter', 'noc-broadcast']) {
      const noc = findAlgorithm(id)!;
      const p = (side: number, per: number) => ({
        ...defaultsOf(noc.params),
        network: 'mesh',
        rows: side,
        cols: side,
        'per-router': per,
        pattern: id === 'noc-scatter' ? 'aas' : 'aab',
        method: 'constructive',
      });
      const issues = checkRun(noc, p(16, 4), BROWSER_LIMITS);
      expect(issues).toHaveLength(1);
      expect(issues[0].message).toContain('1,047,552 messages to place');
      expect(issues[0].message).toContain('the browser schedules at most 65,536');
      expect(issues[0].message).toContain('the command line builds up to 1,048,576');
      expect(checkRun(noc, p(16, 4), CLI_LIMITS)).toEqual([]);
      expect(checkRun(noc, p(8, 4), BROWSER_LIMITS)).toEqual([]);
      expect(checkRun(noc, p(16, 1), BROWSER_LIMITS)).toEqual([]);
    }
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

describe('run: quick formulas', () => {
  const optree = findAlgorithm('optree')!;
  // An (N, w) no other test of this file searches, so the best-tree search has not run yet.
  const params = { ...defaultsOf(optree.params), nodes: 90, wavelengths: 3, depth: 2 };

  it('leave the best-tree rows pending until completed; then equal a full run, and later runs reuse the search', () => {
    const quick = run('optree', params, CLI_LIMITS, { quickFormulas: true });
    const pending = quick.formulas.filter((f) => f.pending).map((f) => f.id);
    expect(pending).toEqual(['optimal-depth', 'theorem2-steps']);
    expect(quick.formulas.find((f) => f.id === 'theorem2-steps')?.constructed).toBeNaN();
    expect(formulasPending(quick)).toBe(true);
    // Everything else is there at once.
    expect(quick.formulas.find((f) => f.id === 'steps')?.constructed).toBe(quick.summary.steps);
    const completed = completeFormulas(quick);
    expect(completed.some((f) => f.pending)).toBe(false);
    const full = run('optree', params, CLI_LIMITS);
    expect(completed).toEqual(full.formulas);
    expect(full.formulas.find((f) => f.id === 'theorem2-steps')?.constructed).toBeGreaterThan(0);
    // The search's answer is kept: a quick run of the same N and w has nothing pending.
    expect(formulasPending(run('optree', { ...params, depth: 3 }, CLI_LIMITS, { quickFormulas: true }))).toBe(
      false,
    );
  });
});
