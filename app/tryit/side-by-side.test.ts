import { describe, expect, it } from 'vitest';
import { findPreset } from '../../src/tryit/exercise-catalogue';
import { encodeTryLink } from '../../src/tryit/share-link';
import { tryService } from '../../src/tryit/try-service';
import { algorithmView } from './TrySideBySide';

describe('the attempt beside the algorithm', () => {
  it('draws the algorithm’s step as the step being edited, with no faults of the attempt', () => {
    const serve = tryService();
    const link = encodeTryLink({ exercise: findPreset('ring-4-textbook')!.exercise, challenge: false });
    serve({ kind: 'open', id: 1, link });
    // A clash of the student's: two lightpaths out of node 0.
    serve({ kind: 'edit', id: 2, edit: { kind: 'add', from: 0, to: [1], blocks: [0] } });
    const r = serve({ kind: 'edit', id: 3, edit: { kind: 'add', from: 0, to: [3], blocks: [0] } });
    if (r.kind !== 'view') throw new Error(JSON.stringify(r));
    expect(r.view.check.violations.length).toBeGreaterThan(0);
    expect(algorithmView(r.view)).toBeNull();
    const h = serve({ kind: 'hint', id: 4, show: true });
    if (h.kind !== 'view') throw new Error(JSON.stringify(h));
    const theirs = algorithmView(h.view)!;
    const step = theirs.attempt.steps[0].transfers;
    expect(step.map((t) => t.from).sort()).toEqual([0, 1, 2, 3]);
    expect(theirs.check.violations).toEqual([]);
    expect(theirs.hint).toBeNull();
    // The attempt itself is untouched.
    expect(h.view.attempt.steps[0].transfers.map((t) => t.to[0])).toEqual([1, 3]);
  });
});
