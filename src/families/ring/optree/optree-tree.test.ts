import { configIssues } from '../../../kernel/config';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../../../kernel/params/schema';
import { CLI_LIMITS } from '../../../limits';
import { run } from '../../../run';
import { findAlgorithm } from '../../../registry';
import type { TreeNode } from '../../../kernel/spec';

const spec = findAlgorithm('optree')!;
const params = (nodes: number, radices: string) => ({
  ...defaultsOf(spec.params),
  nodes,
  wavelengths: 2,
  radices,
});

const leaves = (t: TreeNode): number[] => (t.children.length ? t.children.flatMap(leaves) : t.members);

describe('OpTree tree for the tree view', () => {
  it('16 nodes as 4 × 4: four groups of four consecutive nodes under the root', () => {
    const t = spec.tree!(params(16, '4,4'))!;
    expect(t.root.members).toHaveLength(16);
    expect(t.root.children.map((c) => c.members)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9, 10, 11],
      [12, 13, 14, 15],
    ]);
    expect(t.depthOfPhase('stage 1')).toBe(1);
    expect(t.depthOfPhase('stage 2')).toBe(2);
    expect(t.depthOfPhase('stage 3')).toBeNull();
  });

  it('stage subsets are the same-position members of sibling groups (the paper: 1, 5, 9, 13 …)', () => {
    // The paper numbers nodes from 1; ours start at 0: {0, 4, 8, 12} in stage 1, {0, 1, 2, 3} in stage 2.
    const p = params(16, '4,4');
    expect(spec.groupsOf!(p, 'stage 1')).toContainEqual([0, 4, 8, 12]);
    expect(spec.groupsOf!(p, 'stage 2')).toContainEqual([0, 1, 2, 3]);
    expect(spec.groupsOf!(p, 'stage 5')).toBeNull();
  });

  it('for any N and depth: leaves are the nodes in order, every phase names a stage, its groups partition the nodes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 60 }), fc.integer({ min: 1, max: 4 }), (n, depth) => {
        const p = { ...defaultsOf(spec.params), nodes: n, wavelengths: 2, depth, radices: '' };
        if (configIssues(spec, p).length) return;
        const t = spec.tree!(p)!;
        expect(leaves(t.root)).toEqual(Array.from({ length: n }, (_, i) => i));
        const r = run('optree', p, CLI_LIMITS);
        for (const phase of r.schedule.phases) {
          const groups = spec.groupsOf!(p, phase)!;
          expect(groups.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
          expect(t.depthOfPhase(phase)).toBe(Number(/stage (\d+)/.exec(phase)![1]));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('suggests the best tree found by the search when the chosen one takes more steps', () => {
    // 16 nodes, 2 wavelengths: 2 × 3 × 3 takes 14 steps; the search finds 4 × 4 with 12 (the paper's
    // motivating example: 4 + 8 steps).
    const r = run('optree', params(16, '2,3,3'), CLI_LIMITS);
    const row = r.formulas.find((f) => f.id === 'theorem2-steps')!;
    expect(row.constructed).toBe(12);
    expect(row.suggest?.params).toEqual({ radices: '4,4' });
    const best = run('optree', params(16, '4,4'), CLI_LIMITS);
    expect(best.formulas.find((f) => f.id === 'theorem2-steps')!.suggest).toBeUndefined();
  });
});
